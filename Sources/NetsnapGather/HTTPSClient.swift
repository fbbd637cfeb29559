import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// HTTPS GETs through Foundation's URLSession (libcurl and the system CA store on Linux),
/// timed to the arrival of the response header: the delegate sees the response before
/// the body, which is what "time to first byte" means once TLS is part of the exchange.
enum HTTPSClient {
    /// GETs `url`; reads the body when `readBody`, else stops after the response header.
    static func get(_ url: URL, timeout: Double, readBody: Bool) async throws(ProbeError) -> HTTPExchange {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Result<HTTPExchange, ProbeError>, Never>) in
            let delegate = ResponseDelegate(readBody: readBody, timeout: timeout, continuation: continuation)
            let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
            var request = URLRequest(url: url)
            request.setValue("netsnap", forHTTPHeaderField: "User-Agent")
            session.dataTask(with: request).resume()
            // Releases the session (and its delegate) once the task has ended.
            session.finishTasksAndInvalidate()
        }
        return try outcome.get()
    }

    /// Collects one task's response; resumes the waiting probe exactly once.
    private final class ResponseDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
        // @unchecked: every mutable field lives in the Mutex; URLSession calls from its queue.
        private struct State {
            var continuation: CheckedContinuation<Result<HTTPExchange, ProbeError>, Never>?
            var status = 0
            var firstByte: Duration?
            var body: [UInt8] = []
        }

        private let readBody: Bool
        private let timeout: Double
        private let start = ContinuousClock.now
        private let state: Mutex<State>

        init(readBody: Bool, timeout: Double, continuation: CheckedContinuation<Result<HTTPExchange, ProbeError>, Never>) {
            self.readBody = readBody
            self.timeout = timeout
            state = Mutex(State(continuation: continuation))
        }

        func urlSession(
            _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
            completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
        ) {
            let elapsed = ContinuousClock.now - start
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            state.withLock {
                $0.status = status
                $0.firstByte = elapsed
            }
            if readBody {
                completionHandler(.allow)
            } else {
                finish(.success(HTTPExchange(status: status, timeToFirstByte: elapsed, body: [])))
                completionHandler(.cancel)
            }
        }

        func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
            state.withLock { $0.body += data }
        }

        func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
            let (status, firstByte, body) = state.withLock { ($0.status, $0.firstByte, $0.body) }
            if let firstByte, error == nil || !readBody {
                finish(.success(HTTPExchange(status: status, timeToFirstByte: firstByte, body: body)))
            } else if let error = error as? URLError {
                finish(.failure(Self.probeError(error, timeout: timeout)))
            } else {
                finish(.failure(.unexpectedAnswer(error.map { "\($0)" } ?? "no response")))
            }
        }

        private func finish(_ result: Result<HTTPExchange, ProbeError>) {
            state.withLock { $0.continuation.take() }?.resume(returning: result)
        }

        private static func probeError(_ error: URLError, timeout: Double) -> ProbeError {
            switch error.code {
            case .timedOut: return .timedOut(seconds: timeout)
            case .cannotConnectToHost: return .refused
            case .cannotFindHost, .dnsLookupFailed: return .unresolved(host: error.failingURL?.host ?? "host", reason: "not found")
            case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateHasUnknownRoot,
                .serverCertificateNotYetValid, .secureConnectionFailed:
                return .unexpectedAnswer("TLS failed: \(error.localizedDescription)")
            default: return .unreachable(error.localizedDescription)
            }
        }
    }
}
