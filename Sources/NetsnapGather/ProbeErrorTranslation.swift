import AsyncHTTPClient
import NIOCore
import NIOPosix
import NIOSSL

extension ProbeError {
    /// What an error from swift-nio, NIOSSL or AsyncHTTPClient means for a probe, worded as
    /// the other cases are; `timeout` is the attempt's limit, `operation` names the step
    /// ("connect", "send") for system errors without a common wording.
    static func translating(_ error: any Error, timeout: Double, operation: String) -> ProbeError {
        switch error {
        case let error as ProbeError:
            return error
        case is CancellationError:
            return .cancelled
        case let error as IOError:
            return .system(error.errnoCode, operation)
        case let error as NIOConnectionError:
            // Every address tried failed; the first failure is the one worth naming.
            if let first = error.connectionErrors.first { return translating(first.error, timeout: timeout, operation: operation) }
            return .unreachable("\(operation): no address to connect to")
        case let error as ChannelError:
            switch error {
            case .connectTimeout: return .timedOut(seconds: timeout)
            // NIO's datagram channels report EHOSTUNREACH on a write as this.
            case .writeHostUnreachable: return .unreachable("no route to host")
            case .ioOnClosedChannel, .alreadyClosed, .eof, .outputClosed, .inputClosed:
                return .unexpectedAnswer("connection closed without a response")
            default: return .unexpectedAnswer("\(operation): \(error)")
            }
        case let error as HTTPClientError:
            return translating(error, timeout: timeout, operation: operation)
        case let error as NIOSSLExtraError where error == .failedToValidateHostname:
            return .untrusted("certificate not valid for this host name")
        case let error as NIOSSLError:
            return .untrusted("TLS handshake failed: \(error)")
        default:
            return .unexpectedAnswer("\(operation): \(error)")
        }
    }

    private static func translating(_ error: HTTPClientError, timeout: Double, operation: String) -> ProbeError {
        switch error {
        case .deadlineExceeded, .connectTimeout, .readTimeout, .writeTimeout, .tlsHandshakeTimeout:
            return .timedOut(seconds: timeout)
        case .cancelled:
            return .cancelled
        case .remoteConnectionClosed:
            return .unexpectedAnswer("connection closed without a response")
        default:
            return .unexpectedAnswer("HTTP: \(error)")
        }
    }
}
