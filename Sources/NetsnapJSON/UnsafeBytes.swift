import Foundation

// The one file of NetsnapJSON and NetsnapModel with unsafe pointer code: the byte-level
// readers and writers (`FlatObjectArrayScanner`, `RFC3339`, `JSONWriter`, `UUIDText`) work on a `ByteView`
// or an `ASCIIBuffer`, which reach a buffer's bytes through a pointer without copying them
// and check every index (a bad one stops the program; it never reads or writes outside).
// Each is valid only inside the closure that hands it out, and must not be kept. Two types
// in one file on purpose: the file is the boundary a memory-safety review reads.

/// Read-only, index-checked access to contiguous bytes, handed out by `ByteView.with`.
struct ByteView {
    private let base: UnsafeBufferPointer<UInt8>

    private init(_ base: UnsafeBufferPointer<UInt8>) { self.base = base }

    /// `body` over the bytes of `bytes`, without a copy.
    static func with<R>(_ bytes: [UInt8], _ body: (ByteView) -> R) -> R {
        bytes.withUnsafeBufferPointer { body(ByteView($0)) }
    }

    /// `body` over the bytes of `bytes`, without a copy.
    static func with<R>(_ bytes: ArraySlice<UInt8>, _ body: (ByteView) -> R) -> R {
        bytes.withUnsafeBufferPointer { body(ByteView($0)) }
    }

    /// `body` over the UTF-8 of `text` (made contiguous first if it is not).
    static func with<R>(_ text: String, _ body: (ByteView) -> R) -> R {
        var text = text
        return text.withUTF8 { body(ByteView($0)) }
    }

    var count: Int { base.count }

    subscript(index: Int) -> UInt8 {
        precondition(index >= 0 && index < base.count, "byte index out of range")
        return base[index]
    }

    /// Whether the bytes in `range` are `word`'s.
    func matches(_ range: Range<Int>, _ word: StaticString) -> Bool {
        precondition(range.lowerBound >= 0 && range.upperBound <= base.count, "byte range out of range")
        return range.count == word.utf8CodeUnitCount && memcmp(base.baseAddress! + range.lowerBound, word.utf8Start, range.count) == 0
    }

    /// Appends every byte to `output`, unless one of them is `stop`'s; whether it did.
    func append(to output: inout [UInt8], unlessAny stop: (UInt8) -> Bool) -> Bool {
        guard !base.contains(where: stop) else { return false }
        output.append(contentsOf: base)
        return true
    }

    /// Whether the bytes in `range` are valid UTF-8.
    func isValidUTF8(_ range: Range<Int>) -> Bool {
        String(validating: UnsafeBufferPointer(rebasing: base[range]), as: UTF8.self) != nil
    }
}

/// Index-checked writing of a string's ASCII bytes straight into its storage, handed out
/// by `ASCIIBuffer.string`.
public struct ASCIIBuffer {
    @usableFromInline let base: UnsafeMutableBufferPointer<UInt8>

    @usableFromInline init(_ base: UnsafeMutableBufferPointer<UInt8>) { self.base = base }

    /// A string of at most `capacity` ASCII bytes: `fill` writes them and gives how many.
    @inlinable public static func string(capacity: Int, _ fill: (ASCIIBuffer) -> Int) -> String {
        String(unsafeUninitializedCapacity: capacity) { buffer in
            let count = fill(ASCIIBuffer(buffer))
            precondition(count >= 0 && count <= buffer.count, "more bytes than the capacity")
            return count
        }
    }

    /// Writes `byte`, which must be ASCII (the string is not validated), at `index`.
    @inlinable public func write(_ byte: UInt8, at index: Int) {
        precondition(index >= 0 && index < base.count && byte < 0x80, "byte index out of range, or not ASCII")
        base[index] = byte
    }
}
