import Foundation
import NetsnapConfiguration
import NetsnapRender
import NetsnapWatch

/// Where a command that makes one file sends it: stdout for "-", else the file, atomically.
enum SingleOutput {
    static func write(_ bytes: [UInt8], to output: String) throws(ApplicationFailure) {
        if output == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        let path = output as NSString
        do {
            _ = try AtomicFileWriter(directory: path.deletingLastPathComponent).write(
                OutputFile(path: path.lastPathComponent, bytes: bytes))
        } catch {
            throw ApplicationFailure(.outputFailed, error.description)
        }
    }
}
