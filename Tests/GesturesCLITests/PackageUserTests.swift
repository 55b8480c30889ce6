import Foundation
import Testing

/// The library as its users get it: a new package that depends on this one by path, made as the README's
/// manifest says, whose sources are the README's examples and the example app. It must build through the
/// public products only, with no warning, and each example must print what the README shows after it; the
/// live ones run on an emulated touchscreen playing `Recordings/synthetic-kitchen-timer.evemu`.
///
/// The package is written into a temporary directory named after this repository's path (so that two clones
/// do not meet), and built with a scratch directory in this repository's `.build/package-user`: the first
/// run builds the library again for it (1.5 to 3 minutes on two busy cores), later runs only what changed (about
/// 10 s). Files whose content did not change are left alone.
@Suite(.serialized) struct PackageUserTests {
    /// One `swift` block of the README, with what it prints.
    struct Example {
        var name: String
        var source: String
        var expected: [String]
        /// It runs on the emulated touchscreen.
        var live: Bool
        var line: Int
    }

    /// The README's examples and its manifest. Every `swift` block is marked, `<!-- manifest -->` or
    /// `<!-- example NAME -->` (`... on the emulated touchscreen`), and an example is followed by the block of
    /// what it prints.
    static func readme() throws -> (manifest: String, examples: [Example]) {
        let text = try String(contentsOf: CLI.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var manifest: String?
        var examples: [Example] = []
        var marker: String?
        var index = 0
        /// The lines of the block opened at `index`, up to its closing fence; moves `index` past it.
        func block() -> [String] {
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" {
                body.append(lines[index])
                index += 1
            }
            index += 1
            return body
        }
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("<!-- manifest") || line.hasPrefix("<!-- example ") {
                marker = line
                index += 1
                continue
            }
            guard line == "```swift" else {
                if !line.isEmpty { marker = nil }
                index += 1
                continue
            }
            let start = index + 1
            let source = block().joined(separator: "\n") + "\n"
            guard let found = marker else {
                Issue.record("README.md:\(start): a swift block that no test builds: mark it <!-- example NAME --> or <!-- manifest -->")
                continue
            }
            marker = nil
            if found.hasPrefix("<!-- manifest") {
                manifest = source
                continue
            }
            let words = found.dropFirst("<!-- example ".count).dropLast(" -->".count).split(separator: " ")
            while index < lines.count, lines[index].isEmpty { index += 1 }
            guard index < lines.count, lines[index] == "```" else {
                Issue.record("README.md:\(start): example \(words.first ?? "") is not followed by the block of what it prints")
                continue
            }
            examples.append(Example(name: String(words.first ?? ""), source: source, expected: block(),
                                    live: found.contains("on the emulated touchscreen"), line: start))
        }
        return (try #require(manifest), examples)
    }

    /// The target of an example: `Example_trace_stream`.
    static func targetName(_ example: Example) -> String {
        "Example_" + example.name.replacingOccurrences(of: "-", with: "_")
    }

    /// Writes `text` to `url` unless it holds it already (an unchanged file is not built again).
    static func write(_ text: String, to url: URL) throws {
        if let old = try? String(contentsOf: url, encoding: .utf8), old == text { return }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// A fingerprint of the paths of the library's sources (FNV-1a of the sorted paths below `Sources/`).
    static func fingerprintOfSources() throws -> String {
        let sources = CLI.root.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
        let paths = enumerator.compactMap { $0 as? String }.sorted()
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in paths.joined(separator: "\n").utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return "\(paths.count) files, " + String(hash, radix: 16)
    }

    /// What the DocC tutorial's program prints, as its steps say: a quarter turn winds 15 minutes with 15 ticks,
    /// 3 s of countdown leave 14.95, and a press on 8 November dragged to the 10th selects 8–10 November.
    static let tutorialTranscript = [
        "began at 1.666666666666666 minutes",
        "changed at 3.3333333333333326 minutes",
        "changed at 4.999999999999999 minutes",
        "changed at 6.666666666666669 minutes",
        "changed at 8.33333333333333 minutes",
        "changed at 10.000000000000002 minutes",
        "changed at 11.666666666666666 minutes",
        "changed at 13.333333333333336 minutes",
        "changed at 15.0 minutes",
        "ended at 15.0 minutes",
        "15 ticks",
        "14.950000000000003 minutes left",
        "began day(2025-11-08) … day(2025-11-08)",
        "press haptic",
        "changed day(2025-11-08) … day(2025-11-09)",
        "changed day(2025-11-08) … day(2025-11-10)",
        "ended day(2025-11-08) … day(2025-11-10)",
        "draw the selection from x = 56.666666666666664",
    ]

    @Test func theReadmesExamplesAndTheExampleAppBuildAndRunFromANewPackage() throws {
        let (manifest, examples) = try Self.readme()
        #expect(examples.map(\.name) == ["engine", "targets", "mistakes-and-scrolling", "view-coordinates", "trace-stream", "live-stream",
                                         "session", "render-loop", "main-loop"])

        // The README's layout: this repository as TouchGestures/, the app's package beside it.
        let sanitized = CLI.root.path.map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("touchgestures-package-user" + sanitized)
        let dependency = home.appendingPathComponent("TouchGestures")
        if (try? FileManager.default.destinationOfSymbolicLink(atPath: dependency.path)) != CLI.root.path {
            try? FileManager.default.removeItem(at: dependency)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(at: dependency, withDestinationURL: CLI.root)
        }
        let package = home.appendingPathComponent("KitchenApp")

        // The README's manifest, its one target replaced by one per example and the example app.
        let appTarget = try #require(manifest.split(separator: "\n").first { $0.contains(".executableTarget(name: \"KitchenApp\"") })
        let targets = (examples.map(Self.targetName) + ["kitchen-timer", "kitchen-screen-tutorial"]).map { name in
            appTarget.replacingOccurrences(of: "\"KitchenApp\"", with: "\"\(name)\"")
        }
        // SwiftPM plans a build again when the root manifest changes, not when a dependency given by path gains
        // or loses a file: the manifest names the library's files by a fingerprint.
        try Self.write(manifest.replacingOccurrences(of: String(appTarget), with: targets.joined(separator: "\n"))
                           + "// The library's files: \(try Self.fingerprintOfSources())\n",
                       to: package.appendingPathComponent("Package.swift"))
        for example in examples {
            try Self.write(example.source, to: package.appendingPathComponent("Sources/\(Self.targetName(example))/main.swift"))
        }
        let app = try String(contentsOf: CLI.root.appendingPathComponent("Examples/KitchenTimer/main.swift"), encoding: .utf8)
        try Self.write(app, to: package.appendingPathComponent("Sources/kitchen-timer/main.swift"))
        // The DocC tutorial's program, its files as its steps show them.
        let tutorial = CLI.root.appendingPathComponent("Sources/GestureCore/GestureCore.docc/Resources/KitchenScreen")
        for file in try FileManager.default.contentsOfDirectory(atPath: tutorial.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: tutorial.appendingPathComponent(file), encoding: .utf8)
            try Self.write(text, to: package.appendingPathComponent("Sources/kitchen-screen-tutorial/\(file)"))
        }

        let scratch = CLI.root.appendingPathComponent(".build/package-user")
        let build = try CLI.runProcess(["/usr/bin/env", "swift", "build", "--package-path", package.path,
                                        "--scratch-path", scratch.path])
        try #require(build.status == 0, "swift build failed:\n\(build.stdout)\(build.stderr)")
        #expect(!build.stdout.contains("warning:"), "\(build.stdout)")

        let products = scratch.appendingPathComponent("debug")
        for example in examples {
            let binary = products.appendingPathComponent(Self.targetName(example)).path
            let run: Run
            if example.live {
                guard Emulated.available else { continue }
                run = try CLI.runProcess([Emulated.harness.path, "touchscreen-mt",
                                          PinnedRecordings.directory.appendingPathComponent("synthetic-kitchen-timer.evemu").path,
                                          "--", binary])
            } else {
                run = try CLI.runProcess([binary])
            }
            #expect(run.status == 0, "README.md:\(example.line): \(example.name)")
            #expect(run.stderr == "", "README.md:\(example.line): \(example.name)")
            #expect(run.lines == example.expected, "README.md:\(example.line): \(example.name)")
        }
        let timer = try CLI.runProcess([products.appendingPathComponent("kitchen-timer").path, "--fast",
                                        ExampleAppTests.recording.path])
        #expect(timer.status == 0)
        #expect(timer.lines == (try CLI.runProcess([ExampleAppTests.binary.path, "--fast", ExampleAppTests.recording.path])).lines)
        let tutorialRun = try CLI.runProcess([products.appendingPathComponent("kitchen-screen-tutorial").path])
        #expect(tutorialRun.status == 0)
        #expect(tutorialRun.stderr == "")
        #expect(tutorialRun.lines == Self.tutorialTranscript)
    }
}
