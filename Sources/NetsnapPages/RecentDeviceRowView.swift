import Foundation
import Mustache
import NetsnapLanguage
import NetsnapWidgets

/// One newly seen device in the large widget: type icon, name and when it first appeared.
struct RecentDeviceRowView: Sendable {
    let name: String
    let deviceType: String
    let typeWord: String
    let firstSeen: String
    let firstSeenAt: String?

    init(_ row: LargeWidget.DeviceRow, _ wording: Wording = .posix, timeZone: TimeZone = .gmt) {
        name = row.displayName
        deviceType = row.deviceType.rawValue
        typeWord = PageWords.word(row.deviceType.rawValue, wording)
        firstSeen = PageFormat.clock(row.firstSeen, wording, timeZone)
        firstSeenAt = PageFormat.timestamp(row.firstSeen)
    }

    /// An empty row for the `<template>` the script clones when the list grows.
    static let blank = RecentDeviceRowView(name: "", deviceType: "unknown", typeWord: "", firstSeen: "", firstSeenAt: nil)

    private init(name: String, deviceType: String, typeWord: String, firstSeen: String, firstSeenAt: String?) {
        self.name = name
        self.deviceType = deviceType
        self.typeWord = typeWord
        self.firstSeen = firstSeen
        self.firstSeenAt = firstSeenAt
    }
}

/// Looked up by name rather than through `Mirror`, which walks every field for each name a
/// template asks: a dashboard of 1,000 targets asked it a million times.
extension RecentDeviceRowView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "deviceType": self.deviceType
        case "typeWord": self.typeWord
        case "firstSeen": self.firstSeen
        case "firstSeenAt": self.firstSeenAt
        default: nil
        }
    }
}
