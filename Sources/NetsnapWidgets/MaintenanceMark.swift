import Foundation
import NetsnapLanguage
import NetsnapModel

/// What maintenance covers now, as every surface says it: the tiles' and pages' mark, the
/// MQTT state and Home Assistant entities. Carried in the widget models, so `serve` drawing
/// a tile on demand and push see it as the watch cycle rendered it.
public struct MaintenanceMark: Sendable, Equatable, Codable {
    /// A window without targets: everything, the connection included.
    public var everything: Bool
    /// The covered targets' names, in snapshot order.
    public var targets: [String]
    /// The active windows' notes.
    public var notes: [String]

    public init(everything: Bool, targets: [String], notes: [String]) {
        self.everything = everything
        self.targets = targets
        self.notes = notes
    }

    /// The mark for `coverage` over `rows` (the widgets' targets); nil when nothing is covered.
    public init?(_ coverage: MaintenanceCoverage?, rows: [LargeWidget.TargetRow]) {
        guard let coverage, !coverage.isEmpty else { return nil }
        self.init(
            everything: coverage.everything, targets: rows.filter { coverage.covers(target: $0.id) }.map(\.name),
            notes: coverage.notes)
    }

    /// "everything", or the covered targets' names: "NAS, Printer".
    public var subject: String { everything ? "everything" : targets.joined(separator: ", ") }

    /// "Maintenance: NAS, Printer — firmware update", for a banner.
    public var sentence: String { sentence(.posix) }

    /// The banner's sentence in `wording`'s language.
    public func sentence(_ wording: Wording) -> String {
        let what = everything ? wording(.maintenanceOfEverything) : wording(.maintenanceOf, ["targets": wording.list(targets)])
        return notes.isEmpty ? what : wording(.maintenanceWithNotes, ["maintenance": what, "notes": wording.notes(notes)])
    }
}
