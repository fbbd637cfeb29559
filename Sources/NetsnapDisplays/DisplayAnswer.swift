import Foundation
import NetsnapJSON

/// What `/api/display` last told a display: the picture's name, when to ask again, and which
/// of its screens the picture was. Kept in the state folder, so after a restart a display
/// that asks early still gets the same picture, and the next wake shows the next screen.
package struct DisplayAnswer: Equatable, Sendable {
    package let filename: String
    package let seconds: Int
    package let at: Date
    /// The place in the display's screen list (`DisplayPanelSettings.screens`).
    package var screen = 0

    package var stateJSON: JSONValue {
        .object([
            ("filename", .string(filename)), ("seconds", .number(Double(seconds))), ("at", .string(RFC3339.format(at))),
            ("screen", .number(Double(screen))),
        ])
    }

    /// Nil for anything but a whole answer with a name this server hands out.
    package init?(state: JSONValue) {
        guard case .string(let filename)? = state["filename"], DisplayImageName.isValid(filename),
            case .number(let seconds)? = state["seconds"], (1...1_000_000).contains(seconds),
            case .string(let at)? = state["at"], let date = RFC3339.parse(at)
        else { return nil }
        var screen = 0
        if case .number(let number)? = state["screen"], (0...1_000).contains(number) { screen = Int(number) }
        self.init(filename: filename, seconds: Int(seconds), at: date, screen: screen)
    }

    package init(filename: String, seconds: Int, at: Date, screen: Int = 0) {
        self.filename = filename
        self.seconds = seconds
        self.at = at
        self.screen = screen
    }
}
