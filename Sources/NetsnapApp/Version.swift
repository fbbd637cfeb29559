/// netsnap's version, said by `--version`, MQTT discovery and `/metrics`.
public enum Version {
    public static let current = "0.1.0"
}
