import ArgumentParser
import Foundation
import NetsnapApp
import NetsnapConfiguration

/// `netsnap history`: the snapshot archive the watch loop keeps.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List, export or import the archived snapshots (every cycle for 48 h, hourly for 30 days, daily for a year).",
        subcommands: [List.self, Export.self, Import.self]
    ).subcommandOfNetsnap

    /// The state folder and the config, shared by the subcommands.
    struct StateOptions: ParsableArguments {
        @OptionGroup var settings: ConfigOptions

        @Option(help: ArgumentHelp("The state folder holding the history.", valueName: "dir"))
        var state: String?

        func configuration() throws -> Configuration { try settings.resolve([.flag("--state", .state, state)]) }

        func job() throws -> HistoryJob { HistoryJob(configuration: try configuration()) }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One line per archived snapshot: its time and size.")
        @OptionGroup var options: StateOptions
        @Option(help: ArgumentHelp("From this RFC 3339 time.", valueName: "date")) var from: String?
        @Option(help: ArgumentHelp("Until this RFC 3339 time.", valueName: "date")) var until: String?

        func run() throws {
            for line in try options.job().list(from: from, until: until) { print(line) }
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Write the archived snapshots as JSON Lines (one snapshot a line) to stdout.")
        @OptionGroup var options: StateOptions
        @Option(help: ArgumentHelp("From this RFC 3339 time.", valueName: "date")) var from: String?
        @Option(help: ArgumentHelp("Until this RFC 3339 time.", valueName: "date")) var until: String?

        func run() throws { try options.job().export(from: from, until: until, to: FileHandle.standardOutput) }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Record a JSON Lines file of snapshots as if watched at their own times (a backfill; no watcher may run).")
        @OptionGroup var options: StateOptions
        @Argument(help: ArgumentHelp("The JSON Lines file ('-' for stdin).", valueName: "file")) var file: String

        func run() throws {
            let (recorded, skipped, reached) = try options.job().importSnapshots(file: file)
            // What was left out and why: the history already reached that far.
            let left =
                reached.map {
                    " (the history already reached \(ISO8601DateFormatter().string(from: $0)); a backfill only adds what is newer)"
                } ?? ""
            print("\(file): \(recorded) snapshots recorded" + (skipped > 0 ? ", \(skipped) skipped\(left)" : ""))
        }
    }
}
