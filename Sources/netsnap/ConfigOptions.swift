import ArgumentParser
import Foundation
import NetsnapBuild

/// `--config FILE` and the flags that override it.
struct ConfigOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: ArgumentHelp("A YAML config file (default: $NETSNAP_CONFIG if set).", valueName: "file"))
    var config: String?

    /// The configuration from the file, or the defaults; a bad file exits with status 2.
    func load() throws -> NetsnapConfiguration { try Self.load(path: config) }

    /// The configuration from `path`, else `$NETSNAP_CONFIG`, else the defaults; a bad file
    /// exits with status 2.
    static func load(path: String?) throws -> NetsnapConfiguration {
        guard let path = path ?? ProcessInfo.processInfo.environment["NETSNAP_CONFIG"] else {
            return NetsnapConfiguration()
        }
        do {
            return try ConfigurationLoader.load(file: path)
        } catch {
            StandardError.print(error.description)
            throw ExitStatus.usage
        }
    }
}
