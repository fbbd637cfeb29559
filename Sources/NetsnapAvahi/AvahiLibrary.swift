import CAvahi
import LazyLibrary

/// libavahi-client, opened the first time discovery or advertising is used (see the shim for
/// why it is not linked), once per process.
enum AvahiLibrary {
    /// What Debian's libavahi-client3 installs.
    static let soname = "libavahi-client.so.3"

    private static let shared = Result { () throws(AvahiError) in try open(soname) }

    /// The library's functions, or why they cannot be had.
    static func functions() throws(AvahiError) -> netsnap_avahi { try shared.get() }

    /// The functions of `library` (a soname or a path).
    static func open(_ library: String) throws(AvahiError) -> netsnap_avahi {
        do {
            return try LazyLibrary.open(library, with: netsnap_avahi_open)
        } catch {
            throw .noLibrary(library: library, why: error.reason)
        }
    }
}
