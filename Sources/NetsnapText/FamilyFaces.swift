/// A family's upright faces as fontconfig lists them, and the one it would pick for a weight.
struct FamilyFaces {
    struct Face {
        var file: FontFile
        /// On fontconfig's scale: 80 regular, 100 medium, 180 semibold, 200 bold.
        var weight: Int32
        /// 100 is normal; condensed faces of a family (DejaVu Sans Condensed) are narrower.
        var width: Int32
    }

    var faces: [Face] = []

    init(_ faces: [Face] = []) {
        // fontconfig's own order for equal candidates: the file's path.
        self.faces = faces.sorted { ($0.file.path, $0.file.index) < ($1.file.path, $1.file.index) }
    }

    /// The normal-width face nearest `weight`, the lighter of two as near; any width when
    /// the family has no normal one; nil for a family with no faces.
    func closest(to weight: Int32) -> FontFile? {
        let normal = faces.filter { $0.width == 100 }
        let candidates = normal.isEmpty ? faces : normal
        return candidates.min { left, right in
            let leftDistance = abs(left.weight - weight)
            let rightDistance = abs(right.weight - weight)
            return leftDistance != rightDistance ? leftDistance < rightDistance : left.weight < right.weight
        }?.file
    }
}
