/// A retained MQTT message: the broker keeps the last one per topic and hands it to every new
/// subscriber, so Home Assistant knows the state as soon as it subscribes. An empty payload
/// clears the topic.
public struct RetainedMessage: Sendable, Equatable {
    public var topic: String
    public var payload: [UInt8]

    public init(topic: String, payload: [UInt8]) {
        self.topic = topic
        self.payload = payload
    }

    public init(topic: String, text: String) { self.init(topic: topic, payload: Array(text.utf8)) }
}
