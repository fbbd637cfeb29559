import Foundation
import Testing

@testable import NetsnapLanguage

/// Every shipped catalogue is complete and safe: each message of the source translated, as
/// many plural forms as its rule has, the same placeholders as the English, and msgfmt
/// (gettext's own checker) content with it. The template lists exactly the code's messages.
@Suite struct ShippedCatalogueTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../po").standardized

    static var sourceMessages: [(key: MessageCatalogue.Key, english: [String])] {
        messages(Phrase.self) + counted(CountPhrase.self) + messages(EventPhrase.self) + counted(EventCountPhrase.self)
            + messages(HomeAssistantPhrase.self) + messages(MapPhrase.self) + counted(MapCountPhrase.self)
            + messages(PagePhrase.self) + counted(PageCountPhrase.self)
            + messages(ReasonPhrase.self) + messages(SpeedPhrase.self) + counted(SpeedCountPhrase.self)
    }

    static func messages<Message: MessageText>(_: Message.Type) -> [(key: MessageCatalogue.Key, english: [String])] {
        Message.allCases.map { (catalogueKey($0.rawValue), [catalogueKey($0.rawValue).id]) }
    }

    static func counted<Message: CountedMessageText>(_: Message.Type) -> [(key: MessageCatalogue.Key, english: [String])] {
        Message.allCases.map { (catalogueKey($0.rawValue), [catalogueKey($0.rawValue).id, $0.plural]) }
    }

    static func placeholders(_ text: String) -> Set<String> {
        var names = Set<String>()
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    @Test func theTemplateListsExactlyTheCodesMessages() throws {
        let template = try MessageCatalogue(parsing: ShippedCatalogues.template, file: "po/netsnap.pot")
        #expect(template.entries.map(\.key) == Self.sourceMessages.map(\.key))
        for (entry, source) in zip(template.entries, Self.sourceMessages) {
            #expect(entry.pluralID == (source.english.count > 1 ? source.english[1] : nil))
        }
    }

    @Test(arguments: ShippedCatalogues.names)
    func everyMessageIsTranslatedWithItsPlaceholders(_ name: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("\(name).po"), encoding: .utf8)
        let catalogue = try MessageCatalogue(parsing: text, file: "\(name).po")
        #expect(catalogue.language == name)
        #expect(ShippedCatalogues.catalogue(named: name) != nil, "the embedded copy parses")
        // A form for one count alone may leave the count out, as gettext allows and CLDR
        // writes: Arabic's "يومان" (two days), Hebrew's "יומיים".
        let counts = (0..<200).map(catalogue.pluralRule.form)
        let singleCountForms = Set(counts.filter { form in counts.count { $0 == form } == 1 })
        let entries = catalogue.entries
        for (key, english) in Self.sourceMessages {
            let entry = entries.first { $0.key == key }
            let forms = try #require(catalogue.forms(of: key), "\(name).po: \(key.id) is missing, empty or fuzzy")
            #expect(forms.count == (english.count > 1 ? catalogue.pluralRule.formCount : 1), "\(name).po:\(entry?.line ?? 0)")
            for (index, form) in forms.enumerated() {
                let expected = Self.placeholders(english[0])
                let found = Self.placeholders(form)
                let countLeftOut = english.count > 1 && singleCountForms.contains(index) && found == expected.subtracting(["count"])
                #expect(found == expected || countLeftOut, "\(name).po:\(entry?.line ?? 0): \(form)")
            }
        }
        #expect(entries.count == Self.sourceMessages.count, "\(name).po has messages the source does not")
    }

    /// The index finds each entry's own forms, as a whole reading of the file gives them, and
    /// nothing for an entry marked fuzzy or left empty; the embedded copy as the file.
    @Test(arguments: ShippedCatalogues.names)
    func anEntryLookedUpIsTheEntryRead(_ name: String) throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("\(name).po"), encoding: .utf8)
        let catalogue = try MessageCatalogue(parsing: text, file: "\(name).po")
        let embedded = try #require(ShippedCatalogues.catalogue(named: name))
        let entries = catalogue.entries
        #expect(entries.count > 300)
        for entry in entries {
            let translated = !entry.isFuzzy && !entry.forms.contains(where: \.isEmpty)
            #expect(catalogue.forms(of: entry.key) == (translated ? entry.forms : nil), "\(name).po:\(entry.line)")
            #expect(embedded.forms(of: entry.key) == catalogue.forms(of: entry.key), "\(name).po:\(entry.line)")
        }
        #expect(catalogue.forms(of: .init(id: "No such message")) == nil)
        #expect(catalogue.forms(of: .init(context: "no such context", id: entries[0].key.id)) == nil)
    }

    /// gettext's own judge: `msgfmt --check` (header, plural forms, python-brace-format
    /// placeholders) on every catalogue, as a translator's tools run it.
    @Test func msgfmtAcceptsEveryCatalogue() throws {
        for name in ShippedCatalogues.names {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
            process.arguments = ["--check", "--check-format", "-o", "/dev/null", Self.folder.appendingPathComponent("\(name).po").path]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            process.waitUntilExit()
            let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationStatus == 0 && said.isEmpty, "\(name).po: \(said)")
        }
    }

    /// A middle dot beside Arabic-Indic digits reads as their zero ("قديمة · ٨ أيام" as ٨٠):
    /// Arabic joins facts with its comma, in every message as in `Wording.separator`.
    @Test func arabicJoinsFactsWithItsCommaNotAMiddleDot() throws {
        let text = try String(contentsOf: Self.folder.appendingPathComponent("ar.po"), encoding: .utf8)
        let catalogue = try MessageCatalogue(parsing: text, file: "ar.po")
        for entry in catalogue.entries {
            for form in catalogue.forms(of: entry.key) ?? [] {
                #expect(!form.contains("\u{00B7}"), "ar.po:\(entry.line): \(form)")
            }
        }
        let arabic = try #require(Wording(locale: "ar-EG"))
        #expect(arabic.separator == "\u{060C} ")
        #expect(arabic(.staleForAge, ["age": "٨ أيام"]) == "قديمة\u{060C} ٨ أيام")
        #expect(try #require(Wording(locale: "he-IL")).separator == " · ")
        #expect(Wording.posix.separator == " · ")
    }

    @Test func theCataloguesAreSmall() throws {
        let bytes = try ShippedCatalogues.names.map { try Data(contentsOf: Self.folder.appendingPathComponent("\($0).po")).count }
        #expect(bytes.reduce(0, +) < 2_000_000)
    }
}
