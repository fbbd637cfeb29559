import Foundation
import Testing

@testable import NetsnapGather

/// The short sentences a failed probe leaves in the snapshot's `lastError`.
@Suite struct ProbeErrorTests {
    @Test func eachFailureIsOneShortSentence() {
        #expect(ProbeError.timedOut(seconds: 2).snapshotText == "timed out after 2 s")
        #expect(ProbeError.timedOut(seconds: 0.5).snapshotText == "timed out after 0.5 s")
        #expect(ProbeError.refused.snapshotText == "connection refused")
        #expect(ProbeError.unexpectedAnswer("HTTP 500 (expected 200)").snapshotText == "HTTP 500 (expected 200)")
        #expect(ProbeError.unresolved(host: "nas.lan", reason: "no such name").snapshotText == "cannot resolve nas.lan: no such name")
    }

    /// getaddrinfo's answers in words. (Not by looking up an unknown name: that would send a
    /// query to the host's real name server, and tests send nothing off loopback.)
    @Test func resolverStatusesAreWorded() {
        #expect(NameResolver.reason(EAI_NONAME) == "host not found")
        #expect(NameResolver.reason(-5) == "host not found")
        #expect(NameResolver.reason(EAI_AGAIN) == "name server did not answer")
        #expect(NameResolver.reason(EAI_FAIL) == String(cString: gai_strerror(EAI_FAIL)))
    }

    @Test func controlCharactersFromAPeerBecomeSpaces() {
        let text = ProbeError.unexpectedAnswer("SSL certificate problem:\nself-signed\u{1B}[31m\u{0}").snapshotText
        #expect(text == "SSL certificate problem: self-signed [31m ")
        #expect(!text.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test func aLongReasonIsCutToTheContractsLimit() {
        let text = ProbeError.unexpectedAnswer(String(repeating: "é", count: 1_000)).snapshotText
        #expect(text.unicodeScalars.count == 256)
        #expect(text.hasSuffix("\u{2026}"))
        let fits = String(repeating: "x", count: 256)
        #expect(ProbeError.unexpectedAnswer(fits).snapshotText == fits)
    }

    /// A closed loopback port: the kernel refuses at once, so the probe says so.
    @Test func aClosedLoopbackPortIsRefused() async throws {
        let closed = LoopbackServers.ClosedPort()
        let target = ProbeTarget(name: "closed", kind: .tcp, host: "127.0.0.1", port: closed.port, retries: 0)
        let result = await TargetProber.probe(target, settings: ProbeSettings(), pingGroupRangePath: "/nonexistent")
        withExtendedLifetime(closed) {}
        #expect(result.error?.snapshotText == "connection refused")
    }
}
