import ArgumentParser
import NetsnapConfiguration
import NetsnapSettings

/// `--locale` and `--clock`: the language of what `render` and `tile` draw, over the config's
/// `locale` and `clock` and the host's LANG.
struct LanguageOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The language of every output a person reads, e.g. de-DE, ar-EG, ja-JP (the config's `locale`, else $LANG).", valueName: "tag"))
    var locale: String?

    @Option(help: ArgumentHelp("Clock times: 24h, 12h or locale (the config's `clock`).", valueName: "style"))
    var clock: String?

    var overrides: [ConfigurationOverride?] { [.flag("--locale", .locale, locale), .flag("--clock", .clock, clock)] }
}
