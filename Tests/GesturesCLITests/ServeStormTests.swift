import Foundation
import Testing

/// `gestures serve` under a ten-finger storm at 1 kHz on two emulated touchscreens at once for a minute
/// (`storm.py --swipes`: every second an edge swipe from the left, a line a frame, and a ten-finger swipe up; the
/// second device half a second out of step), each gesture bound to a command. serve-testbed.py writes each device's
/// frames itself at their times (`--fed-device`) and hands the service whole events only, as a real node does, so that
/// a service that falls behind the storm gets the frames late and loses none: what umockdev's own players cannot
/// give at this rate (a read of a node's full 4095-byte buffer ends in a cut event, which libevdev drops).
@Suite(.serialized, .enabled(if: Emulated.available, "umockdev is missing: run `make test`, which installs it"))
struct ServeStormTests {
    static let seconds = 60

    /// Each device's lines are its trace's replay through the bindings' targets, every one in order (nothing lost or
    /// reordered, whatever the other device does); every swipe ran its command once, and every edge swipe its
    /// continuous command, which read one line per edge-swipe line (`begin`, `update`s, `end`); and the service's
    /// memory stays flat: the largest VmRSS of the storm's last quarter is within 2 MB of that of its first (VmRSS
    /// read every second). The grace is 1 s, as in LiveTests' storm: a stall of the emulation shorter than that
    /// fires no deadline before frames stamped earlier (the bindings' gestures have none). On a machine too busy
    /// the test does not run, as LiveTests' storm (the same rule).
    @Test(.timeLimit(.minutes(6)),
          .enabled(if: Emulated.machineIsFreeEnough,
                   "the machine is too busy (load average at or above twice its cores) for two 1 kHz emulated devices"))
    func aTenFingerStormAt1kHzOnTwoDevicesForAMinute() throws {
        let directory = try ServeTests.directory(["serve.json": #"""
            {"bindings": [
              {"gesture": "swipe", "fingers": 10, "direction": "up", "run": ["sh", "-c", "echo \"$GESTURE_DEVICE\" >> swipes"]},
              {"gesture": "edge-swipe", "edge": "left", "continuous": true, "run": ["sh", "-c", "cat >> \"edges-${GESTURE_DEVICE##*/}\""]}
            ]}
            """#])
        defer { try? FileManager.default.removeItem(at: directory) }
        let storm = Emulated.fixtures.appendingPathComponent("storm.py").path
        let devices = [("touchscreen-mt", "/dev/input/event20", 0), ("touchscreen-mt-second", "/dev/input/event24", 500)]
        var expected: [String: [String]] = [:]
        for (fixture, node, shift) in devices {
            let trace = directory.appendingPathComponent(fixture + ".events").path
            let layout = directory.appendingPathComponent("screen.layout.json").path
            let generated = try CLI.runProcess(["/usr/bin/python3", storm, "--swipes", String(shift), String(Self.seconds), trace, layout])
            try #require(generated.status == 0)
            expected[node] = try ServeTests.replayed(trace, layout: layout, device: node)
        }
        let total = expected.values.map(\.count).reduce(0, +)
        // The shell reads the service's VmRSS every second until every line has come (at most 150 s), then stops it.
        let script = #"""
            : > "$1/lines"
            "$0" serve --print --config serve.json --socket "$1/gestures.sock" --grace-ms 1000 > "$1/lines" &
            serve=$!
            t=0
            while [ "$(wc -l < "$1/lines")" -lt "$2" ] && [ $t -lt 150 ]; do
                sleep 1; t=$((t + 1))
                grep -E '^VmRSS' /proc/$serve/status | awk '{ print $2 }' >> "$1/rss"
            done
            sleep 1
            kill -TERM $serve; wait $serve
            """#
        let run = try CLI.runProcess([ServeTests.testbed.path, "--timeout", "240",
                                      "--fed-device", "touchscreen-mt", directory.appendingPathComponent("touchscreen-mt.events").path,
                                      "--fed-device", "touchscreen-mt-second", directory.appendingPathComponent("touchscreen-mt-second.events").path,
                                      "--", "/bin/sh", "-c", script, CLI.binary.path, directory.path, String(total)], in: directory)
        #expect(run.status == 0)
        #expect(run.stderr.split(separator: "\n").sorted() == [
            ServeTests.serving20,
            #"gestures: /dev/input/event24: serving "Gestures Test Second Touchscreen" (touchscreen, 215.526 x 134.684 mm, rotation normal, the bindings)"#,
        ].map { Substring($0) })
        let printed = ServeTests.read(directory.appendingPathComponent("lines")).split(separator: "\n").map(String.init)
        #expect(printed.count == total)
        var swipesRun: [String: Int] = [:]
        for line in ServeTests.read(directory.appendingPathComponent("swipes")).split(separator: "\n") { swipesRun[String(line), default: 0] += 1 }
        for (_, node, _) in devices {
            let lines = printed.filter { $0.hasPrefix(#"{"device":"\#(node)""#) }
            let wanted = expected[node] ?? []
            #expect(lines.count == wanted.count, "\(node)")
            #expect(lines == wanted, "\(node): the first line that differs is \(zip(lines, wanted).enumerated().first { $1.0 != $1.1 }.map { String($0.offset) } ?? "none")")
            let swipes = wanted.filter { $0.contains(#""type":"swipe""#) }.count
            let edges = wanted.filter { $0.contains(#""type":"edge-swipe""#) }
            #expect(swipes == Self.seconds)
            #expect(swipesRun[node] == swipes, "\(node): the swipe's command ran \(swipesRun[node] ?? 0) times")
            let fed = ServeTests.read(directory.appendingPathComponent("edges-" + node.split(separator: "/").last!)).split(separator: "\n")
            #expect(fed.count == edges.count, "\(node): the edge swipes' commands read \(fed.count) lines")
            #expect(fed.filter { $0.hasPrefix("begin ") }.count == Self.seconds)
            #expect(fed.filter { $0.hasPrefix("update ") }.count == edges.count - 2 * Self.seconds)
            #expect(fed.filter { $0.hasPrefix("end ") }.count == Self.seconds)
        }
        let rss = ServeTests.read(directory.appendingPathComponent("rss")).split(separator: "\n").compactMap { Int($0) }
        try #require(rss.count >= 8, "VmRSS read \(rss.count) times")
        let quarter = rss.count / 4
        let first = rss.prefix(quarter).max() ?? 0, last = rss.suffix(quarter).max() ?? 0
        #expect(last <= first + 2048, "VmRSS: largest \(first) kB in the first quarter, \(last) kB in the last")
        print("serve storm: \(total) lines, \(swipesRun.values.reduce(0, +)) swipe commands; VmRSS over \(rss.count) s: first \(rss.first ?? 0) kB, "
              + "largest of the first quarter \(first) kB, of the last \(last) kB, largest \(rss.max() ?? 0) kB, last \(rss.last ?? 0) kB")
    }
}
