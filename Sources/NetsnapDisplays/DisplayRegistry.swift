import Foundation
import Logging
import NIOConcurrencyHelpers
import NetsnapJSON
import NetsnapModel
import NetsnapRender

/// Every display that talked to this server, by MAC address: updated by each of its
/// requests, kept in the state folder (`displays.json` there) so what it said — its log
/// above all — survives a restart. Writes are atomic; a failed one is logged and the server
/// goes on. Headers alone are written down at most every `quietSeconds`, so a client
/// hammering the API cannot make the server hammer the disk; a posted log is written at once.
package final class DisplayRegistry: Sendable {
    /// The state folder; nil keeps everything in memory (tests, or no folder configured).
    package let stateDirectory: String?
    /// The most displays remembered: a token-less server pairs anyone who asks.
    package let capacity: Int
    package let quietSeconds: TimeInterval
    package let logger: Logger
    private let state = NIOLockedValueBox(State())
    /// Held while writing, so two requests' writes cannot land in the wrong order.
    private let writing = NIOLock()

    private struct State {
        var records: [MACAddress: DisplayRecord] = [:]
        var lastWrite: Date = .distantPast
        /// Bumped by every change, so watchers can tell whether anything happened.
        var version = 0
    }

    package static let stateFileName = "displays.json"

    package init(stateDirectory: String?, capacity: Int = 32, quietSeconds: TimeInterval = 60, logger: Logger) {
        self.stateDirectory = stateDirectory
        self.capacity = capacity
        self.quietSeconds = quietSeconds
        self.logger = logger
        let loaded = Self.load(from: stateDirectory)
        state.withLockedValue { $0.records = Dictionary(loaded.map { ($0.device, $0) }, uniquingKeysWith: { $1 }) }
    }

    /// The displays, in the order of their friendly ids.
    package var records: [DisplayRecord] {
        state.withLockedValue { Array($0.records.values) }.sorted { $0.friendlyID < $1.friendlyID }
    }

    package var version: Int { state.withLockedValue(\.version) }

    /// The record of `device`, if it has one.
    package func record(of device: MACAddress) -> DisplayRecord? { state.withLockedValue { $0.records[device] } }

    /// `device` made a request carrying `report` at `date`; `entries` are the log lines it
    /// posted, `answered` what `/api/display` told it.
    package func saw(
        _ device: MACAddress, report: DisplayReport, entries: [DisplayLogEntry] = [], answered: DisplayAnswer? = nil, at date: Date
    ) {
        let due = state.withLockedValue { state in
            guard state.records[device] != nil || state.records.count < capacity else { return false }
            let old = state.records[device]
            var record = old ?? DisplayRecord(device: device, lastSeen: date)
            record.absorb(report, at: date)
            record.append(entries)
            if let answered {
                record.answeredRefreshSeconds = answered.seconds
                record.lastAnswer = answered
            }
            state.records[device] = record
            state.version += 1
            let worthWriting = !entries.isEmpty || old.map { !record.differsOnlyInLastSeen(from: $0) } ?? true
            guard worthWriting || date.timeIntervalSince(state.lastWrite) >= quietSeconds else { return false }
            state.lastWrite = date
            return true
        }
        if due { writing.withLock { write() } }
    }

    /// Writes the records as they are now (taken under the write lock: the last write is the newest).
    private func write() {
        guard let stateDirectory else { return }
        let sorted = state.withLockedValue { Array($0.records.values) }.sorted { $0.device.text < $1.device.text }
        let document = JSONValue.object([("displays", .array(sorted.map(\.stateJSON)))])
        do {
            _ = try AtomicFileWriter(directory: stateDirectory).write(
                OutputFile(path: Self.stateFileName, bytes: JSONWriter.bytes(document)))
        } catch {
            logger.warning("cannot keep the displays' state", metadata: ["error": "\(error)"])
        }
    }

    private static func load(from directory: String?) -> [DisplayRecord] {
        guard let directory, let data = FileManager.default.contents(atPath: directory + "/" + stateFileName),
            let document = try? JSONParser.parse(Array(data)), case .array(let entries)? = document["displays"]
        else { return [] }
        return entries.compactMap(DisplayRecord.init(state:))
    }
}
