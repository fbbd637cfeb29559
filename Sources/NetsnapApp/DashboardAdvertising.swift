import Foundation
import Logging
import NetsnapAvahi
import NetsnapConfiguration
import NetsnapRender
import NetsnapServer
import NetsnapWatch
import Synchronization

/// `serve.advertise: true`: the dashboard announced on the LAN as `_http._tcp` with TXT
/// `path=/`, so a tablet's browser or a DNS-SD app finds it. Never stops the server: a missing
/// avahi-daemon or a loopback-only address is a warning.
final class DashboardAdvertising: Sendable {
    static let serviceType = "_http._tcp"

    private let serve: ServeConfiguration
    private let logger: Logger
    private let advertiser = Mutex<ServiceAdvertiser?>(nil)

    init(serve: ServeConfiguration, logger: Logger) {
        self.serve = serve
        self.logger = logger
    }

    /// Starts advertising `port`, the one the server listens on, when the config asks for it.
    func start(port: Int) {
        guard serve.advertise else { return }
        if Self.isLoopback(serve.host) {
            logger.warning(
                "serve.advertise: not advertised, since the server only listens on this machine",
                metadata: ["host": "\(serve.host)", "fix": "set serve.host to 0.0.0.0 (or ::) so displays on the LAN can connect"])
            return
        }
        let name =
            serve.advertiseName
            ?? "netsnap on \(ProcessInfo.processInfo.hostName.split(separator: ".").first.map(String.init) ?? "this host")"
        do {
            let started = try ServiceAdvertiser.start(name: name, type: Self.serviceType, port: port, txt: ["path=/"], logger: logger)
            advertiser.withLock { $0 = started }
        } catch {
            logger.warning("serve.advertise: not advertised; serving goes on", metadata: ["error": "\(error)"])
        }
    }

    /// Withdraws the announcement.
    func stop() {
        advertiser.withLock { advertiser in
            advertiser?.stop()
            advertiser = nil
        }
    }

    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host.hasPrefix("127.")
    }
}
