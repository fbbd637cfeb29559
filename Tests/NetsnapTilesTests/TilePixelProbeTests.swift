import Foundation
import NetsnapModel
import NetsnapRaster
import NetsnapText
import NetsnapWidgets
import Testing

@testable import NetsnapTiles

@Suite struct TilePixelProbeTests {
    private func canvas(
        _ widgets: WidgetSet, _ target: TileRequest.Target = .widget(.medium, scale: 2), theme: TileTheme = .dark,
        now: Date = TileFixtures.freshNow
    ) -> TileCanvas {
        TileFixtures.renderer.draw(widgets, request: TileRequest(target: target, theme: theme, timeZone: TileFixtures.utc), now: now)
    }

    private func centre(_ canvas: TileCanvas, _ landmark: String) throws -> Color {
        let rect = try #require(canvas.landmarks[landmark], "no landmark \(landmark)")
        return canvas.pixmap.pixel(x: Int(rect.center.x), y: Int(rect.center.y))
    }

    private func close(_ a: Color, _ b: Color, tolerance: Int = 3) -> Bool {
        abs(Int(a.red) - Int(b.red)) <= tolerance && abs(Int(a.green) - Int(b.green)) <= tolerance
            && abs(Int(a.blue) - Int(b.blue)) <= tolerance
    }

    @Test(arguments: [
        (OverallStatus.online, 0x10B981 as UInt32), (.degraded, 0xF59E0B), (.offline, 0xEF4444),
    ])
    func statusDotShowsTheStatusColour(status: OverallStatus, hex: UInt32) throws {
        let snapshot: Snapshot
        switch status {
        case .online: snapshot = TileFixtures.snapshot()
        case .degraded: snapshot = TileFixtures.snapshot(gatewayLatency: 450)
        case .offline: snapshot = TileFixtures.snapshot(allOnline: false).withConnection(.none)
        }
        let widgets = TileFixtures.widgets(snapshot)
        #expect(widgets.overall == status)
        for size in TileSize.allCases {
            let color = try centre(canvas(widgets, .widget(size, scale: 2)), "statusDot")
            #expect(close(color, Color(hex: hex)), "\(size) dot is \(color)")
        }
    }

    @Test(arguments: [(-40, 4), (-58, 3), (-70, 2), (-80, 1), (-95, 0)])
    func filledBarsMatchTheSignal(dBm: Int, expected: Int) throws {
        let widgets = TileFixtures.widgets(TileFixtures.snapshot(signalDBm: dBm))
        let canvas = canvas(widgets)
        let accent = Color(hex: 0x06B6D4)
        var filled = 0
        for bar in 0..<4 where close(try centre(canvas, "bar\(bar)"), accent, tolerance: 12) { filled += 1 }
        #expect(filled == widgets.small.signalBars ?? 0)
        #expect(filled == expected)
    }

    @Test func staleTilesAreMarkedAndGreyed() throws {
        let widgets = TileFixtures.widgets()
        let fresh = canvas(widgets, now: TileFixtures.freshNow)
        let stale = canvas(widgets, now: TileFixtures.staleNow)
        #expect(close(try centre(fresh, "statusDot"), Color(hex: 0x10B981)))
        let staleDot = try centre(stale, "statusDot")
        #expect(!close(staleDot, Color(hex: 0x10B981), tolerance: 30), "a stale dot must lose its status colour")
        #expect(abs(Int(staleDot.red) - Int(staleDot.blue)) < 50, "a stale dot is grey, got \(staleDot)")
        // The footer line ("Updated 10:42" → "Stale · 1 h", amber) changes; the card frames do not.
        #expect(fresh.landmarks == stale.landmarks)
        #expect(fresh.pixmap != stale.pixmap)
        let cards = TileCards(
            content: TileContent(widgets: widgets, now: TileFixtures.staleNow, timeZone: TileFixtures.utc),
            palette: .make(.dark, paper: false))
        #expect(cards.content.footer == "Stale \u{00B7} 1 h")
        #expect(cards.valueColor != Color.white)
    }

    @Test(
        arguments: TileSize.allCases.flatMap { size in (1...3).map { TileRequest.Target.widget(size, scale: $0) } }
            + [.display(.trmnl), .display(.trmnlGray), .display(.kindle)])
    func everyLineFitsItsCard(target: TileRequest.Target) {
        #expect(canvas(TileFixtures.widgets(), target).omittedNodes == 0)
    }

    @Test func absentValuesShowAnEmDash() {
        let snapshot = TileFixtures.snapshot(gatewayLatency: nil, signalDBm: nil)
        let content = TileContent(widgets: TileFixtures.widgets(snapshot), now: TileFixtures.freshNow, timeZone: TileFixtures.utc)
        #expect(content.gatewayLatency == "\u{2014}")
        #expect(content.signal == "\u{2014}")
        #expect(content.latency(0) == "0.0 ms")
        #expect(content.latency(12.4) == "12 ms")
        #expect(content.dBm(-58) == "\u{2212}58 dBm")
    }

    @Test func clockFollowsTheTimeZone() {
        let zurich = TimeZone(identifier: "Europe/Zurich")!
        let content = TileContent(widgets: TileFixtures.widgets(), now: TileFixtures.freshNow, timeZone: zurich)
        #expect(content.footer == "Updated 11:42")
    }

    @Test(arguments: [
        TileRequest.Target.widget(.small, scale: 2), .widget(.medium, scale: 1), .widget(.large, scale: 3), .display(.trmnl),
        .display(.kindle),
    ])
    func longNamesStayInsideTheirCards(target: TileRequest.Target) throws {
        let longSSID = String(repeating: "Extremely-Long-Network-Name ", count: 8).prefix(200)
        let longTargets = (0..<5).map { "Target \($0) " + String(repeating: "with a very long name ", count: 3).prefix(52) }
        let normal = canvas(TileFixtures.widgets(), target)
        let long = canvas(TileFixtures.widgets(TileFixtures.snapshot(ssid: String(longSSID), targetNames: longTargets)), target)
        #expect(normal.landmarks.filter { $0.key.hasSuffix("Card") } == long.landmarks.filter { $0.key.hasSuffix("Card") })
        let cards = long.landmarks.filter { $0.key.hasSuffix("Card") }.map(\.value)
        #expect(!cards.isEmpty)
        // Outside every card (give or take one pixel of anti-aliasing) both tiles show only the background.
        var strayPixels = 0
        for y in 0..<long.pixmap.height {
            for x in 0..<long.pixmap.width {
                let point = Rect(x: Double(x), y: Double(y), width: 1, height: 1)
                if cards.contains(where: { $0.insetBy(dx: -1, dy: -1).contains(point) }) { continue }
                if long.pixmap.pixel(x: x, y: y) != normal.pixmap.pixel(x: x, y: y) { strayPixels += 1 }
            }
        }
        #expect(strayPixels == 0)
    }

    @Test(arguments: ["🏠 Home", "Домашняя сеть", "Σπίτι Wi-Fi"])
    func internationalNamesHaveNoMissingGlyphs(ssid: String) throws {
        let fonts = TileFixtures.renderer.fonts
        for font in [TileFont.title, .largeTitle] {
            let line = fonts.layout(ssid, style: TextStyle(pixelSize: font.size * 2, weight: font.weight))
            #expect(line.missingCharacters == 0)
        }
        let tile = canvas(TileFixtures.widgets(TileFixtures.snapshot(ssid: ssid)), .widget(.small, scale: 2))
        #expect(tile.pixmap != canvas(TileFixtures.widgets(), .widget(.small, scale: 2)).pixmap)
    }

    @Test func emojiInTheNetworkNameIsInColour() throws {
        let tile = canvas(TileFixtures.widgets(TileFixtures.snapshot(ssid: "🏠🏠🏠")), .widget(.small, scale: 2))
        let card = try #require(tile.landmarks["statusCard"])
        var warm = 0
        // The house emoji has an orange roof and brown walls; nothing else on a dark tile is that warm
        // apart from an amber status, which this online network does not show.
        for y in Int(card.y)..<Int(card.maxY) {
            for x in Int(card.x)..<Int(card.maxX) {
                let pixel = tile.pixmap.pixel(x: x, y: y)
                if Int(pixel.red) > Int(pixel.blue) + 60 { warm += 1 }
            }
        }
        #expect(warm > 50)
    }
}

extension Snapshot {
    /// The same snapshot with another connection type (`none` makes it offline).
    fileprivate func withConnection(_ type: NetworkStatus.ConnectionType) -> Snapshot {
        var copy = self
        copy.status.connectionType = type
        return copy
    }
}
