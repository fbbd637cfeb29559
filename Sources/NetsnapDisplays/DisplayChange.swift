import Foundation

/// A display's health changed in a way worth telling: its battery ran low, it fell silent,
/// or it came back after being silent.
package struct DisplayChange: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case batteryLow = "battery low"
        case silent
        case back
    }

    package let kind: Kind
    package let record: DisplayRecord
    package let at: Date
}

extension DisplayChange.Kind {
    /// The change from `old` to `new`, if it is one: a display new to the server counts as
    /// having been `ok`; recovering from a low battery (charged) is not news.
    package init?(from old: DisplayHealth?, to new: DisplayHealth) {
        switch (old ?? .ok, new) {
        case (.silent, .ok), (.silent, .lowBattery): self = .back
        case (.ok, .silent), (.lowBattery, .silent): self = .silent
        case (.ok, .lowBattery): self = .batteryLow
        default: return nil
        }
    }
}
