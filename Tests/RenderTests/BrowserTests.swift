import Foundation
import Testing

/// Headless Chromium, when it is installed (`make test-browser` installs Debian's), and the standard
/// library's PNG decoding in `scripts/png-stats.py`.
enum Browser {
    static let chromium: String? = {
        let candidates = [ProcessInfo.processInfo.environment["CHROMIUM"], "/usr/bin/chromium", "/usr/bin/chromium-browser",
                          "/usr/bin/google-chrome"].compactMap { $0 }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static var available: Bool { chromium != nil && python != nil }

    /// Runs `command`, giving up after `seconds`; returns its status and standard output.
    static func run(_ command: [String], seconds: Double = 90) throws -> (status: Int32, output: String) {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("render-test-" + UUID().uuidString)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: output) }
        let handle = try FileHandle(forWritingTo: output)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            Issue.record("\(command[0]) did not finish within \(seconds) s")
        }
        try handle.close()
        return (process.terminationStatus, String(decoding: try Data(contentsOf: output), as: UTF8.self))
    }

    /// A screenshot of `page` (a file) in a window of `width` × `height` CSS pixels at scale 1.
    static func screenshot(_ page: URL, width: Int, height: Int, to png: URL, profile: URL) throws {
        let run = try run([chromium!, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
                           "--disable-extensions", "--force-device-scale-factor=1", "--user-data-dir=" + profile.path,
                           "--window-size=\(width),\(height)", "--screenshot=" + png.path, page.absoluteString])
        #expect(run.status == 0)
    }

    /// What `png-stats.py` says of a screenshot (and how many pixels differ from another).
    struct Stats: Decodable {
        let width: Int
        let height: Int
        let content: [Int]?
        let colours: Int
        let differing: Int?
    }

    static func stats(_ png: URL, comparedWith other: URL? = nil) throws -> Stats {
        let script = Recordings.root.appendingPathComponent("scripts/png-stats.py").path
        let run = try run([python!, script, png.path] + (other.map { [$0.path] } ?? []))
        #expect(run.status == 0)
        return try JSONDecoder().decode(Stats.self, from: Data(run.output.utf8))
    }
}

/// The pictures in a real browser: headless Chromium draws the still picture and the animated one at two
/// moments; the screenshots are decoded and must show the whole picture at its size, not a blank page, and
/// the two moments must differ.
@Suite(.enabled(if: Browser.available, "needs Chromium and python3: make test-browser installs Chromium"), .serialized)
struct BrowserTests {
    /// A trace with a selection, a wind of the dial, taps and haptics.
    static let trace = "synthetic-single-touch.evemu"

    /// The picture's size in CSS pixels (96 per inch), from its `width` and `height` in mm.
    static func pixels(of svg: String) throws -> (width: Double, height: Double) {
        let root = try SVGElement.parse(svg)
        func mm(_ attribute: String) throws -> Double {
            let text = try #require(root[attribute])
            return try #require(Double(text.dropLast(2)))
        }
        return (try mm("width") * 96 / 25.4, try mm("height") * 96 / 25.4)
    }

    /// The screenshot is the window's size, the picture fills the part of it the SVG's size asks for (the
    /// page around it stays white), and it is not blank.
    static func expectPicture(_ stats: Browser.Stats, window: (Int, Int), picture: (width: Double, height: Double)) {
        #expect(stats.width == window.0 && stats.height == window.1)
        let content = stats.content ?? []
        #expect(content.count == 4 && content[0] == 0 && content[1] == 0, "\(content)")
        if content.count == 4 {
            #expect(abs(Double(content[2]) - picture.width) <= 1.5 && abs(Double(content[3]) - picture.height) <= 1.5,
                    "content \(content), picture \(picture)")
        }
        #expect(stats.colours >= 50, "\(stats.colours) colours: a blank page?")
    }

    @Test func theStillPictureRenders() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-browser-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = try Recordings.svg(Self.trace, animated: false)
        let page = directory.appendingPathComponent("still.svg")
        try svg.write(to: page, atomically: true, encoding: .utf8)
        let size = try Self.pixels(of: svg)
        let window = (Int(size.width.rounded(.up)) + 40, Int(size.height.rounded(.up)) + 40)
        let png = directory.appendingPathComponent("still.png")
        try Browser.screenshot(page, width: window.0, height: window.1, to: png, profile: directory.appendingPathComponent("profile"))
        Self.expectPicture(try Browser.stats(png), window: window, picture: size)
    }

    /// The animated picture at two moments, each set through the SVG DOM (`setCurrentTime` with the
    /// animations paused) in a page that holds the picture inline: the fingers, the band, the dial's pointer
    /// and the progress mark have moved between them.
    @Test func theAnimatedPictureMoves() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("render-browser-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = try Recordings.svg(Self.trace, animated: true)
        let size = try Self.pixels(of: svg)
        let window = (Int(size.width.rounded(.up)) + 40, Int(size.height.rounded(.up)) + 40)
        let dur = try #require(SVGElement.parse(svg).find("animate").first?["dur"])
        let duration = try #require(Double(dur.dropLast()))
        let body = svg[svg.range(of: "<svg")!.lowerBound...]
        var shots: [URL] = []
        for moment in [0.25 * duration, 0.6 * duration] {
            let page = directory.appendingPathComponent("moment-\(shots.count).html")
            let html = """
                <!DOCTYPE html><html><head><meta charset="utf-8"><style>html, body { margin: 0; background: #fff }</style></head>
                <body>\(body)<script>
                const picture = document.querySelector("svg"); picture.pauseAnimations(); picture.setCurrentTime(\(moment));
                </script></body></html>
                """
            try html.write(to: page, atomically: true, encoding: .utf8)
            let png = directory.appendingPathComponent("moment-\(shots.count).png")
            try Browser.screenshot(page, width: window.0, height: window.1, to: png, profile: directory.appendingPathComponent("profile"))
            Self.expectPicture(try Browser.stats(png), window: window, picture: size)
            shots.append(png)
        }
        let differing = try #require(Browser.stats(shots[0], comparedWith: shots[1]).differing)
        #expect(differing >= 500, "only \(differing) pixels differ between the two moments")
    }
}
