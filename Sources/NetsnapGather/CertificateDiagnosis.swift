import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import NetsnapModel
import X509

/// Says why a server's certificate was refused. The TLS library only reports "verify
/// failed", so a second handshake fetches the chain the server presents (and then stops)
/// and reads it: self-signed, expired, not yet valid, or issued by a CA not trusted here.
enum CertificateDiagnosis {
    /// True when `error` is the TLS library refusing the peer's certificate chain.
    static func isVerificationFailure(_ error: any Error) -> Bool {
        guard error is NIOSSLError else { return false }
        return String(describing: error).contains("CERTIFICATE_VERIFY_FAILED")
    }

    /// The reason, as an `untrusted` error; a generic one when the chain cannot be fetched.
    static func reason(
        host: String, address: IPAddress, port: UInt16, configuration: TLSConfiguration, timeout: Double
    ) async -> ProbeError {
        guard
            let chain = try? await presentedChain(host: host, address: address, port: port, configuration: configuration, timeout: timeout),
            let leaf = chain.first
        else { return .untrusted("certificate not trusted") }
        return .untrusted(explain(leaf: leaf, chain: chain, now: Date()))
    }

    /// The wording for a refused chain, leaf first.
    static func explain(leaf: Certificate, chain: [Certificate], now: Date) -> String {
        if chain.count == 1, leaf.issuer == leaf.subject { return "certificate not trusted: self-signed" }
        if leaf.notValidAfter < now { return "certificate expired on \(day(leaf.notValidAfter))" }
        if leaf.notValidBefore > now { return "certificate not valid before \(day(leaf.notValidBefore))" }
        if let root = chain.last, chain.count > 1, root.issuer == root.subject {
            return "certificate not trusted: issued by \(root.subject), an unknown root"
        }
        return "certificate not trusted: unknown issuer \(chain.last?.issuer.description ?? leaf.issuer.description)"
    }

    private static func day(_ date: Date) -> String {
        date.formatted(.iso8601.year().month().day())
    }

    /// The certificates the server presents, read during a handshake that is then aborted.
    private static func presentedChain(
        host: String, address: IPAddress, port: UInt16, configuration: TLSConfiguration, timeout: Double
    ) async throws -> [Certificate] {
        let context = try NIOSSLContext(configuration: configuration)
        let serverName = IPAddress(host) == nil ? host : nil
        let deadline = ContinuousClock.now + .seconds(timeout)
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let presented = loop.makePromise(of: [NIOSSLCertificate].self)
        let channel = try await ProbeConnection.openTCP(to: address, port: port, timeout: timeout) { channel in
            channel.eventLoop.makeCompletedFuture {
                let handler = try NIOSSLClientHandler(context: context, serverHostname: serverName) { certificates, verdict in
                    presented.succeed(certificates)
                    verdict.succeed(NIOSSLVerificationResult.failed)
                }
                try channel.pipeline.syncOperations.addHandler(handler)
            }
        }
        let certificates: [NIOSSLCertificate] = try await ChannelAnswer.wait(
            for: presented, on: channel, until: deadline, timeout: timeout, operation: "TLS handshake")
        return try certificates.map { try Certificate(derEncoded: try $0.toDERBytes()) }
    }
}
