import Foundation
import NetsnapBuild

/// Where a command that makes one file sends it: stdout for "-", else the file, atomically.
enum SingleOutput {
    static func write(_ bytes: [UInt8], to output: String) throws {
        if output == "-" {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        let path = output as NSString
        do {
            _ = try AtomicFileWriter(directory: path.deletingLastPathComponent).write(
                OutputFile(path: path.lastPathComponent, bytes: bytes))
        } catch {
            StandardError.print(error.description)
            throw ExitStatus.outputFailed
        }
    }
}
