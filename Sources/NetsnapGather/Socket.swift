import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A non-blocking socket owned by one probe: closed when released, every wait a
/// suspension on the `SocketReactor` bounded by a deadline.
final class Socket {
    let descriptor: Int32

    /// Opens a non-blocking, close-on-exec socket; throws the `errno` as a `ProbeError`.
    init(family: Int32, type: Int32, protocol: Int32) throws(ProbeError) {
        let descriptor = Glibc.socket(family, type | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), `protocol`)
        guard descriptor >= 0 else { throw ProbeError.system(errno, "socket") }
        self.descriptor = descriptor
    }

    deinit { Glibc.close(descriptor) }

    /// Connects, waiting at most until `deadline`; for TCP this is the three-way handshake.
    func connect(to address: SocketAddress, until deadline: ContinuousClock.Instant, timeout: Double) async throws(ProbeError) {
        let result = address.withSockaddr { Glibc.connect(descriptor, $0, $1) }
        if result == 0 { return }
        guard errno == EINPROGRESS else { throw ProbeError.system(errno, "connect") }
        let fired = await SocketReactor.shared.wait(for: descriptor, .writable, until: deadline)
        guard !fired.isEmpty else { throw ProbeError.timedOut(seconds: timeout) }
        let code = pendingError()
        guard code == 0 else { throw ProbeError.system(code, "connect") }
    }

    /// Sends all of `bytes` on a connected socket before `deadline`.
    func sendAll(_ bytes: [UInt8], until deadline: ContinuousClock.Instant, timeout: Double) async throws(ProbeError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent > 0 {
                offset += sent
                continue
            }
            guard errno == EAGAIN || errno == EWOULDBLOCK else { throw ProbeError.system(errno, "send") }
            guard !(await SocketReactor.shared.wait(for: descriptor, .writable, until: deadline)).isEmpty else {
                throw ProbeError.timedOut(seconds: timeout)
            }
        }
    }

    /// Sends one datagram to `address`; false when the send buffer is full (try again later).
    func sendDatagram(_ bytes: [UInt8], to address: SocketAddress) throws(ProbeError) -> Bool {
        let sent = bytes.withUnsafeBytes { buffer in
            address.withSockaddr { Glibc.sendto(descriptor, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL), $0, $1) }
        }
        if sent >= 0 { return true }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == ENOBUFS { return false }
        throw ProbeError.system(errno, "send")
    }

    /// The next chunk of data, waiting until `deadline`; empty at end of stream.
    func receive(maximum: Int = 16_384, until deadline: ContinuousClock.Instant, timeout: Double) async throws(ProbeError)
        -> [UInt8]
    {
        while true {
            if let chunk = try receiveNow(maximum: maximum) { return chunk.bytes }
            guard await waitReadable(until: deadline) else { throw ProbeError.timedOut(seconds: timeout) }
        }
    }

    /// A datagram or chunk that is already waiting, with its sender; nil when none is.
    func receiveNow(maximum: Int = 16_384) throws(ProbeError) -> (bytes: [UInt8], sender: SocketAddress)? {
        var buffer = [UInt8](repeating: 0, count: maximum)
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let received = buffer.withUnsafeMutableBytes { raw in
            withUnsafeMutablePointer(to: &storage) { storagePointer in
                storagePointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.recvfrom(descriptor, raw.baseAddress, raw.count, 0, $0, &length)
                }
            }
        }
        if received < 0 {
            if errno == EAGAIN || errno == EWOULDBLOCK { return nil }
            throw ProbeError.system(errno, "receive")
        }
        return (Array(buffer.prefix(received)), SocketAddress(storage: storage, length: length))
    }

    /// True when data (or an error) is waiting before `deadline`.
    func waitReadable(until deadline: ContinuousClock.Instant) async -> Bool {
        !(await SocketReactor.shared.wait(for: descriptor, .readable, until: deadline)).isEmpty
    }

    /// Waits for readability or writability, whichever comes first; empty on timeout.
    func wait(_ events: SocketEvents, until deadline: ContinuousClock.Instant) async -> SocketEvents {
        await SocketReactor.shared.wait(for: descriptor, events, until: deadline)
    }

    /// Sets an integer socket option; false when the kernel refuses it.
    @discardableResult
    func setOption(level: Int32, name: Int32, value: Int32) -> Bool {
        var value = value
        return setsockopt(descriptor, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) == 0
    }

    /// The error a non-blocking connect ended with (`SO_ERROR`), 0 on success.
    private func pendingError() -> Int32 {
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length)
        return code
    }
}
