import HTTPTypes
import Testing

@testable import NetsnapServer

/// `AccessGuard.admission`, the one decision the responder and both shortcuts ask: who may
/// be answered, and by which part of the server.
@Suite struct AdmissionTests {
    static let guarded = AccessGuard(token: "s3cret", publicPaths: ["/badge.json"])

    @Test func withATokenOnlyPublicPathsAndTheCapabilitiesPassBare() {
        let bare = HTTPFields()
        #expect(Self.guarded.admission(path: "/widgets.json", headers: bare) == .init(handler: .files, admitted: false))
        #expect(Self.guarded.admission(path: "/badge.json", headers: bare) == .init(handler: .files, admitted: true))
        let image = Self.guarded.admission(path: "/display/0123456789abcdef0123456789abcdef.png", headers: bare)
        #expect(image == .init(handler: .display, admitted: true))
        #expect(Self.guarded.admission(path: "/api/setup/", headers: bare).admitted)
        #expect(!Self.guarded.admission(path: "/api/display", headers: bare).admitted)
    }

    @Test func theTokenOpensEverythingAndWithoutOneAllIsOpen() {
        let bearer: HTTPFields = [.authorization: "Bearer s3cret"]
        #expect(Self.guarded.admission(path: "/widgets.json", headers: bearer) == .init(handler: .files, admitted: true))
        #expect(
            Self.guarded.admission(path: "/healthz", headers: [.init("Access-Token")!: "s3cret"]) == .init(handler: .health, admitted: true)
        )
        #expect(!Self.guarded.admission(path: "/widgets.json", headers: [.authorization: "Bearer s3cre"]).admitted)
        #expect(
            AccessGuard(token: nil, publicPaths: []).admission(path: "/tiles/medium.png", headers: HTTPFields())
                == .init(handler: .tiles, admitted: true))
    }
}
