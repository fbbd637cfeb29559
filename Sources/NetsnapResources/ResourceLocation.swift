import Foundation

/// Where the files netsnap ships beside its code — the page templates and the sample
/// snapshot — are read at run time. One search order serves every way of installing it:
///
/// 1. `<folder of the executable>/../share/netsnap`, when it holds them: the Debian package
///    (`/usr/bin/netsnap` → `/usr/share/netsnap`) and any other prefix laid out the same way;
/// 2. SwiftPM's resource bundle beside the executable: a build folder (`swift build`,
///    `swift run`, `swift test`) and `scripts/install.sh`;
/// 3. SwiftPM's own bundle lookup, for anything else.
///
/// The first two are found by path, from `/proc/self/exe`: `Bundle.main`, which SwiftPM's
/// lookup starts from, lists the executable's whole folder first (1,258 files in this
/// machine's `/usr/bin`), about 4 ms of every start (docs/performance.md). SwiftPM's lookup
/// comes last also because it falls back to the absolute build path baked in at compile
/// time, and stops the process when neither exists.
public struct ResourceLocation: Equatable, Sendable {
    /// The folder of the page templates (`index.html`, …, `partials/`, `netsnap.css`).
    public var templatesDirectory: String
    /// The sample snapshot document.
    public var sampleSnapshotPath: String

    /// The sample's file name, in the share folder and in the bundle.
    public static let sampleFileName = "sample-snapshot.json"
    /// The templates' folder name inside the share folder (the bundle holds them at its top).
    public static let templatesFolderName = "templates"
    /// A file every templates folder has, used to tell a complete share folder from a stray one.
    static let templateMarker = "index.html"

    /// Creates a location from its two paths.
    public init(templatesDirectory: String, sampleSnapshotPath: String) {
        self.templatesDirectory = templatesDirectory
        self.sampleSnapshotPath = sampleSnapshotPath
    }

    /// Where this process reads its shipped files, found once.
    public static let shipped: ResourceLocation = {
        guard let executable = executablePath else { return bundled }
        return installed(besideExecutable: executable) ?? bundle(besideExecutable: executable) ?? bundled
    }()

    /// This process's executable, symbolic links resolved; nil where `/proc` is not mounted.
    public static var executablePath: String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    /// The folder SwiftPM names this module's resource bundle (`<package>_<module>.resources`).
    static let bundleFolderName = "netsnap_NetsnapResources.resources"

    /// The share folder that belongs to an executable at `executablePath`
    /// (`<prefix>/bin/netsnap` → `<prefix>/share/netsnap`), or nil when it lacks the
    /// templates or the sample.
    public static func installed(
        besideExecutable executablePath: String,
        fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> ResourceLocation? {
        let binFolder = URL(fileURLWithPath: executablePath).deletingLastPathComponent()
        let share = binFolder.deletingLastPathComponent().appendingPathComponent("share/netsnap").standardizedFileURL.path
        return complete(
            ResourceLocation(templatesDirectory: "\(share)/\(templatesFolderName)", sampleSnapshotPath: "\(share)/\(sampleFileName)"),
            fileExists)
    }

    /// SwiftPM's resource bundle in the executable's own folder, or nil when it is not there.
    public static func bundle(
        besideExecutable executablePath: String,
        fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> ResourceLocation? {
        let top = URL(fileURLWithPath: executablePath).deletingLastPathComponent().appendingPathComponent(bundleFolderName).path
        return complete(ResourceLocation(templatesDirectory: top, sampleSnapshotPath: "\(top)/\(sampleFileName)"), fileExists)
    }

    /// `location` when it holds the templates and the sample, else nil.
    private static func complete(_ location: ResourceLocation, _ fileExists: (String) -> Bool) -> ResourceLocation? {
        guard fileExists("\(location.templatesDirectory)/\(templateMarker)"), fileExists(location.sampleSnapshotPath) else {
            return nil
        }
        return location
    }

    /// SwiftPM's resource bundle of this module (it copies `Templates/` flat into its top).
    public static var bundled: ResourceLocation {
        let top = Bundle.module.resourceURL!.path
        return ResourceLocation(templatesDirectory: top, sampleSnapshotPath: "\(top)/\(sampleFileName)")
    }
}
