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

    /// The 401 for a request of `path` that needs the token and does not carry it; nil lets
    /// the request through.
    func refusal(of request: Request, path: String) -> Response? {
        if admits(path: path, headers: request.headers) { return nil }
        return PlainResponse.make(
            .unauthorized, "unauthorized: send Authorization: Bearer <token>",
            headers: [.wwwAuthenticate: "Bearer realm=\"netsnap\""])
    }

    /// True when a request of `path` with `headers` may pass: no token is configured, the
    /// path is public, or the request carries the token.
    func admits(path: String, headers: HTTPFields) -> Bool {
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
