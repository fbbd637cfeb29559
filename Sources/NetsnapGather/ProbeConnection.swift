import NIOCore
import NIOPosix
import NetsnapModel
import Synchronization

/// Opens the probes' TCP connections on NIO's shared event loops: bounded by the attempt's
/// timeout, and closed at once when the task is cancelled, even mid-handshake.
enum ProbeConnection {
    /// A connected channel to `address`:`port`; `initializer` sets up its pipeline first.
    static func openTCP(
        to address: IPAddress, port: UInt16, timeout: Double,
        initializer: @escaping @Sendable (any Channel) -> EventLoopFuture<Void> = { $0.eventLoop.makeSucceededVoidFuture() }
    ) async throws(ProbeError) -> any Channel {
        let target = try socketAddress(address, port: port)
        let slot = ChannelSlot()
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(TimeAmount(seconds: timeout))
            .channelInitializer { channel in
                guard slot.hold(channel) else { return channel.eventLoop.makeFailedFuture(ProbeError.cancelled) }
                return initializer(channel)
            }
        do {
            return try await withTaskCancellationHandler {
                try await bootstrap.connect(to: target).get()
            } onCancel: {
                slot.cancel()
            }
        } catch {
            throw Task.isCancelled ? .cancelled : .translating(error, timeout: timeout, operation: "connect")
        }
    }

    /// NIO's form of an address and port.
    static func socketAddress(_ address: IPAddress, port: UInt16) throws(ProbeError) -> SocketAddress {
        do {
            return try SocketAddress(ipAddress: address.text, port: Int(port))
        } catch {
            throw .unexpectedAnswer("\(address.text) is not an IP address")
        }
    }
}

/// The channel a pending probe opened, so cancelling the task can close it; a channel
/// opened after the cancellation is refused.
final class ChannelSlot: Sendable {
    private enum State {
        case empty
        case holding(any Channel)
        case cancelled
    }

    private let state = Mutex<State>(.empty)

    /// Keeps `channel`; false when the probe was already cancelled.
    func hold(_ channel: any Channel) -> Bool {
        state.withLock { state in
            if case .cancelled = state { return false }
            state = .holding(channel)
            return true
        }
    }

    /// Closes the held channel, and any channel offered later.
    func cancel() {
        let channel: (any Channel)? = state.withLock { state in
            defer { state = .cancelled }
            if case .holding(let channel) = state { return channel }
            return nil
        }
        channel?.close(promise: nil)
    }
}
