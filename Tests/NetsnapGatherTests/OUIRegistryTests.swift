import NetsnapModel
import Testing

@testable import NetsnapGather

@Suite struct OUIRegistryTests {
    let files: [[UInt8]]

    init() throws { files = try ["oui.csv", "mam.csv", "oui36.csv"].map(Fixture.bytes) }

    @Test func maLargeBlockWithQuotedNameIsCleaned() {
        let vendors = OUIRegistry.vendors(for: [MACAddress("3c:22:fb:aa:bb:cc")!, MACAddress("A4-2B-B0-11-22-30")!], csvFiles: files)
        #expect(vendors[MACAddress("3c:22:fb:aa:bb:cc")!] == "Apple")
        #expect(vendors[MACAddress("a4:2b:b0:11:22:30")!] == "TP-LINK TECHNOLOGIES")
    }

    @Test func longestPrefixWins() {
        let smallBlock = MACAddress("70:b3:d5:f2:f0:01")!  // MA-S 70B3D5F2F inside MA-L 70B3D5
        let mediumBlock = MACAddress("20:85:93:b0:00:01")!  // MA-M 208593B inside MA-L 208593
        let onlyLarge = MACAddress("70:b3:d5:00:00:01")!
        let vendors = OUIRegistry.vendors(for: [smallBlock, mediumBlock, onlyLarge], csvFiles: files)
        #expect(vendors[smallBlock] == "TELEPLATFORMS")
        #expect(vendors[mediumBlock] == "IOG Products")
        #expect(vendors[onlyLarge] == "IEEE Registration Authority")
    }

    @Test func locallyAdministeredIsPrivateNotAVendor() {
        // 3e:22:fb… would match Apple's 3C22FB block if the local bit were ignored.
        let randomised = MACAddress("3e:22:fb:aa:bb:cc")!
        #expect(OUIRegistry.vendors(for: [randomised], csvFiles: files)[randomised] == "Private address")
    }

    @Test func unknownBlockHasNoVendor() {
        #expect(OUIRegistry.vendors(for: [MACAddress("00:00:5e:00:53:01")!], csvFiles: files).isEmpty)
    }

    @Test func registryFilesAreMappedFromTheirPaths() {
        let paths = ["oui.csv", "mam.csv", "oui36.csv"].map(Fixture.path) + ["/nonexistent/oui.csv"]
        let macs = [MACAddress("3c:22:fb:aa:bb:cc")!, MACAddress("70:b3:d5:f2:f0:01")!, MACAddress("3e:22:fb:aa:bb:cc")!]
        let (vendors, filesRead) = OUIRegistry.vendors(for: macs, csvPaths: paths)
        #expect(filesRead == 3)
        #expect(vendors == OUIRegistry.vendors(for: macs, csvFiles: files))
        #expect(vendors[macs[1]] == "TELEPLATFORMS")
    }

    @Test func privateMACsNeedNoRegistryFile() {
        let paths = ["oui.csv", "mam.csv", "oui36.csv"].map(Fixture.path)
        let (vendors, filesRead) = OUIRegistry.vendors(for: [MACAddress("3e:22:fb:aa:bb:cc")!], csvPaths: paths)
        #expect(filesRead == 0)
        #expect(vendors.values.elementsEqual(["Private address"]))
        #expect(OUIRegistry.vendors(for: [], csvPaths: paths).filesRead == 0)
    }

    @Test func vendorNameCleaning() {
        #expect(VendorName.clean("Cisco Systems, Inc") == "Cisco Systems")
        #expect(VendorName.clean("Raspberry Pi Trading Ltd") == "Raspberry Pi Trading")
        #expect(VendorName.clean("Philips Lighting BV") == "Philips Lighting")
        #expect(VendorName.clean("IGT") == "IGT")
    }
}
