import CQRencode
import LazyLibrary

/// libqrencode, opened the first time a QR code is made (see CLazyLibrary for why it is not
/// linked): only a configured `publicURL` needs it.
enum QREncoderLibrary {
    /// What Debian's libqrencode4 installs.
    static let soname = "libqrencode.so.4"

    /// Opened once per process, by the first thread that asks.
    static let opened = Result { () throws(LazyLibraryError) in try LazyLibrary.open(soname, with: netsnap_qrencode_open) }
}
