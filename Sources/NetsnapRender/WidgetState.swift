import Foundation
import NetsnapWidgets

/// The widget models as `render` and `watch` rendered them, kept beside the outputs so a
/// plain `netsnap serve` — no snapshot of its own — can draw tiles and the TRMNL picture
/// on demand, with the data's real age, from the last render. A hidden file (the server
/// never serves hidden names); it holds nothing `widgets.json` does not already publish.
public enum WidgetState {
    /// Where it lives, relative to the output folder.
    public static let path = ".netsnap/widgets-state.json"

    /// The file's bytes: the same models give the same bytes.
    public static func bytes(_ widgets: WidgetSet) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(widgets))
    }

    /// The models in `bytes`.
    public static func decode(_ bytes: [UInt8]) throws -> WidgetSet {
        try JSONDecoder().decode(WidgetSet.self, from: Data(bytes))
    }
}
