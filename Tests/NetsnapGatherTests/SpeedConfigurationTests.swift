import Foundation
import NetsnapModel
import NetsnapSettings
import Testing

@testable import NetsnapGather

/// The `speed:` section: exactly one source, a format wherever a report is read, and
/// defaults that keep runs rare and reads cheap.
@Suite struct SpeedConfigurationTests {
    private func failure(_ json: String) -> String {
        do {
            _ = try SpeedConfiguration.parse(section: json, file: "netsnap.yml")
            return "read"
        } catch {
            return "\(error.key): \(error.message)"
        }
    }

    @Test func eachSourceWithItsDefaults() throws {
        let iperf = try SpeedConfiguration.parse(section: #"{"iperf3": "10.0.0.2"}"#, file: "f")
        #expect(iperf.source == .iperf3(host: "10.0.0.2", port: 5201, seconds: 5))
        #expect(iperf.intervalMinutes == 360 && iperf.timeoutSeconds == 120 && iperf.alert == nil)
        let file = try SpeedConfiguration.parse(section: #"{"file": "/run/st.json", "format": "ookla"}"#, file: "f")
        #expect(file.source == .file("/run/st.json", format: .ookla) && file.intervalMinutes == 15)
        let command = try SpeedConfiguration.parse(
            section: #"{"command": ["librespeed-cli", "--json"], "format": "librespeed", "intervalMinutes": 120}"#, file: "f")
        #expect(command.source == .command(["librespeed-cli", "--json"], format: .librespeed) && command.intervalMinutes == 120)
        let url = try SpeedConfiguration.parse(
            section: #"{"url": "http://st.lan/api/v1/results/latest", "token": "t0k", "alertBelowMbps": 50}"#, file: "f")
        #expect(url.source == .url("http://st.lan/api/v1/results/latest", token: "t0k"))
        #expect(url.alert == SpeedAlert(belowMbps: 50, afterRuns: 3))
    }

    @Test func aBadSectionSaysWhatIsWrongWhere() {
        #expect(failure("{}") == "speed: expected exactly one of iperf3, command, file or url, found 0")
        #expect(
            failure(#"{"iperf3": "a", "file": "b", "format": "ookla"}"#)
                == "speed: expected exactly one of iperf3, command, file or url, found 2")
        #expect(failure(#"{"file": "b"}"#) == "speed.file: needs `format` (ookla, librespeed, speedtest-tracker, iperf3)")
        #expect(
            failure(#"{"file": "b", "format": "fast"}"#)
                == #"speed.format: expected one of ookla, librespeed, speedtest-tracker, iperf3, found "fast""#)
        #expect(failure(#"{"url": "ftp://x"}"#) == #"speed.url: expected an http:// or https:// URL, found "ftp://x""#)
        #expect(failure(#"{"iperf3": "a", "alertAfterRuns": 0}"#).hasPrefix("speed.alertAfterRuns:"))
        #expect(failure(#"{"iperf3": "a", "every": 5}"#).hasPrefix("speed.every: unknown key"))
    }
}
