/// How the server names itself in the `Server` field of every response.
enum ServerIdentity {
    static let name = "netsnap"
}
