import CLibDeflate
import CLibPNG
import LazyLibrary

/// libpng and libdeflate, opened together the first time a PNG is written or read (see
/// CLazyLibrary for why they are not linked): a command that makes no picture never loads them.
enum PNGLibraries {
    /// The functions netsnap calls, a table per library.
    struct Tables {
        let libpng: netsnap_libpng
        let libdeflate: netsnap_libdeflate
    }

    /// What Debian installs (libpng16-16, libdeflate0).
    static let sonames = ["libpng16.so.16", "libdeflate.so.0"]

    /// Opened once per process, by the first thread that asks.
    static let opened = Result { () throws(PNGError) in
        do throws(LazyLibraryError) {
            return Tables(
                libpng: try LazyLibrary.open(sonames[0], with: netsnap_libpng_open),
                libdeflate: try LazyLibrary.open(sonames[1], with: netsnap_libdeflate_open))
        } catch {
            throw .libraryUnavailable(library: error.library, reason: error.reason)
        }
    }

    /// Opens the libraries, or says why they cannot be: the writer and the decoder call it
    /// before any function of theirs.
    static func open() throws(PNGError) { _ = try opened.get() }
}

/// libpng's functions.
var libpng: netsnap_libpng { PNGLibraries.opened.checked.libpng }
/// libdeflate's functions.
var libdeflate: netsnap_libdeflate { PNGLibraries.opened.checked.libdeflate }
