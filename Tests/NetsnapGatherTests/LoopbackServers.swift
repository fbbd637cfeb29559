import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization
import X509

/// Servers the probe tests start on 127.0.0.1 (never anything else): an HTTP server that
/// answers every request with one status, optionally over TLS, one that accepts and never
/// answers, and a DNS server; plus certificates made on the spot.
enum LoopbackServers {
    /// A running server: its port, its accepted connections' close futures, and how to stop it.
    final class Server: Sendable {
        let channel: any Channel
        let port: UInt16
        private let accepted: NIOLockedChannels

        init(channel: any Channel, accepted: NIOLockedChannels) {
            self.channel = channel
            self.port = UInt16(channel.localAddress!.port!)
            self.accepted = accepted
        }

        /// The connections accepted so far.
        var connections: [any Channel] { accepted.all }

        func stop() async { try? await channel.close() }
    }

    /// Answers every HTTP request with `status`; over TLS when `tls` is given.
    static func http(status: HTTPResponseStatus, tls: NIOSSLContext? = nil) async throws -> Server {
        let accepted = NIOLockedChannels()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                accepted.add(channel)
                return channel.eventLoop.makeCompletedFuture {
                    if let tls { try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls)) }
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(StatusResponder(status: status))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return Server(channel: channel, accepted: accepted)
    }

    /// Accepts connections and never sends a byte.
    static func silent() async throws -> Server {
        let accepted = NIOLockedChannels()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                accepted.add(channel)
                return channel.eventLoop.makeSucceededVoidFuture()
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return Server(channel: channel, accepted: accepted)
    }

    /// Answers A queries: an address for `known`, NXDOMAIN for anything else.
    static func dns(known: String) async throws -> Server {
        let channel = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(DNSResponder(known: known)) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return Server(channel: channel, accepted: NIOLockedChannels())
    }

    /// A TCP port on 127.0.0.1 that nothing listens on: bound but never listening, so a
    /// connection is refused and no other test's server can take the port meanwhile.
    final class ClosedPort {
        let port: UInt16
        private let descriptor: Int32

        init() {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
                }
            }
            self.descriptor = descriptor
            port = UInt16(bigEndian: address.sin_port)
        }

        deinit { close(descriptor) }
    }

    private final class StatusResponder: ChannelInboundHandler {
        typealias InboundIn = HTTPServerRequestPart
        typealias OutboundOut = HTTPServerResponsePart
        let status: HTTPResponseStatus

        init(status: HTTPResponseStatus) { self.status = status }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard case .end = Self.unwrapInboundIn(data) else { return }
            var headers = HTTPHeaders()
            headers.add(name: "Content-Length", value: "2")
            context.write(Self.wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
            context.write(Self.wrapOutboundOut(.body(.byteBuffer(ByteBuffer(string: "ok")))), promise: nil)
            context.writeAndFlush(Self.wrapOutboundOut(.end(nil)), promise: nil)
        }
    }

    private final class DNSResponder: ChannelInboundHandler {
        typealias InboundIn = AddressedEnvelope<ByteBuffer>
        typealias OutboundOut = AddressedEnvelope<ByteBuffer>
        let known: String

        init(known: String) { self.known = known }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let envelope = Self.unwrapInboundIn(data)
            var query = Array(buffer: envelope.data)
            guard query.count > 12 else { return }
            var labels: [String] = []
            var index = 12
            while index < query.count, query[index] != 0 {
                let length = Int(query[index])
                labels.append(String(decoding: query[(index + 1)..<min(query.count, index + 1 + length)], as: UTF8.self))
                index += 1 + length
            }
            let question = query[12..<min(query.count, index + 5)]
            let found = labels.joined(separator: ".") == known
            query = Array(query[0..<2]) + [0x81, found ? 0x80 : 0x83, 0, 1, 0, found ? 1 : 0, 0, 0, 0, 0] + question
            if found { query += [0xC0, 12, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4, 192, 0, 2, 7] }
            context.writeAndFlush(
                Self.wrapOutboundOut(AddressedEnvelope(remoteAddress: envelope.remoteAddress, data: ByteBuffer(bytes: query))),
                promise: nil)
        }
    }
}

/// The child channels a test server accepted, shared with the accepting event loop.
final class NIOLockedChannels: Sendable {
    private let channels = Mutex<[any Channel]>([])
    func add(_ channel: any Channel) { channels.withLock { $0.append(channel) } }
    var all: [any Channel] { channels.withLock { $0 } }
}

/// Certificates made for one test: a CA, a server certificate it issued for localhost,
/// and a self-signed one; written as PEM files where a config needs a path.
struct TestCertificates {
    let caPEM: String
    let issued: NIOSSLContext
    let selfSigned: NIOSSLContext

    init() throws {
        let caKey = P256.Signing.PrivateKey()
        let caName = try DistinguishedName { CommonName("netsnap test CA") }
        let now = Date()
        let ca = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(caKey.publicKey), notValidBefore: now - 3600,
            notValidAfter: now + 86_400, issuer: caName, subject: caName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                KeyUsage(keyCertSign: true)
            }, issuerPrivateKey: .init(caKey))
        let serverKey = P256.Signing.PrivateKey()
        let server = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(serverKey.publicKey), notValidBefore: now - 3600,
            notValidAfter: now + 86_400, issuer: caName, subject: try DistinguishedName { CommonName("localhost") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                SubjectAlternativeNames([.dnsName("localhost")])
            }, issuerPrivateKey: .init(caKey))
        let selfKey = P256.Signing.PrivateKey()
        let selfName = try DistinguishedName { CommonName("localhost") }
        let selfSigned = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: .init(selfKey.publicKey), notValidBefore: now - 3600,
            notValidAfter: now + 86_400, issuer: selfName, subject: selfName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                SubjectAlternativeNames([.dnsName("localhost")])
            }, issuerPrivateKey: .init(selfKey))
        caPEM = try ca.serializeAsPEM().pemString
        issued = try Self.context(server, serverKey)
        self.selfSigned = try Self.context(selfSigned, selfKey)
    }

    private static func context(_ certificate: Certificate, _ key: P256.Signing.PrivateKey) throws -> NIOSSLContext {
        let chain = try NIOSSLCertificate(bytes: Array(certificate.serializeAsPEM().pemString.utf8), format: .pem)
        let privateKey = try NIOSSLPrivateKey(bytes: Array(key.pemRepresentation.utf8), format: .pem)
        return try NIOSSLContext(
            configuration: .makeServerConfiguration(certificateChain: [.certificate(chain)], privateKey: .privateKey(privateKey)))
    }

    /// Writes `text` to a new file in the temporary folder and returns its path.
    static func write(_ text: String, name: String) throws -> String {
        let path = NSTemporaryDirectory() + "netsnap-\(UUID().uuidString)-\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}
