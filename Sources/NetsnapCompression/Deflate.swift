import CLibDeflate
import LazyLibrary

/// zlib-format compression through libdeflate, opened on first use: the history's snapshot
/// archives are kept compressed (a snapshot's JSON shrinks to a fifth or less).
public enum Deflate {
    /// Why bytes could not be compressed or restored.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        case libraryUnavailable(String)
        case corrupt

        public var description: String {
            switch self {
            case .libraryUnavailable(let reason): return "libdeflate cannot be opened (apt-get install libdeflate0): \(reason)"
            case .corrupt: return "the compressed bytes are damaged"
            }
        }
    }

    private static let library = Result { () throws(Failure) -> netsnap_libdeflate in
        do throws(LazyLibraryError) {
            return try LazyLibrary.open("libdeflate.so.0", with: netsnap_libdeflate_open)
        } catch {
            throw .libraryUnavailable(error.reason)
        }
    }

    /// `bytes` compressed at `level` (1 fast … 12 small; 6 is zlib's own default).
    public static func compress(_ bytes: [UInt8], level: Int32 = 6) throws(Failure) -> [UInt8] {
        let functions = try library.get()
        guard let compressor = functions.libdeflate_alloc_compressor(level) else { throw .libraryUnavailable("no memory") }
        defer { functions.libdeflate_free_compressor(compressor) }
        let bound = functions.libdeflate_zlib_compress_bound(compressor, bytes.count)
        var output = [UInt8](repeating: 0, count: bound)
        let written = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                functions.libdeflate_zlib_compress(compressor, input.baseAddress, input.count, out.baseAddress, out.count)
            }
        }
        guard written > 0 else { throw .corrupt }
        output.removeSubrange(written...)
        return output
    }

    /// The `size` bytes `compressed` holds.
    public static func decompress(_ compressed: [UInt8], size: Int) throws(Failure) -> [UInt8] {
        let functions = try library.get()
        guard size >= 0, size <= 1 << 30, let decompressor = functions.libdeflate_alloc_decompressor() else { throw .corrupt }
        defer { functions.libdeflate_free_decompressor(decompressor) }
        var output = [UInt8](repeating: 0, count: size)
        var actual = 0
        let result = compressed.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                functions.libdeflate_zlib_decompress(decompressor, input.baseAddress, input.count, out.baseAddress, out.count, &actual)
            }
        }
        guard result == LIBDEFLATE_SUCCESS, actual == size else { throw .corrupt }
        return output
    }
}
