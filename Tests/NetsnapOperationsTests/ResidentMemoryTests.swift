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

    /// Only pages the file still backs are given back: one copied on write is the process's
    /// own, which the kernel could only write to swap.
    @Test func onlyPagesTheFileBacksAreGivenBack() throws {
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("netsnap-pages-\(UUID().uuidString)")
        try Data(repeating: 7, count: pageSize * 4).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let path = file.path
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let mapped = try #require(mmap(nil, pageSize * 4, PROT_READ | PROT_WRITE, MAP_PRIVATE, descriptor, 0))
        try #require(mapped != MAP_FAILED)
        defer { munmap(mapped, pageSize * 4) }
        // Pages 0 and 1 read, page 2 written (a private copy), page 3 read.
        let bytes = mapped.assumingMemoryBound(to: UInt8.self)
        var sum = 0
        for page in [0, 1, 3] { sum += Int(bytes[page * pageSize]) }
        bytes[2 * pageSize] = 9
        #expect(sum == 21)
        let pagemap = open("/proc/self/pagemap", O_RDONLY)
        try #require(pagemap >= 0)
        defer { close(pagemap) }
        let start = UInt(bitPattern: mapped)
        let runs = ResidentMemory.fileBackedRuns(from: start, to: start + UInt(pageSize * 4), pagemap: pagemap)
        let page = UInt(pageSize)
        #expect(runs == [start..<(start + 2 * page), (start + 3 * page)..<(start + 4 * page)])
    }

    /// A kernel without /proc/self/pagemap still gets the read-only segments back, whole.
    @Test func withoutPagemapTheReadOnlyMappingsGoBackWhole() {
        #expect(ResidentMemory.runsToGiveBack(from: 0x1000, to: 0x5000, writable: false, pagemap: -1) == [0x1000..<0x5000])
        #expect(ResidentMemory.runsToGiveBack(from: 0x1000, to: 0x5000, writable: true, pagemap: -1).isEmpty)
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
