import Foundation
import NetsnapJSON
import NetsnapModel

/// What a public-IP endpoint reported, read through the configured field mapping.
public struct PublicIPInfo: Sendable, Equatable {
    public var ip: IPAddress?
    public var isp: String?
    public var asn: String?
    public var city: String?
    public var country: String?

    /// Fetches and maps the endpoint's JSON answer.
    static func lookUp(_ configuration: PublicIPConfiguration) async throws(ProbeError) -> PublicIPInfo {
        guard let url = URL(string: configuration.url), let host = url.host else {
            throw .unexpectedAnswer("\(configuration.url) is not a URL")
        }
        guard let scheme = url.scheme, scheme == "http" || scheme == "https" else {
            throw .unexpectedAnswer("\(configuration.url) is not an http or https URL")
        }
        let address = try await NameResolver.resolve(host, timeout: configuration.timeout)[0]
        let path = (url.path.isEmpty ? "/" : url.path) + (url.query.map { "?\($0)" } ?? "")
        let exchange = try await HTTPProbe.get(
            scheme: scheme, host: host, address: address, port: UInt16(url.port ?? (scheme == "https" ? 443 : 80)), path: path,
            timeout: configuration.timeout, readBody: true)
        guard (200..<300).contains(exchange.status) else { throw .unexpectedAnswer("HTTP \(exchange.status)") }
        guard let document = try? JSONParser.parse(exchange.body), case .object = document else {
            throw .unexpectedAnswer("the answer is not a JSON object")
        }
        return map(document, fields: configuration.fields)
    }

    /// Reads each mapped field; numbers are accepted where text is expected (an ASN of 64500
    /// is written "AS64500").
    static func map(_ document: JSONValue, fields: PublicIPConfiguration.FieldMapping) -> PublicIPInfo {
        func text(_ path: String) -> String? {
            var value: JSONValue? = document
            for key in path.split(separator: ".") { value = value?[String(key)] }
            switch value {
            case .string(let text)? where !text.isEmpty: return text
            case .number(let number)?: return JSONWriter.format(number)
            default: return nil
            }
        }
        let asn = text(fields.asn).map { Int($0) != nil ? "AS\($0)" : $0 }
        return PublicIPInfo(
            ip: text(fields.ip).flatMap(IPAddress.init), isp: text(fields.isp), asn: asn, city: text(fields.city),
            country: text(fields.country))
    }
}
