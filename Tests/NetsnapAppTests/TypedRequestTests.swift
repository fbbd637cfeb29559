import NetsnapLink
import NetsnapRaster
import NetsnapRender
import NetsnapTiles
import Testing

@testable import NetsnapApp

/// The flags' text becomes typed requests once, at the edge: one source or none, one tile.
@Suite struct TypedRequestTests {
    func source(
        input: String? = nil, messages: String? = nil, connect: String? = nil, discover: String? = nil, sample: Bool = false,
        gather: Bool = false, sweep: Bool = false
    ) throws(ApplicationFailure) -> WatchSource? {
        try WatchSource.choose(
            input: input, messages: messages, connect: connect, discover: discover, sample: sample, gather: gather, sweep: sweep)
    }

    @Test func eachFlagIsItsSource() throws {
        #expect(try source() == nil)
        #expect(try source(input: "a.json") == .document(path: "a.json"))
        #expect(try source(messages: "-") == .messages(path: "-"))
        #expect(try source(connect: "[::1]:7420") == .link(LinkEndpoint(host: "::1", port: 7420)))
        #expect(try source(discover: "") == .discover(name: ""))
        #expect(try source(gather: true, sweep: true) == .gather(sweep: true))
        #expect(try source(sample: true) == .sample)
    }

    @Test func twoSourcesABadEndpointOrASweepAloneAreUsageErrors() {
        #expect(throws: ApplicationFailure.self) { try source(input: "a", sample: true) }
        #expect(throws: ApplicationFailure.self) { try source(connect: "host") }
        #expect(throws: ApplicationFailure.self) { try source(sweep: true) }
        #expect(throws: ApplicationFailure.self) { try WatchRequest(source: nil).validate() }
        #expect((try? WatchRequest(source: nil, sites: true).validate()) != nil)
    }

    @Test func aTileIsParsedOnceAndTheConfigurationFillsWhatItLeft() throws {
        let settings = TileSettings()
        let widget = try TileChoice.parse(size: "medium", display: nil, scale: 3, theme: nil, dithering: nil, screen: nil)
        #expect(widget.target == .widget(.medium, scale: 3))
        #expect(widget.request(settings).theme == .dark && widget.request(settings).dithering == settings.dithering)
        let display = try TileChoice.parse(size: nil, display: "trmnl", scale: 2, theme: nil, dithering: "none", screen: "devices")
        #expect(display.request(settings).theme == settings.displayTheme)
        #expect(display.request(settings).dithering == Dithering.none && display.request(settings).screen == .devices)
        for (size, display, theme, screen): (String?, String?, String?, String?) in [
            ("huge", nil, nil, nil), (nil, nil, nil, nil), ("small", "trmnl", nil, nil), ("small", nil, "sepia", nil),
            ("small", nil, nil, "devices"),
        ] {
            #expect(throws: ApplicationFailure.self) {
                try TileChoice.parse(size: size, display: display, scale: 2, theme: theme, dithering: nil, screen: screen)
            }
        }
    }
}
