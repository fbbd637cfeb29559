import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Why a health probe got no HTTP answer, said for the one line `netsnap health` prints.
public enum HealthProbeError: Error, CustomStringConvertible, Equatable {
    case unresolved(String)
    case refused
    case timedOut(Double)
    case notHTTP
    case failed(String)

    /// The client's error, told as what happened.
    init(_ error: any Error, timeout: Double) {
        switch error {
        case let error as HTTPClientError where [.deadlineExceeded, .connectTimeout, .readTimeout].contains(error):
            self = .timedOut(timeout)
        case let error as HTTPClientError where error == .remoteConnectionClosed: self = .notHTTP
        case is HTTPParserError: self = .notHTTP
        case ChannelError.connectTimeout: self = .timedOut(timeout)
        case let error as NIOConnectionError:
            if error.connectionErrors.contains(where: { Self.refusal($0.error) }) {
                self = .refused
            } else if error.connectionErrors.isEmpty, let dns = error.dnsAError ?? error.dnsAAAAError {
                self = .unresolved("\(dns)")
            } else {
                self = .failed("\(error.connectionErrors.first.map { "\($0.error)" } ?? "\(error)")")
            }
        case let error where Self.refusal(error): self = .refused
        default: self = .failed("\(error)")
        }
    }

    private static func refusal(_ error: any Error) -> Bool { (error as? IOError)?.errnoCode == ECONNREFUSED }

    public var description: String {
        switch self {
        case .unresolved(let reason): "cannot resolve the host: \(reason)"
        case .refused: "connection refused (is netsnap serve running on that port?)"
        case .timedOut(let seconds): "no answer within \(seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)) s"
        case .notHTTP: "the answer is not HTTP"
        case .failed(let reason): reason
        }
    }
}
