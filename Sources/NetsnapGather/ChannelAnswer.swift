import NIOCore

/// Waits for the answer a channel's handler delivers through a promise, within the
/// attempt's deadline; the channel is closed however the wait ends (answer, time-out,
/// error or cancellation), so no socket outlives its probe.
enum ChannelAnswer {
    static func wait<Value: Sendable>(
        for promise: EventLoopPromise<Value>, on channel: any Channel, until deadline: ContinuousClock.Instant, timeout: Double,
        operation: String
    ) async throws(ProbeError) -> Value {
        let timer = channel.eventLoop.scheduleTask(in: TimeAmount(max(.zero, deadline - .now))) {
            promise.fail(ProbeError.timedOut(seconds: timeout))
        }
        defer {
            timer.cancel()
            channel.close(promise: nil)
        }
        do {
            return try await withTaskCancellationHandler {
                try await promise.futureResult.get()
            } onCancel: {
                promise.fail(ProbeError.cancelled)
            }
        } catch {
            throw .translating(error, timeout: timeout, operation: operation)
        }
    }
}
