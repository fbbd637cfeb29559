import Foundation
import NetsnapModel
import NetsnapWidgets
import Testing

@testable import NetsnapTiles

/// A wired host's tiles: no signal bars (even with a stray reading in the snapshot), the
/// link's speed where the signal was.
@Suite struct TileWiredLinkTests {
    private func wired(speed: Int?) -> WidgetSet {
        var snapshot = TileFixtures.snapshot(signalDBm: -40)
        snapshot.status.connectionType = .ethernet
        snapshot.status.linkSpeedMbps = speed
        return TileFixtures.widgets(snapshot)
    }

    @Test func noBarsOnAWire() {
        for size in TileSize.allCases {
            let request = TileRequest(target: .widget(size, scale: 2), theme: .dark, timeZone: TileFixtures.utc)
            let wire = TileFixtures.renderer.draw(wired(speed: 1000), request: request, now: TileFixtures.freshNow)
            let air = TileFixtures.renderer.draw(
                TileFixtures.widgets(TileFixtures.snapshot(signalDBm: -40)), request: request, now: TileFixtures.freshNow)
            #expect(wire.landmarks["bar0"] == nil, "\(size)")
            #expect(air.landmarks["bar0"] != nil, "\(size)")
        }
    }

    @Test func theSpeedStandsWhereTheSignalWas() {
        let content = TileContent(widgets: wired(speed: 1000), now: TileFixtures.freshNow, timeZone: TileFixtures.utc)
        #expect(content.signal == "1 Gb/s" && content.signalLabel == "Link" && !content.hasSignal)
        let unknown = TileContent(widgets: wired(speed: nil), now: TileFixtures.freshNow, timeZone: TileFixtures.utc)
        #expect(unknown.signal == "Wired")
        let wifi = TileContent(widgets: TileFixtures.widgets(), now: TileFixtures.freshNow, timeZone: TileFixtures.utc)
        #expect(wifi.signalLabel == "Signal" && wifi.signal.hasSuffix(" dBm"))
    }
}
