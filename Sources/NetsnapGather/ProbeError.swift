import Foundation

/// Why a probe did not succeed, worded as the short sentence a gather notes and a snapshot
/// carries as the target's `lastError` ("connection refused", "HTTP 500 (expected 200)").
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
    /// The TLS peer's certificate was refused; the text says why ("certificate not trusted: self-signed").
    case untrusted(String)
    /// The gather was cancelled before the probe finished.
    case cancelled

    public var description: String {
        switch self {
        case .timedOut(let seconds): return "timed out after \(formatSeconds(seconds))"
        case .refused: return "connection refused"
        case .unreachable(let reason): return reason
        case .unresolved(let host, let reason): return "cannot resolve \(host): \(reason)"
        case .notPermitted(let reason): return reason
        case .unexpectedAnswer(let reason): return reason
        case .untrusted(let reason): return reason
        case .cancelled: return "probe cancelled"
        }
    }

    /// The description as a snapshot's `targets[].lastError` holds it: one line (control
    /// characters, which a TLS library's or server's text may bring, become spaces) of at
    /// most 256 characters, cut with an ellipsis.
    public var snapshotText: String {
        let limit = 256
        var scalars = String.UnicodeScalarView()
        for scalar in description.unicodeScalars {
            scalars.append(scalar.properties.generalCategory == .control ? " " : scalar)
        }
        guard scalars.count > limit else { return String(scalars) }
        return String(String.UnicodeScalarView(scalars.prefix(limit - 1))) + "\u{2026}"
    }

    /// An error from a system call's `errno`, worded as a user reads it: "connection
    /// refused", "no route to host", "network unreachable".
    static func system(_ code: Int32, _ operation: String) -> ProbeError {
        switch code {
        case ECONNREFUSED: return .refused
        case EHOSTUNREACH: return .unreachable("no route to host")
        case ENETUNREACH: return .unreachable("network unreachable")
        case ETIMEDOUT: return .unreachable("\(operation): the kernel gave up waiting")
        case EPERM, EACCES: return .notPermitted("\(operation): \(String(cString: strerror(code)))")
        default: return .unreachable("\(operation): \(String(cString: strerror(code)).lowercased())")
        }
    }
}

/// "1 s", "0.5 s".
func formatSeconds(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? "\(Int(seconds)) s" : "\(seconds) s"
}
