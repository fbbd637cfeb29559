// GatherLabRunner: runs the gatherer as its own process, so the namespace tests can start
// it inside a network namespace with `ip netns exec` (a namespace belongs to a process's
// threads, not to a task). Usage:
//   GatherLabRunner gather CONFIG.json [--sweep] [--verbose]   snapshot JSON on stdout, notes on stderr
//   GatherLabRunner sweep CONFIG.json                          counts, "seconds", then each responder and ARP-only host
//   GatherLabRunner speed SPEED.json                           one speed measurement: its `speed` object on stdout
import Foundation
import Logging
import NetsnapGather
import NetsnapJSON
import NetsnapModel
import NetsnapSettings

let arguments = CommandLine.arguments
guard arguments.count >= 3, let data = FileManager.default.contents(atPath: arguments[2]) else {
    FileHandle.standardError.write(Data("usage: GatherLabRunner gather|sweep CONFIG.json [--sweep] [--verbose]\n".utf8))
    exit(2)
}
let verbose = arguments.contains("--verbose")
LoggingSystem.bootstrap { label in
    var handler = StreamLogHandler.standardError(label: label)
    handler.logLevel = verbose ? .debug : .warning
    return handler
}
if arguments[1] == "speed" {
    let speed: SpeedConfiguration
    do {
        speed = try SpeedConfiguration.parse(section: String(decoding: data, as: UTF8.self), file: arguments[2])
    } catch {
        FileHandle.standardError.write(Data("config: \(error.description)\n".utf8))
        exit(2)
    }
    let tester = SpeedTester(configuration: speed, stateDirectory: nil, logger: Logger(label: "netsnap.speed"))
    guard let result = await tester.result(now: Date(), waiting: true) else { exit(1) }
    FileHandle.standardOutput.write(Data(JSONWriter.bytes(result.jsonValue)))
    exit(0)
}
let configuration: GatherConfiguration
do {
    configuration = try GatherConfiguration.parse(section: String(decoding: data, as: UTF8.self), file: arguments[2])
} catch {
    FileHandle.standardError.write(Data("config: \(error.description)\n".utf8))
    exit(2)
}
let gatherer = Gatherer(configuration: configuration, logger: Logger(label: "netsnap.gather"))
switch arguments[1] {
case "gather":
    let (snapshot, notes) = await gatherer.gather(sweep: arguments.contains("--sweep"))
    FileHandle.standardOutput.write(Data(JSONWriter.bytes(snapshot.jsonValue)))
    for note in notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
case "sweep":
    let (report, notes) = await gatherer.sweep()
    for note in notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
    guard let report else { exit(1) }
    let (seconds, attoseconds) = report.duration.components
    var lines = ["method \(report.method)", "probed \(report.probed)", "answered \(report.responders.count)"]
    lines.append("live \(report.liveHosts.count)")
    lines.append("seconds \(Double(seconds) + Double(attoseconds) / 1e18)")
    lines += report.responders.map { "responder \($0)" } + report.arpOnly.map { "arp-only \($0)" }
    print(lines.joined(separator: "\n"))
default:
    FileHandle.standardError.write(Data("unknown mode \(arguments[1])\n".utf8))
    exit(2)
}
