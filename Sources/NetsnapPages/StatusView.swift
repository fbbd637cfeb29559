import Mustache
import NetsnapLanguage
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

    init(state: String, bind: String, _ wording: Wording = .posix) {
        self.state = state
        word = PageWords.word(state, wording)
        self.bind = bind
    }

    init(_ overall: OverallStatus, bind: String, _ wording: Wording) { self.init(state: overall.rawValue, bind: bind, wording) }

    init(online: Bool, bind: String, _ wording: Wording) { self.init(state: online ? "online" : "offline", bind: bind, wording) }

    init(_ device: LocalDevice.Status, bind: String, _ wording: Wording) { self.init(state: device.rawValue, bind: bind, wording) }
}

/// Looked up by name rather than through `Mirror`, which walks every field for each name a
/// template asks: a dashboard of 1,000 targets asked it a million times.
extension StatusView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "state": self.state
        case "word": self.word
        case "bind": self.bind
        default: nil
        }
    }
}
