import Foundation
import NetsnapModel

/// What netsnap knows of one paired display: the latest of what its headers said, when it
/// was last seen, and the newest lines of its own log.
package struct DisplayRecord: Equatable, Sendable {
    package let device: MACAddress
    package var model: String?
    package var firmware: String?
    package var batteryVolts: Double?
    package var rssi: Int?
    package var width: Int?
    package var height: Int?
    /// The refresh rate the device says it runs at (its `Refresh-Rate` header), in seconds.
    package var refreshSeconds: Int?
    /// The `refresh_rate` this server last answered it: when it will be back.
    package var answeredRefreshSeconds: Int?
    /// The last answer of `/api/display`: its picture, refresh rate and screen.
    package var lastAnswer: DisplayAnswer?
    package var lastSeen: Date
    /// The newest entries, oldest first, at most `logLimit`.
    package var logs: [DisplayLogEntry] = []

    /// How many log lines a display keeps.
    package static let logLimit = 50

    package init(device: MACAddress, lastSeen: Date) {
        self.device = device
        self.lastSeen = lastSeen
    }

    /// The six hex digits `/api/setup` hands out as `friendly_id`.
    package var friendlyID: String { DisplayIdentity.friendlyID(of: device) }

    /// The record after a request carrying `report` at `date`: values present in the headers
    /// replace the old ones, absent ones leave them.
    package mutating func absorb(_ report: DisplayReport, at date: Date) {
        model = report.model ?? model
        firmware = report.firmware ?? firmware
        batteryVolts = report.batteryVolts ?? batteryVolts
        rssi = report.rssi ?? rssi
        width = report.width ?? width
        height = report.height ?? height
        refreshSeconds = report.refreshSeconds ?? refreshSeconds
        lastSeen = max(lastSeen, date)
    }

    /// Appends `entries`, keeping the newest `logLimit`.
    package mutating func append(_ entries: [DisplayLogEntry]) {
        logs.append(contentsOf: entries)
        if logs.count > Self.logLimit { logs.removeFirst(logs.count - Self.logLimit) }
    }

    /// Equal apart from when the display was last seen: nothing worth writing down at once.
    /// A new answer is worth it — a new picture or screen must survive a restart — but the
    /// same picture handed out again is not.
    package func differsOnlyInLastSeen(from other: DisplayRecord) -> Bool {
        var other = other
        other.lastSeen = lastSeen
        if other.lastAnswer?.filename == lastAnswer?.filename, other.lastAnswer?.screen == lastAnswer?.screen {
            other.lastAnswer = lastAnswer
        }
        return self == other
    }
}
