import Foundation
import Glibc

/// Where the files netsnap ships beside its code — the page templates and the sample
/// snapshot — are read at run time. One search order serves every way of installing it:
///
/// 1. `<folder of the executable>/../share/netsnap`, when it holds them: the Debian package
///    (`/usr/bin/netsnap` → `/usr/share/netsnap`) and any other prefix laid out the same way;
/// 2. SwiftPM's resource bundle beside the executable: a build folder (`swift build`,
///    `swift run`, `swift test`) and `scripts/install.sh`;
/// 3. SwiftPM's own bundle lookup, for anything else.
///
/// The first two are found by path, from `/proc/self/exe` — or, where `/proc` is not mounted
/// (a chroot, some sandboxes), from the path the kernel was asked to run (`AT_EXECFN`), so
/// netsnap never falls through to SwiftPM's lookup, which stops the process (a trap) when its
/// baked-in build path is absent too. `Bundle.main`, which SwiftPM's
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
        // Without a path SwiftPM's lookup would have no main bundle either, and stop the process.
        guard let executable = executablePath else { return packaged }
        return installed(besideExecutable: executable) ?? bundle(besideExecutable: executable) ?? bundled
    }()

    /// This process's executable, symbolic links resolved: from `/proc/self/exe`, else from
    /// `AT_EXECFN` (resolved against the working folder, which has not changed yet when
    /// this first runs); nil when neither names a file.
    public static var executablePath: String? {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        // glibc's getauxval (<sys/auxv.h>, which the Glibc module leaves out), found by name.
        typealias AuxiliaryValue = @convention(c) (UInt) -> UInt
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getauxval"),
            let name = UnsafePointer<CChar>(bitPattern: unsafeBitCast(symbol, to: AuxiliaryValue.self)(Self.auxiliaryExecutableName)),
            let resolved = realpath(name, nil)
        else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `AT_EXECFN` (<elf.h>): the file name the program was started as.
    static let auxiliaryExecutableName: UInt = 31

    /// The Debian package's share folder: where a binary that cannot find itself looks last,
    /// so a missing file is reported by its path instead of stopping the process.
    static let packaged = ResourceLocation(
        templatesDirectory: "/usr/share/netsnap/\(templatesFolderName)", sampleSnapshotPath: "/usr/share/netsnap/\(sampleFileName)")

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
