/// A font file and the index of the face inside it, as fontconfig reports them.
struct FontFile: Hashable {
    var path: String
    var index: Int
    var family: String
}
