import Foundation
import Logging
import NIOPosix
import NetsnapAvahi
import NetsnapConfiguration
import NetsnapLanguage
import NetsnapLink
import NetsnapRender
import NetsnapWatch
import Synchronization

/// `--connect HOST:PORT` and `--discover [NAME]`: the NetMonitor live link feeding a
/// message stream, the same fold `--messages` uses.
enum LinkSource {
    /// The DNS-SD type a NetMonitor agent announces itself under.
    static let serviceType = "_netmon._tcp"
    /// How long one browse waits for answers.
    static let browseSeconds = 5.0

    /// The stream the link feeds, and the link as a service; discovery happens here first, so
    /// a missing daemon or agent ends the command at once with a clear message.
    static func make(
        connect: LinkEndpoint?, discover: String?, configuration: Configuration, logger: Logger
    ) throws -> (LiveMessageStream, LiveLink) {
        let sourceName: String
        let endpoint: @Sendable () async throws -> LinkEndpoint
        if let connect {
            sourceName = configuration.render.wording(EventPhrase.netMonitorAt, ["address": "\(connect)"])
            endpoint = { connect }
        } else {
            let wanted = discover.flatMap { $0.isEmpty ? nil : $0 }
            let first = try discoverOrExit(wanted)
            logger.info("found the agent on the LAN", metadata: ["service": "\(first)"])
            sourceName = "NetMonitor “\(first.name)”"
            let pending = PendingFirst(first)
            // Each later connection browses again: the agent may have a new address by then.
            endpoint = {
                if let first = pending.take() { return first.endpoint }
                return try await browseInBackground(wanted).endpoint
            }
        }
        let stream = LiveMessageStream(sourceName: sourceName)
        var settings = LinkSettings()
        settings.keepaliveSeconds = configuration.watch.keepaliveSeconds
        settings.silenceSeconds = configuration.render.widgets.freshnessSeconds
        settings.maximumLineBytes = LiveMessageStream.maximumLineBytes
        let linkLogger = Logger(label: "netsnap.link")
        // Its own thread: folding a large deviceUpdate must not hold up `serve`'s connections.
        let link = LiveLink(
            settings: settings, group: MultiThreadedEventLoopGroup(numberOfThreads: 1), logger: linkLogger, endpoint: endpoint,
            onEvent: { event in
                switch event {
                case .connected: stream.noteLink(down: nil)
                case .down(let reason, let retry): stream.noteLink(down: "\(reason); next try in \(Int(retry.rounded(.up))) s")
                }
            },
            onLine: { line in stream.consume(line.readableBytesView, logger: linkLogger) })
        return (stream, link)
    }

    /// The one agent to connect to, or a message and exit status 6.
    private static func discoverOrExit(_ name: String?) throws -> DiscoveredService {
        do {
            return try choose(ServiceBrowser.browse(type: serviceType, seconds: browseSeconds), named: name)
        } catch {
            throw ApplicationFailure(.sourceNotFound, "error: --discover: \(error)")
        }
    }

    private static func browseInBackground(_ name: String?) async throws -> DiscoveredService {
        try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(
                    with: Result { try choose(ServiceBrowser.browse(type: serviceType, seconds: browseSeconds), named: name) })
            }.start()
        }
    }

    /// The named service (any case), or the only one.
    static func choose(_ services: [DiscoveredService], named name: String?) throws(DiscoveryError) -> DiscoveredService {
        if let name {
            guard let match = services.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw .notFound(name: name, found: services)
            }
            return match
        }
        guard let only = services.first else { throw .notFound(name: nil, found: []) }
        guard services.count == 1 else { throw .several(services) }
        return only
    }
}

/// Why `--discover` found no agent to connect to.
enum DiscoveryError: Error, CustomStringConvertible {
    case notFound(name: String?, found: [DiscoveredService])
    case several([DiscoveredService])

    var description: String {
        switch self {
        case .notFound(nil, _):
            return "no NetMonitor agent (\(LinkSource.serviceType)) answered on the LAN within \(Int(LinkSource.browseSeconds)) s"
        case .notFound(let name?, let found):
            let others = found.isEmpty ? "none answered" : "found: " + found.map(\.description).joined(separator: ", ")
            return "no NetMonitor agent named “\(name)” (\(LinkSource.serviceType)) on the LAN; \(others)"
        case .several(let found):
            return "several NetMonitor agents (\(LinkSource.serviceType)) on the LAN; name one with --discover NAME: "
                + found.map(\.description).joined(separator: ", ")
        }
    }
}

extension DiscoveredService {
    var endpoint: LinkEndpoint { LinkEndpoint(host: address, port: port) }
}

/// The first discovery's answer, used once for the first connection.
private final class PendingFirst: Sendable {
    private let first: Mutex<DiscoveredService?>

    init(_ service: DiscoveredService) { first = Mutex(service) }

    func take() -> DiscoveredService? {
        first.withLock { value in
            defer { value = nil }
            return value
        }
    }
}
