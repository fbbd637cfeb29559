import Foundation
import NetsnapModel

#if canImport(Glibc)
    import Glibc
#endif

/// Times a name resolution: an A query over UDP to a chosen resolver, or the system
/// resolver through `getaddrinfo` (which follows /etc/nsswitch.conf and resolv.conf).
enum DNSProbe {
    /// The time `resolver` took to answer an A query for `name` with at least one record.
    static func queryTime(name: String, resolver: IPAddress, port: UInt16, timeout: Double) async throws(ProbeError) -> Duration {
        let socket = try Socket(family: resolver.isIPv6 ? AF_INET6 : AF_INET, type: Int32(SOCK_DGRAM.rawValue), protocol: 0)
        let identifier = UInt16.random(in: 0...UInt16.max)
        let query = try message(identifier: identifier, name: name)
        let start = ContinuousClock.now
        let deadline = start + .seconds(timeout)
        // Connected, so the kernel drops datagrams from anyone but the resolver.
        try await socket.connect(to: SocketAddress(resolver, port: port), until: deadline, timeout: timeout)
        try await socket.sendAll(query, until: deadline, timeout: timeout)
        while true {
            let answer = try await socket.receive(maximum: 4096, until: deadline, timeout: timeout)
            guard answer.count >= 12, UInt16(answer[0]) << 8 | UInt16(answer[1]) == identifier else { continue }
            let elapsed = ContinuousClock.now - start
            let responseCode = answer[3] & 0x0F
            let answerCount = UInt16(answer[6]) << 8 | UInt16(answer[7])
            guard responseCode == 0 else { throw .unexpectedAnswer("resolver answered \(Self.responseCodeName(responseCode)) for \(name)") }
            guard answerCount > 0 else { throw .unexpectedAnswer("resolver has no A record for \(name)") }
            return elapsed
        }
    }

    /// The time the system resolver took to resolve `name`.
    static func systemResolutionTime(name: String, timeout: Double) async throws(ProbeError) -> Duration {
        let start = ContinuousClock.now
        guard let outcome = await BlockingCall.run(until: start + .seconds(timeout), { HostResolver.lookUp(name) }) else {
            throw .timedOut(seconds: timeout)
        }
        if case .failure(let failure) = outcome { throw .unresolved(host: name, reason: failure.message) }
        return ContinuousClock.now - start
    }

    /// A standard query (recursion desired) for the A record of `name`.
    static func message(identifier: UInt16, name: String) throws(ProbeError) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(identifier >> 8), UInt8(identifier & 0xFF), 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]
        for label in name.split(separator: ".") {
            let utf8 = Array(label.utf8)
            guard (1...63).contains(utf8.count) else { throw .unexpectedAnswer("\"\(name)\" is not a valid DNS name") }
            bytes.append(UInt8(utf8.count))
            bytes += utf8
        }
        bytes += [0, 0, 1, 0, 1]  // root label, QTYPE A, QCLASS IN
        return bytes
    }

    private static func responseCodeName(_ code: UInt8) -> String {
        switch code {
        case 1: return "FORMERR"
        case 2: return "SERVFAIL"
        case 3: return "NXDOMAIN"
        case 4: return "NOTIMP"
        case 5: return "REFUSED"
        default: return "RCODE \(code)"
        }
    }
}
