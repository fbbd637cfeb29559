import ArgumentParser
import Foundation
import NetsnapApp

/// `netsnap sample`: print the embedded sample snapshot.
struct SampleCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Print the embedded sample snapshot — a starting point for your own producer.",
        discussion: """
            Example:
              netsnap sample > snapshot.json && netsnap render --input snapshot.json
            """
    ).subcommandOfNetsnap

    func run() async throws {
        FileHandle.standardOutput.write(Data(ValidateJob.sampleBytes))
    }
}
