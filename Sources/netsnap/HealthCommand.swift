import ArgumentParser
import NetsnapApp

/// `netsnap health`: one GET of a netsnap server's `/healthz`, for a container's health check
/// (the image has no curl), through AsyncHTTPClient (docs/operations.md has its cost).
struct HealthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "health",
        abstract: "Ask a running netsnap server whether it is healthy (GET /healthz); exit 0 on a 2xx answer.",
        discussion: """
            Examples:
              netsnap health                  # GET http://127.0.0.1:8080/healthz
              netsnap health --url http://127.0.0.1:9000/healthz --timeout 5

            One plain HTTP/1.1 GET (http:// only, no TLS, no redirects), for health checks \
            where there is no curl: the container image's HEALTHCHECK runs it. Exit status 0 \
            when the server answers 2xx; 1 otherwise, with one line on stderr saying why \
            (connection refused, no answer within the time-out, or the status and the \
            server's reason). With serve.token set, list /healthz in serve.publicPaths.
            """
    ).subcommandOfNetsnap

    @Option(help: ArgumentHelp("The health URL to GET (http:// only).", valueName: "url"))
    var url = "http://127.0.0.1:8080/healthz"

    @Option(help: ArgumentHelp("Seconds to wait for the whole answer (0.1 to 300).", valueName: "seconds"))
    var timeout = 2.0

    func validate() throws {
        do {
            try HealthJob(url: url, timeout: timeout).validate()
        } catch {
            throw ValidationError(error.message)
        }
    }

    func run() async throws {
        try await HealthJob(url: url, timeout: timeout).run()
    }
}
