import Foundation

extension MQTTPublisher {
    /// A message on this node's availability topic. An `offline` heard live while this
    /// netsnap is connected is another installation's (one that shared the node id and
    /// stopped) or a dead one's last will: this netsnap still runs, so it says `online` again,
    /// or its entities would stay unavailable for ever. Not at once: a broker shutting down
    /// sends every will, this netsnap's own too, and then closes the connection — so the
    /// answer waits `reclaimDelaySeconds` and goes only if the same connection still holds.
    /// What the broker kept from before the connection is stale: `online` followed it.
    func heardAvailability(_ payload: [UInt8], retained: Bool) {
        guard !retained, payload == Array("offline".utf8) else { return }
        guard let connection = state.withLock({ $0.connected ? $0.connection : nil }) else { return }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.reclaimDelaySeconds) { [self] in
            reclaim(in: connection)
        }
    }

    /// How long an `offline` stands before this netsnap answers it (see `heardAvailability`).
    static let reclaimDelaySeconds = 1.0

    private func reclaim(in connection: Int) {
        let reclaimed = state.withLock { state -> Bool in
            guard state.connected, state.connection == connection else { return false }
            send(RetainedMessage(topic: discovery.availabilityTopic, text: "online"), in: &state)
            return true
        }
        guard reclaimed else { return }
        monitor.update { $0.mqttAvailabilityReclaims += 1 }
        logger.warning(
            "mqtt: this node was said offline by another netsnap with the same node id (or its last will) while this one runs; said online again",
            metadata: ["nodeId": "\(discovery.settings.nodeID)", "topic": "\(discovery.availabilityTopic)"])
    }

    /// `mqtt forget` asks whether any netsnap of this node still runs: this one answers with
    /// its announcement, not retained, once a second at most (the question is anyone's to send).
    func answerPing(now: Date = Date()) {
        let due = state.withLock { state -> Bool in
            guard state.connected, now.timeIntervalSince(state.lastPingAnswer) >= 1 else { return false }
            state.lastPingAnswer = now
            return true
        }
        if due, client.publish(topic: discovery.pongTopic, payload: owner.payload, retain: false) {
            monitor.update { $0.mqttMessages += 1 }
        }
    }
}
