import Foundation
import Glibc
import EngineWorkloads
import GestureCore
import ReplayWorkloads

// The benchmarks' workloads for Benchmarks/bench-table.py:
// - `bench-workloads trace PATH [GESTURES]`: writes replay's trace (ReplayWorkloads; default issue 12's 100 MB) and
//   prints its size and events;
// - `bench-workloads taps-and-drags PATH GESTURES`: writes issue 23's one-finger trace of taps and 30 mm drags
//   (ReplayWorkloads' `tapsAndDragsText`; 0 gestures: the header alone) and prints its size, events and frames;
// - `bench-workloads replay PATH`: replays PATH as the replay benchmark does (ReplayWorkloads' `replay`), output to
//   /dev/null, and prints the bytes of output;
// - `bench-workloads engine-events`: the frames of the engine's benchmarks (EngineWorkloads, 10,000) and the evdev
//   events a protocol-B touchscreen would send for them, for the engine's cost per evdev event;
// - `bench-workloads engine-frames PATH`: writes the same frames for the C interface's program
//   (Benchmarks/CInterfaceCost): for each frame its time (int64 µs) and contact count (int64), then its contacts as
//   `tg_contact`s (int64 id, double x, double y, int32 phase, int32 0), native byte order; prints the frame count.
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
case "engine-frames" where arguments.count == 2:
    let stream = frames(count: 10_000)
    var bytes = Data()
    func append<T>(_ value: T) { withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) } }
    for frame in stream {
        append(frame.time.microseconds)
        append(Int64(frame.contacts.count))
        for contact in frame.contacts {
            let phase: Int32 = switch contact.phase {
            case .began: 0
            case .moved: 1
            case .stationary: 2
            case .ended: 3
            case .cancelled: 4
            }
            append(Int64(contact.id))
            append(contact.position.x)
            append(contact.position.y)
            append(phase)
            append(Int32(0))
        }
    }
    try bytes.write(to: URL(fileURLWithPath: arguments[1]), options: .atomic)
    print("frames \(stream.count)")
default:
    print("usage: bench-workloads trace PATH [GESTURES] | taps-and-drags PATH GESTURES | replay PATH | engine-events | engine-frames PATH")
    exit(64)
}
