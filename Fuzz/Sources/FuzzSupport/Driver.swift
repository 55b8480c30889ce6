import CFuzzerDriver

#if canImport(Glibc)
import Glibc
#endif

/// One run of a fuzz target: the input's bytes.
public typealias FuzzerCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Hands the program's arguments to libFuzzer and runs `callback` on each input, then exits with
/// libFuzzer's status. A fuzz target's `main.swift` is one call:
///
/// ```swift
/// runFuzzer { data, size in
///     fuzzEvemu(FuzzInput(data, size))
///     return 0
/// }
/// ```
public func runFuzzer(_ callback: FuzzerCallback) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv, callback)
    exit(status)
}

/// The bytes of one input, valid during the run.
public struct FuzzInput {
    public let bytes: UnsafeBufferPointer<UInt8>

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = UnsafeBufferPointer(start: size > 0 ? data : nil, count: size)
    }

    public var array: [UInt8] { Array(bytes) }
}

/// A finding: prints `message` on stderr and traps, which libFuzzer reports as a crash with the input.
public func finding(_ message: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) -> Never {
    fatalError("FUZZ FINDING: " + message(), file: file, line: line)
}

/// The index of the first element where `a` and `b` differ (their shorter count when one is a prefix of
/// the other); nil when they are equal.
public func firstDifference<T: Equatable>(_ a: [T], _ b: [T]) -> Int? {
    for index in 0..<min(a.count, b.count) where a[index] != b[index] { return index }
    return a.count == b.count ? nil : min(a.count, b.count)
}
