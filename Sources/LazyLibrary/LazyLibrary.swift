/// Opens a C library on first use (see CLazyLibrary's header for why and how): the Swift
/// side of a `NETSNAP_LAZY_LIBRARY` table.
public enum LazyLibrary {
    /// The table `open` (a table's `…_open` function) fills from `library`, a soname or a path.
    public static func open<Table>(
        _ library: String, with open: (UnsafePointer<CChar>, UnsafeMutablePointer<CChar>, Int) -> UnsafePointer<Table>?
    ) throws(LazyLibraryError) -> Table {
        var error = [CChar](repeating: 0, count: 512)
        let capacity = error.count
        let table = library.withCString { name in error.withUnsafeMutableBufferPointer { open(name, $0.baseAddress!, capacity) } }
        guard let table else {
            throw LazyLibraryError(
                library: library, reason: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return table.pointee
    }
}

/// A library that cannot be opened, or lacks a function netsnap calls.
public struct LazyLibraryError: Error, Equatable, CustomStringConvertible {
    /// The soname or path tried.
    public let library: String
    /// The dynamic loader's words ("… cannot open shared object file: No such file or directory").
    public let reason: String

    public var description: String { reason }
}

extension Result {
    /// The tables of a library whose opening every entry point has checked first (`get()`
    /// threw there otherwise), so a failure here is a programming error.
    public var checked: Success {
        switch self {
        case .success(let value): value
        case .failure(let error): preconditionFailure("a library used before its opening was checked: \(error)")
        }
    }
}
