import Foundation
import NetsnapLanguage
import NetsnapModel
import Testing

@testable import NetsnapTiles

/// A down target's reason on the large tile and the displays: in place of "Down" where it
/// fits whole in half the row, "Down" where it does not, and nowhere on the medium tile.
@Suite struct TileTargetReasonTests {
    private func png(
        reason: String?, _ target: TileRequest.Target, theme: TileTheme = .dark, wording: Wording = .posix
    ) throws -> [UInt8] {
        var snapshot = TileFixtures.snapshot(allOnline: false)
        snapshot.targets[1].lastError = reason
        snapshot.targets[1].lastErrorAt = reason == nil ? nil : TileFixtures.snapshotAt
        var request = TileRequest(target: target, theme: theme, timeZone: TileFixtures.utc)
        request.wording = wording
        return try TileFixtures.renderer.png(for: TileFixtures.widgets(snapshot), request: request, now: TileFixtures.freshNow)
    }

    @Test(arguments: [
        (TileRequest.Target.widget(.large, scale: 2), "connection refused"), (.display(.kindle), "connection refused"),
        (.display(.trmnl), "HTTP 500"),
    ])
    func aShortReasonReplacesDown(target: TileRequest.Target, reason: String) throws {
        #expect(try png(reason: reason, target) != png(reason: nil, target))
    }

    /// A 4.2" panel's targets card leaves a target row about 190 pt: half is too little for this.
    @Test func aReasonWiderThanHalfTheRowLeavesDownAndTheName() throws {
        let panel = TileRequest.Target.display(.panel(try #require(DisplayPanel.named("waveshare-4in2"))))
        #expect(try png(reason: "connection refused", panel) == png(reason: nil, panel))
    }

    @Test(arguments: [TileRequest.Target.widget(.large, scale: 2), .display(.trmnl), .display(.kindle)])
    func aReasonTooLongToFitWholeLeavesDown(target: TileRequest.Target) throws {
        let long = "certificate not trusted: " + String(repeating: "self-signed ", count: 20)
        #expect(try png(reason: long, target) == png(reason: nil, target))
    }

    /// The snapshot's English reason is drawn in the tile's language: the same pixels as the
    /// German words themselves.
    @Test(arguments: [TileRequest.Target.widget(.large, scale: 2), .display(.kindle)])
    func theReasonIsDrawnInTheTilesLanguage(target: TileRequest.Target) throws {
        let german = try #require(Wording(locale: "de-DE"))
        let drawn = try png(reason: "connection refused", target, wording: german)
        #expect(drawn == (try png(reason: "Verbindung abgelehnt", target, wording: german)))
        #expect(drawn != (try png(reason: nil, target, wording: german)), "the reason fits in place of \"Down\"")
    }

    @Test func theMediumTileKeepsDown() throws {
        #expect(try png(reason: "connection refused", .widget(.medium, scale: 2)) == png(reason: nil, .widget(.medium, scale: 2)))
    }

    @Test func aTargetThatIsUpShowsNoOldReason() throws {
        var snapshot = TileFixtures.snapshot()
        snapshot.targets[1].lastError = "connection refused"
        let request = TileRequest(target: .widget(.large, scale: 2), theme: .dark, timeZone: TileFixtures.utc)
        let with = try TileFixtures.renderer.png(for: TileFixtures.widgets(snapshot), request: request, now: TileFixtures.freshNow)
        let without = try TileFixtures.renderer.png(for: TileFixtures.widgets(), request: request, now: TileFixtures.freshNow)
        #expect(with == without)
    }
}
