import CAvahi

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
        var error = [CChar](repeating: 0, count: 512)
        guard let table = netsnap_avahi_open(library, &error, error.count) else {
            throw .noLibrary(library: library, why: cText(error))
        }
        return table.pointee
    }
}
