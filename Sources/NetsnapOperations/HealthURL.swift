import Foundation

/// An `http://host[:port][/path]` URL, taken apart by hand (Foundation's URL accepts more).
public struct HealthURL: Equatable, Sendable {
    public var host: String
    public var port: UInt16
    public var path: String

    public init?(_ text: String) {
        let scheme = "http://"
        guard text.lowercased().hasPrefix(scheme) else { return nil }
        let rest = text.dropFirst(scheme.count)
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        let path = rest[authorityEnd...]
        self.path = path.isEmpty ? "/" : (path.hasPrefix("/") ? String(path) : "/" + path)
        guard !authority.isEmpty, !authority.contains("@"), !self.path.contains(where: { $0.isWhitespace }) else { return nil }
        var hostPart = authority[...]
        var portPart: Substring?
        if hostPart.hasPrefix("[") {
            guard let close = hostPart.firstIndex(of: "]") else { return nil }
            let after = hostPart[hostPart.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return nil }
                portPart = after.dropFirst()
            }
            hostPart = hostPart[hostPart.index(after: hostPart.startIndex)..<close]
        } else if let colon = hostPart.lastIndex(of: ":") {
            portPart = hostPart[hostPart.index(after: colon)...]
            hostPart = hostPart[..<colon]
        }
        guard !hostPart.isEmpty else { return nil }
        host = String(hostPart)
        if let portPart {
            guard let port = UInt16(portPart), port > 0 else { return nil }
            self.port = port
        } else {
            port = 80
        }
    }

    /// The Host header's value.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 80 ? name : "\(name):\(port)"
    }

    /// The URL as the client is handed it, put together again from its parts.
    var text: String { "http://\(hostHeader)\(path)" }
}
