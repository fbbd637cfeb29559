import Foundation
import NetsnapConfiguration
import NetsnapSettings

/// Which configuration a command asks for: a file (else `$NETSNAP_CONFIG`), its flags as
/// keys and its presets (keys it sets unless the file does). The environment is read here,
/// once, in the documented order.
public struct ConfigurationRequest: Sendable {
    public var file: String?
    public var overrides: [ConfigurationOverride]
    public var presets: [ConfigurationOverride]

    public init(file: String?, overrides: [ConfigurationOverride] = [], presets: [ConfigurationOverride] = []) {
        self.file = file
        self.overrides = overrides
        self.presets = presets
    }

    /// The configuration; a bad file, variable or flag is a usage error naming it. Variables
    /// that look like keys but are none are warned about.
    public func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ApplicationFailure)
        -> ResolvedConfiguration
    {
        for name in ConfigurationResolver.unknownVariables(in: environment) {
            StandardError.print("warning: \(name) is not a configuration key (netsnap config reference lists them)")
        }
        do {
            return try ConfigurationResolver.resolve(
                file: file ?? environment["NETSNAP_CONFIG"], environment: environment, overrides: overrides, presets: presets)
        } catch {
            throw ApplicationFailure(.usage, error.description)
        }
    }
}
