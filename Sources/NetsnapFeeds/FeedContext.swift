import Foundation
import NetsnapJSON
import NetsnapLanguage
import NetsnapModel
import NetsnapWidgets

/// What every feed needs besides the widgets: when it is rendered and how it is labelled.
public struct FeedContext: Sendable, Equatable {
    /// The render time (passed in: renderers read no clock).
    public var generatedAt: Date
    /// The shields.io badge's label.
    public var badgeLabel: String
    /// True when the snapshot was redacted before rendering.
    public var redacted: Bool
    /// Where dates in words ("since 21 Nov 10:42") are told.
    public var timeZone: TimeZone
    /// What went wrong behind the outputs this time (the history could not be written…);
    /// nil when nothing did.
    public var problem: String?
    /// What maintenance covers now; nil or empty when nothing.
    public var maintenance: MaintenanceCoverage?
    /// The language of the texts people read (`freshnessText`, incident titles).
    public var wording: Wording

    public init(
        generatedAt: Date, badgeLabel: String = "network", redacted: Bool = false,
        timeZone: TimeZone = TimeZone(identifier: "UTC")!, problem: String? = nil, maintenance: MaintenanceCoverage? = nil,
        wording: Wording = .posix
    ) {
        self.wording = wording
        self.maintenance = maintenance
        self.generatedAt = generatedAt
        self.badgeLabel = badgeLabel
        self.redacted = redacted
        self.timeZone = timeZone
        self.problem = problem
    }

    /// Whole seconds from the snapshot time to the render time (negative when the snapshot
    /// is dated a second or more later): the data's age, in every JSON output.
    func ageSeconds(_ widgets: WidgetSet) -> JSONValue {
        // Toward zero: data taken a millisecond after the render started is 0 s old, not -1.
        // Adding 0 turns a negative zero into a plain one.
        let age = widgets.ageSeconds(at: generatedAt)
        return .number(age.isFinite ? age.rounded(.towardZero) + 0 : 0)
    }

    /// `maintenance` in widgets.json and summary.json: what is covered (the targets' names,
    /// or everything) and the windows' notes; null when nothing is.
    func maintenanceValue(_ widgets: WidgetSet) -> JSONValue {
        guard let maintenance, !maintenance.isEmpty else { return .null }
        let names = widgets.dashboard.targets.filter { maintenance.covers(target: $0.id) }.map { JSONValue.string($0.name) }
        return .object([
            ("everything", .bool(maintenance.everything)), ("targets", .array(names)),
            ("notes", .array(maintenance.notes.map(JSONValue.string))),
        ])
    }

    /// "Stale · 8 min" past the freshness window, "Clock ahead · 5 min" when dated in the
    /// future, else "Updated 10:42".
    func freshnessText(_ widgets: WidgetSet) -> String {
        AgeText.label(widgets.freshness(at: generatedAt), snapshotAt: widgets.snapshotAt, timeZone: timeZone, wording)
            ?? wording(.updatedAt, ["time": wording.clockTime(widgets.snapshotAt, timeZone)])
    }
}
