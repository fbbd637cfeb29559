import Foundation
import Testing

@testable import NetsnapLanguage

/// Why a target is down, as a snapshot carries it in English, worded in the household's
/// language; texts of no known form, and the POSIX locale, keep the snapshot's words.
@Suite struct ReasonWordingTests {
    private func wording(_ tag: String) throws -> Wording { try #require(Wording(locale: tag)) }

    @Test func germanTranslatesEachFormAndCarriesItsValues() throws {
        let german = try wording("de-DE")
        #expect(german.reason("connection refused") == "Verbindung abgelehnt")
        #expect(german.reason("timed out after 0.5 s") == "Zeitüberschreitung nach 0,5 s")
        #expect(german.reason("timed out after 2 s") == "Zeitüberschreitung nach 2 s")
        #expect(german.reason("HTTP 500 (expected 2xx or 3xx)") == "HTTP 500 (erwartet 2xx oder 3xx)")
        #expect(german.reason("HTTP 503 (expected 204)") == "HTTP 503 (erwartet 204)")
        #expect(german.reason("cannot resolve nas.lan: host not found") == "nas.lan nicht auflösbar: Host nicht gefunden")
        #expect(
            german.reason("certificate not trusted: issued by CN=Home CA, an unknown root")
                == "Zertifikat nicht vertrauenswürdig: ausgestellt von CN=Home CA, einer unbekannten Wurzel")
        #expect(german.reason("certificate not trusted") == "Zertifikat nicht vertrauenswürdig")
    }

    @Test func eachScriptGetsItsOwnDigitsAndOrder() throws {
        #expect(try wording("ar-EG").reason("timed out after 1.5 s") == "انتهت المهلة بعد ١٫٥ ث")
        #expect(try wording("ja-JP").reason("timed out after 3 s") == "3 秒でタイムアウト")
        #expect(try wording("fr-FR").reason("answer larger than 1024 KiB") == "réponse de plus de 1\u{202F}024 Kio")
    }

    @Test func unknownTextsAndThePOSIXLocaleKeepTheSnapshotsWords() throws {
        let german = try wording("de-DE")
        #expect(german.reason("connection refused by the firewall") == "connection refused by the firewall")
        #expect(german.reason("connect: operation not supported") == "connect: operation not supported")
        #expect(german.reason("") == "")
        #expect(Wording.posix.reason("timed out after 0.5 s") == "timed out after 0.5 s")
        #expect(try wording("en-US").reason("connection refused") == "connection refused")
    }

    /// A value from a producer is text: its braces are never filled, and the form's own
    /// words around it must all be there.
    @Test func valuesAreTakenWholeAndNeverReadAsPlaceholders() throws {
        let german = try wording("de-DE")
        #expect(german.reason("cannot resolve {seconds}: host not found") == "{seconds} nicht auflösbar: Host nicht gefunden")
        #expect(german.reason("HTTP ") == "HTTP ")
        #expect(Wording.values(of: "HTTP 500 (expected 204)", in: "HTTP {status} (expected {expected})")!.map(\.1) == ["500", "204"])
        #expect(Wording.values(of: "HTTP 500", in: "HTTP {status} (expected {expected})") == nil)
    }

    @Test func thePseudoLocaleStretchesTheFormButKeepsTheValue() throws {
        let text = try wording("en-XA").reason("HTTP 418 (expected 200)")
        #expect(text.contains("418") && text.contains("200") && text != "HTTP 418 (expected 200)")
    }
}
