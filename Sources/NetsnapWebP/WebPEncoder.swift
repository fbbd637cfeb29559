import CWebP
import LazyLibrary
import NetsnapRaster

/// Lossless WebP through Debian's libwebp (libwebp7), opened the first time a picture is
/// encoded (see CLazyLibrary for why it is not linked): what Tronbyt and Tidbyt LED matrices
/// decode. Lossless keeps every pixel of a 64 × 32 tile exactly.
public enum WebPEncoder {
    /// What Debian's libwebp7 installs.
    static let soname = "libwebp.so.7"

    /// Opened once per process, by the first thread that asks.
    static let opened = Result { () throws(LazyLibraryError) in try LazyLibrary.open(soname, with: netsnap_webp_open) }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case libraryUnavailable(String)
        case encodingFailed

        public var description: String {
            switch self {
            case .libraryUnavailable(let reason): "WebP needs libwebp (apt-get install libwebp7): \(reason)"
            case .encodingFailed: "libwebp could not encode the picture"
            }
        }
    }

    /// The lossless WebP bytes of `pixmap`.
    public static func encode(_ pixmap: Pixmap) throws(Failure) -> [UInt8] {
        let library: netsnap_webp
        do {
            library = try opened.get()
        } catch {
            throw .libraryUnavailable(error.reason)
        }
        let rgba = pixmap.straightRGBA
        var output: UnsafeMutablePointer<UInt8>?
        let size = rgba.withUnsafeBufferPointer { pixels in
            library.WebPEncodeLosslessRGBA(pixels.baseAddress, Int32(pixmap.width), Int32(pixmap.height), Int32(pixmap.width * 4), &output)
        }
        guard size > 0, let output else { throw .encodingFailed }
        defer { library.WebPFree(output) }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }
}
