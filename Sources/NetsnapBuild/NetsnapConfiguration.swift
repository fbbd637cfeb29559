import Foundation
import NetsnapWidgets

/// Everything `render` can be told, from the config file and then flags. Defaults are
/// the documented ones; every probe is off unless the config names it.
public struct NetsnapConfiguration: Sendable, Equatable {
    /// Where outputs go (default `Output`).
    public var outputDirectory: String = "Output"
    /// Widget thresholds and the freshness window.
    public var widgets = WidgetOptions()
    /// The shields.io badge's label.
    public var badgeLabel: String = "network"
    /// Remove public IP, MACs, device IPs and hostnames from every output.
    public var redact: Bool = false
    /// How `netsnap serve` listens (the `serve:` section).
    public var serve = ServeConfiguration()

    public init() {}
}
