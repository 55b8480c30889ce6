import Foundation
import Glibc
import EngineWorkloads
import ReplayWorkloads

// The benchmarks' workloads for Benchmarks/bench-table.py:
// - `bench-workloads trace PATH [GESTURES]`: writes replay's trace (ReplayWorkloads; default issue 12's 100 MB) and
//   prints its size and events;
// - `bench-workloads taps-and-drags PATH GESTURES`: writes issue 23's one-finger trace of taps and 30 mm drags
//   (ReplayWorkloads' `tapsAndDragsText`; 0 gestures: the header alone) and prints its size, events and frames;
// - `bench-workloads replay PATH`: replays PATH as the replay benchmark does (ReplayWorkloads' `replay`), output to
//   /dev/null, and prints the bytes of output;
// - `bench-workloads engine-events`: the frames of the engine's benchmarks (EngineWorkloads, 10,000) and the evdev
//   events a protocol-B touchscreen would send for them, for the engine's cost per evdev event.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "trace" where arguments.count == 2 || arguments.count == 3:
    let gestures = arguments.count == 3 ? Int(arguments[2]) ?? tableGestures : tableGestures
    let written = try writeTrace(gestures: gestures, to: arguments[1])
    print("bytes \(written.bytes) events \(written.events)")
case "taps-and-drags" where arguments.count == 3:
    guard let gestures = Int(arguments[2]), gestures >= 0 else {
        print("bench-workloads: GESTURES is a count, found \(arguments[2])")
        exit(64)
    }
    let trace = tapsAndDragsText(gestures: gestures)
    try Data(trace.text).write(to: URL(fileURLWithPath: arguments[1]), options: .atomic)
    print("bytes \(trace.text.count) events \(trace.events) frames \(trace.frames)")
case "replay" where arguments.count == 2:
    print("output-bytes \(try replay(arguments[1], to: open("/dev/null", O_WRONLY)))")
case "engine-events" where arguments.count == 1:
    let stream = frames(count: 10_000)
    print("frames \(stream.count) evdev-events \(evdevEvents(stream))")
default:
    print("usage: bench-workloads trace PATH [GESTURES] | taps-and-drags PATH GESTURES | replay PATH | engine-events")
    exit(64)
}
