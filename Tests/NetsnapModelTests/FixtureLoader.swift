import Foundation
import Testing

/// Reads a file from the test bundle's Fixtures folder.
enum FixtureLoader {
    static func bytes(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        return Array(try Data(contentsOf: url))
    }
}
