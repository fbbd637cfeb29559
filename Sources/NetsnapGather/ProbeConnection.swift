import NIOCore
import NIOPosix
import NetsnapModel

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
