import Foundation
import NetsnapModel
import NetsnapResources

/// The embedded sample: a realistic home network (Wi-Fi, six targets with one offline,
/// fifteen devices of mixed types) so the quick start works offline anywhere.
public enum SampleSnapshot {
    /// The sample's document bytes, as shipped.
    public static let bytes: [UInt8] = {
        let path = ResourceLocation.shipped.sampleSnapshotPath
        guard let data = FileManager.default.contents(atPath: path) else {
            preconditionFailure("the sample snapshot is missing from the installation: \(path)")
        }
        return Array(data)
    }()

    /// The sample, decoded (it is validated by the test suite, so decoding cannot fail).
    public static let snapshot: Snapshot = {
        do { return try SnapshotDecoder.decode(bytes) } catch { preconditionFailure("invalid sample snapshot: \(error)") }
    }()

    /// How often the sample's line is measured: a default `speed:` configuration's interval.
    static let measurementInterval: TimeInterval = 6 * 3_600

    /// The sample as at `now`: redated, with its line last measured at the latest six-hour mark,
    /// as a default `speed:` configuration measures it. Redated with the rest, the measurement
    /// was new at every cycle, and a `--sample` watch stored a result a cycle: 86,400 a day at
    /// one-second cycles, each a row for the history to write and keep 90 days.
    public static func at(_ now: Date) -> Snapshot {
        var sample = snapshot.redated(to: now)
        if sample.speed != nil {
            let mark = (now.timeIntervalSince1970 / measurementInterval).rounded(.down) * measurementInterval
            sample.speed?.measuredAt = Date(timeIntervalSince1970: mark)
        }
        return sample
    }
}

extension Snapshot {
    /// The same snapshot with every date shifted so that `generatedAt` is `date`.
    public func redated(to date: Date) -> Snapshot {
        let shift = date.timeIntervalSince(generatedAt)
        var copy = self
        copy.generatedAt = date
        copy.session?.startedAt = session?.startedAt?.addingTimeInterval(shift)
        copy.status.updatedAt = status.updatedAt.addingTimeInterval(shift)
        copy.speed?.measuredAt = speed?.measuredAt.addingTimeInterval(shift) ?? generatedAt
        copy.targets = targets.map { target in
            var target = target
            target.lastChecked = target.lastChecked.addingTimeInterval(shift)
            return target
        }
        copy.devices = devices.map { device in
            var device = device
            device.firstSeen = device.firstSeen.addingTimeInterval(shift)
            device.lastSeen = device.lastSeen.addingTimeInterval(shift)
            return device
        }
        return copy
    }
}
