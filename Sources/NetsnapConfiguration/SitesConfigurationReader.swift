import Foundation
import NetsnapPush
import NetsnapSettings
import NetsnapSites

/// Reads the `sites:` section strictly; every key it leaves unset is the `mqtt:` section's.
enum SitesConfigurationReader {
    static func sites(_ reader: ConfigurationReader, mqtt: MQTTSettings?) throws(ConfigurationError) -> SitesSettings {
        try reader.checkDocumentedKeys()
        let ownHost = try reader.string("host")
        guard let host = ownHost ?? mqtt?.host else {
            throw reader.error("host", "required without an mqtt: section: the broker's host name or address")
        }
        guard !host.isEmpty, !host.contains(where: \.isWhitespace) else {
            throw reader.error("host", "expected a host name or address such as 192.168.1.5")
        }
        var broker = mqtt ?? MQTTSettings(host: host, nodeID: MQTTSettings.nodeID(fromHostName: ProcessInfo.processInfo.hostName))
        broker.host = host
        if let port = try reader.integer("port", in: 1...65_535) { broker.port = port }
        if let username = try reader.string("username") {
            broker.username = username
            broker.password = try reader.string("password")
        } else if try reader.string("password") != nil {
            throw reader.error("password", "a password needs a username")
        }
        if let tls = try reader.section("tls") {
            try tls.checkDocumentedKeys()
            guard let ca = try tls.string("ca") else { throw tls.error("ca", "required: the CA certificate file that signed the broker's") }
            guard FileManager.default.isReadableFile(atPath: ca) else { throw tls.error("ca", "\"\(ca)\" cannot be read") }
            broker.tlsCAFile = ca
        }
        if let prefix = try reader.string("topicPrefix") {
            broker.topicPrefix = try PushConfigurationReader.topic(prefix, key: "topicPrefix", reader)
        }
        var settings = SitesSettings(broker: broker)
        if let seconds = try reader.number("freshnessSeconds", in: 10...604_800) { settings.freshnessSeconds = seconds }
        if let seconds = try reader.number("lostAfterSeconds", in: 0...86_400) { settings.lostAfterSeconds = seconds }
        if let bytes = try reader.integer("maximumSnapshotBytes", in: 1_024...(64 * 1024 * 1024)) { settings.maximumSnapshotBytes = bytes }
        if let forward = try reader.bool("forwardEvents") { settings.forwardEvents = forward }
        return settings
    }
}
