import Foundation

/// Progress and errors go to stderr, so stdout carries only data.
public enum StandardError {
    public static func print(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
