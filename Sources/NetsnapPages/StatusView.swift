import NetsnapModel
import NetsnapWidgets

/// A status dot with its word ("online", "Online") and the widgets.json path it follows.
struct StatusView: Sendable {
    /// The machine word, used as the dot's `data-state` (colour) and never shown alone.
    let state: String
    /// The word shown beside the dot and read out as its label.
    let word: String
    /// The widgets.json path (relative inside a list row) the script updates it from.
    let bind: String

    init(state: String, bind: String) {
        self.state = state
        word = PageFormat.word(state)
        self.bind = bind
    }

    init(_ overall: OverallStatus, bind: String) { self.init(state: overall.rawValue, bind: bind) }

    init(online: Bool, bind: String) { self.init(state: online ? "online" : "offline", bind: bind) }

    init(_ device: LocalDevice.Status, bind: String) { self.init(state: device.rawValue, bind: bind) }
}
