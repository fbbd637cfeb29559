import Foundation
import Testing

@testable import NetsnapWatch

/// The installation's id is made once per state folder and kept.
@Suite struct InstallationIDTests {
    @Test func madeOnceAndKept() throws {
        let folder = NSTemporaryDirectory() + "netsnap-installation-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try #require(InstallationID.load(folder: folder))
        #expect(InstallationID.isValid(first))
        #expect(InstallationID.load(folder: folder) == first)
        try "not an id\n".write(toFile: folder + "/installation-id", atomically: true, encoding: .utf8)
        let replaced = try #require(InstallationID.load(folder: folder))
        #expect(replaced != "not an id" && InstallationID.isValid(replaced))
    }
}
