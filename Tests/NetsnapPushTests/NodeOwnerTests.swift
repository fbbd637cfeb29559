import Foundation
import Testing

@testable import NetsnapPush

/// An owner announcement comes from the broker: whatever it holds is hostile.
@Suite struct NodeOwnerTests {
    @Test func anAnnouncementReadsBackAsItWasMade() throws {
        let owner = NodeOwner(
            installationID: "0a1b2c3d", host: "raspberrypi", processID: 4242, startedAt: Date(timeIntervalSince1970: 1_700_000_000),
            instance: "x-1")
        #expect(NodeOwner(payload: owner.payload) == owner)
    }

    @Test func garbageIsNoAnnouncement() {
        for payload in ["", "null", "[]", "{}", "{\"instance\":\"\"}", "{\"instance\":7}", "not json"] {
            #expect(NodeOwner(payload: Array(payload.utf8)) == nil, "\(payload)")
        }
        let huge = "{\"instance\":\"a\",\"host\":\"" + String(repeating: "h", count: 5000) + "\"}"
        #expect(NodeOwner(payload: Array(huge.utf8)) == nil)
    }

    @Test func hostileTextsAreCutAndEscaped() throws {
        let payload =
            "{\"instance\":\"i\",\"host\":\"evil\\nhost\\u001b[31m" + String(repeating: "x", count: 200)
            + "\",\"pid\":1e300,\"startedAt\":\"yesterday\"}"
        let owner = try #require(NodeOwner(payload: Array(payload.utf8)))
        #expect(!owner.host.contains("\n") && !owner.host.contains("\u{1B}"))
        #expect(owner.host.count == NodeOwner.maximumTextLength)
        #expect(owner.processID == 0 && owner.startedAt == .distantPast)
        #expect(owner.installationID == "")
    }

    @Test func aCopiedStateFolderIsNamedAsTheCause() {
        let mine = NodeOwner(installationID: "0a1b2c3d", host: "a", processID: 1, startedAt: Date(), instance: "1")
        var other = mine
        other.instance = "2"
        other.host = "b"
        #expect(mine.clashMetadata(with: other)["hint"]?.contains("copied state folder") == true)
        other.installationID = "ffffffff"
        #expect(mine.clashMetadata(with: other)["otherHost"] == "b")
        #expect(mine.clashMetadata(with: other)["hint"]?.contains("nodeId") == true)
    }
}
