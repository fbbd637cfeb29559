import Foundation
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets
import Testing

@testable import NetsnapTiles

/// Every canvas in every shipped language and the pseudo-locale (each message about 40 %
/// longer): no text holding a message is cut, no row is left out for lack of room and none
/// runs past its edge (over a card's border or a neighbour). Data
/// (names, addresses, the provider) may be cut where a canvas is narrow. Where the English
/// (POSIX) tile itself is short of room (the 212 × 104 panel's captions, a Kindle's QR screen
/// when stale), another language may be too, but never leave out more. The pseudo-locale's
/// 40 % more on every word is held to the phone widgets and panels from 480 px wide: a 2"
/// panel or an LED matrix cannot take it whole, so there it may be cut but nothing may run
/// past its edge; the real languages are checked there in full.
@Suite struct TileLanguageFitTests {
    static let languages = ["en-XA", "de-DE", "fr-FR", "es-ES", "it-IT", "nl-NL", "pl-PL", "pt-BR", "ja-JP", "ar-EG", "he-IL"]

    /// Phone sizes at each scale, every named panel on each screen (the LED matrices draw
    /// the overview whatever the screen).
    static var requests: [TileRequest] {
        let widgets = TileSize.allCases.flatMap { size in
            [1, 2, 3].map { TileRequest(target: .widget(size, scale: $0), theme: .dark, timeZone: TileFixtures.utc) }
        }
        let displays = DisplayProfile.named.flatMap { profile in
            [TileScreen.overview, .targets, .devices, .qr].map {
                TileRequest(target: .display(profile), theme: .light, timeZone: TileFixtures.utc, qrURL: "https://example.org/", screen: $0)
            }
        }
        return widgets + displays
    }

    static func describe(_ request: TileRequest) -> String {
        switch request.target {
        case .widget(let size, let scale): "\(size.rawValue)@\(scale)x"
        case .display(let profile): "\(profile.name)/\(request.screen.rawValue)"
        }
    }

    /// Every string the widgets carry, and the provider as tiles join it: data, not words.
    static func dataTexts(_ widgets: WidgetSet) throws -> Set<String> {
        func strings(_ value: Any) -> [String] {
            if let text = value as? String { return [text] }
            if let list = value as? [Any] { return list.flatMap(strings) }
            if let object = value as? [String: Any] { return object.values.flatMap(strings) }
            return []
        }
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(widgets))
        let provider = [widgets.large.ispName, widgets.large.asn].compactMap { $0 }.joined(separator: " \u{00B7} ")
        return Set(strings(json) + [provider])
    }

    static func takesPseudoLocale(_ request: TileRequest) -> Bool {
        guard case .display(let profile) = request.target else { return true }
        return min(profile.width, profile.height) >= 480
    }

    /// The words cut and the rows left out on `request` at `now`.
    static func shortfall(_ widgets: WidgetSet, _ request: TileRequest, _ now: Date, data: Set<String>) -> Shortfall {
        let canvas = TileFixtures.renderer.draw(widgets, request: request, now: now)
        return (canvas.truncatedTexts.filter { !data.contains($0) }, canvas.omittedNodes, canvas.overflowingRows)
    }

    /// The network twice: without a speed measurement (the tiles show addresses) and with
    /// one (the speed row, a label beside a figure, takes an address's place).
    static let networks: [(name: String, snapshot: Snapshot)] = {
        let plain = TileFixtures.snapshot(allOnline: false)
        var measured = plain
        measured.speed = TileFixtures.speed
        return [("plain", plain), ("speed", measured)]
    }()

    static let moments = [TileFixtures.freshNow, TileFixtures.staleNow]

    /// The English (POSIX) shortfall of every network, request and moment, drawn once for
    /// all the languages.
    static let english: [[[Shortfall]]] = networks.map { network in
        let widgets = TileFixtures.widgets(network.snapshot)
        let data = (try? dataTexts(widgets)) ?? []
        return requests.map { request in moments.map { shortfall(widgets, request, $0, data: data) } }
    }

    typealias Shortfall = (cut: [String], omitted: Int, overflowing: Int)

    @Test(arguments: languages, [0, 1])
    func everyCanvasFits(_ language: String, network: Int) async throws {
        let wording = try #require(Wording(locale: language))
        let (name, snapshot) = Self.networks[network]
        let widgets = TileFixtures.widgets(snapshot)
        let data = try Self.dataTexts(widgets)
        var problems: [String] = []
        for (index, var request) in Self.requests.enumerated() {
            // Drawing is long work on one of the few threads tasks share: let others run.
            await Task.yield()
            // On a 2" panel or an LED matrix the pseudo-locale may be cut, never overlap.
            let overlapOnly = language == "en-XA" && !Self.takesPseudoLocale(request)
            request.wording = wording
            for (moment, now) in Self.moments.enumerated() {
                let english = Self.english[network][index][moment]
                let here = Self.shortfall(widgets, request, now, data: data)
                let englishFits = english.cut.isEmpty && english.omitted == 0
                let short = !overlapOnly && ((englishFits && !here.cut.isEmpty) || here.omitted > english.omitted)
                if short || here.overflowing > english.overflowing {
                    problems.append(
                        "\(Self.describe(request)): cut \(here.cut), \(here.omitted) left out, \(here.overflowing) rows overflowing (English: \(english))"
                    )
                }
            }
        }
        #expect(problems.isEmpty, "\(language), \(name):\n\(problems.joined(separator: "\n"))")
    }
}
