import Foundation
import Testing

@testable import NetsnapOperations

/// The executable's start-up pages are given back once; only the first claim gets to.
@Suite(.serialized) struct ResidentMemoryTests {
    /// This process's file-backed resident memory in kB, from /proc/self/status.
    private static func residentFileKilobytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("RssFile:") })
        return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]))
    }

    @Test func releasingStartUpPagesLowersFileBackedResidentMemory() throws {
        // The test binary is large and mostly mapped in by now; what it needs comes back.
        let before = try Self.residentFileKilobytes()
        ResidentMemory.releasePagesUsedOnlyAtStart()
        let after = try Self.residentFileKilobytes()
        #expect(after < before - 1024, "RssFile \(before) kB → \(after) kB")
    }

    @Test func onlyTheFirstClaimSucceedsAcrossThreads() async {
        let once = FirstTime()
        let claims = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<64 { group.addTask { once.claim() } }
            return await group.reduce(into: 0) { count, claimed in count += claimed ? 1 : 0 }
        }
        #expect(claims == 1)
        #expect(!once.claim())
    }
}
