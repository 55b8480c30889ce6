import Foundation
import Testing

/// The Wayland example (Examples/WaylandTouches) under a real compositor: sway's headless and libinput backends,
/// libinput reading an emulated touchscreen (umockdev) that plays a recording, sway sending the touches to the
/// app's fullscreen window as `wl_touch` events (Tests/Fixtures/wayland/README.md). The gestures the app prints
/// must be those of `gestures replay` on the same recording and layout, line for line.
@Suite(.serialized) struct WaylandExampleTests {
    static let binary = CLI.binary.deletingLastPathComponent().appendingPathComponent("wayland-touches")
    static let fixtures = CLI.root.appendingPathComponent("Tests/Fixtures/wayland")
    static let harness = fixtures.appendingPathComponent("run-compositor.sh")

    /// What `run-compositor.sh --check` finds missing (empty when everything is there).
    static let missing: String = {
        guard let run = try? CLI.runProcess([harness.path, "--check"]) else { return "run-compositor.sh cannot run" }
        return run.status == 0 ? "" : run.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
    }()

    /// The trace's silence before it plays (`--start`): sway and the app start in it. The `wl_touch` times are the
    /// trace's plus this.
    static let startMicroseconds: Int64 = 1_000_000

    /// The emulated touchscreen (touchscreen-mt: x 0–4095, y 0–2559 at 19 units/mm) as the output's physical size:
    /// libinput scales each axis's minimum … maximum + 1 onto the output's 1280 × 720 pixels, so the output is
    /// 4096 / 19 × 2560 / 19 mm, and a pixel 0.168421 mm across, 0.187135 mm down.
    static let physicalSize = (width: 4096.0 / 19, height: 2560.0 / 19)
    static let pixels = (width: 1280.0, height: 720.0)

    /// Half a pixel in mm, across and down: how far a position may be from replay's (x, dx; y, dy).
    static let tolerance = (x: physicalSize.width / pixels.width / 2, y: physicalSize.height / pixels.height / 2)

    /// Recordings of touchscreen-mt (protocol B; every touch on the screen) with their own layouts: taps counting
    /// on a chart beside a timer dial (SPEC's output example); a long press whose selection begins at a deadline
    /// with no input, dragged across buckets; a one-finger wind ended by a second finger, then a two-finger rotate
    /// with detents and limits; a `target` layout (a photo viewer with a close button) whose pinches magnify.
    static let recordings = ["synthetic-taps", "synthetic-long-press-drag-right", "synthetic-dial-rotate",
                             "synthetic-target-magnify"]

    @Test(.enabled(if: missing.isEmpty, Comment(rawValue: missing + " (run `make test`, which installs them)")),
          arguments: recordings)
    func theAppsGesturesAreReplays(recording: String) throws {
        let trace = PinnedRecordings.directory.appendingPathComponent(recording + ".evemu").path
        let layout = PinnedRecordings.directory.appendingPathComponent(recording + ".layout.json").path
        let app = try CLI.runProcess([Self.harness.path, "--start", "1", trace, "--",
                                     Self.binary.path, "--layout", layout,
                                     "--physical-size", "\(Self.physicalSize.width)x\(Self.physicalSize.height)"])
        let replay = try CLI.run(["replay", "--layout", layout, trace])
        #expect(app.status == 0, "\(app.stderr)")
        #expect(app.stderr == "")
        #expect(replay.status == 0)
        #expect(!replay.lines.isEmpty)
        #expect(app.lines.count == replay.lines.count, "app:\n\(app.stdout)\nreplay:\n\(replay.stdout)")
        for (index, (appLine, replayLine)) in zip(app.lines, replay.lines).enumerated() {
            let difference = Self.difference(app: appLine, replay: replayLine)
            #expect(difference == nil, "line \(index + 1): \(difference ?? "")\n  app:    \(appLine)\n  replay: \(replayLine)")
        }
    }

    /// How the app's line differs from replay's, or nil when it is the same but for what the pixels round:
    /// the same text around the numbers (keys, strings, order); `time` the replay's cut to whole milliseconds
    /// (`wl_touch`'s unit) plus the start; `x`, `dx` within half a pixel across and `y`, `dy` within half a
    /// pixel down; every other number written the same.
    static func difference(app: String, replay: String) -> String? {
        let ours = JSONLineNumbers(app), theirs = JSONLineNumbers(replay)
        guard ours.skeleton == theirs.skeleton, ours.numbers.count == theirs.numbers.count else {
            return "not the same keys, strings or order"
        }
        for (mine, expected) in zip(ours.numbers, theirs.numbers) {
            switch mine.key {
            case "time":
                guard let time = microseconds(mine.text), let replayed = microseconds(expected.text),
                      time == replayed / 1000 * 1000 + startMicroseconds else {
                    return "time \(mine.text), expected \(expected.text) cut to ms + the start"
                }
            case "x", "dx", "y", "dy":
                let limit = mine.key.hasSuffix("x") ? tolerance.x : tolerance.y
                guard let value = Double(mine.text), let replayed = Double(expected.text), abs(value - replayed) <= limit else {
                    return "\(mine.key) \(mine.text), expected \(expected.text) within \(limit) mm"
                }
            default:
                guard mine.text == expected.text else { return "\(mine.key) \(mine.text), expected \(expected.text)" }
            }
        }
        return nil
    }

    /// "2.580000" → 2,580,000 µs.
    static func microseconds(_ text: Substring) -> Int64? {
        let parts = text.split(separator: ".")
        guard parts.count == 2, parts[1].count == 6, let seconds = Int64(parts[0]), let micros = Int64(parts[1]) else { return nil }
        return seconds * 1_000_000 + micros
    }

    /// The app's command line: each mistake's message and status 64, before it connects to anything.
    @Test(arguments: [
        ([String](), "wayland-touches: --layout is missing\nusage: wayland-touches --layout FILE [--physical-size WxH]\n"),
        (["--layout"], "wayland-touches: --layout needs a value\nusage: wayland-touches --layout FILE [--physical-size WxH]\n"),
        (["--size", "1x1"], "wayland-touches: unknown option --size\nusage: wayland-touches --layout FILE [--physical-size WxH]\n"),
        (["--layout", "x.json", "--physical-size", "215x0"],
         "wayland-touches: --physical-size: expected WxH in mm, e.g. 215.58x134.74, found 215x0\n"),
    ])
    func usageMistakes(arguments: [String], message: String) throws {
        let run = try CLI.runProcess([Self.binary.path] + arguments)
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr == message)
    }

    /// A layout that cannot be opened (66) or is not valid (65), as `gestures replay` says of it, before it connects.
    @Test func layoutMistakes() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = directory.appendingPathComponent("none.json").path
        let bad = directory.appendingPathComponent("bad.json").path
        try Data(#"{"regions": 3}"#.utf8).write(to: URL(fileURLWithPath: bad))
        let unopened = try CLI.runProcess([Self.binary.path, "--layout", missing])
        #expect(unopened.status == 66)
        #expect(unopened.stdout == "")
        #expect(unopened.stderr == "wayland-touches: \(missing): cannot open: No such file or directory\n")
        let invalid = try CLI.runProcess([Self.binary.path, "--layout", bad])
        #expect(invalid.status == 65)
        #expect(invalid.stdout == "")
        #expect(invalid.stderr == "wayland-touches: \(bad):1: regions: expected an array, found a number\n")
    }

    /// With no compositor to connect to, the app says so and ends with status 1.
    @Test func noCompositor() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let layout = PinnedRecordings.directory.appendingPathComponent("synthetic-taps.layout.json").path
        let run = try CLI.runProcess(["/usr/bin/env", "XDG_RUNTIME_DIR=\(directory.path)", "WAYLAND_DISPLAY=nowhere",
                                      Self.binary.path, "--layout", layout])
        #expect(run.status == 1)
        #expect(run.stdout == "")
        #expect(run.stderr == "wayland-touches: cannot connect to the Wayland compositor nowhere: No such file or directory\n")
    }

    /// The xdg-shell glue is what wayland-scanner writes from wayland-protocols' xdg-shell.xml (the comment
    /// naming the scanner's version aside), when both are installed (`make test` installs them).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/wayland-scanner")
                   && FileManager.default.fileExists(atPath: xdgShellProtocol),
                   "wayland-scanner or wayland-protocols is missing (run `make test`, which installs them)"),
          arguments: [("client-header", "xdg-shell-client-protocol.h"), ("private-code", "xdg-shell-protocol.c")])
    func xdgShellGlueIsWaylandScanners(mode: String, file: String) throws {
        let committed = CLI.root.appendingPathComponent("Examples/WaylandTouches/CTouchWindow/" + file)
        let run = try CLI.runProcess(["/usr/bin/wayland-scanner", mode, Self.xdgShellProtocol, "/dev/stdout"])
        #expect(run.status == 0)
        let withoutVersion = { (text: String) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("/* Generated by wayland-scanner") } }
        #expect(withoutVersion(run.stdout) == withoutVersion(try String(contentsOf: committed, encoding: .utf8)))
    }

    static let xdgShellProtocol = "/usr/share/wayland-protocols/stable/xdg-shell/xdg-shell.xml"
}

/// A JSON line split into its numbers (each with the key it is the value of, or is inside) and the text around
/// them, where each number is `#`.
struct JSONLineNumbers {
    var skeleton = ""
    var numbers: [(key: String, text: Substring)] = []

    init(_ line: String) {
        var key = ""
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            if character == "\"" {
                var end = line.index(after: index)
                while end < line.endIndex, line[end] != "\"" {
                    end = line.index(end, offsetBy: line[end] == "\\" ? 2 : 1, limitedBy: line.endIndex) ?? line.endIndex
                }
                end = end < line.endIndex ? line.index(after: end) : end
                let string = line[index..<end]
                skeleton += string
                if end < line.endIndex, line[end] == ":" { key = String(string.dropFirst().dropLast()) }
                index = end
            } else if character == "-" || character.isASCII && character.isNumber {
                var end = line.index(after: index)
                while end < line.endIndex, "0123456789.eE+-".contains(line[end]) { end = line.index(after: end) }
                numbers.append((key, line[index..<end]))
                skeleton += "#"
                index = end
            } else {
                skeleton.append(character)
                index = line.index(after: index)
            }
        }
    }
}
