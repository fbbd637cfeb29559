import NetsnapConfiguration
import NetsnapHistory
import NetsnapModel
import NetsnapRender
import NetsnapSettings
import NetsnapWatch

/// The documented exit codes, in one place: every command's failure is mapped here.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    case refused = 1
    case usage = 2
    case outputFailed = 3
    case renderFailed = 4
    case serverFailed = 5
    case sourceNotFound = 6
    case brokerFailed = 7

    /// What the status means, for `netsnap --help` and the docs.
    public var meaning: String {
        switch self {
        case .success: return "ok"
        case .refused: return "input refused (or a check failed: validate, health; or forget refused: the node still runs)"
        case .usage: return "usage or configuration error"
        case .outputFailed: return "output could not be written"
        case .renderFailed: return "rendering failed"
        case .serverFailed: return "server could not run"
        case .sourceNotFound: return "no live-link agent found (--discover)"
        case .brokerFailed: return "the MQTT broker could not be reached or refused the client (mqtt forget, sites forget)"
        }
    }

    /// The status for `error`, whichever command met it.
    public static func of(_ error: any Error) -> ExitStatus {
        switch error {
        case let failure as ApplicationFailure: return failure.status
        case is SnapshotError, is WatchError: return .refused
        case is OutputWriteError: return .outputFailed
        case is ConfigurationError, is StateFolderLock.Failure: return .usage
        case is HistoryError: return .renderFailed
        default: return .renderFailed
        }
    }

    /// Every status and its meaning on one line.
    public static var summary: String {
        allCases.filter { $0 != .success }.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: " · ")
    }
}
