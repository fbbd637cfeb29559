import CAvahi
import Testing

@testable import NetsnapAvahi

/// libavahi-client is opened at run time, not linked: what a missing library says, and that
/// the installed one yields working functions.
@Suite struct AvahiLibraryTests {
    @Test func theInstalledLibraryOpensAndItsFunctionsWork() throws {
        let avahi = try AvahiLibrary.functions()
        let message = try #require(avahi.strerror(Int32(AVAHI_ERR_NO_DAEMON)))
        #expect(String(cString: message) == "Daemon not running")
        let alternative = try #require(avahi.alternative_service_name("netsnap on hall"))
        defer { avahi.free(alternative) }
        #expect(String(cString: alternative) == "netsnap on hall #2")
    }

    @Test func aMissingLibraryIsNamedWithWhatToInstall() {
        #expect {
            _ = try AvahiLibrary.open("libavahi-client-missing.so.3")
        } throws: { error in
            guard case .noLibrary(let library, let why) = error as? AvahiError else { return false }
            let words = (error as? AvahiError)?.description ?? ""
            return library == "libavahi-client-missing.so.3" && why.contains("libavahi-client-missing.so.3")
                && words.contains("apt install libavahi-client3") && words.contains("--connect HOST:PORT")
        }
    }

    @Test func aLibraryWithoutAvahisFunctionsIsRefused() {
        #expect {
            _ = try AvahiLibrary.open("libz.so.1")
        } throws: { error in
            guard case .noLibrary(_, let why) = error as? AvahiError else { return false }
            return why.contains("avahi_")
        }
    }

    @Test func noDaemonWordsSayHowToStartIt() throws {
        let error = AvahiError(try AvahiLibrary.functions(), code: Int32(AVAHI_ERR_NO_DAEMON))
        #expect(error == .noDaemon("Daemon not running"))
        #expect(error.description.contains("systemctl enable --now avahi-daemon"))
    }
}
