import Foundation
import NetsnapModel
import NetsnapRender
import NetsnapWidgets

@testable import NetsnapPages

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Networks made to order for the map's tests, and the map's drawings read back with an XML
/// parser: which device each node is, in which group's box, in which state.
enum MapFixtures {
    /// What a device was made to be, for checking what the map drew.
    struct Expected: Equatable {
        let group: String
        let state: String
        /// The box it is drawn in: its group's, or "branch".
        var box: String
    }

    /// A node as the parser found it: its own group and state, and the group of the box it sits in.
    struct DrawnNode: Equatable {
        let id: String
        let group: String
        let state: String
        let box: String
    }

    /// `count` devices of every kind, cycling through new, active and inactive (idle and
    /// offline), with `names` used first for their custom names. With `branches`, that many of
    /// the routers head branches — the second hangs from the first — and every third device
    /// is connected through one of them; connections alternate wired and wireless.
    static func network(devices count: Int, names: [String] = [], branches: Int = 0) -> (Snapshot, [String: Expected]) {
        var snapshot = SampleSnapshot.snapshot.redated(to: PageFixtures.snapshotAt)
        let at = PageFixtures.snapshotAt
        var expected: [String: Expected] = [:]
        snapshot.devices = (0..<count).map { index in
            let type = LocalDevice.DeviceType.allCases[index % LocalDevice.DeviceType.allCases.count]
            let state = [MapState.new, .active, .inactive][index / LocalDevice.DeviceType.allCases.count % 3]
            let firstSeen = state == .new ? at.addingTimeInterval(-3600) : at.addingTimeInterval(-30 * 86_400)
            let status: LocalDevice.Status =
                state == .inactive ? (index % 2 == 0 ? .idle : .offline) : (index % 4 == 0 && state == .new ? .offline : .active)
            let id = UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", index))!
            let group = MapGroup(type).rawValue
            expected[id.uuidString.lowercased()] = Expected(group: group, state: state.rawValue, box: group)
            return LocalDevice(
                id: id, ipAddress: IPAddress("10.0.\(index / 250).\(index % 250 + 1)"), macAddress: nil,
                hostname: "host-\(index).lan", vendor: "Vendor \(index)", deviceType: type,
                customName: index < names.count ? names[index] : nil, status: status, firstSeen: firstSeen,
                lastSeen: at.addingTimeInterval(-60), connection: index % 2 == 0 ? .wired : .wireless)
        }
        let heads = snapshot.devices.indices.filter { snapshot.devices[$0].deviceType == .router }.prefix(branches)
        for (position, head) in heads.enumerated() {
            expected[snapshot.devices[head].id.uuidString.lowercased()]?.box = "branch"
            if position == 1 { snapshot.devices[head].connectedVia = snapshot.devices[heads.first!].id }
        }
        for index in snapshot.devices.indices where !heads.isEmpty && index % 3 == 0 && !heads.contains(index) {
            snapshot.devices[index].connectedVia = snapshot.devices[heads[heads.startIndex + index / 3 % heads.count]].id
            expected[snapshot.devices[index].id.uuidString.lowercased()]?.box = "branch"
        }
        return (snapshot, expected)
    }

    static func page(_ snapshot: Snapshot, settings: PageSettings = PageSettings()) -> String {
        let page = PageRenderer(templates: PageFixtures.bundled, settings: settings).mapPage(
            snapshot, widgets: WidgetSet(snapshot), now: PageFixtures.now)
        return String(decoding: page.bytes, as: UTF8.self)
    }

    /// Each `<svg>` of `page` by its `data-layout`, as text.
    static func drawings(_ page: String) -> [String: String] {
        var found: [String: String] = [:]
        var rest = page[...]
        while let open = rest.range(of: "<svg class=\"map-svg"), let close = rest[open.lowerBound...].range(of: "</svg>") {
            let svg = String(rest[open.lowerBound..<close.upperBound])
            if let layout = svg.range(of: "data-layout=\""), let end = svg[layout.upperBound...].firstIndex(of: "\"") {
                found[String(svg[layout.upperBound..<end])] = svg
            }
            rest = rest[close.upperBound...]
        }
        return found
    }

    /// The device nodes of one drawing, parsed as XML (the drawing must be well-formed).
    static func nodes(_ svg: String) throws -> (nodes: [DrawnNode], texts: [String], more: Int) {
        let reader = SVGReader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        return (reader.nodes, reader.texts, reader.more)
    }

    private final class SVGReader: NSObject, XMLParserDelegate {
        var nodes: [DrawnNode] = []
        var texts: [String] = []
        var more = 0
        private var boxes: [String?] = []
        private var text: String?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let box = attributes["class"] == "map-group" ? attributes["data-group"] : nil
            boxes.append(box)
            if let id = attributes["data-device-id"] {
                nodes.append(
                    DrawnNode(
                        id: id, group: attributes["data-group"] ?? "", state: attributes["data-state"] ?? "",
                        box: boxes.compactMap { $0 }.last ?? ""))
            }
            if attributes["class"] == "map-more" { more += 1 }
            if name == "text" { text = "" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            boxes.removeLast()
            if name == "text", let text {
                texts.append(text)
                self.text = nil
            }
        }
    }
}
