import CAvahi

/// Why Avahi could not browse or advertise.
public enum AvahiError: Error, Equatable, CustomStringConvertible {
    /// No avahi-daemon answers on the system bus.
    case noDaemon(String)
    /// Avahi answered with an error.
    case failed(String)
    /// libavahi-client is not installed (or not whole).
    case noLibrary(library: String, why: String)

    /// The error for an Avahi error number.
    init(_ avahi: netsnap_avahi, code: Int32) {
        let text = avahi.strerror(code).map { String(cString: $0) } ?? "error \(code)"
        switch code {
        case Int32(AVAHI_ERR_NO_DAEMON), Int32(AVAHI_ERR_DBUS_ERROR), Int32(AVAHI_ERR_DISCONNECTED):
            self = .noDaemon(text)
        default:
            self = .failed(text)
        }
    }

    public var description: String {
        switch self {
        case .noDaemon(let why):
            "no avahi-daemon is running (\(why)): start it (sudo systemctl enable --now avahi-daemon), "
                + "or name the agent with --connect HOST:PORT"
        case .failed(let why):
            "Avahi: \(why)"
        case .noLibrary(let library, let why):
            "Avahi's client library cannot be loaded (\(why)): install it (sudo apt install libavahi-client3) "
                + "and run avahi-daemon, or name the agent with --connect HOST:PORT; tried \(library)"
        }
    }
}
