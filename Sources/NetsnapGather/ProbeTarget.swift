import Foundation
import NIOSSL
import NetsnapModel

/// One monitoring target from the config: what to probe and how.
public struct ProbeTarget: Sendable, Equatable, Decodable {
    /// The probe protocol, as `MonitoringTarget.ProbeProtocol` writes it.
    public typealias Kind = MonitoringTarget.ProbeProtocol

    /// Shown in the snapshot; defaults to the host.
    public var name: String
    public var kind: Kind
    /// IP address or host name; for `dns` the resolver's address, or `system` for the
    /// system resolver (getaddrinfo).
    public var host: String
    /// TCP port (required for `tcp`); defaults to 80 / 443 / 53 for http / https / dns.
    public var port: UInt16?
    /// HTTP path, `/` by default.
    public var path: String
    /// The HTTP status that counts as online; nil accepts any 2xx or 3xx.
    public var expectStatus: Int?
    /// The name a `dns` target resolves.
    public var query: String?
    /// Seconds per attempt; nil uses `probes.timeout`.
    public var timeout: Double?
    /// Attempts after a failed one; nil uses `probes.retries`.
    public var retries: Int?
    /// Echoes per check (`icmp` only): from two on, the snapshot carries the share lost and
    /// the jitter. Nil uses `probes.count`.
    public var count: Int?
    /// A fixed snapshot id; nil keeps a generated one in the state file.
    public var id: UUID?
    /// For `https`: a PEM file of CA certificates that are then the only trusted roots for
    /// this target (a private CA, without touching the system store). Nil uses the system store.
    public var ca: String?

    public enum CodingKeys: String, CodingKey, CaseIterable {
        case name, kind, host, port, path, expectStatus, query, timeout, retries, count, id, ca
    }

    public init(
        name: String? = nil, kind: Kind, host: String, port: UInt16? = nil, path: String = "/", expectStatus: Int? = nil,
        query: String? = nil, timeout: Double? = nil, retries: Int? = nil, count: Int? = nil, id: UUID? = nil,
        ca: String? = nil
    ) {
        self.name = name ?? host
        self.kind = kind
        self.host = host
        self.port = port
        self.path = path
        self.expectStatus = expectStatus
        self.query = query
        self.timeout = timeout
        self.retries = retries
        self.count = count
        self.id = id
        self.ca = ca
    }

    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kindText = try container.decode(String.self, forKey: .kind)
        guard let kind = Kind(rawValue: kindText) else {
            let allowed = Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown kind \"\(kindText)\"; expected one of \(allowed)")
        }
        self.kind = kind
        host = try container.decode(String.self, forKey: .host)
        guard !host.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .host, in: container, debugDescription: "expected a host")
        }
        name = try container.decodeIfPresent(String.self, forKey: .name, expecting: "a non-empty name", where: { !$0.isEmpty }) ?? host
        port = try container.decodeIfPresent(UInt16.self, forKey: .port, expecting: "a port 1…65535", where: { $0 > 0 })
        path =
            try container.decodeIfPresent(String.self, forKey: .path, expecting: "a path starting with /", where: { $0.hasPrefix("/") })
            ?? "/"
        expectStatus = try container.decodeIfPresent(
            Int.self, forKey: .expectStatus, expecting: "an HTTP status 100…599", where: { (100...599).contains($0) })
        query = try container.decodeIfPresent(String.self, forKey: .query)
        timeout = try container.decodeIfPresent(Double.self, forKey: .timeout, expecting: "seconds > 0", where: { $0 > 0 })
        retries = try container.decodeIfPresent(Int.self, forKey: .retries, expecting: "0…10", where: { (0...10).contains($0) })
        count = try container.decodeIfPresent(Int.self, forKey: .count, expecting: "1…100", where: { Self.countRange.contains($0) })
        if count != nil, kind != .icmp {
            throw DecodingError.dataCorruptedError(
                forKey: .count, in: container, debugDescription: "only an icmp target takes a count (echoes per check)")
        }
        id = try container.decodeIfPresent(UUID.self, forKey: .id)
        if kind == .tcp, port == nil {
            throw DecodingError.dataCorruptedError(forKey: .port, in: container, debugDescription: "a tcp target needs a port")
        }
        ca = try container.decodeIfPresent(String.self, forKey: .ca)
        if let ca {
            guard kind == .https else {
                throw DecodingError.dataCorruptedError(
                    forKey: .ca, in: container, debugDescription: "only an https target takes a ca (a PEM file)")
            }
            do {
                guard !(try NIOSSLCertificate.fromPEMFile(ca)).isEmpty else { throw CocoaError(.fileReadCorruptFile) }
            } catch {
                let reason = FileManager.default.isReadableFile(atPath: ca) ? "holds no PEM certificate" : "is not a readable file"
                throw DecodingError.dataCorruptedError(
                    forKey: .ca, in: container, debugDescription: "expected a PEM file of CA certificates; \(ca) \(reason)")
            }
        }
        if kind == .dns, query == nil {
            throw DecodingError.dataCorruptedError(
                forKey: .query, in: container, debugDescription: "a dns target needs a query (the name to resolve)")
        }
    }

    /// Echoes per check: enough for a loss figure in whole percent, few enough that a burst
    /// (`ICMPPinger.burstInterval` apart) ends within a 30-second cycle.
    static let countRange = 1...100

    /// The port probed, with the kind's default.
    var effectivePort: UInt16 {
        if let port { return port }
        switch kind {
        case .http: return 80
        case .https: return 443
        case .dns: return 53
        case .icmp, .tcp: return 0
        }
    }

    /// What identifies the target across runs when it has no fixed id.
    var stateKey: String { "\(kind.rawValue)|\(host)|\(effectivePort)|\(path)|\(query ?? "")|\(name)" }
}
