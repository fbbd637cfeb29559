import NetsnapLanguage
import NetsnapModel

/// The NetMonitor widget rules: overall status, signal bars and network name.
public enum StatusRules {
    /// `offline` without a connection or gateway; `degraded` when a target is offline or
    /// degraded, or the gateway is slower than the threshold; otherwise `online`.
    public static func overall(_ snapshot: Snapshot, options: WidgetOptions) -> OverallStatus {
        let status = snapshot.status
        if !status.isConnected { return .offline }
        if snapshot.targets.contains(where: { !$0.isOnline || isDegraded($0, options: options) }) { return .degraded }
        if let latency = status.gatewayLatency, latency > options.latencyThresholdMs { return .degraded }
        return .online
    }

    /// True when `target` answers but loses more of its echoes, or varies more, than the
    /// thresholds allow. An offline target is not degraded: it is worse, and says so.
    public static func isDegraded(_ target: MonitoringTarget, options: WidgetOptions) -> Bool {
        guard target.isOnline else { return false }
        if let loss = target.lossPercent, loss > options.lossThresholdPercent { return true }
        if let jitter = target.jitterMs, jitter > options.jitterThresholdMs { return true }
        return false
    }

    /// 0–4 bars from dBm (≥ −55 → 4, ≥ −67 → 3, ≥ −75 → 2, ≥ −85 → 1, else 0), else from
    /// the quality percent (≥ 80 → 4, ≥ 60 → 3, ≥ 40 → 2, ≥ 20 → 1, else 0), else nil.
    public static func signalBars(dBm: Int?, percent: Int?) -> Int? {
        if let dBm {
            switch dBm {
            case (-55)...: return 4
            case (-67)...: return 3
            case (-75)...: return 2
            case (-85)...: return 1
            default: return 0
            }
        }
        if let percent {
            switch percent {
            case 80...: return 4
            case 60...: return 3
            case 40...: return 2
            case 20...: return 1
            default: return 0
            }
        }
        return nil
    }

    /// The SSID on Wi-Fi ("Wi-Fi" when it is hidden), else "Ethernet", "Cellular" or "No network".
    public static func networkName(_ status: NetworkStatus, _ wording: Wording = .posix) -> String {
        switch status.connectionType {
        case .wifi: return status.ssid.flatMap { $0.isEmpty ? nil : $0 } ?? wording(.wifi)
        case .ethernet: return wording(.ethernet)
        case .cellular: return wording(.cellular)
        case .none: return wording(.noNetwork)
        }
    }
}
