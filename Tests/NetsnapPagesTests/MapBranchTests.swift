import Foundation
import NetsnapModel
import NetsnapRender
import NetsnapWidgets
import Testing

@testable import NetsnapPages

/// `map.html`'s branches and connection marks: a switch or access point that devices name in
/// `connectedVia` heads a box of their own joined to it, in both drawings; wired and wireless
/// told by a mark and in words; a `connectedVia` naming no usable device leaves the device in
/// its group; no more than `MapBranches.limit` boxes.
@Suite struct MapBranchTests {
    private static let sample = SampleSnapshot.snapshot.redated(to: PageFixtures.snapshotAt)

    private func id(_ suffix: String) -> String { "0f2c4d8e-9b1a-4e7f-8c3d-2a5b6c7d00" + suffix.lowercased() }

    @Test(arguments: ["wide", "narrow"])
    func theSamplesSwitchAndAccessPointAreBranchesHeadedByThemselves(_ layout: String) throws {
        let page = MapFixtures.page(Self.sample)
        let svg = try #require(MapFixtures.drawings(page)[layout])
        let drawn = try MapFixtures.nodes(svg).nodes
        #expect(drawn.count == 15, "one node per device, the heads included")
        #expect(Set(drawn.map(\.id)).count == 15)
        let inBranches = Set(drawn.filter { $0.box == "branch" }.map(\.id))
        // The switch, its four wired devices, the access point and its four wireless ones.
        let expected = ["0C", "02", "03", "09", "0B", "0A", "06", "08", "0E", "0D"].map(id)
        #expect(inBranches == Set(expected))
        #expect(svg.contains("data-branch=\"\(id("0C"))\"") && svg.contains("data-branch=\"\(id("0A"))\""))
        #expect(svg.contains("aria-label=\"5 devices connected through Office switch\""), "four devices and the access point")
        #expect(svg.contains("aria-label=\"4 devices connected through Hallway access point\""))
        #expect(svg.contains(">Office switch · 5</text>"))
        // The switch's box hangs off the gateway, the access point's off the switch's box.
        let view = try #require(
            MapPageContext(Self.sample, widgets: WidgetSet(Self.sample), now: PageFixtures.now, settings: PageSettings())
                .views.first { $0.shape == layout })
        let boxes = view.clusters.filter { $0.id == "branch" }
        #expect(boxes.map(\.branchOf) == [id("0C"), id("0A")])
        let gateway = "M\(view.gatewayX) \(view.gatewayY)"
        let links = view.links.suffix(2)
        #expect(links.first?.hasPrefix(gateway) == true)
        #expect(links.last?.hasPrefix(gateway) == false)
        // Each branch's link ends at its head.
        for (link, box) in zip(links, boxes) {
            let head = try #require(box.head)
            #expect(link.hasSuffix("H\(head.x)") || link.hasSuffix("V\(head.y)"), "\(link) ends at \(head.x) \(head.y)")
        }
    }

    @Test func wiredAndWirelessAreAMarkAndWordsNotAColour() throws {
        let page = MapFixtures.page(Self.sample)
        #expect(page.contains("aria-label=\"Kitchen Speaker, Media, Active, Wireless\""))
        #expect(page.contains("aria-label=\"NAS, Unknown, Active, Wired\""))
        #expect(page.contains("data-connection=\"Wireless\" data-via=\"Hallway access point\""))
        #expect(page.contains("Wireless\nConnected through Hallway access point\n"), "the tooltip says it too")
        #expect(page.contains("<dt>Connection</dt>") && page.contains("<dt>Connected through</dt>"))
        let wide = try #require(MapFixtures.drawings(page)["wide"])
        #expect(wide.components(separatedBy: "class=\"map-connection\"").count - 1 == 15, "every device of the sample has a mark")
        #expect(wide.components(separatedBy: "class=\"map-mark-waves\"").count - 1 == 7)
        #expect(page.contains("</svg>Wired</span>") && page.contains("</svg>Wireless</span>"), "the legend explains both marks")
        var unknown = Self.sample
        for index in unknown.devices.indices { unknown.devices[index].connection = nil }
        let plain = MapFixtures.page(unknown)
        #expect(!plain.contains("class=\"map-connection\"") && !plain.contains("</svg>Wired</span>"))
        #expect(plain.contains("aria-label=\"Kitchen Speaker, Media, Active\""))
    }

    @Test func aConnectedViaNamingNoUsableDeviceLeavesTheDeviceInItsGroup() throws {
        var snapshot = Self.sample
        let byID = Dictionary(uniqueKeysWithValues: snapshot.devices.indices.map { (snapshot.devices[$0].id.uuidString.lowercased(), $0) })
        let speaker = try #require(byID[id("08")])
        let television = try #require(byID[id("07")])
        let phone = try #require(byID[id("04")])
        snapshot.devices[speaker].connectedVia = snapshot.devices[speaker].id  // itself
        snapshot.devices[television].connectedVia = UUID()  // no such device
        snapshot.devices[phone].connectedVia = snapshot.devices[television].id  // a device with no valid uplink of its own: a branch
        let drawn = try MapFixtures.nodes(try #require(MapFixtures.drawings(MapFixtures.page(snapshot))["wide"])).nodes
        let boxes = Dictionary(uniqueKeysWithValues: drawn.map { ($0.id, $0.box) })
        #expect(boxes[id("08")] == "media")
        #expect(boxes[id("07")] == "branch", "the TV heads the phone's branch, off the gateway")
        #expect(boxes[id("04")] == "branch")
        #expect(drawn.count == 15)
    }

    @Test func atMostEightBranchesAreDrawnAndEveryDeviceStillOnce() throws {
        let (snapshot, _) = MapFixtures.network(devices: 200, branches: 20)
        let context = MapPageContext(snapshot, widgets: WidgetSet(snapshot), now: PageFixtures.now, settings: PageSettings())
        for view in context.views {
            #expect(view.clusters.filter { $0.id == "branch" }.count == MapBranches.limit)
        }
        let (sixty, expected) = MapFixtures.network(devices: 60, branches: 3)
        for svg in MapFixtures.drawings(MapFixtures.page(sixty)).values {
            let drawn = try MapFixtures.nodes(svg)
            #expect(drawn.nodes.count == 60)
            for node in drawn.nodes {
                #expect(node.box == expected[node.id]?.box, "\(node.id) in \(node.box)")
            }
        }
    }
}
