import ArgumentParser

extension CommandConfiguration {
    /// A subcommand's configuration, marked as belonging to `netsnap`: parsed on its own (see
    /// `Netsnap.main`) it then skips argument-parser's check for a completion-script request,
    /// which only the root offers, and names itself `netsnap NAME`. Under the whole tree it
    /// changes nothing: there the root names the commands.
    var subcommandOfNetsnap: CommandConfiguration {
        var configuration = self
        configuration._superCommandName = "netsnap"
        return configuration
    }
}
