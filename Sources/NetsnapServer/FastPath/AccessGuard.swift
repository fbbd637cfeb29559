import HTTPTypes
import Hummingbird
import NetsnapDisplays

/// The optional bearer token. With one configured, a request must carry it as
/// `Authorization: Bearer <token>` (browsers, scripts, Home Assistant) or as
/// `Access-Token: <token>` (the header TRMNL firmware sends) — except the public paths, the
/// display images, whose names are keyed hashes and so work as capabilities, and
/// `/api/setup` (with or without a trailing slash), which hands the token only to the
/// configured devices.
struct AccessGuard: Sendable {
    let token: [UInt8]?
    let publicPaths: Set<String>

    init(token: String?, publicPaths: [String]) {
        self.token = token.map { Array($0.utf8) }
        self.publicPaths = Set(publicPaths)
    }

    static var accessTokenField: HTTPField.Name { HTTPField.Name("Access-Token")! }

    /// Whether a request may be answered, and by which part of the server. The one access
    /// decision: the router's responder (`ServerResponder`) and both shortcuts
    /// (`CachedFileShortcut`, `PlainFileShortcut`, through `keptAnswer`) ask it and nothing
    /// else, files and tiles alike, so no way of answering can let through what another refuses.
    struct Admission: Equatable, Sendable {
        /// The part of the server the path belongs to (also the metrics' `handler` label).
        let handler: RequestHandler
        /// False: the token is needed and was not presented; the answer is `refusal`.
        let admitted: Bool
    }

    /// The admission of a request of `path` with `headers`: it passes when no token is
    /// configured, the path is public (a configured public path, a display image — its keyed
    /// name is the capability —, `/api/setup`, which hands the token only to the configured
    /// devices), or the request carries the token. A request read straight from the bytes
    /// (`PlainFileRequest`) has no credentials by construction: pass it no headers.
    func admission(path: String, headers: HTTPFields) -> Admission {
        Admission(handler: RequestHandler(path: path), admitted: admits(path: path, headers: headers))
    }

    /// The 401 for a request that is not admitted.
    static var refusal: Response {
        PlainResponse.make(
            .unauthorized, "unauthorized: send Authorization: Bearer <token>",
            headers: [.wwwAuthenticate: "Bearer realm=\"netsnap\""])
    }

    private func admits(path: String, headers: HTTPFields) -> Bool {
        guard let token else { return true }
        if publicPaths.contains(path) || DisplayPaths.isImage(path) || DisplayPaths.isSetup(path) { return true }
        guard let presented = presentedToken(in: headers) else { return false }
        return Self.constantTimeEquals(Array(presented.utf8), token)
    }

    private func presentedToken(in headers: HTTPFields) -> Substring? {
        if let authorization = headers[.authorization] {
            let scheme = "bearer "
            guard authorization.count > scheme.count, authorization.prefix(scheme.count).lowercased() == scheme else {
                return nil
            }
            return authorization.dropFirst(scheme.count)
        }
        return headers[Self.accessTokenField].map { $0[...] }
    }

    /// Compares without stopping at the first difference, so response timing says nothing
    /// about how much of a guess was right.
    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }
}
