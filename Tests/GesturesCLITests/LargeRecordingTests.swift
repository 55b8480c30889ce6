import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A `libinput record` recording of any size, in libinput's layout, made of one period repeated: a tap,
/// then a pan of 10 moves and a hold of 40 frames; two `hid:` items follow each frame, and a
/// `# Current time is` comment every ten frames. Each period lasts 3 s and ends with no finger down.
enum LargeRecording {
    static let header = libinputRecordStart() + """
            # Name: Large Touch
            name: "Large Touch"
            id: [3, 4660, 22136, 1]
            codes:
              0: [0, 1, 2, 3, 4] # EV_SYN
              3: [47, 53, 54, 57] # EV_ABS
              4: [5] # EV_MSC
            absinfo:
              47: [0, 1, 0, 0, 0] # ABS_MT_SLOT
              53: [0, 1000, 0, 0, 10] # ABS_MT_POSITION_X
              54: [0, 500, 0, 0, 10] # ABS_MT_POSITION_Y
              57: [0, 65535, 0, 0, 0] # ABS_MT_TRACKING_ID
            properties: [1]
          hid: [0x05, 0x0d, 0x09, 0x04, 0xa1, 0x01, 0x85, 0x01]
          udev:
            properties:
            - ID_INPUT=1
            - ID_INPUT_TOUCHSCREEN=1
          quirks:
          events:

        """

    static let periodSeconds = 3

    /// One period's text, and where its seconds go: the offset of each 6-column seconds field, and the
    /// seconds within the period to add to the period's start.
    static let period: (bytes: [UInt8], patches: [(offset: Int, seconds: Int)]) = {
        var bytes: [UInt8] = []
        var patches: [(offset: Int, seconds: Int)] = []
        var frameNumber = 0
        func field(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        func frame(at time: Int, _ rows: [(type: Int, code: Int, value: Int, name: String)]) {
            frameNumber += 1
            if frameNumber % 10 == 1 { bytes += Array("  # Current time is 14:51:\(10 + frameNumber % 50)\n".utf8) }
            bytes += Array("  - evdev:\n".utf8)
            for row in rows {
                bytes += Array("    - [".utf8)
                patches.append((bytes.count, time / 1_000_000))
                bytes += Array("000000".utf8)
                bytes += Array((", " + field(time % 1_000_000, 6) + ", " + field(row.type, 3) + ", " + field(row.code, 3) + ", "
                    + field(row.value, 7) + "] # " + row.name + " " + String(row.value) + "\n").utf8)
            }
            for report in 0..<2 {
                bytes += Array("  - hid: {time: [".utf8)
                patches.append((bytes.count, time / 1_000_000))
                bytes += Array(("000000, " + field(time % 1_000_000 + 500 * report, 6) + "], hidraw0: [0x01, 0x03, 0x1a, 0x02, 0xfa, 0x00]}\n").utf8)
            }
        }
        let syn = (0, 0, 0, "------------ SYN_REPORT (0) ----------")
        func slot(_ value: Int) -> (Int, Int, Int, String) { (3, 47, value, "EV_ABS / ABS_MT_SLOT") }
        func tracking(_ value: Int) -> (Int, Int, Int, String) { (3, 57, value, "EV_ABS / ABS_MT_TRACKING_ID") }
        func x(_ value: Int) -> (Int, Int, Int, String) { (3, 53, value, "EV_ABS / ABS_MT_POSITION_X") }
        func y(_ value: Int) -> (Int, Int, Int, String) { (3, 54, value, "EV_ABS / ABS_MT_POSITION_Y") }
        func timestamp(_ value: Int) -> (Int, Int, Int, String) { (4, 5, value, "EV_MSC / MSC_TIMESTAMP") }
        // A tap at (50, 25) mm.
        frame(at: 0, [slot(0), tracking(1), x(500), y(250), syn])
        frame(at: 80_000, [tracking(-1), syn])
        // A pan from (20, 25) mm, 1 mm at a time, then a hold.
        frame(at: 1_000_000, [tracking(2), x(200), y(250), syn])
        var time = 1_000_000
        for step in 1...10 {
            time += 10_000
            frame(at: time, [x(200 + 40 * step), timestamp(time), syn])
        }
        for _ in 1...40 {
            time += 10_000
            frame(at: time, [timestamp(time), syn])
        }
        frame(at: time + 10_000, [tracking(-1), syn])
        return (bytes, patches)
    }()

    /// Writes `periods` periods (at least `minimumBytes` in all, when given) and returns the periods written.
    @discardableResult
    static func write(to url: URL, periods: Int? = nil, minimumBytes: Int = 0) throws -> Int {
        let template = period
        let count = periods ?? (minimumBytes + template.bytes.count - 1) / template.bytes.count
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        try file.write(contentsOf: Data(header.utf8))
        let perChunk = max(1, (8 << 20) / template.bytes.count)
        var chunk: [UInt8] = []
        chunk.reserveCapacity(perChunk * template.bytes.count)
        var written = 0
        while written < count {
            chunk.removeAll(keepingCapacity: true)
            let periodsInChunk = min(perChunk, count - written)
            for index in 0..<periodsInChunk {
                let base = chunk.count
                chunk.append(contentsOf: template.bytes)
                let start = (written + index) * periodSeconds
                chunk.withUnsafeMutableBufferPointer { buffer in
                    for patch in template.patches {
                        // The seconds, right-aligned in their 6 columns.
                        var value = start + patch.seconds
                        var column = base + patch.offset + 5
                        repeat {
                            buffer[column] = UInt8(ascii: "0") + UInt8(value % 10)
                            value /= 10
                            column -= 1
                        } while value > 0
                        while column >= base + patch.offset {
                            buffer[column] = UInt8(ascii: " ")
                            column -= 1
                        }
                    }
                }
            }
            try file.write(contentsOf: Data(chunk))
            written += periodsInChunk
        }
        return count
    }
}

#if os(Linux)
@Suite struct LargeRecordingTests {
    /// `gestures replay` of a ~150 MB libinput recording: the same gestures as its period's, repeated, in
    /// bounded memory (the file is streamed, not read whole).
    @Test func aLargeLibinputRecordingReplaysInBoundedMemory() throws {
        let directory = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let one = directory.appendingPathComponent("one.yml"), large = directory.appendingPathComponent("large.yml")
        try LargeRecording.write(to: one, periods: 1)
        let single = try CLI.run(["replay", one.path])
        #expect(single.status == 0)
        #expect(single.stderr == "")
        let perPeriod = single.lines.count
        #expect(perPeriod >= 3)

        var started = Date()
        let periods = try LargeRecording.write(to: large, minimumBytes: 150_000_000)
        let writing = Date().timeIntervalSince(started)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: large.path)[.size] as? Int)
        #expect(size >= 150_000_000)

        started = Date()
        let time = "/usr/bin/time"
        let measured = FileManager.default.isExecutableFile(atPath: time)
        let run = try measured ? CLI.runProcess([time, "-v", CLI.binary.path, "replay", large.path]) : CLI.run(["replay", large.path])
        let replaying = Date().timeIntervalSince(started)
        #expect(run.status == 0)
        #expect(run.lines.count == periods * perPeriod)
        // The last gesture is the period's last, 3 s × (periods - 1) later.
        let last = try #require(single.lines.last)
        let seconds = try #require(last.firstRange(of: #/"time":(\d+)\./#))
        let shifted = Int(last[seconds].dropFirst(7).dropLast())! + (periods - 1) * LargeRecording.periodSeconds
        #expect(run.lines.last == last.replacingCharacters(in: seconds, with: "\"time\":\(shifted)."))

        // The peak resident memory of the replay, in kB: from GNU time, else from the kernel's account of
        // the children this process waited for: the largest of them, the replays of other tests included,
        // and an upper bound (a child spawned from this process counts this process's memory until its exec).
        var peak: Int?
        if measured {
            let report = run.stderr.split(separator: "\n").first { $0.contains("Maximum resident set size") }
            peak = report.flatMap { Int($0.split(separator: ":").last!.trimmingCharacters(in: .whitespaces)) }
            #expect(!run.stderr.contains("gestures:"), "\(run.stderr)")
        } else {
            #expect(run.stderr == "")
            var usage = rusage()
            if getrusage(RUSAGE_CHILDREN.rawValue, &usage) == 0 { peak = usage.ru_maxrss }
        }
        let kilobytes = try #require(peak)
        print("large libinput recording: \(size) bytes, \(periods) periods written in \(String(format: "%.1f", writing)) s, "
            + "replayed in \(String(format: "%.1f", replaying)) s, peak RSS \(kilobytes) kB")
        #expect(kilobytes < 64 * 1024, "peak resident memory \(kilobytes) kB")
    }
}
#endif
