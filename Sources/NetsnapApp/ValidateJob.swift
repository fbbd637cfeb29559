import Foundation
import NetsnapRender

/// `netsnap validate`: snapshot files checked against the contract.
public struct ValidateJob: Sendable {
    public var files: [String]
    /// Read them as JSON Lines message streams.
    public var messages: Bool

    public init(files: [String], messages: Bool) {
        self.files = files
        self.messages = messages
    }

    /// Prints ok or the errors of each file; refused when any file is.
    public func run() throws(ApplicationFailure) {
        var refused = false
        for file in files {
            let input: SnapshotInput = messages ? .messages(path: file) : .document(path: file)
            do {
                let snapshot = try SnapshotLoader.load(input, now: Date())
                print("\(input.displayName): ok: \(snapshot.targets.count) targets, \(snapshot.devices.count) devices")
            } catch {
                refused = true
                StandardError.print(error.description)
            }
        }
        if refused { throw ApplicationFailure(.refused, "") }
    }

    /// The embedded sample snapshot's bytes (`netsnap sample`).
    public static var sampleBytes: [UInt8] { SampleSnapshot.bytes }
}
