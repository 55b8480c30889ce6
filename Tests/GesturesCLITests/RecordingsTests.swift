import Foundation
import Testing

/// `Recordings/`: the project's pinned behaviour. Every trace there (real recordings and the synthetic
/// traces of `trace-generator`) has its layout (`NAME.layout.json`) and its expected output
/// (`NAME.expected.jsonl`), checked against SPEC by hand when it was written; see `Recordings/README.md`.
enum PinnedRecordings {
    static let directory = CLI.root.appendingPathComponent("Recordings")

    /// What `gestures replay` reads as a trace.
    static let traceExtensions: Set<String> = ["evemu", "events", "event", "yml", "yaml"]

    /// Every trace, by file name, sorted.
    static let traces: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { traceExtensions.contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
    }()

    /// `taps.evemu` → `taps`: the name the layout and the expected output go by.
    static func stem(_ trace: String) -> String { (trace as NSString).deletingPathExtension }

    static func expected(_ trace: String) throws -> Data {
        try Data(contentsOf: directory.appendingPathComponent(stem(trace) + ".expected.jsonl"))
    }

    static func layoutHasSurface(_ trace: String) throws -> Bool {
        let data = try Data(contentsOf: directory.appendingPathComponent(stem(trace) + ".layout.json"))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return object?["surface"] != nil
    }

    /// A JSON string as the output writes it (only `"`, `\` and control characters escaped).
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

@Suite struct RecordingsTests {
    /// Every trace replays to its expected file, byte for byte, with its layout found beside it: checked by
    /// `gestures check Recordings/`, the golden-gesture check the project offers its users.
    @Test func gesturesCheckPassesOnEveryRecording() throws {
        let run = try CLI.run(["check", "Recordings"])
        #expect(run.status == 0, "\(run.stdout)")
        var expected: [String] = []
        for trace in PinnedRecordings.traces {
            let lines = String(decoding: try PinnedRecordings.expected(trace), as: UTF8.self).split(separator: "\n").count
            expected.append("ok       Recordings/\(trace) (\(lines) line\(lines == 1 ? "" : "s"))")
        }
        #expect(run.lines == expected + ["\(PinnedRecordings.traces.count) passed, 0 failed"])
        for line in run.stderr.split(separator: "\n") {
            // The one message allowed: a device without resolution, and a layout without a surface.
            #expect(line.hasPrefix("gestures: warning: the device of Recordings/"))
            #expect(line.contains("assuming the wider axis spans"))
        }
    }

    /// None forgotten: at least 12 traces, each with a layout and an expected output, and no expected
    /// output or layout without its trace.
    @Test func everyTraceHasItsLayoutAndExpectedOutput() throws {
        let traces = PinnedRecordings.traces
        #expect(traces.count >= 12)
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: PinnedRecordings.directory.path))
        for trace in traces {
            let stem = PinnedRecordings.stem(trace)
            #expect(files.contains(stem + ".expected.jsonl"), "\(trace) has no \(stem).expected.jsonl")
            #expect(files.contains(stem + ".layout.json"), "\(trace) has no \(stem).layout.json")
        }
        let stems = Set(traces.map(PinnedRecordings.stem))
        for file in files {
            for suffix in [".expected.jsonl", ".layout.json"] where file.hasSuffix(suffix) {
                #expect(stems.contains(String(file.dropLast(suffix.count))), "\(file) belongs to no trace")
            }
        }
    }

    /// All the traces in one command: each line begins with its trace, in the order given, and each trace
    /// starts from a fresh engine (so the lines are those of its own replay).
    @Test func allTracesInOneCommand() throws {
        let traces = PinnedRecordings.traces
        let run = try CLI.run(["replay"] + traces, in: PinnedRecordings.directory)
        #expect(run.status == 0)
        var expected: [String] = []
        for trace in traces {
            let lines = String(decoding: try PinnedRecordings.expected(trace), as: UTF8.self).split(separator: "\n")
            for line in lines {
                #expect(line.hasPrefix("{"))
                expected.append("{\"trace\":\(PinnedRecordings.jsonString(trace))," + line.dropFirst())
            }
        }
        #expect(run.lines == expected)
        for line in run.stderr.split(separator: "\n") {
            #expect(line.contains("assuming the wider axis spans"))
        }
    }

    /// `trace-generator` writes the synthetic traces and layouts exactly as committed, and every synthetic
    /// file in `Recordings/` is one it writes: the generator and the files cannot drift apart.
    @Test func theGeneratorWritesTheCommittedSyntheticTraces() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        /// Runs `trace-generator` into `output` and gives its exit status.
        func generate(into output: URL) throws -> Int32 {
            let process = Process()
            process.executableURL = CLI.binary.deletingLastPathComponent().appendingPathComponent("trace-generator")
            process.arguments = [output.path]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(try generate(into: directory) == 0)

        let generated = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(generated.count >= 2 * 10)
        for file in generated {
            let fresh = try Data(contentsOf: directory.appendingPathComponent(file))
            let committed = try? Data(contentsOf: PinnedRecordings.directory.appendingPathComponent(file))
            #expect(committed == fresh, "Recordings/\(file) differs from what trace-generator writes")
        }
        let committed = try FileManager.default.contentsOfDirectory(atPath: PinnedRecordings.directory.path)
        for file in committed where file.hasPrefix("synthetic-") && !file.hasSuffix(".expected.jsonl") {
            #expect(generated.contains(file), "Recordings/\(file) is not written by trace-generator")
        }
        // Run twice, the same bytes.
        let again = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: again) }
        #expect(try generate(into: again) == 0)
        for file in generated {
            #expect(try Data(contentsOf: again.appendingPathComponent(file)) == Data(contentsOf: directory.appendingPathComponent(file)))
        }
    }
}
