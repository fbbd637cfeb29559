import CAvahi
import Foundation

/// Finds the services of one DNS-SD type on the LAN through the system's avahi-daemon.
public enum ServiceBrowser {
    /// Every service of `type` (such as `_netmon._tcp`) that answers within `seconds`, one
    /// entry per name, IPv4 preferred, sorted by name. Blocks the calling thread.
    public static func browse(type: String, seconds: Double) throws(AvahiError) -> [DiscoveredService] {
        let avahi = try AvahiLibrary.functions()
        guard let poll = avahi.simple_poll_new() else { throw .failed("out of memory") }
        defer { avahi.simple_poll_free(poll) }
        let state = BrowseState(avahi)
        let userData = Unmanaged.passUnretained(state).toOpaque()
        var code: Int32 = 0
        let client = avahi.client_new(
            avahi.simple_poll_get(poll), AvahiClientFlags(0),
            { client, clientState, userData in
                guard let userData, clientState == AVAHI_CLIENT_FAILURE else { return }
                let state = Unmanaged<BrowseState>.fromOpaque(userData).takeUnretainedValue()
                state.failure = state.avahi.client_errno(client)
            }, userData, &code)
        guard let client else { throw AvahiError(avahi, code: code) }
        defer { avahi.client_free(client) }
        let browser = avahi.service_browser_new(
            client, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC), type, nil, AvahiLookupFlags(0),
            { browser, interface, proto, event, name, type, domain, _, userData in
                guard let userData else { return }
                let state = Unmanaged<BrowseState>.fromOpaque(userData).takeUnretainedValue()
                let avahi = state.avahi
                switch event {
                case AVAHI_BROWSER_NEW:
                    let resolver = avahi.service_resolver_new(
                        avahi.service_browser_get_client(browser), interface, proto, name, type, domain,
                        AvahiProtocol(AVAHI_PROTO_UNSPEC), AvahiLookupFlags(0), resolved, userData)
                    if resolver != nil { state.pending += 1 }
                case AVAHI_BROWSER_ALL_FOR_NOW:
                    state.allForNow = true
                case AVAHI_BROWSER_FAILURE:
                    state.failure = avahi.client_errno(avahi.service_browser_get_client(browser))
                default:
                    break
                }
            }, userData)
        guard let browser else { throw AvahiError(avahi, code: avahi.client_errno(client)) }
        defer { _ = avahi.service_browser_free(browser) }
        let deadline = Date().addingTimeInterval(seconds)
        while state.failure == nil, !(state.allForNow && state.pending == 0), Date() < deadline {
            if avahi.simple_poll_iterate(poll, 100) != 0 { break }
        }
        if let failure = state.failure { throw AvahiError(avahi, code: failure) }
        return state.bestPerName()
    }
}

/// A resolver's answer: one address of one service, or nothing when it failed.
private let resolved: AvahiServiceResolverCallback = { resolver, interface, _, event, name, _, _, hostName, address, port, _, _, userData in
    guard let userData else { return }
    let state = Unmanaged<BrowseState>.fromOpaque(userData).takeUnretainedValue()
    let avahi = state.avahi
    defer { _ = avahi.service_resolver_free(resolver) }
    state.pending -= 1
    guard event == AVAHI_RESOLVER_FOUND, let name, let hostName, let address else { return }
    var text = [CChar](repeating: 0, count: Int(AVAHI_ADDRESS_STR_MAX) + Int(IF_NAMESIZE) + 1)
    _ = avahi.address_snprint(&text, text.count, address)
    var printed = cText(text)
    let isIPv4 = address.pointee.proto == AvahiProtocol(AVAHI_PROTO_INET)
    // A link-local IPv6 address means nothing without its interface.
    if !isIPv4, printed.lowercased().hasPrefix("fe80:") {
        var interfaceName = [CChar](repeating: 0, count: Int(IF_NAMESIZE) + 1)
        if if_indextoname(UInt32(interface), &interfaceName) != nil { printed += "%" + cText(interfaceName) }
    }
    state.found.append(
        DiscoveredService(
            name: String(cString: name), hostName: String(cString: hostName), address: printed, port: Int(port), isIPv4: isIPv4))
}

/// What one browse has seen so far; only touched on the browsing thread, inside the poll.
private final class BrowseState {
    let avahi: netsnap_avahi
    var pending = 0
    var allForNow = false
    var failure: Int32?
    var found: [DiscoveredService] = []

    init(_ avahi: netsnap_avahi) { self.avahi = avahi }

    /// One answer per service name, IPv4 first, by name.
    func bestPerName() -> [DiscoveredService] {
        var best: [String: DiscoveredService] = [:]
        for service in found where best[service.name].map({ !$0.isIPv4 && service.isIPv4 }) ?? true {
            best[service.name] = service
        }
        return best.values.sorted { $0.name.localizedStandardCompare($1.name) == .orderedAscending }
    }
}

/// The text in a NUL-terminated buffer.
private func cText(_ buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
