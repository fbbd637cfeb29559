import CFriBidi

/// The Unicode Bidirectional Algorithm's embedding levels of one line of text, from GNU
/// FriBidi: even levels run left to right, odd ones right to left. The paragraph's own
/// direction comes from its first strong character (left to right when it has none), unless
/// it is given: a wrapped paragraph's later lines keep the direction of the whole.
struct BidiLevels {
    /// One level per scalar of the text, in logical order.
    let levels: [UInt8]
    /// True when the first strong character is Arabic, Hebrew or another right-to-left script.
    let isRightToLeft: Bool

    init(_ scalars: [UInt32], rightToLeft: Bool? = nil) {
        let count = Int32(scalars.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var raw = [FriBidiLevel](repeating: 0, count: scalars.count)
        var direction = rightToLeft.map { $0 ? FRIBIDI_PAR_RTL : FRIBIDI_PAR_LTR } ?? FRIBIDI_PAR_ON
        let resolved = scalars.withUnsafeBufferPointer { text -> Bool in
            fribidi.fribidi_get_bidi_types(text.baseAddress, count, &types)
            fribidi.fribidi_get_bracket_types(text.baseAddress, count, &types, &brackets)
            guard fribidi.fribidi_get_par_embedding_levels_ex(&types, &brackets, count, &direction, &raw) > 0 else { return false }
            // Whitespace at the end of the line goes back to the paragraph's level (rule L1);
            // nothing is reordered here: runs are ordered by `visualOrder`.
            return fribidi.fribidi_reorder_line(0, &types, count, 0, direction, &raw, nil, nil) > 0
        }
        guard resolved || scalars.isEmpty else {
            // FriBidi fails only when out of memory: then everything reads left to right.
            levels = [UInt8](repeating: 0, count: scalars.count)
            isRightToLeft = false
            return
        }
        levels = raw.map { UInt8(clamping: Int($0)) }
        isRightToLeft = direction == FRIBIDI_PAR_RTL
    }

    /// Rule L2: the order in which runs at `levels` are shown, left to right — from the
    /// highest level down to the lowest odd one, every stretch of runs at that level or
    /// above is reversed.
    static func visualOrder(of runLevels: [UInt8]) -> [Int] {
        var order = Array(runLevels.indices)
        guard let highest = runLevels.max(), let lowestOdd = runLevels.filter({ $0 & 1 == 1 }).min() else { return order }
        var level = highest
        while level >= lowestOdd {
            var start = 0
            while start < order.count {
                guard runLevels[order[start]] >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count, runLevels[order[end]] >= level { end += 1 }
                order[start..<end].reverse()
                start = end
            }
            level -= 1
        }
        return order
    }
}
