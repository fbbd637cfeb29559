import AsyncHTTPClient
import NIOCore
import NIOPosix
import NIOSSL
import NetsnapModel

/// What an HTTP GET returned: status, time to the response head and the body.
struct HTTPExchange: Sendable {
    let status: Int
    /// From the start of the connection (after name resolution) to the response head.
    let timeToFirstByte: Duration
    let body: [UInt8]
}

/// One GET over http or https through AsyncHTTPClient, on a client of its own so every
/// probe times a fresh connection and TLS handshake (a pooled connection would hide them).
/// The address is resolved beforehand (its time reported apart) and handed to the client
/// as a DNS override, so TLS still checks the certificate against the host name.
enum HTTPProbe {
    /// Bodies larger than this are refused: the gatherer only reads small JSON answers.
    static let maximumBodySize = 1 << 20

    /// GETs `scheme://host:port/path` from `address`; reads the body when `readBody`.
    /// `caFile`, for https, is a PEM file whose certificates are the only trusted roots.
    static func get(
        scheme: String, host: String, address: IPAddress, port: UInt16, path: String, caFile: String? = nil, timeout: Double,
        readBody: Bool, headers: [(name: String, value: String)] = []
    ) async throws(ProbeError) -> HTTPExchange {
        let tls = try scheme == "https" ? tlsConfiguration(caFile: caFile) : nil
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        // Fail at the first refused connection instead of retrying until the deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.timeout = .init(connect: TimeAmount(seconds: timeout), read: TimeAmount(seconds: timeout))
        if IPAddress(host) == nil { configuration.dnsOverride = [host: address.text] }
        let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
        let authority = IPAddress(host)?.isIPv6 == true ? "[\(host)]" : host
        var request = HTTPClientRequest(url: "\(scheme)://\(authority):\(port)\(path)")
        request.headers.add(name: "User-Agent", value: "netsnap")
        for header in headers { request.headers.add(name: header.name, value: header.value) }
        request.tlsConfiguration = tls
        let start = ContinuousClock.now
        do {
            let response = try await client.execute(request, timeout: TimeAmount(seconds: timeout))
            let firstByte = ContinuousClock.now - start
            let body = readBody ? Array(buffer: try await response.body.collect(upTo: maximumBodySize)) : []
            try? await client.shutdown()
            return HTTPExchange(status: Int(response.status.code), timeToFirstByte: firstByte, body: body)
        } catch {
            if Task.isCancelled {
                // AsyncHTTPClient's shutdown waits out a TLS handshake in progress; the probe
                // ends now and the client winds down on its own.
                client.shutdown { _ in }
                throw .cancelled
            }
            try? await client.shutdown()
            if error is NIOTooManyBytesError { throw .unexpectedAnswer("answer larger than \(maximumBodySize / 1024) KiB") }
            guard let tls, CertificateDiagnosis.isVerificationFailure(error), !Task.isCancelled else {
                throw .translating(error, timeout: timeout, operation: "connect")
            }
            let remaining = max(0.1, timeout - Gatherer.milliseconds(ContinuousClock.now - start) / 1000)
            throw await CertificateDiagnosis.reason(
                host: host, address: address, port: port, configuration: tls, timeout: remaining)
        }
    }

    /// The client's TLS settings: the system's trust store, or only the CAs in `caFile`.
    static func tlsConfiguration(caFile: String?) throws(ProbeError) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let caFile {
            do {
                configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
            } catch {
                throw .untrusted("CA file \(caFile) unreadable: \(error)")
            }
        }
        return configuration
    }
}
