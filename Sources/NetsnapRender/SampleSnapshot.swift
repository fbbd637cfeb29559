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
