import Foundation

#if FUZZING
    /// libFuzzer's entry point (built with `-sanitize=fuzzer -DFUZZING`, see scripts/fuzz.sh);
    /// `NETSNAP_FUZZ_TARGET` names the target.
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
        FuzzEntry.target.run(Array(UnsafeBufferPointer(start: data, count: count)))
        return 0
    }

    enum FuzzEntry {
        static let target: FuzzTarget = {
            let name = ProcessInfo.processInfo.environment["NETSNAP_FUZZ_TARGET"] ?? ""
            guard let target = FuzzTarget(rawValue: name) else {
                fatalError("set NETSNAP_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            return target
        }()
    }
#else
    /// Without libFuzzer: replays files through a target, so the committed corpus and every
    /// crash kept as a regression run in the ordinary test suite.
    /// `netsnap-fuzz TARGET FILE…` exits 0 when every file went through.
    @main
    enum FuzzEntry {
        static func main() {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                FileHandle.standardError.write(Data("usage: netsnap-fuzz decoder|stream|template FILE…\n".utf8))
                exit(2)
            }
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else {
                    FileHandle.standardError.write(Data("error: \(path): cannot read\n".utf8))
                    exit(1)
                }
                target.run(Array(data))
            }
        }
    }
#endif
