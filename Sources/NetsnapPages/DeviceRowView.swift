import Mustache
import NetsnapLanguage
import NetsnapWidgets

/// One device in the dashboard's list: type icon, name, address and status.
struct DeviceRowView: Sendable {
    let name: String
    let ipAddress: String
    /// The device type, which is also the icon's name in the page's SVG sprite.
    let deviceType: String
    let typeWord: String
    let status: StatusView

    init(_ row: DashboardDetails.DeviceRow, _ wording: Wording = .posix) {
        name = row.displayName
        ipAddress = PageFormat.text(row.ipAddress)
        deviceType = row.deviceType.rawValue
        typeWord = PageWords.word(row.deviceType.rawValue, wording)
        status = StatusView(row.status, bind: "status", wording)
    }

    /// An empty row for the `<template>` the script clones when the list grows.
    static let blank = DeviceRowView(
        name: "", ipAddress: "", deviceType: "unknown", typeWord: "", status: StatusView(state: "", bind: "status"))

    private init(name: String, ipAddress: String, deviceType: String, typeWord: String, status: StatusView) {
        self.name = name
        self.ipAddress = ipAddress
        self.deviceType = deviceType
        self.typeWord = typeWord
        self.status = status
    }
}

/// Looked up by name rather than through `Mirror`, which walks every field for each name a
/// template asks: a dashboard of 1,000 targets asked it a million times.
extension DeviceRowView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "ipAddress": self.ipAddress
        case "deviceType": self.deviceType
        case "typeWord": self.typeWord
        case "status": self.status
        default: nil
        }
    }
}
