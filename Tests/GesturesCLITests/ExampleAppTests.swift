import Foundation
import Testing

/// The example app (Examples/KitchenTimer), as a UI layer uses the library: on the recording of its session,
/// and live on an emulated touchscreen playing that recording.
@Suite(.serialized) struct ExampleAppTests {
    static let binary = CLI.binary.deletingLastPathComponent().appendingPathComponent("kitchen-timer")
    static let recording = PinnedRecordings.directory.appendingPathComponent("synthetic-kitchen-timer.evemu")

    /// What the app says of the session, but the countdown's seconds: the button's tap (on the chart in the
    /// recording's own layout, which has no button), the selection as it grows, the wind set to 89.937°
    /// (14:59 at 0.1° a second) with its 15 detents, the chart's tap.
    static let sessionLines = [
        "0.580000  today  tapped: the chart scrolls to today",
        "1.100000  chart  selecting 2025-11-08",
        "1.340000  chart  selecting 2025-11-08 … 2025-11-09",
        "1.400000  chart  selecting 2025-11-08 … 2025-11-10",
        "1.470000  chart  selecting 2025-11-08 … 2025-11-11",
        "1.540000  chart  selecting 2025-11-08 … 2025-11-12",
        "1.600000  chart  selecting 2025-11-08 … 2025-11-13",
        "1.670000  chart  selecting 2025-11-08 … 2025-11-14",
        "1.800000  chart  selected 2025-11-08 … 2025-11-14",
        "2.550000  timer  winding",
        "3.200000  timer  set to 14:59 (15 detent ticks), counting down",
        "6.770000  chart  tap on 2025-11-22",
    ]

    /// On the recording, on a clock that jumps to each wake-up: the countdown's seconds come one a second of
    /// the recording after the timer was let go at 3.2 s, each 0.1° less, until the recording ends at 6.77 s.
    @Test func onTheRecording() throws {
        let run = try CLI.runProcess([Self.binary.path, "--fast", Self.recording.path])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        #expect(run.lines == Array(Self.sessionLines[...10]) + [
            "4.200000  timer  14:58 left",
            "5.200000  timer  14:57 left",
            "6.200000  timer  14:56 left",
            Self.sessionLines[11],
            "end of the recording",
        ])
    }

    /// Live, on an emulated touchscreen that plays the recording, found by the app itself (no --device):
    /// the same session, and the countdown's seconds on the app's own clock, a second apart, until SIGINT.
    @Test(.enabled(if: Emulated.available, "umockdev is missing: run `make test`, which installs it"))
    func onAnEmulatedTouchscreen() throws {
        let run = try LiveTests.emulated([("touchscreen-mt", Self.recording.path)],
                                         options: ["--interrupt-after", try LiveTests.interruptAfter(Self.recording)],
                                         binary: Self.binary, [])
        #expect(run.status == 0)
        #expect(run.stderr == "")
        let countdown = run.lines.filter { $0.hasSuffix(" left") }
        #expect(run.lines.filter { !$0.hasSuffix(" left") } == Self.sessionLines + ["stopped"])
        // From 14:58, a second less each time, in time order (their times are the app's clock's, on the event
        // clock: a second apart, give or take the load of the machine).
        #expect(countdown.count >= 3)
        for (index, line) in countdown.enumerated() {
            #expect(line.hasSuffix("  timer  14:\(58 - index) left"))
        }
        let times = countdown.compactMap { Double($0.prefix { $0 != " " }) }
        #expect(times == times.sorted() && times.first.map { $0 > 3.2 } == true)
    }
}
