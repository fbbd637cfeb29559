import AsyncHTTPClient
import Foundation
import NIOCore
import NIOPosix

/// One GET of a netsnap server's health URL with a deadline, through AsyncHTTPClient: no
/// redirects, at most 64 KiB of answer read.
public struct HealthProbe: Sendable {
    public struct Answer: Sendable {
        public var status: Int
        public var reasonPhrase: String
        public var body: [UInt8]

        /// "status 503 Service Unavailable: data is stale (…)": the JSON reason of /healthz when there is one.
        public var summary: String {
            var text = "status \(status)" + (reasonPhrase.isEmpty ? "" : " \(reasonPhrase)")
            if let object = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
                let reason = object["reason"] as? String
            {
                text += ": \(reason)"
            } else if let line = String(decoding: body.prefix(200), as: UTF8.self).split(whereSeparator: \.isNewline).first {
                text += ": \(line)"
            }
            return text
        }
    }

    public let url: HealthURL
    /// Seconds for the whole exchange.
    public let timeout: Double

    public init(url: HealthURL, timeout: Double) {
        self.url = url
        self.timeout = timeout
    }

    public func get() async throws(HealthProbeError) -> Answer {
        let wait = TimeAmount.nanoseconds(Int64(timeout * 1_000_000_000))
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, timeout: .init(connect: wait, read: wait))
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
        var request = HTTPClientRequest(url: url.text)
        request.headers.add(name: "User-Agent", value: "netsnap-health")
        let outcome: Result<Answer, HealthProbeError>
        do {
            let response = try await client.execute(request, deadline: .now() + wait)
            let body = try await response.body.collect(upTo: 64 * 1024)
            outcome = .success(
                Answer(status: Int(response.status.code), reasonPhrase: response.status.reasonPhrase, body: Array(buffer: body)))
        } catch {
            outcome = .failure(HealthProbeError(error, timeout: timeout))
        }
        try? await client.shutdown()
        return try outcome.get()
    }
}
