import Foundation
import NetsnapJSON
import Testing

@testable import NetsnapModel

/// The snapshot's optional `speed` object: read strictly, written back the same, absent for
/// v1 writers that know nothing of it, and its server hidden by redaction when it is local.
@Suite struct SpeedResultTests {
    func document(_ speed: String) -> [UInt8] {
        Array(
            """
            {"schemaVersion": 1, "generatedAt": "2026-11-21T10:42:07Z",
             "status": {"connectionType": "ethernet", "updatedAt": "2026-11-21T10:42:07Z", "gatewayIP": "192.168.1.1"}\(speed)}
            """.utf8)
    }

    @Test func theSpeedObjectReadsAndWritesBackTheSame() throws {
        let snapshot = try SnapshotDecoder.decode(
            document(
                #", "speed": {"measuredAt": "2026-11-21T06:00:41Z", "downloadMbps": 94.2, "uploadMbps": 18.7, "latencyMs": 12.5, "jitterMs": 1.5, "server": "192.168.1.5", "tool": "iperf3", "bytesUsed": 25000000}"#
            ))
        let speed = try #require(snapshot.speed)
        #expect(speed.downloadMbps == 94.2 && speed.uploadMbps == 18.7 && speed.server == "192.168.1.5" && speed.tool == "iperf3")
        #expect(try SnapshotDecoder.decode(JSONWriter.bytes(snapshot.jsonValue)) == snapshot)
        #expect(try SnapshotDecoder.decode(document("")).speed == nil)
    }

    @Test func aBadSpeedObjectNamesItsPath() {
        for (speed, message) in [
            (#", "speed": {"downloadMbps": 1}"#, "speed.measuredAt: required key is missing"),
            (#", "speed": {"measuredAt": "2026-11-21T06:00:41Z", "downloadMbps": -1}"#, "speed.downloadMbps: expected a finite number ≥ 0"),
        ] {
            do {
                _ = try SnapshotDecoder.decode(document(speed))
                Issue.record("decoded: \(speed)")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }

    @Test func redactionHidesALocalServerAndKeepsAPublicOne() throws {
        var snapshot = try SnapshotDecoder.decode(document(""))
        snapshot.speed = SpeedResult(measuredAt: snapshot.generatedAt, downloadMbps: 90, server: "192.168.1.5")
        #expect(snapshot.redacted().speed?.server == nil)
        #expect(snapshot.redacted().speed?.downloadMbps == 90)
        snapshot.speed?.server = "Example Fiber, Zurich"
        #expect(snapshot.redacted().speed?.server == "Example Fiber, Zurich")
    }
}
