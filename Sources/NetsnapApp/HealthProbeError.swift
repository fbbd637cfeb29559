import Foundation

/// Why a health probe got no HTTP answer.
enum HealthProbeError: Error, CustomStringConvertible {
    case unresolved(String)
    case refused
    case timedOut(Double)
    case system(String, Int32)
    case notHTTP

    var description: String {
        switch self {
        case .unresolved(let reason): "cannot resolve the host: \(reason)"
        case .refused: "connection refused (is netsnap serve running on that port?)"
        case .timedOut(let seconds): "no answer within \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s"
        case .system(let call, let code): "\(call): \(String(cString: strerror(code)))"
        case .notHTTP: "the answer is not HTTP"
        }
    }
}
