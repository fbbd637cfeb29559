import CAvahi
import Logging

/// Announces one service on the LAN through the system's avahi-daemon, on Avahi's own thread,
/// until `stop()`. A name taken by another host is replaced by Avahi's alternative ("… #2"),
/// and the service is announced again when the daemon restarts.
public final class ServiceAdvertiser: @unchecked Sendable {
    // Everything below is touched only on the poll's thread, or before it starts and after it
    // stops — Avahi's threaded poll guarantees that, hence the unchecked Sendable.
    private let avahi: netsnap_avahi
    private let poll: OpaquePointer
    private var client: OpaquePointer?
    private var group: OpaquePointer?
    private var name: String
    private let type: String
    private let port: UInt16
    private let txt: [String]
    private let logger: Logger
    private var stopped = false

    private init(avahi: netsnap_avahi, poll: OpaquePointer, name: String, type: String, port: UInt16, txt: [String], logger: Logger) {
        self.avahi = avahi
        self.poll = poll
        self.name = name
        self.type = type
        self.port = port
        self.txt = txt
        self.logger = logger
    }

    /// Starts announcing `name` as a `type` service (such as `_http._tcp`) on `port` with the
    /// TXT records `txt` ("path=/"); throws when no avahi-daemon answers.
    public static func start(name: String, type: String, port: Int, txt: [String], logger: Logger) throws(AvahiError) -> ServiceAdvertiser {
        let avahi = try AvahiLibrary.functions()
        guard let poll = avahi.threaded_poll_new() else { throw .failed("out of memory") }
        let advertiser = ServiceAdvertiser(
            avahi: avahi, poll: poll, name: name, type: type, port: UInt16(clamping: port), txt: txt, logger: logger)
        var code: Int32 = 0
        let client = avahi.client_new(
            avahi.threaded_poll_get(poll), AvahiClientFlags(0),
            { client, state, userData in
                guard let client, let userData else { return }
                Unmanaged<ServiceAdvertiser>.fromOpaque(userData).takeUnretainedValue().clientChanged(client, state)
            }, Unmanaged.passUnretained(advertiser).toOpaque(), &code)
        guard let client else {
            avahi.threaded_poll_free(poll)
            throw AvahiError(avahi, code: code)
        }
        advertiser.client = client
        guard avahi.threaded_poll_start(poll) >= 0 else {
            advertiser.release()
            throw .failed("cannot start Avahi's thread")
        }
        return advertiser
    }

    /// Withdraws the service and ends Avahi's thread.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        _ = avahi.threaded_poll_stop(poll)
        release()
    }

    private func release() {
        // Freeing the client frees its entry group too.
        if let client { avahi.client_free(client) }
        client = nil
        group = nil
        avahi.threaded_poll_free(poll)
    }

    private func clientChanged(_ client: OpaquePointer, _ state: AvahiClientState) {
        switch state {
        case AVAHI_CLIENT_S_RUNNING:
            announce(client)
        case AVAHI_CLIENT_S_COLLISION, AVAHI_CLIENT_S_REGISTERING:
            // The host name is being (re)negotiated: announce again once it runs.
            if let group { _ = avahi.entry_group_reset(group) }
        case AVAHI_CLIENT_FAILURE:
            logger.warning(
                "advertising stopped: Avahi failed", metadata: ["error": "\(AvahiError(avahi, code: avahi.client_errno(client)))"])
        default:
            break
        }
    }

    private func groupChanged(_ group: OpaquePointer, _ state: AvahiEntryGroupState) {
        switch state {
        case AVAHI_ENTRY_GROUP_ESTABLISHED:
            logger.info("advertised on the LAN", metadata: ["name": "\(name)", "type": "\(type)", "port": "\(port)"])
        case AVAHI_ENTRY_GROUP_COLLISION:
            rename()
            if let client = avahi.entry_group_get_client(group) { announce(client) }
        case AVAHI_ENTRY_GROUP_FAILURE:
            logger.warning(
                "cannot advertise",
                metadata: ["error": "\(AvahiError(avahi, code: avahi.client_errno(avahi.entry_group_get_client(group))))"])
        default:
            break
        }
    }

    /// Adds the service to the entry group and commits it, renaming on a collision.
    private func announce(_ client: OpaquePointer) {
        if group == nil {
            group = avahi.entry_group_new(
                client,
                { group, state, userData in
                    guard let group, let userData else { return }
                    Unmanaged<ServiceAdvertiser>.fromOpaque(userData).takeUnretainedValue().groupChanged(group, state)
                }, Unmanaged.passUnretained(self).toOpaque())
        }
        guard let group else {
            logger.warning("cannot advertise", metadata: ["error": "\(AvahiError(avahi, code: avahi.client_errno(client)))"])
            return
        }
        guard avahi.entry_group_is_empty(group) != 0 else { return }
        var records: UnsafeMutablePointer<AvahiStringList>?
        for record in txt.reversed() { records = avahi.string_list_add(records, record) }
        defer { avahi.string_list_free(records) }
        for _ in 0..<10 {
            let result = avahi.entry_group_add_service_strlst(
                group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC), AvahiPublishFlags(0), name, type, nil, nil, port,
                records)
            if result == Int32(AVAHI_ERR_COLLISION) {
                rename()
                continue
            }
            if result < 0 {
                logger.warning("cannot advertise", metadata: ["error": "\(AvahiError(avahi, code: result))"])
                return
            }
            let committed = avahi.entry_group_commit(group)
            if committed < 0 { logger.warning("cannot advertise", metadata: ["error": "\(AvahiError(avahi, code: committed))"]) }
            return
        }
    }

    private func rename() {
        guard let alternative = avahi.alternative_service_name(name) else { return }
        let previous = name
        name = String(cString: alternative)
        avahi.free(alternative)
        logger.notice("service name taken on the LAN; advertising under another", metadata: ["taken": "\(previous)", "name": "\(name)"])
    }
}
