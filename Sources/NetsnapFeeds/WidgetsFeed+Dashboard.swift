import NetsnapJSON
import NetsnapModel
import NetsnapWidgets

extension WidgetsFeed {
    /// The `dashboard` member: what the dashboard page shows beyond the widgets, so the page
    /// can update every card in place from this one file.
    static func dashboardMembers(_ details: DashboardDetails) -> [(key: String, value: JSONValue)] {
        let devices = details.devices.map { device in
            JSONValue.object([
                ("displayName", .string(device.displayName)),
                ("ipAddress", .optional(device.ipAddress)),
                ("deviceType", .string(device.deviceType.rawValue)),
                ("status", .string(device.status.rawValue)),
            ])
        }
        return [
            ("sourceName", .optional(details.sourceName)),
            ("sourceKind", .optional(details.sourceKind?.rawValue)),
            ("sessionStartedAt", details.sessionStartedAt.map(JSONValue.date) ?? .null),
            ("runningSeconds", .optional(details.runningSeconds)),
            ("ssid", .optional(details.ssid)),
            ("signalStrength", .optional(details.signalStrength)),
            ("securityType", .optional(details.securityType)),
            ("bssid", .optional(details.bssid)),
            ("gatewayMAC", .optional(details.gatewayMAC)),
            ("localIP", .optional(details.localIP)),
            ("gatewayVendor", .optional(details.gatewayVendor)),
            ("city", .optional(details.city)),
            ("country", .optional(details.country)),
            ("targets", .array(details.targets.map(targetObject))),
            ("targetsOffline", .number(Double(details.targetsOffline))),
            ("averageLatencyMs", .optional(details.averageLatencyMs)),
            ("devices", .array(devices)),
            ("devicesNotListed", .number(Double(details.devicesNotListed))),
            ("lastScanAt", details.lastScanAt.map(JSONValue.date) ?? .null),
        ]
    }
}
