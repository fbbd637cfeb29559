import Foundation

/// Reads a snapshot's `devices` array straight from its bytes into devices, without the
/// intermediate JSON values: the array is most of a large snapshot, and building, reading
/// and freeing 100,000 small objects was most of the cost of decoding it.
///
/// It only takes the plain case — every element an object of the members `decodeDevices`
/// reads, with string (or null) values, unescaped strings, every value valid. On anything else it gives up
/// and the decoder reads the document the general way, which reports every issue with
/// its JSON path: the two must agree on every document this one accepts.
struct DeviceArrayScanner {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int

    private init(bytes: UnsafeBufferPointer<UInt8>, index: Int) {
        self.bytes = bytes
        self.index = index
    }

    /// The devices of the array starting at `start`, and the index after it; nil to leave it
    /// to the general path.
    static func scan(_ bytes: [UInt8], from start: Int) -> (devices: [LocalDevice], end: Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            var scanner = DeviceArrayScanner(bytes: buffer, index: start)
            return scanner.array().map { ($0, scanner.index) }
        }
    }

    private mutating func array() -> [LocalDevice]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var devices: [LocalDevice] = []
        skipWhitespace()
        if take(UInt8(ascii: "]")) { return devices }
        while true {
            skipWhitespace()
            guard let device = device() else { return nil }
            devices.append(device)
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            return take(UInt8(ascii: "]")) ? devices : nil
        }
    }

    /// The members a device is made of, as raw text; nil where absent or null (as the
    /// general path reads them: the last of repeated keys wins).
    private struct Members {
        var id: Range<Int>?
        var ipAddress: Range<Int>?
        var macAddress: Range<Int>?
        var hostname: Range<Int>?
        var vendor: Range<Int>?
        var deviceType: Range<Int>?
        var customName: Range<Int>?
        var status: Range<Int>?
        var firstSeen: Range<Int>?
        var lastSeen: Range<Int>?
    }

    private mutating func device() -> LocalDevice? {
        guard take(UInt8(ascii: "{")) else { return nil }
        var members = Members()
        skipWhitespace()
        if !take(UInt8(ascii: "}")) {
            while true {
                skipWhitespace()
                guard let key = plainString() else { return nil }
                skipWhitespace()
                guard take(UInt8(ascii: ":")) else { return nil }
                skipWhitespace()
                let value: Range<Int>?
                if let text = plainString() {
                    value = text
                } else if literal("null") {
                    value = nil
                } else {
                    return nil
                }
                switch key.count {
                case 2 where matches(key, "id"): members.id = value
                case 6 where matches(key, "vendor"): members.vendor = value
                case 6 where matches(key, "status"): members.status = value
                case 8 where matches(key, "hostname"): members.hostname = value
                case 8 where matches(key, "lastSeen"): members.lastSeen = value
                case 9 where matches(key, "ipAddress"): members.ipAddress = value
                case 9 where matches(key, "firstSeen"): members.firstSeen = value
                case 10 where matches(key, "macAddress"): members.macAddress = value
                case 10 where matches(key, "deviceType"): members.deviceType = value
                case 10 where matches(key, "customName"): members.customName = value
                // An unknown key goes the general way: it may be a member this scanner was
                // not taught yet, which it must not drop.
                default: return nil
                }
                skipWhitespace()
                if take(UInt8(ascii: ",")) { continue }
                guard take(UInt8(ascii: "}")) else { return nil }
                break
            }
        }
        return make(members)
    }

    /// The device, when every member is valid; nil where the general path finds an issue.
    private func make(_ members: Members) -> LocalDevice? {
        guard let idText = members.id, let id = UUIDText.parse(utf8: bytes[idText]),
            let ipText = members.ipAddress, let ipAddress = IPAddress(string(ipText)),
            let macText = members.macAddress, let macAddress = MACAddress(string(macText)),
            let statusText = members.status, let status = LocalDevice.Status(rawValue: string(statusText)),
            let firstSeen = date(members.firstSeen), let lastSeen = date(members.lastSeen)
        else { return nil }
        var hostname: String?
        var vendor: String?
        var customName: String?
        if let range = members.hostname {
            hostname = string(range)
            guard TextLimit.hostname.admits(hostname!) else { return nil }
        }
        if let range = members.vendor {
            vendor = string(range)
            guard TextLimit.name.admits(vendor!) else { return nil }
        }
        if let range = members.customName {
            customName = string(range)
            guard TextLimit.name.admits(customName!) else { return nil }
        }
        let deviceType = members.deviceType.flatMap { LocalDevice.DeviceType(rawValue: string($0)) } ?? .unknown
        return LocalDevice(
            id: id, ipAddress: ipAddress, macAddress: macAddress, hostname: hostname, vendor: vendor, deviceType: deviceType,
            customName: customName, status: status, firstSeen: firstSeen, lastSeen: lastSeen)
    }

    private func date(_ range: Range<Int>?) -> Date? {
        guard let range, let date = RFC3339.parse(bytes: UnsafeBufferPointer(rebasing: bytes[range])),
            date < ObjectReader.datesEnd
        else { return nil }
        return date
    }

    /// Text `plainString` checked: ASCII, or valid UTF-8.
    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private func matches(_ range: Range<Int>, _ key: StaticString) -> Bool {
        memcmp(bytes.baseAddress! + range.lowerBound, key.utf8Start, range.count) == 0
    }

    /// The contents of a string without escapes or control characters, valid UTF-8; nil
    /// (index unchanged) for anything else.
    private mutating func plainString() -> Range<Int>? {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        var position = index + 1
        var isASCII = true
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let range = index + 1..<position
                if !isASCII, String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) == nil { return nil }
                index = position + 1
                return range
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            if byte >= 0x80 { isASCII = false }
            position += 1
        }
        return nil
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count, memcmp(bytes.baseAddress! + index, word.utf8Start, count) == 0 else { return false }
        index += count
        return true
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }
}
