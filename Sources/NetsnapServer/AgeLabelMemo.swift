import Foundation
import NIOConcurrencyHelpers
import NetsnapWidgets

/// The last age label a tile's currency was judged by, kept for the half second it cannot
/// change in: wording it anew (`AgeText.label`) was a third of a kept tile's answer while the
/// data was stale. An age text changes only at a whole second (or half of one, where it
/// rounds), so a label computed for an age in the same half second, of the same snapshot,
/// expiry and time zone, is the same label.
final class AgeLabelMemo: Sendable {
    private struct Key: Hashable {
        let snapshotAt: Date
        let expiresAt: Date
        let timeZone: TimeZone
        /// 0 fresh, 1 stale, 2 dated ahead.
        let kind: Int
        let halfSeconds: Int64
    }

    private let last = NIOLockedValueBox<(key: Key, label: String?)?>(nil)

    /// What a tile of `models` drawn at `date` in `timeZone` says of the data's age; nil while
    /// fresh. Takes the shared models, not a `WidgetSet`: copying one out for two dates was
    /// a measurable part of each kept tile's answer.
    func label(of models: WidgetModels, at date: Date, timeZone: TimeZone) -> String? {
        let snapshotAt = models.widgets.snapshotAt
        let expiresAt = models.widgets.expiresAt
        let freshness = Freshness(snapshotAt: snapshotAt, expiresAt: expiresAt, at: date)
        let (kind, seconds): (Int, Double) =
            switch freshness {
            case .fresh: (0, 0)
            case .stale(let age): (1, age)
            case .clockAhead(let ahead): (2, ahead)
            }
        guard kind != 0 else { return nil }
        let key = Key(
            snapshotAt: snapshotAt, expiresAt: expiresAt, timeZone: timeZone, kind: kind,
            halfSeconds: Int64((seconds * 2).rounded(.down)))
        if let kept = last.withLockedValue({ $0 }), kept.key == key { return kept.label }
        let label = AgeText.label(freshness, snapshotAt: snapshotAt, timeZone: timeZone)
        last.withLockedValue { $0 = (key, label) }
        return label
    }
}
