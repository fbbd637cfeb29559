/// A locale name as users write it — BCP 47 (`de-DE`, `pt-BR`, `zh-Hant-TW`) or POSIX
/// (`de_DE.UTF-8`, `sr_RS@latin`, `C`) — reduced to the parts netsnap uses.
struct LocaleTag: Equatable {
    /// `de`, `pt`, … lower case.
    var language: String
    /// `DE`, `BR`, … upper case; nil when none was given.
    var region: String?
    /// The whole tag in BCP 47 spelling, e.g. `pt-BR`.
    var bcp47: String
    var isPOSIX: Bool { language == "c" || language == "posix" }

    /// Nil for an empty or malformed name.
    init?(_ name: String) {
        let trimmed = name.split(separator: ".").first.map(String.init) ?? ""
        let base = trimmed.split(separator: "@").first.map(String.init) ?? ""
        let parts = base.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let first = parts.first, (1...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        language = first.lowercased()
        region = parts.dropFirst().first { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }?.uppercased()
        let rest = parts.dropFirst().map { part in
            switch part.count {
            case 2: part.uppercased()
            case 4: part.prefix(1).uppercased() + part.dropFirst().lowercased()
            default: part
            }
        }
        bcp47 = ([language] + rest).joined(separator: "-")
    }
}
