import Foundation

/// A notification waiting in the history database's outbox for its sink.
public struct OutboxEntry: Sendable, Equatable {
    public var id: Int64
    /// Which sink it is for (its kind and URL).
    public var sinkKey: String
    /// The notification, as its owner encoded it.
    public var body: [UInt8]
    public var createdAt: Date
    /// Not to be sent before this.
    public var dueAt: Date
    /// Failed attempts so far.
    public var attempts: Int

    public init(id: Int64, sinkKey: String, body: [UInt8], createdAt: Date, dueAt: Date, attempts: Int) {
        self.id = id
        self.sinkKey = sinkKey
        self.body = body
        self.createdAt = createdAt
        self.dueAt = dueAt
        self.attempts = attempts
    }
}
