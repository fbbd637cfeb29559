import Foundation
import NetsnapBuild
import NetsnapPNG
import NetsnapText
import NetsnapTiles
import NetsnapWidgets

// Renders the embedded sample network as tiles and reports, per tile, the time to
// render and to encode (best of N), the PNG size, and how that size compares with what
// `optipng -o2` makes of the same file. `--write DIR` also saves every tile there.

let arguments = CommandLine.arguments.dropFirst()
let writeDirectory = arguments.firstIndex(of: "--write").flatMap { arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil }
let iterations = arguments.firstIndex(of: "--iterations").flatMap { Int(arguments[arguments.index(after: $0)]) } ?? 20

let snapshot = SampleSnapshot.snapshot
let widgets = WidgetSet(snapshot)
let now = snapshot.generatedAt.addingTimeInterval(30)
let renderer = TileRenderer(fonts: try FontSystem())
let utc = TimeZone(identifier: "UTC")!

let benchmark = TileBenchmark(renderer: renderer, widgets: widgets, now: now, iterations: iterations)
var requests: [TileRequest] = []
for scale in [2, 3] {
    for size in TileSize.allCases { requests.append(TileRequest(target: .widget(size, scale: scale), theme: .dark, timeZone: utc)) }
}
requests.append(TileRequest(target: .display(.trmnl), theme: .light, timeZone: utc))
requests.append(TileRequest(target: .display(.trmnlGray), theme: .light, timeZone: utc))
requests.append(TileRequest(target: .display(.kindle), theme: .light, timeZone: utc))

let optipng = FileManager.default.isExecutableFile(atPath: "/usr/bin/optipng")
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("netsnap-tile-bench-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

func optimizedSize(_ bytes: [UInt8], name: String) throws -> Int? {
    guard optipng else { return nil }
    let url = scratch.appendingPathComponent(name.replacingOccurrences(of: "/", with: "_"))
    try Data(bytes).write(to: url)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/optipng")
    process.arguments = ["-quiet", "-o2", url.path]
    try process.run()
    process.waitUntilExit()
    return try Data(contentsOf: url).count
}

print("tile                       render ms  encode ms   PNG bytes  optipng -o2  ratio")
for request in requests {
    let row = try benchmark.measure(request)
    let optimized = try optimizedSize(row.png, name: request.fileName)
    let ratio = optimized.map { String(format: "%.3f", Double(row.png.count) / Double($0)) } ?? "n/a"
    print(
        request.fileName.padding(toLength: 26, withPad: " ", startingAt: 0)
            + String(format: " %9.2f  %9.2f  %10d  %11@  %5@", row.renderMilliseconds, row.encodeMilliseconds, row.png.count,
                optimized.map(String.init) ?? "n/a", ratio))
}
let all = try benchmark.measureAll(TileRequest.defaults(timeZone: utc))
print(String(format: "all %d default tiles (3 sizes @2x × dark/light): %.1f ms", TileRequest.defaults(timeZone: utc).count, all))

if let writeDirectory {
    var everything: [TileRequest] = []
    for theme in TileTheme.allCases {
        for scale in 1...3 {
            for size in TileSize.allCases { everything.append(TileRequest(target: .widget(size, scale: scale), theme: theme, timeZone: utc)) }
        }
        for profile in [DisplayProfile.trmnl, .trmnlGray, .kindle] {
            everything.append(TileRequest(target: .display(profile), theme: theme, timeZone: utc))
        }
    }
    for request in everything {
        let url = URL(fileURLWithPath: writeDirectory).appendingPathComponent(request.fileName)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(try renderer.png(for: widgets, request: request, now: now)).write(to: url)
    }
    print("wrote \(everything.count) tiles under \(writeDirectory)/tiles")
}
