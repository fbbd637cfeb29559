import Foundation
import NetsnapLanguage
import NetsnapPNG
import NetsnapRaster
import NetsnapRender
import NetsnapText
import NetsnapTiles
import NetsnapWidgets

// Renders the embedded sample network as tiles and reports, per tile, the time to
// render and to encode (best of N), libdeflate's own floor for the same image data and the
// encode's ratio to it, the PNG size, and how that size compares with what `optipng -o2`
// makes of the same file. `--write DIR` also saves every tile there;
// `--sweep` times every PNG filter × zlib level × strategy on medium@2x, which is how
// `PNGCompression.tuned` was chosen; `--preview FILE` writes the README's picture;
// `--history` draws every tile with a day of made-up history (sparkline, uptimes);
// `--locale TAG` draws them in that language (docs/performance.md compares languages).

let arguments = CommandLine.arguments.dropFirst()
let writeDirectory = arguments.firstIndex(of: "--write").flatMap {
    arguments.index(after: $0) < arguments.endIndex ? arguments[arguments.index(after: $0)] : nil
}
let iterations = arguments.firstIndex(of: "--iterations").flatMap { Int(arguments[arguments.index(after: $0)]) } ?? 20
let wording = arguments.firstIndex(of: "--locale").flatMap { Wording(locale: arguments[arguments.index(after: $0)]) } ?? .posix

let snapshot = SampleSnapshot.snapshot
let widgets = WidgetSet(snapshot, history: arguments.contains("--history") ? SampleHistory.summary(for: snapshot) : nil)
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
// One panel of each other layout class: strip, square, micro (pixel font).
for name in ["waveshare-2in9", "waveshare-1in54", "led-64x32"] {
    requests.append(TileRequest(target: .display(DisplayProfile(name: name)!), theme: .light, timeZone: utc))
}
requests = requests.map { request in
    var spoken = request
    spoken.wording = wording
    return spoken
}

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

if arguments.contains("--sweep") {
    var settings: [PNGCompression] = []
    for filter in PNGFilter.allCases {
        for strategy in PNGDeflateStrategy.allCases {
            settings += [1, 2, 3, 4, 5, 6, 9].map { PNGCompression.zlib(filter: filter, level: $0, strategy: strategy) }
        }
    }
    settings += (1...12).map { PNGCompression.libdeflate(level: $0) }
    let swept = [
        TileRequest(target: .widget(.medium, scale: 2), theme: .dark, timeZone: utc),
        TileRequest(target: .display(.trmnlGray), theme: .light, timeZone: utc),
    ]
    for request in swept {
        let tile = renderer.render(widgets, request: request, now: now)
        print("\(request.fileName)\ndeflater   filter    level strategy  encode ms  PNG bytes")
        for compression in settings {
            var sweeper = renderer
            sweeper.compression = compression
            sweeper.grayCompression = compression
            var best = Double.infinity
            var size = 0
            for _ in 0..<5 {
                let start = ContinuousClock.now
                size = try sweeper.encode(tile).count
                let elapsed = ContinuousClock.now - start
                best = min(best, Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
            }
            let (deflater, filter, level, strategy) =
                switch compression {
                case .zlib(let filter, let level, let strategy): ("zlib", filter.rawValue, level, strategy.rawValue)
                case .libdeflate(let level): ("libdeflate", PNGFilter.none.rawValue, level, "-")
                }
            print(
                deflater.padding(toLength: 11, withPad: " ", startingAt: 0) + filter.padding(toLength: 9, withPad: " ", startingAt: 0)
                    + String(format: " %5d %-9@ %9.2f  %9d", level, strategy, best, size))
        }
    }
}

// The floor: libdeflate alone compressing the same image data at the level the encoder used
// (`PNGCompressionFloor`), timed right after a draw as the encode is; "× floor" is the encode's
// time over it. "warm floor" is the same compression run back to back, its tables hot.
let encoder = PNGEncoder(compression: renderer.compression, grayCompression: renderer.grayCompression)
print("tile                       render ms  encode ms  floor ms  × floor  warm floor   PNG bytes  optipng -o2  ratio")
for request in requests {
    let row = try benchmark.measure(request)
    let optimized = try optimizedSize(row.png, name: request.fileName)
    let ratio = optimized.map { String(format: "%.3f", Double(row.png.count) / Double($0)) } ?? "n/a"
    let floor = try PNGCompressionFloor(png: row.png)
    let floorText = floor.level(for: encoder).map { level in
        let afterDraw = benchmark.measureAfterDrawing(request) { floor.compressed(level: level).count }
        let warm = floor.milliseconds(level: level, runs: iterations)
        return String(format: "%8.2f  %7.2f  %10.2f", afterDraw, row.encodeMilliseconds / afterDraw, warm)
    }
    // Foundation on Linux ignores a width on %@, so the number columns are formatted whole.
    print(
        request.fileName.padding(toLength: 26, withPad: " ", startingAt: 0)
            + String(
                format: " %9.2f  %9.2f  %@  %10d  %11@  %5@", row.renderMilliseconds, row.encodeMilliseconds,
                floorText ?? "     n/a      n/a         n/a", row.png.count, optimized.map(String.init) ?? "n/a", ratio))
}
let all = try benchmark.measureAll(TileRequest.defaults(timeZone: utc))
print(String(format: "all %d default tiles (3 sizes @2x × dark/light): %.1f ms", TileRequest.defaults(timeZone: utc).count, all))

if let writeDirectory {
    var everything: [TileRequest] = []
    for theme in TileTheme.allCases {
        for scale in 1...3 {
            for size in TileSize.allCases {
                everything.append(TileRequest(target: .widget(size, scale: scale), theme: theme, timeZone: utc))
            }
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

if let previewIndex = arguments.firstIndex(of: "--preview"), arguments.index(after: previewIndex) < arguments.endIndex {
    // Medium and small @2x, dark, light and night, on a neutral strip.
    let gap = 24
    let themes = TileTheme.allCases
    var preview = Pixmap(width: 728 + 340 + 3 * gap, height: themes.count * (340 + gap) + gap, fill: Color(hex: 0x64748B))
    for (row, theme) in themes.enumerated() {
        for (column, size) in [TileSize.medium, .small].enumerated() {
            let request = TileRequest(target: .widget(size, scale: 2), theme: theme, timeZone: utc)
            guard case .color(let tile) = renderer.render(widgets, request: request, now: now) else { continue }
            preview.draw(tile, atX: gap + column * (728 + gap), y: gap + row * (340 + gap))
        }
    }
    let path = arguments[arguments.index(after: previewIndex)]
    try Data(try PNGEncoder().encode(preview)).write(to: URL(fileURLWithPath: path))
    print("wrote \(path)")
}
