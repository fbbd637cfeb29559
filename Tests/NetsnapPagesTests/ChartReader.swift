import Foundation
import FoundationXML

/// The speed page's charts read back as XML: each chart's label, scale words and, per
/// direction, its polylines' points and its dots.
enum ChartReader {
    struct Point: Equatable {
        let x: Double
        let y: Double
    }

    struct Chart {
        var label = ""
        var scale: [String] = []
        var segments: [String: [[Point]]] = [:]
        var dots: [String: Int] = [:]
    }

    /// The charts of `page` in their `shape` ("wide" or "narrow") drawing.
    static func charts(_ page: String, shape: String = "wide") throws -> [Chart] {
        var charts: [Chart] = []
        var rest = page[...]
        let start = "<svg class=\"speed-plot speed-plot-\(shape)\""
        while let open = rest.range(of: start), let close = rest[open.lowerBound...].range(of: "</svg>") {
            let reader = Reader()
            let parser = XMLParser(data: Data(rest[open.lowerBound..<close.upperBound].utf8))
            parser.delegate = reader
            guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
            charts.append(reader.chart)
            rest = rest[close.upperBound...]
        }
        return charts
    }

    private final class Reader: NSObject, XMLParserDelegate {
        var chart = Chart()
        private var direction: String?
        private var inScale = false
        private var text: String?

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let classes = (attributes["class"] ?? "").split(separator: " ")
            switch name {
            case "svg": chart.label = attributes["aria-label"] ?? ""
            case "g":
                inScale = classes.contains("speed-scale")
                direction = classes.first { $0.hasPrefix("speed-") && $0 != "speed-line" }.map { String($0.dropFirst(6)) }
            case "polyline":
                let points = (attributes["points"] ?? "").split(separator: " ").map { pair in
                    let xy = pair.split(separator: ",").compactMap { Double($0) }
                    return Point(x: xy.first ?? .nan, y: xy.last ?? .nan)
                }
                if let direction { chart.segments[direction, default: []].append(points) }
            case "circle": if let direction { chart.dots[direction, default: 0] += 1 }
            case "text" where inScale: text = ""
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text? += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "text", let text {
                chart.scale.append(text)
                self.text = nil
            }
        }
    }
}
