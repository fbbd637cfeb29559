import Foundation
import NetsnapQR
import Testing

@testable import NetsnapPages

/// The dashboard's QR code: an inline SVG of whole modules, labelled, only with an address.
@Suite struct QRCodeViewTests {
    @Test func drawsEachRunAsAWholeModuleRectangleInsideTheQuietZone() throws {
        let url = "https://netsnap.example/dashboard/"
        let view = try #require(QRCodeView(url: url))
        let matrix = try #require(QRMatrix(encoding: url))
        #expect(view.modules == matrix.size + 8)
        #expect(view.pixels == view.modules * QRCodeView.pixelsPerModule)
        let runs = view.path.split(separator: "z").map(String.init)
        #expect(runs.count == matrix.darkRuns.count)
        for (text, run) in zip(runs, matrix.darkRuns) {
            #expect(text == "M\(run.column + 4) \(run.row + 4)h\(run.length)v1h-\(run.length)")
        }
    }

    @Test func dashboardShowsItOnlyWithAnAddress() {
        let url = "https://netsnap.example/dashboard/"
        let with = PageFixtures.render(settings: PageSettings(qrURL: url))
        let page = with["index.html"] ?? ""
        #expect(
            page.contains(
                #"<svg class="top-qr" viewBox="0 0 37 37" width="111" height="111" shape-rendering="crispEdges" role="img" aria-label="QR code: open this dashboard at https://netsnap.example/dashboard/">"#
            ))
        for name in ["small.html", "medium.html", "large.html", "embed.html"] {
            #expect(with[name] == PageFixtures.render()[name], "\(name)")
        }
        #expect(!(PageFixtures.render()["index.html"] ?? "").contains("top-qr"))
    }

    @Test func escapesTheAddressInTheLabel() {
        let page = PageFixtures.render(settings: PageSettings(qrURL: #"https://x.example/"><script>alert(1)</script>"#))["index.html"] ?? ""
        #expect(page.contains("top-qr"))
        #expect(!page.contains("<script>alert(1)"))
        #expect(page.contains("&quot;&gt;&lt;script&gt;"))
    }

    @Test func anAddressTooLongForAnyCodeShowsNone() {
        #expect(QRCodeView(url: "https://x.example/" + String(repeating: "x", count: 3_000)) == nil)
        #expect(QRCodeView(url: nil) == nil)
    }
}
