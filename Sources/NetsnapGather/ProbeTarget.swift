import Foundation
import NIOSSL
import NetsnapModel
import NetsnapSettings

/// One monitoring target from the config: what to probe and how.
public struct ProbeTarget: Sendable, Equatable {
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

    /// One entry of `gather.targets`, read strictly.
    public init(reading reader: ConfigurationReader) throws(ConfigurationError) {
        try reader.checkKeys(["name", "kind", "host", "port", "path", "expectStatus", "query", "timeout", "retries", "count", "id", "ca"])
        guard let kindText = try reader.string("kind") else { throw reader.error("kind", "required: icmp, tcp, http, https or dns") }
        guard let kind = Kind(rawValue: kindText) else {
            let allowed = Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw reader.error("kind", "unknown kind \"\(kindText)\"; expected one of \(allowed)")
        }
        guard let host = try reader.string("host"), !host.isEmpty else { throw reader.error("host", "expected a host") }
        let name = try reader.string("name")
        guard name?.isEmpty != true else { throw reader.error("name", "expected a non-empty name") }
        let path = try reader.string("path") ?? "/"
        guard path.hasPrefix("/") else { throw reader.error("path", "expected a path starting with /, found \"\(path)\"") }
        let idText = try reader.string("id")
        let id = idText.flatMap(UUID.init(uuidString:))
        if let idText, id == nil { throw reader.error("id", "expected a UUID, found \"\(idText)\"") }
        self.init(
            name: name, kind: kind, host: host, port: try reader.integer("port", in: 1...65_535).map { UInt16($0) }, path: path,
            expectStatus: try reader.integer("expectStatus", in: 100...599), query: try reader.string("query"),
            timeout: try reader.number("timeout", in: 0.001...3_600), retries: try reader.integer("retries", in: 0...10),
            count: try reader.integer("count", in: Self.countRange), id: id, ca: try reader.string("ca"))
        try checkKindRules(reader)
    }

    /// What only some kinds take or need: a count (icmp), a port (tcp), a query (dns), a CA
    /// file (https, which must hold a PEM certificate).
    private func checkKindRules(_ reader: ConfigurationReader) throws(ConfigurationError) {
        if count != nil, kind != .icmp { throw reader.error("count", "only an icmp target takes a count (echoes per check)") }
        if kind == .tcp, port == nil { throw reader.error("port", "a tcp target needs a port") }
        if kind == .dns, query == nil { throw reader.error("query", "a dns target needs a query (the name to resolve)") }
        guard let ca else { return }
        guard kind == .https else { throw reader.error("ca", "only an https target takes a ca (a PEM file)") }
        do {
            guard !(try NIOSSLCertificate.fromPEMFile(ca)).isEmpty else { throw CocoaError(.fileReadCorruptFile) }
        } catch {
            let reason = FileManager.default.isReadableFile(atPath: ca) ? "holds no PEM certificate" : "is not a readable file"
            throw reader.error("ca", "expected a PEM file of CA certificates; \(ca) \(reason)")
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
