import Crypto
import Foundation
import Testing

@testable import NetsnapPush

@Suite struct SinkRequestTests {
    let notification = PushNotification(
        kind: "targetDown", title: "Küche NAS is down", message: "Küche NAS (icmp) failed 3 checks in a row.",
        time: Date(timeIntervalSince1970: 1_795_000_060), snapshotAt: Date(timeIntervalSince1970: 1_795_000_000), subject: "target",
        subjectID: "11111111-2222-3333-4444-555555555555", subjectName: "Küche NAS", eventID: "targetDown:1111:1795000000",
        changes: nil, priority: 4, tags: ["red_circle", "target"])

    func object(_ body: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    @Test func ntfyGetsJSONPublishedToTheServersRoot() throws {
        let sink = NotifySettings.Sink(kind: .ntfy, url: URL(string: "http://127.0.0.1:8080/ntfy/my-topic")!, token: "tk_secret")
        let request = SinkRequest.make(notification, for: sink)
        #expect(request.url.absoluteString == "http://127.0.0.1:8080/ntfy/")
        #expect(request.headers["Authorization"] == "Bearer tk_secret")
        #expect(request.headers["Content-Type"] == "application/json")
        let body = try object(request.body)
        #expect(body["topic"] as? String == "my-topic")
        #expect(body["title"] as? String == "Küche NAS is down")
        #expect(body["message"] as? String == "Küche NAS (icmp) failed 3 checks in a row.")
        #expect(body["priority"] as? Int == 4)
        #expect(body["tags"] as? [String] == ["red_circle", "target"])
    }

    @Test func webhookBodyNamesKindTitleTimeAndTarget() throws {
        let sink = NotifySettings.Sink(kind: .webhook, url: URL(string: "http://127.0.0.1:8080/hook")!)
        let request = SinkRequest.make(notification, for: sink)
        #expect(request.url == sink.url)
        #expect(request.headers["X-Netsnap-Signature"] == nil)
        let body = try object(request.body)
        #expect(body["kind"] as? String == "targetDown")
        #expect(body["title"] as? String == "Küche NAS is down")
        #expect(body["time"] as? String == "2026-11-18T11:07:40Z")
        #expect(body["snapshotAt"] as? String == "2026-11-18T11:06:40Z")
        #expect((body["target"] as? [String: Any])?["name"] as? String == "Küche NAS")
        #expect((body["target"] as? [String: Any])?["id"] as? String == "11111111-2222-3333-4444-555555555555")
        #expect(body["eventId"] as? String == "targetDown:1111:1795000000")
    }

    @Test func webhookSignatureIsTheHMACOfTheExactBody() throws {
        let sink = NotifySettings.Sink(kind: .webhook, url: URL(string: "http://127.0.0.1:8080/hook")!, secret: "s3cret")
        let request = SinkRequest.make(notification, for: sink)
        let signature = try #require(request.headers["X-Netsnap-Signature"])
        #expect(signature.hasPrefix("sha256="))
        #expect(signature.count == 7 + 64)
        let expected = HMAC<SHA256>.authenticationCode(for: request.body, using: SymmetricKey(data: Array("s3cret".utf8)))
        #expect(signature == "sha256=" + expected.map { String(format: "%02x", $0) }.joined())
        // RFC 4231 test case 2, so the hex encoding itself is checked against a published value.
        #expect(
            SinkRequest.signature(of: Array("what do ya want for nothing?".utf8), secret: "Jefe")
                == "sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }
}
