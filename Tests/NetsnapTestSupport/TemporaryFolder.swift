import Foundation

/// A fresh, uniquely named folder under the system's temporary folder, named
/// `netsnap-PURPOSE-UUID` so a leftover says which test left it. Tests remove it themselves.
public enum TemporaryFolder {
    /// A new unique path for `purpose`, not created (for tests of what creates it).
    public static func path(_ purpose: String) -> String {
        NSTemporaryDirectory() + "netsnap-\(purpose)-\(UUID().uuidString)"
    }

    /// A new unique folder for `purpose`, created with `subfolders` inside it; its path.
    public static func make(_ purpose: String, subfolders: [String] = []) throws -> String {
        let folder = path(purpose)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for subfolder in subfolders {
            try FileManager.default.createDirectory(atPath: folder + "/" + subfolder, withIntermediateDirectories: true)
        }
        return folder
    }
}
