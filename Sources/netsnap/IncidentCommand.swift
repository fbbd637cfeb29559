import ArgumentParser
import NetsnapApp

/// `netsnap incident`: the outages netsnap recorded, with a person's word.
struct IncidentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "incident",
        abstract: "List incidents, add a note to one, or close one netsnap cannot see end.",
        discussion: """
            Examples:
              netsnap incident list
              netsnap incident note 12 "ISP confirmed a fibre cut"
              netsnap incident close 12

            A note and a closing show in incidents.json and the feeds at the next cycle.
            """,
        subcommands: [List.self, Note.self, Close.self]
    ).subcommandOfNetsnap

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "One line per incident the history keeps, newest first.")
        @OptionGroup var options: HistoryCommand.StateOptions

        func run() throws {
            for line in try IncidentJob(configuration: try options.configuration()).list() { print(line) }
        }
    }

    struct Note: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Set an incident's note (shown on incidents.json and in the feeds).")
        @OptionGroup var options: HistoryCommand.StateOptions
        @Argument(help: "The incident's number (netsnap incident list).") var id: Int64
        @Argument(help: "The note.") var text: String

        func run() throws { try IncidentJob(configuration: try options.configuration()).note(id, text) }
    }

    struct Close: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Close an incident netsnap cannot see end.")
        @OptionGroup var options: HistoryCommand.StateOptions
        @Argument(help: "The incident's number (netsnap incident list).") var id: Int64

        func run() throws { try IncidentJob(configuration: try options.configuration()).close(id) }
    }
}
