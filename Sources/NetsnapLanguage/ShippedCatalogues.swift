/// The catalogues compiled into netsnap (`po/*.po`, embedded by SwiftPM), each checked and
/// indexed on first use (`MessageCatalogue`), so a process pays only for the language it
/// speaks, and within it only for the messages it asks for.
enum ShippedCatalogues {
    /// Every shipped catalogue's name: a language, or a language and region (`pt_BR`).
    static let names = ["ar", "de", "es", "fr", "he", "it", "ja", "nl", "pl", "pt_BR"]

    /// The catalogue closest to `tag`: the language and region, else the language, else the
    /// same language in another region; nil for English and for languages not shipped.
    static func closest(to tag: LocaleTag) -> (name: String, catalogue: MessageCatalogue)? {
        let candidates = [tag.region.map { "\(tag.language)_\($0)" }, tag.language].compactMap { $0 }
        let name = candidates.first(where: names.contains) ?? names.first { $0.hasPrefix(tag.language + "_") }
        guard let name, let catalogue = catalogue(named: name) else { return nil }
        return (name, catalogue)
    }

    /// The parsed catalogue `name`; nil for a name not shipped.
    static func catalogue(named name: String) -> MessageCatalogue? {
        switch name {
        case "ar": ar
        case "de": de
        case "es": es
        case "fr": fr
        case "he": he
        case "it": it
        case "ja": ja
        case "nl": nl
        case "pl": pl
        case "pt_BR": ptBR
        default: nil
        }
    }

    /// The source catalogue's text (`po/netsnap.pot`), which tests compare with `Phrase`.
    static var template: String { String(decoding: PackageResources.netsnap_pot, as: UTF8.self) }

    private static let ar = parse(PackageResources.ar_po, "ar.po")
    private static let de = parse(PackageResources.de_po, "de.po")
    private static let es = parse(PackageResources.es_po, "es.po")
    private static let fr = parse(PackageResources.fr_po, "fr.po")
    private static let he = parse(PackageResources.he_po, "he.po")
    private static let it = parse(PackageResources.it_po, "it.po")
    private static let ja = parse(PackageResources.ja_po, "ja.po")
    private static let nl = parse(PackageResources.nl_po, "nl.po")
    private static let pl = parse(PackageResources.pl_po, "pl.po")
    private static let ptBR = parse(PackageResources.pt_BR_po, "pt_BR.po")

    /// A shipped catalogue that does not parse is a build defect the catalogue tests catch;
    /// at run time the words fall back to English rather than stop a render.
    private static func parse(_ bytes: [UInt8], _ file: String) -> MessageCatalogue? {
        try? MessageCatalogue(parsing: bytes, file: "po/\(file)")
    }
}
