import Foundation
import NetsnapLanguage
import Testing

@testable import NetsnapGather

/// Every reason gather writes into a snapshot has a form `ReasonPhrase` knows, so a surface
/// in another language never shows it in English: a change to gather's words fails here
/// until the catalogues follow.
@Suite struct ProbeErrorWordingTests {
    static let written: [ProbeError] = [
        .timedOut(seconds: 0.5), .timedOut(seconds: 3), .refused, .cancelled,
        ProbeError.system(EHOSTUNREACH, "connect"), ProbeError.system(ENETUNREACH, "connect"),
        .unresolved(host: "nas.lan", reason: NameResolver.reason(EAI_NONAME)),
        .unresolved(host: "nas.lan", reason: NameResolver.reason(EAI_AGAIN)),
        .unexpectedAnswer("HTTP 500 (expected 200)"), .unexpectedAnswer("HTTP 500 (expected 2xx or 3xx)"),
        .unexpectedAnswer("connection closed without a response"), .unexpectedAnswer("resolver has no A record for nas.lan"),
        .untrusted("certificate not trusted"), .untrusted("certificate not valid for this host name"),
    ]

    @Test(arguments: written)
    func germanWordsEveryReasonGatherWrites(_ error: ProbeError) throws {
        let german = try #require(Wording(locale: "de-DE"))
        let text = error.snapshotText
        #expect(german.reason(text) != text, "\(text) has no form in ReasonPhrase")
    }
}
