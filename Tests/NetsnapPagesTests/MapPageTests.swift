import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets
import Testing

@testable import NetsnapPages

/// `map.html`: one node per device in its group's box and with its state, in both drawings,
/// read back with an XML parser; hostile names stay text; the layout keeps every label apart
/// and inside the picture, from a home network to a thousand devices.
@Suite struct MapPageTests {
    @Test(arguments: ["wide", "narrow"])
    func sixtyDevicesOfEveryKindAndStateAreOneNodeEachInTheirGroup(_ layout: String) throws {
        let (snapshot, expected) = MapFixtures.network(devices: 60)
        let svg = try #require(MapFixtures.drawings(MapFixtures.page(snapshot))[layout])
        let drawn = try MapFixtures.nodes(svg)
        #expect(drawn.nodes.count == 60)
        #expect(Set(drawn.nodes.map(\.id)).count == 60, "no device twice")
        for node in drawn.nodes {
            let wanted = try #require(expected[node.id], "\(node.id) is no device of the snapshot")
            #expect(MapFixtures.Expected(group: node.group, state: node.state, box: node.box) == wanted, "\(node.id)")
            #expect(node.box == wanted.group, "\(node.id) is drawn in the \(node.box) box")
        }
        #expect(Set(drawn.nodes.map(\.group)) == Set(MapGroup.allCases.map(\.rawValue)))
        #expect(Set(drawn.nodes.map(\.state)) == ["new", "active", "inactive"])
        #expect(drawn.more == 0)
    }

    @Test func hostileNamesAreTextInTheDrawingsAndThePanel() throws {
        let hostile = ["<script>alert(1)</script>", "\"><img src=x onerror=alert(2)>", "Tom & Jerry's <b>TV</b>", "\u{202E}evil"]
        let (snapshot, _) = MapFixtures.network(devices: 12, names: hostile)
        var shown = snapshot
        shown.status.gatewayVendor = "<svg onload=alert(3)>"
        let page = MapFixtures.page(shown)
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("<img src=x"))
        #expect(!page.contains("<svg onload"))
        #expect(!page.contains("<b>TV"))
        #expect(page.contains("data-name=\"&lt;script&gt;alert(1)&lt;/script&gt;\""))
        for svg in MapFixtures.drawings(page).values {
            let drawn = try MapFixtures.nodes(svg)
            #expect(drawn.nodes.count == 12)
            #expect(drawn.texts.contains { $0.hasPrefix("<script>") }, "the label reads as the name, not as markup")
        }
    }

    @Test(arguments: [0, 1, 15, 60, 250, 1000], [0, 1, 3, 12])
    func labelsNeverOverlapAndStayInThePicture(_ count: Int, branches: Int) throws {
        let (snapshot, _) = MapFixtures.network(
            devices: count, names: Array(repeating: "WWWWWWWWWWWWWWWWWWWWWWWW", count: 20), branches: branches)
        let context = MapPageContext(snapshot, widgets: WidgetSet(snapshot), now: PageFixtures.now, settings: PageSettings())
        for view in context.views {
            let boxes = view.textBoxes
            let width = try #require(Double(view.width))
            let height = try #require(Double(view.height))
            for (index, box) in boxes.enumerated() {
                #expect(box.x >= 0 && box.y >= 0 && box.maxX <= width && box.maxY <= height, "\(view.shape): \(box) outside")
                for other in boxes[(index + 1)...] where box.overlaps(other) {
                    Issue.record("\(view.shape): \(box) overlaps \(other)")
                }
            }
        }
    }

    @Test func aThousandDevicesDrawAtMostEighteenNodesAGroupAndCountTheRest() throws {
        let (snapshot, _) = MapFixtures.network(devices: 1000)
        let page = MapFixtures.page(snapshot)
        let drawn = try MapFixtures.nodes(try #require(MapFixtures.drawings(page)["wide"]))
        #expect(drawn.more == MapGroup.allCases.count)
        for group in MapGroup.allCases {
            #expect(drawn.nodes.filter { $0.group == group.rawValue }.count == MapSlice.nodeLimit - 1)
        }
        // Phones are phones and tablets: 200 of the thousand, 17 drawn.
        #expect(drawn.texts.contains("+ 183 more"))
        #expect(page.utf8.count < 200_000, "a thousand devices still make a page a phone loads quickly")
    }

    @Test func newIsWithinADayOfTheSnapshotNotOfTheRender() {
        let at = PageFixtures.snapshotAt
        var device = LocalDevice(
            id: UUID(), ipAddress: nil, macAddress: nil, status: .offline, firstSeen: at.addingTimeInterval(-23 * 3600), lastSeen: at)
        #expect(MapState(device, snapshotAt: at) == .new)
        device.firstSeen = at.addingTimeInterval(-25 * 3600)
        #expect(MapState(device, snapshotAt: at) == .inactive)
        device.status = .active
        #expect(MapState(device, snapshotAt: at) == .active)
    }

    @Test func theDashboardLinksToTheMapAndTheMapSpeaksThePagesLanguage() throws {
        #expect(PageFixtures.render()["index.html"]?.contains("<a href=\"map.html\">Network map</a>") == true)
        let (snapshot, _) = MapFixtures.network(devices: 6)
        var settings = PageSettings()
        settings.wording = try #require(Wording(locale: "de-DE"))
        let german = MapFixtures.page(snapshot, settings: settings)
        #expect(german.contains("lang=\"de-DE\""))
        #expect(german.contains("Netzwerkplan") && german.contains("Telefone"))
        settings.wording = try #require(Wording(locale: "he-IL"))
        let hebrew = MapFixtures.page(snapshot, settings: settings)
        #expect(hebrew.contains("dir=\"rtl\"") && hebrew.contains("מפת הרשת"))
    }
}
