import NetsnapModel
import Testing

@testable import NetsnapGather

/// `InterfaceLink` over fixture folders shaped as `/sys/class/net` is.
@Suite struct InterfaceLinkTests {
    let sysClassNet = Fixture.path("sys-class-net")

    @Test func gigabitEthernetThatIsUp() {
        let link = InterfaceLink.read("eth0", sysClassNet: sysClassNet)
        #expect(
            link
                == InterfaceLink(
                    name: "eth0", files: ["speed": "1000\n", "operstate": "up\n", "type": "1\n"], hasWireless: false, driver: nil))
        #expect(link.kind == .ethernet && link.isUp == true && link.speedMbps == 1000)
    }

    @Test func wifiByItsWirelessFolderHasNoSpeed() {
        let link = InterfaceLink.read("wlan0", sysClassNet: sysClassNet)
        #expect(link.kind == .wifi && link.isUp == true && link.speedMbps == nil)
    }

    @Test func wifiByDevtypeAlone() {
        let link = InterfaceLink(name: "wlp2s0", files: ["uevent": "DEVTYPE=wlan\nINTERFACE=wlp2s0\n"], hasWireless: false, driver: nil)
        #expect(link.kind == .wifi)
    }

    @Test func cellularModemWithUnknownStateAndNoSpeed() {
        let link = InterfaceLink.read("wwan0", sysClassNet: sysClassNet)
        #expect(link.kind == .cellular && link.isUp == nil && link.speedMbps == nil)
    }

    @Test func cellularByDevtypeTypeNameOrDriver() {
        let byDevtype = InterfaceLink(name: "usb0", files: ["uevent": "DEVTYPE=wwan\n"], hasWireless: false, driver: nil)
        let byType = InterfaceLink(name: "usb0", files: ["type": "512\n"], hasWireless: false, driver: nil)
        let byName = InterfaceLink(name: "ppp0", files: [:], hasWireless: false, driver: nil)
        let byDriver = InterfaceLink(name: "usb0", files: [:], hasWireless: false, driver: "qmi_wwan")
        let tethered = InterfaceLink(name: "usb0", files: [:], hasWireless: false, driver: "cdc_ether")
        #expect([byDevtype, byType, byName, byDriver].allSatisfy { $0.kind == .cellular })
        #expect(tethered.kind == .ethernet)
    }

    @Test func aDownLinkHasNoSpeedWhateverTheDriverKept() {
        let link = InterfaceLink.read("enx-down", sysClassNet: sysClassNet)
        #expect(link.kind == .ethernet && link.isUp == false && link.speedMbps == nil)
    }

    @Test func tenGigabitAndNonsenseSpeeds() {
        #expect(InterfaceLink.read("veth-virtual", sysClassNet: sysClassNet).speedMbps == 10_000)
        for junk in ["-1", "0", "fast", "", "99999999999"] {
            #expect(
                InterfaceLink(name: "eth1", files: ["speed": junk, "operstate": "up"], hasWireless: false, driver: nil).speedMbps == nil)
        }
    }

    @Test func aMissingFolderReadsAsAWireWithNothingKnown() {
        let link = InterfaceLink.read("nothing-here", sysClassNet: sysClassNet)
        #expect(link.kind == .ethernet && link.isUp == nil && link.speedMbps == nil)
    }
}
