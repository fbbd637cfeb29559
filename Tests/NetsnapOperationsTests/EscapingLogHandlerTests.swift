import Logging
import Synchronization
import Testing

@testable import NetsnapOperations

/// Log lines stay one line each and carry no terminal escapes, whatever a device is called.
@Suite struct EscapingLogHandlerTests {
    /// What reached the recorder.
    final class Events: Sendable {
        private let events = Mutex<[LogEvent]>([])
        func append(_ event: LogEvent) { events.withLock { $0.append(event) } }
        var first: LogEvent? { events.withLock { $0.first } }
    }

    /// Keeps what reaches it.
    struct Recorder: LogHandler {
        let events: Events
        var logLevel: Logger.Level = .trace
        var metadata: Logger.Metadata = [:]
        var metadataProvider: Logger.MetadataProvider?

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) { events.append(event) }
    }

    @Test func messagesAndEveryMetadataValueAreEscaped() throws {
        let events = Events()
        let logger = Logger(label: "test") { _ in EscapingLogHandler(wrapping: Recorder(events: events)) }
        let forged = "TV\nnetsnap.watch : kind=newDevice title=forged\r\u{1B}[2J\u{0}\u{85}\u{2028}\u{202E}"
        logger.notice(
            "event \(forged)",
            metadata: [
                "title": "\(forged)", "device": .stringConvertible(forged), "list": [.string(forged)],
                "nested": ["inner": .string(forged)], "key\nforged": "x",
            ])
        let event = try #require(events.first)
        let escaped = #"TV\nnetsnap.watch : kind=newDevice title=forged\r\u{1B}[2J\u{0}\u{85}\u{2028}\u{202E}"#
        #expect(event.message.description == "event " + escaped)
        let metadata = try #require(event.metadata)
        #expect(metadata["title"] == .string(escaped))
        #expect(metadata["device"] == .string(escaped))
        #expect(metadata["list"] == .array([.string(escaped)]))
        #expect(metadata["nested"] == .dictionary(["inner": .string(escaped)]))
        #expect(metadata[#"key\nforged"#] == .string("x"))
    }

    @Test func handlerMetadataIsEscapedToo() throws {
        let events = Events()
        var logger = Logger(label: "test") { _ in EscapingLogHandler(wrapping: Recorder(events: events)) }
        logger[metadataKey: "source"] = "a\nb"
        #expect(logger[metadataKey: "source"] == .string(#"a\nb"#))
    }

    @Test func plainTextPassesUnchanged() throws {
        let events = Events()
        let logger = Logger(label: "test") { _ in EscapingLogHandler(wrapping: Recorder(events: events)) }
        logger.info("cycle done", metadata: ["ms": "12", "name": "Café 📶 Wi-Fi"])
        let event = try #require(events.first)
        #expect(event.message.description == "cycle done")
        #expect(event.metadata?["name"] == .string("Café 📶 Wi-Fi"))
    }
}
