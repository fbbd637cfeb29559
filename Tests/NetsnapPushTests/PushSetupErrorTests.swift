import Foundation
import Logging
import NetsnapHistory
import Testing

@testable import NetsnapPush

/// Set-up failures say whose fault they are, so the CLI exits 2 for settings and 4 for the database.
struct PushSetupErrorTests {
    @Test func unreadableCAFileIsAConfigurationError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("push-setup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let history = try HistoryStore(path: folder.appendingPathComponent("history.sqlite").path)
        var settings = MQTTSettings(host: "127.0.0.1", nodeID: "test-node")
        settings.tlsCAFile = folder.appendingPathComponent("missing-ca.pem").path
        #expect {
            _ = try PushService(
                mqtt: settings, notify: nil, history: history, refreshSeconds: 60, softwareVersion: nil, logger: Logger(label: "test"))
        } throws: { error in
            guard let setup = error as? PushSetupError else { return false }
            return setup.cause == .configuration && setup.message.contains("missing-ca.pem")
        }
    }
}
