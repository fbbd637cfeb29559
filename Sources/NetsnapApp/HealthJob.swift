import NetsnapOperations

/// `netsnap health`: one GET of a netsnap server's `/healthz`, for a container's health check.
public struct HealthJob: Sendable {
    public var url: String
    /// Seconds to wait for the whole answer.
    public var timeout: Double

    public init(url: String, timeout: Double) {
        self.url = url
        self.timeout = timeout
    }

    public func validate() throws(ApplicationFailure) {
        if HealthURL(url) == nil { throw ApplicationFailure(.usage, "--url must be http://HOST[:PORT][/PATH], found \"\(url)\"") }
        if !(timeout.isFinite && (0.1...300).contains(timeout)) {
            throw ApplicationFailure(.usage, "--timeout must be from 0.1 to 300 seconds")
        }
    }

    /// Returns on a 2xx answer; otherwise fails (status 1) saying why.
    public func run() async throws(ApplicationFailure) {
        try validate()
        guard let target = HealthURL(url) else { return }
        let answer: HealthProbe.Answer
        do {
            answer = try await HealthProbe(url: target, timeout: timeout).get()
        } catch {
            throw ApplicationFailure(.refused, "netsnap health: \(url): \(error.description)")
        }
        if !(200..<300).contains(answer.status) {
            throw ApplicationFailure(.refused, "netsnap health: \(url): \(answer.summary)")
        }
    }
}
