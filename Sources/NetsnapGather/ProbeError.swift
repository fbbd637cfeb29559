import Foundation

/// Why a probe did not succeed, worded for the one-line note a gather returns.
public enum ProbeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer before the deadline.
    case timedOut(seconds: Double)
    /// The host answered that nothing listens there (TCP RST, ICMP port unreachable).
    case refused
    /// The kernel or the network could not deliver: no route, host unreachable and the like.
    case unreachable(String)
    /// The host name did not resolve.
    case unresolved(host: String, reason: String)
    /// The process may not send this kind of packet; the text says how to allow it.
    case notPermitted(String)
    /// The peer answered with something other than what the probe expects.
    case unexpectedAnswer(String)

    public var description: String {
        switch self {
        case .timedOut(let seconds): return "no answer within \(formatSeconds(seconds))"
        case .refused: return "connection refused"
        case .unreachable(let reason): return reason
        case .unresolved(let host, let reason): return "cannot resolve \(host): \(reason)"
        case .notPermitted(let reason): return reason
        case .unexpectedAnswer(let reason): return reason
        }
    }

    /// An error from a system call's `errno`.
    static func system(_ code: Int32, _ operation: String) -> ProbeError {
        if code == ECONNREFUSED { return .refused }
        let text = String(cString: strerror(code))
        if code == EPERM || code == EACCES { return .notPermitted("\(operation): \(text)") }
        return .unreachable("\(operation): \(text)")
    }
}

/// "1 s", "0.5 s".
func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
}
