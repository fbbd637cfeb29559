import Testing

@testable import NetsnapGather

@Suite struct DeviceTypeGuesserTests {
    @Test func hostnameBeatsVendor() {
        #expect(DeviceTypeGuesser.guess(hostname: "Annas-iPhone", vendor: "Apple") == .phone)
        #expect(DeviceTypeGuesser.guess(hostname: "living-room-tv", vendor: "Samsung Electronics") == .tv)
        #expect(DeviceTypeGuesser.guess(hostname: "brn-printer", vendor: "Raspberry Pi Trading") == .printer)
    }

    @Test func vendorRules() {
        #expect(DeviceTypeGuesser.guess(hostname: nil, vendor: "Raspberry Pi Trading") == .iot)
        #expect(DeviceTypeGuesser.guess(hostname: nil, vendor: "Sonos") == .speaker)
        #expect(DeviceTypeGuesser.guess(hostname: nil, vendor: "TP-LINK TECHNOLOGIES") == .router)
        #expect(DeviceTypeGuesser.guess(hostname: nil, vendor: "Apple") == .unknown)
        #expect(DeviceTypeGuesser.guess(hostname: nil, vendor: nil) == .unknown)
    }

    @Test func gatewayIsRouter() {
        #expect(DeviceTypeGuesser.guess(hostname: "annas-iphone", vendor: "Apple", isGateway: true) == .router)
    }
}
