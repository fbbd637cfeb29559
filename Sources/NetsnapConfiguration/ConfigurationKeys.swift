import NetsnapGather
import NetsnapPages
import NetsnapPush
import NetsnapRender
import NetsnapServer
import NetsnapSettings
import NetsnapSites
import NetsnapWatch

/// Every key of the config file, in the order `config show` and docs/configuration.md give
/// them; a section's keys follow it. Each feature declares its own keys beside the code that
/// reads them: the outputs' in NetsnapRender (top-level and `tiles`), `pages` in
/// NetsnapPages, the loop's (`state`, `history`, `maintenance`, `events`, `watch`, `source`)
/// in NetsnapWatch, `gather` in NetsnapGather, `serve` in NetsnapServer and NetsnapDisplays,
/// `mqtt`, `site` and `notify` in NetsnapPush, `sites` in NetsnapSites.
public enum ConfigurationKeys {
    /// Every feature's keys, in the order `config show` and docs/configuration.md give them.
    public static let catalogue = KeyCatalogue(
        RenderSettings.outputKeys + WatchSettings.stateKeys + RenderSettings.placeKeys + WatchSettings.historyKeys
            + RenderSettings.feedKeys + TileSettings.keys + PageSettings.keys + WatchSettings.loopKeys + GatherConfiguration.keys
            + SpeedConfiguration.keys + ServeConfiguration.keys + MQTTSettings.keys + MQTTSettings.siteKeys + SitesSettings.keys
            + NotifySettings.keys)

    public static var all: [ConfigurationKey] { catalogue.all }

    /// The key at `path`, if there is one.
    public static func key(_ path: String) -> ConfigurationKey? { catalogue.key(path) }

    /// The names of the keys directly under `section` ("" for the top level).
    public static func names(in section: String) -> [String] { catalogue.names(in: section) }
}
