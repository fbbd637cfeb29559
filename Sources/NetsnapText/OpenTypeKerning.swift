/// Pair kerning read from an OpenType `GPOS` table: the pair-adjustment lookups
/// (type 2, also behind type-9 extensions) of the `kern` feature.
///
/// FreeType only reads the legacy `kern` table, which Inter does not have; without
/// this, "AV" or "To" would be set loose. Works on the raw table bytes, in font units.
struct OpenTypeKerning {
    private let table: [UInt8]
    private let subtables: [Int]

    /// Parses `gpos`; nil when it holds no usable `kern` lookups.
    init?(gpos: [UInt8]) {
        table = gpos
        guard gpos.count >= 10 else { return nil }
        var found: [Int] = []
        let featureList = Int(Self.uint16(gpos, 6)), lookupList = Int(Self.uint16(gpos, 8))
        var lookupIndices = Set<Int>()
        let featureCount = Int(Self.uint16(gpos, featureList))
        for feature in 0..<featureCount {
            let record = featureList + 2 + feature * 6
            guard record + 6 <= gpos.count, gpos[record..<(record + 4)].elementsEqual("kern".utf8) else { continue }
            let featureTable = featureList + Int(Self.uint16(gpos, record + 4))
            let count = Int(Self.uint16(gpos, featureTable + 2))
            for index in 0..<count { lookupIndices.insert(Int(Self.uint16(gpos, featureTable + 4 + 2 * index))) }
        }
        let lookupCount = Int(Self.uint16(gpos, lookupList))
        for lookupIndex in lookupIndices.sorted() where lookupIndex < lookupCount {
            let lookup = lookupList + Int(Self.uint16(gpos, lookupList + 2 + 2 * lookupIndex))
            let type = Self.uint16(gpos, lookup)
            let subtableCount = Int(Self.uint16(gpos, lookup + 4))
            for index in 0..<subtableCount {
                var subtable = lookup + Int(Self.uint16(gpos, lookup + 6 + 2 * index))
                var subtableType = type
                if type == 9 {
                    subtableType = Self.uint16(gpos, subtable + 2)
                    subtable += Int(Self.uint32(gpos, subtable + 4))
                }
                if subtableType == 2 { found.append(subtable) }
            }
        }
        guard !found.isEmpty else { return nil }
        subtables = found
    }

    /// The horizontal advance adjustment between `left` and `right`, in font units.
    func adjustment(_ left: UInt32, _ right: UInt32) -> Int {
        for subtable in subtables {
            guard let coverageIndex = coverageIndex(of: left, at: subtable + Int(uint16(subtable + 2))) else { continue }
            let format1 = uint16(subtable + 4), format2 = uint16(subtable + 6)
            let size1 = Self.valueRecordSize(format1), size2 = Self.valueRecordSize(format2)
            let xAdvanceOffset = Self.xAdvanceOffset(format1)
            switch uint16(subtable) {
            case 1:
                guard coverageIndex < Int(uint16(subtable + 8)) else { continue }
                let pairSet = subtable + Int(uint16(subtable + 10 + 2 * coverageIndex))
                let recordSize = 2 + size1 + size2
                var low = 0, high = Int(uint16(pairSet)) - 1
                while low <= high {
                    let middle = (low + high) / 2
                    let record = pairSet + 2 + middle * recordSize
                    let second = UInt32(uint16(record))
                    if second == right {
                        return xAdvanceOffset.map { Int(Int16(bitPattern: uint16(record + 2 + $0))) } ?? 0
                    }
                    if second < right { low = middle + 1 } else { high = middle - 1 }
                }
            case 2:
                let class1 = classOf(left, at: subtable + Int(uint16(subtable + 8)))
                let class2 = classOf(right, at: subtable + Int(uint16(subtable + 10)))
                let class1Count = Int(uint16(subtable + 12)), class2Count = Int(uint16(subtable + 14))
                guard class1 < class1Count, class2 < class2Count else { return 0 }
                // A covered first glyph ends the search in a class-based subtable, even at zero.
                let record = subtable + 16 + (class1 * class2Count + class2) * (size1 + size2)
                return xAdvanceOffset.map { Int(Int16(bitPattern: uint16(record + $0))) } ?? 0
            default:
                continue
            }
        }
        return 0
    }

    private func coverageIndex(of glyph: UInt32, at offset: Int) -> Int? {
        let count = Int(uint16(offset + 2))
        var low = 0, high = count - 1
        switch uint16(offset) {
        case 1:
            while low <= high {
                let middle = (low + high) / 2
                let value = UInt32(uint16(offset + 4 + 2 * middle))
                if value == glyph { return middle }
                if value < glyph { low = middle + 1 } else { high = middle - 1 }
            }
        case 2:
            return rangeRecord(containing: glyph, records: offset + 4, count: count).map { record, start in
                Int(uint16(record + 4)) + Int(glyph - start)
            }
        default:
            break
        }
        return nil
    }

    /// Binary search of sorted (start, end, value) records, as coverage and class-definition
    /// tables of format 2 both store them: the record holding `glyph` and its start.
    private func rangeRecord(containing glyph: UInt32, records: Int, count: Int) -> (record: Int, start: UInt32)? {
        var low = 0, high = count - 1
        while low <= high {
            let middle = (low + high) / 2
            let record = records + 6 * middle
            let start = UInt32(uint16(record)), end = UInt32(uint16(record + 2))
            if glyph < start {
                high = middle - 1
            } else if glyph > end {
                low = middle + 1
            } else {
                return (record, start)
            }
        }
        return nil
    }

    private func classOf(_ glyph: UInt32, at offset: Int) -> Int {
        switch uint16(offset) {
        case 1:
            let start = UInt32(uint16(offset + 2)), count = UInt32(uint16(offset + 4))
            guard glyph >= start, glyph < start + count else { return 0 }
            return Int(uint16(offset + 6 + 2 * Int(glyph - start)))
        case 2:
            if let (record, _) = rangeRecord(containing: glyph, records: offset + 4, count: Int(uint16(offset + 2))) {
                return Int(uint16(record + 4))
            }
            return 0
        default:
            return 0
        }
    }

    /// Bytes of a value record: two per flag among the eight defined ones.
    private static func valueRecordSize(_ format: UInt16) -> Int { 2 * (format & 0xFF).nonzeroBitCount }

    /// Where XAdvance sits in a value record, after XPlacement and YPlacement if present.
    private static func xAdvanceOffset(_ format: UInt16) -> Int? {
        format & 0x4 == 0 ? nil : 2 * (format & 0x3).nonzeroBitCount
    }

    private func uint16(_ offset: Int) -> UInt16 { Self.uint16(table, offset) }

    /// Reads past the end as zero, so a truncated table yields no kerning rather than a trap.
    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(uint16(bytes, offset)) << 16 | UInt32(uint16(bytes, offset + 2))
    }
}
