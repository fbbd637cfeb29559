import Foundation

/// What every feed needs besides the widgets: when it is rendered and how it is labelled.
public struct FeedContext: Sendable, Equatable {
    /// The render time (passed in: renderers read no clock).
    public var generatedAt: Date
    /// The shields.io badge's label.
    public var badgeLabel: String
    /// True when the snapshot was redacted before rendering.
    public var redacted: Bool

    public init(generatedAt: Date, badgeLabel: String = "network", redacted: Bool = false) {
        self.generatedAt = generatedAt
        self.badgeLabel = badgeLabel
        self.redacted = redacted
    }
}
