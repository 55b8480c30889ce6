#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// trace-generator [DIRECTORY]
//
// Writes the synthetic traces and their layouts (Scenarios.swift) into DIRECTORY (default: Recordings),
// the same bytes on every run. The expected outputs beside them are not written here: they come from
// `gestures replay` and are checked against SPEC by hand.

func fail(_ message: String) -> Never {
    let line = Array("trace-generator: \(message)\n".utf8)
    _ = line.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
    exit(1)
}

func writeFile(_ text: String, to path: String) {
    guard let file = fopen(path, "wb") else { fail("\(path): cannot create: \(String(cString: strerror(errno)))") }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    if written != bytes.count || fclose(file) != 0 {
        fail("\(path): cannot write: \(String(cString: strerror(errno)))")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let usage = "usage: trace-generator [DIRECTORY]   (default: Recordings)"
if arguments.contains(where: { $0 == "-h" || $0 == "--help" }) {
    print(usage)
    exit(0)
}
if arguments.count > 1 || arguments.first?.hasPrefix("-") == true {
    let line = Array((usage + "\n").utf8)
    _ = line.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
    exit(64)
}
let directory = arguments.first ?? "Recordings"
var status = stat()
guard stat(directory, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else {
    fail("\(directory): not a directory")
}
for scenario in allScenarios() {
    writeFile(scenario.traceText, to: directory + "/" + scenario.traceFile)
    writeFile(scenario.layout, to: directory + "/" + scenario.layoutFile)
    print(directory + "/" + scenario.traceFile)
}
