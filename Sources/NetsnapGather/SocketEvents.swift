/// The readiness a socket can be waited for; the raw values are epoll's.
struct SocketEvents: OptionSet, Sendable {
    let rawValue: UInt32

    static let readable = SocketEvents(rawValue: 0x001)  // EPOLLIN
    static let writable = SocketEvents(rawValue: 0x004)  // EPOLLOUT
    static let error = SocketEvents(rawValue: 0x008)  // EPOLLERR
    static let hangUp = SocketEvents(rawValue: 0x010)  // EPOLLHUP
    /// Disarms the registration after one event, so a waiter is resumed exactly once.
    static let oneShot = SocketEvents(rawValue: 1 << 30)  // EPOLLONESHOT
}
