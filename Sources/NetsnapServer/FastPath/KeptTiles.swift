import Foundation
import NetsnapTiles

/// On-demand tiles (`/tiles/{name}.png|.webp?…`) already drawn and still current, found
/// without the router. The query is read as the router reads it (`TileQuery.parameters`),
/// into the same `TileDelivery`: that parsed request is the key, so the same parameters in
/// any order lead to the same entry, and the drawn tile is `TileService`'s own kept version.
/// Anything not decided here with certainty — an odd query or an escaped name, a refusal, a tile not
/// drawn yet or out of date, a conversion not made yet — is nil, and the router answers it.
struct KeptTiles: Sendable {
    let service: TileService
    let query: TileQuery
    /// The clock the night hours are judged by, as `TileController` judges them.
    let now: @Sendable () -> Date
    let memo = DeliveryMemo()

    /// The kept answer for `path`, a tile path (`RequestHandler.tiles`), with `rawQuery`
    /// (what follows "?"; empty without one).
    func representation(path: String, rawQuery: Substring) -> Representation? {
        guard let delivery = delivery(path: path, rawQuery: rawQuery), let drawn = service.keptTile(for: delivery.request)
        else { return nil }
        if delivery.isPlain { return drawn }
        return service.conversions.kept(drawn, orientation: delivery.orientation, file: delivery.file, palette: delivery.palette)
    }

    /// What the request asks for: remembered for its spelling, else read as the router reads it.
    func delivery(path: String, rawQuery: Substring) -> TileDelivery? {
        let target = rawQuery.isEmpty ? path : path + "?" + rawQuery
        if let known = memo.delivery(for: target) { return known }
        guard TileQuery.isTilePath(path), let parameters = Self.parameters(rawQuery) else { return nil }
        let container: TileFileFormat = path.hasSuffix(".webp") ? .webp : .png
        let name = path.dropFirst("/tiles/".count).dropLast(container.rawValue.count + 1)
        guard let delivery = try? query.delivery(name: name, parameters: parameters, container: container, at: now()) else { return nil }
        // Inside the night hours a tile asked for without a theme is drawn in the night's:
        // only a delivery no hour can change is kept.
        if !parameters.theme.isEmpty || query.night == nil { memo.keep(delivery, for: target) }
        return delivery
    }

    /// The parameters of a query of `name=value` pairs joined by "&": names in letters, digits
    /// and "-._~" only, values in those or percent escapes of them, decoded as the router
    /// decodes values (it leaves names as they come) — so "theme=%6Cight" is "theme=light".
    /// Anything the router could read another way is nil.
    static func parameters(_ rawQuery: Substring) -> TileQuery.Parameters? {
        var pairs: [(name: Substring, value: Substring)] = []
        if !rawQuery.isEmpty {
            for pair in rawQuery.split(separator: "&", omittingEmptySubsequences: false) {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, !parts[0].isEmpty, parts[0].utf8.allSatisfy(isPlainByte), let value = decoded(parts[1])
                else { return nil }
                pairs.append((parts[0], value))
            }
        }
        return TileQuery.parameters { name in pairs.filter { $0.name == name }.map(\.value) }
    }

    /// `value` with its percent escapes decoded, when each is well formed and stands for a
    /// plain byte; nil otherwise (the router then decides).
    static func decoded(_ value: Substring) -> Substring? {
        guard value.utf8.contains(UInt8(ascii: "%")) else { return value.utf8.allSatisfy(isPlainByte) ? value : nil }
        var bytes: [UInt8] = []
        var rest = value.utf8.makeIterator()
        while let byte = rest.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = rest.next().flatMap(hexDigit), let low = rest.next().flatMap(hexDigit) else { return nil }
            bytes.append(high << 4 | low)
        }
        guard bytes.allSatisfy(isPlainByte) else { return nil }
        return String(decoding: bytes, as: UTF8.self)[...]
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }

    private static func isPlainByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || "-._~".utf8.contains(byte)
    }
}
