import Foundation
import Testing

@testable import NetsnapResources

@Suite struct ResourceLocationTests {
    /// A fresh `<prefix>` folder with `bin/` in it, removed by the caller.
    private func makePrefix() throws -> URL {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("netsnap-resources-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        return prefix
    }

    private func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test func shareFolderBesideTheBinFolderIsUsed() throws {
        let prefix = try makePrefix()
        defer { try? FileManager.default.removeItem(at: prefix) }
        try write("<html>", to: prefix.appendingPathComponent("share/netsnap/templates/index.html"))
        try write("{}", to: prefix.appendingPathComponent("share/netsnap/sample-snapshot.json"))

        let found = ResourceLocation.installed(besideExecutable: prefix.appendingPathComponent("bin/netsnap").path)
        #expect(found?.templatesDirectory == prefix.appendingPathComponent("share/netsnap/templates").path)
        #expect(found?.sampleSnapshotPath == prefix.appendingPathComponent("share/netsnap/sample-snapshot.json").path)
    }

    @Test func debianLayoutMapsUsrBinToUsrShare() {
        let found = ResourceLocation.installed(besideExecutable: "/usr/bin/netsnap") { _ in true }
        #expect(
            found
                == ResourceLocation(
                    templatesDirectory: "/usr/share/netsnap/templates", sampleSnapshotPath: "/usr/share/netsnap/sample-snapshot.json"))
    }

    @Test func incompleteShareFolderIsSkipped() throws {
        let prefix = try makePrefix()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let executable = prefix.appendingPathComponent("bin/netsnap").path
        #expect(ResourceLocation.installed(besideExecutable: executable) == nil)

        try write("{}", to: prefix.appendingPathComponent("share/netsnap/sample-snapshot.json"))
        #expect(ResourceLocation.installed(besideExecutable: executable) == nil, "no templates yet")

        try write("<html>", to: prefix.appendingPathComponent("share/netsnap/templates/index.html"))
        #expect(ResourceLocation.installed(besideExecutable: executable) != nil)
    }

    /// In a build folder there is no share folder, so the SwiftPM bundle beside the executable,
    /// found by path, is used: the very folder SwiftPM's own lookup finds.
    @Test func buildUsesTheBundleBesideTheExecutableWithEveryShippedFile() throws {
        let shipped = ResourceLocation.shipped
        let executable = try #require(ResourceLocation.executablePath)
        #expect(shipped == ResourceLocation.bundle(besideExecutable: executable))
        #expect(
            URL(fileURLWithPath: shipped.templatesDirectory).resolvingSymlinksInPath() == Bundle.module.bundleURL.resolvingSymlinksInPath())
        #expect(Bundle.module.bundleURL.lastPathComponent == ResourceLocation.bundleFolderName)
        let fileManager = FileManager.default
        for name in [
            "index.html", "small.html", "medium.html", "large.html", "embed.html", "netsnap.css", "live.js", "netsnap.js", "sites.js",
        ] {
            #expect(fileManager.fileExists(atPath: "\(shipped.templatesDirectory)/\(name)"), "\(name)")
        }
        let sample = try #require(fileManager.contents(atPath: shipped.sampleSnapshotPath))
        let document = try JSONSerialization.jsonObject(with: sample) as? [String: Any]
        #expect(document?["generatedAt"] != nil)
    }

    @Test func bundleBesideTheExecutableNeedsTheTemplatesAndTheSample() throws {
        let prefix = try makePrefix()
        defer { try? FileManager.default.removeItem(at: prefix) }
        let executable = prefix.appendingPathComponent("bin/netsnap").path
        let top = prefix.appendingPathComponent("bin/\(ResourceLocation.bundleFolderName)")
        #expect(ResourceLocation.bundle(besideExecutable: executable) == nil)
        try write("<html>", to: top.appendingPathComponent("index.html"))
        #expect(ResourceLocation.bundle(besideExecutable: executable) == nil, "no sample yet")
        try write("{}", to: top.appendingPathComponent("sample-snapshot.json"))
        #expect(
            ResourceLocation.bundle(besideExecutable: executable)
                == ResourceLocation(
                    templatesDirectory: top.path, sampleSnapshotPath: top.appendingPathComponent("sample-snapshot.json").path))
    }
}
