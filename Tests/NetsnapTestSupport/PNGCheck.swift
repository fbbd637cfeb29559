import Foundation

/// Runs pngcheck (Debian's pngcheck package), an independent PNG validator, on bytes written
/// to a temporary file.
public enum PNGCheck {
    /// pngcheck's exit status for `bytes` (0: a valid PNG); `name` goes into the temporary
    /// file's name.
    public static func exitStatus(of bytes: [UInt8], name: String) throws -> Int32 {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("netsnap-\(name)-\(UUID()).png")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pngcheck")
        process.arguments = ["-q", url.path]
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
