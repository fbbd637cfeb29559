import ArgumentParser
import NetsnapApp

/// `netsnap maintenance`: windows when what they cover raises no notification and its
/// downtime leaves the uptime figures.
struct MaintenanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "maintenance",
        abstract: "Add, list or end maintenance windows (no notifications, uptime left out, marked on every surface).",
        discussion: """
            Examples:
              netsnap maintenance add --targets nas --for 2h --note "firmware update"
              netsnap maintenance add --from 2026-11-29T02:00:00+01:00 --until 2026-11-29T04:00:00+01:00
              netsnap maintenance list
              netsnap maintenance end 3

            Without --targets a window covers everything, the connection included. Weekly
            windows go in the config's maintenance: list.
            """,
        subcommands: [Add.self, List.self, End.self]
    ).subcommandOfNetsnap

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Store a maintenance window.")
        @OptionGroup var options: HistoryCommand.StateOptions
        @Option(help: ArgumentHelp("Target names or ids, comma-separated (default: everything).", valueName: "list")) var targets: String?
        @Option(help: ArgumentHelp("Start (RFC 3339; default now).", valueName: "date")) var from: String?
        @Option(name: .customLong("for"), help: ArgumentHelp("How long: 90m, 2h, 1d.", valueName: "duration")) var duration: String?
        @Option(help: ArgumentHelp("End (RFC 3339), instead of --for.", valueName: "date")) var until: String?
        @Option(help: ArgumentHelp("What is being done.", valueName: "text")) var note: String?

        func run() throws {
            let names = targets?.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty } ?? []
            let id = try MaintenanceJob(configuration: try options.configuration()).add(
                targets: names, start: from, duration: duration, end: until, note: note)
            print("maintenance window \(id) stored")
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The windows of the config and those stored that are not over (with --all, past ones too).")
        @OptionGroup var options: HistoryCommand.StateOptions
        @Flag(help: "List past stored windows too, marked [past].") var all = false

        func run() throws { for line in try MaintenanceJob(configuration: try options.configuration()).list(all: all) { print(line) } }
    }

    struct End: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "End a stored window now.")
        @OptionGroup var options: HistoryCommand.StateOptions
        @Argument(help: "The window's number (netsnap maintenance list).") var id: Int64

        func run() throws { try MaintenanceJob(configuration: try options.configuration()).end(id) }
    }
}
