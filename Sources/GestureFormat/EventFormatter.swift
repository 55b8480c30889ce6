import GestureCore

/// How events are printed.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// One JSON object per line, keys in SPEC order: the stable interface.
    case jsonl
    /// One line per event for people: time, region, type, phase, then `key=value` fields. Not stable.
    case text
}

/// Renders gesture events as lines (without the newline).
///
/// `append(_:to:)` writes straight into a byte buffer (the replay's hot path: no `String` per field, and
/// the bytes go into the buffer's reserved room, see `ByteWriter`); `line(for:)` returns the same bytes as a
/// `String`.
public struct EventFormatter: Sendable {
    /// JSON Lines (the stable interface, docs/SPEC.md "JSON Lines output") or text for people.
    public var format: OutputFormat
    /// With several traces, each line begins with the trace's path.
    public var trace: String?

    /// A formatter of `format`; `trace` (nil: none) begins every line with that path, as `gestures replay`
    /// does with several traces.
    public init(format: OutputFormat = .jsonl, trace: String? = nil) {
        self.format = format
        self.trace = trace
    }

    /// The line of `event`, without its newline: byte for byte what `append(_:to:)` writes.
    public func line(for event: GestureEvent) -> String {
        var bytes: [UInt8] = []
        append(event, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the line of `event` (without a newline) to `bytes`.
    public func append(_ event: GestureEvent, to bytes: inout [UInt8]) {
        var unkept = LineStart.unkept
        bytes.appendWritten { write(event, to: &$0, lineStart: &unkept, newline: false) }
    }

    /// Appends the line of `event` and its newline to `bytes`.
    public func appendLine(_ event: GestureEvent, to bytes: inout [UInt8]) {
        var unkept = LineStart.unkept
        appendLine(event, to: &bytes, reusing: &unkept)
    }

    /// Appends the line of `event` and its newline to `bytes`, as `appendLine(_:to:)` does, reusing the
    /// beginning of the previous line (kept in `lineStart`) when it is the same: a caller that writes line
    /// after line (`gestures replay`'s and `live`'s output) keeps one `LineStart` for all of them.
    public func appendLine(_ event: GestureEvent, to bytes: inout [UInt8], reusing lineStart: inout LineStart) {
        bytes.appendWritten { writeLine(event, to: &$0, lineStart: &lineStart) }
    }

    /// Writes the line of `event` and its newline at the beginning of `room`, the bytes that
    /// `appendLine(_:to:reusing:)` appends, and returns their count; nil when they do not fit (the fields of a
    /// line claim their longest before they are written, up to 2 KiB: see `ByteWriter`), and the caller writes
    /// the line again into more room.
    ///
    /// For a caller that keeps its own buffer and writes line after line into its spare room (`gestures
    /// replay`'s and `live`'s output): no array's reservation a line (docs/performance.md).
    public func writeLine(_ event: GestureEvent, into room: UnsafeMutableBufferPointer<UInt8>,
                          reusing lineStart: inout LineStart) -> Int? {
        var out = ByteWriter(room)
        writeLine(event, to: &out, lineStart: &lineStart)
        return out.overflowed ? nil : out.count
    }

    /// Writes the lines of `events[start...]`, each with its newline, one after the other at the beginning of
    /// `room`, as `writeLine(_:into:reusing:)` writes each, as many as fit (a line fits when its fields' claims
    /// do, as there): returns how many lines were written and their bytes' count (0 lines when the first does not
    /// fit; the caller makes room and goes on from there).
    ///
    /// For a caller that gets its events a batch at a time (`gestures replay`: each batch the pipeline returns):
    /// one call for all the lines of a batch, rather than a call a line (docs/performance.md).
    public func writeLines(_ events: [GestureEvent], from start: Int, into room: UnsafeMutableBufferPointer<UInt8>,
                           reusing lineStart: inout LineStart) -> (lines: Int, count: Int) {
        var out = ByteWriter(room)
        var written = 0
        // Each event read where it lies (`lendEach`): reading it from the array copied it first and destroyed the copy
        // after, at every line (docs/performance.md).
        let next = events.lendEach(from: start) { event in
            writeLine(event, to: &out, lineStart: &lineStart)
            guard !out.overflowed else { return false }
            written = out.count
            return true
        }
        return (next - start, written)
    }

    @inline(__always)
    private func writeLine(_ event: GestureEvent, to out: inout ByteWriter, lineStart: inout LineStart) {
        write(event, to: &out, lineStart: &lineStart, newline: true)
    }

    /// The beginning of a line, up to its type (`{"time":0.010001,"region":"timer"`, with the trace when
    /// there is one), kept from one line to the next in two parts: the time part (`{"time":0.010001`, with the
    /// trace), reused by a line of the same time by a formatter of the same format and trace, and the region
    /// parts (`,"region":"timer"`) of the last two targets, each reused by a line of the same target by a
    /// formatter of the same format. The bytes are copied instead of written again.
    ///
    /// On the benchmark trace 64% of the lines are of the time and target of the line before (a dial's detent
    /// haptics after its `wind` of the same frame), and the others of the two targets of the last lines (the
    /// chart's `pan` and the dial's `wind`, frame after frame): only a new time is written, and copying a part
    /// costs well under writing the time or escaping the target's name (docs/performance.md).
    public struct LineStart: Sendable {
        /// False for the formatter's own calls without one: nothing is kept.
        private let isKept: Bool
        /// The time of the kept time part, by a formatter of `format` and `trace`; nil: none kept.
        private var time: Timestamp?
        private var format = OutputFormat.jsonl
        private var trace: String?
        private var timePart = KeptBytes()
        /// The region parts of the last two targets, and which of the two is the newer.
        private var regions = InlineArray<2, Region>(repeating: Region())
        private var newer = 0

        /// Nothing kept yet.
        public init() {
            isKept = true
        }

        private init(isKept: Bool) {
            self.isKept = isKept
        }

        fileprivate static var unkept: LineStart { LineStart(isKept: false) }

        /// Writes the time part of a line of `time` by `formatter`: the kept bytes when they are the same.
        @inline(__always)
        fileprivate mutating func writeTime(_ time: Timestamp, by formatter: EventFormatter, to out: inout ByteWriter) {
            if self.time == time && format == formatter.format && Self.sameBytes(trace, formatter.trace) {
                timePart.append(to: &out)
            } else {
                writeAndKeepTime(time, by: formatter, to: &out)
            }
        }

        private mutating func writeAndKeepTime(_ time: Timestamp, by formatter: EventFormatter,
                                               to out: inout ByteWriter) {
            let start = out.count
            switch formatter.format {
            case .jsonl: JSONFields.writeTime(trace: formatter.trace, time: time, to: &out)
            case .text: TextFields.writeTime(trace: formatter.trace, time: time, to: &out)
            }
            guard isKept else { return }
            if !out.overflowed && timePart.keep(out.written(from: start)) {
                self.time = time
                format = formatter.format
                // Assigned only when it differs (most outputs have no trace: no retain and release), compared as
                // `writeTime` compares it: a path in NFD after the same in NFC is another trace.
                if !Self.sameBytes(trace, formatter.trace) { trace = formatter.trace }
            }
            // Else (incomplete: written again; or longer than the room kept) what was kept stays.
        }

        /// Writes the region part of a line for `target` by `formatter`: the bytes kept for that target when
        /// there are some.
        @inline(__always)
        fileprivate mutating func writeRegion(_ target: String, by formatter: EventFormatter,
                                              to out: inout ByteWriter) {
            if regions[newer].holdsIdentical(target, by: formatter) {
                regions[newer].bytes.append(to: &out)
            } else {
                writeOtherRegion(target, by: formatter, to: &out)
            }
        }

        /// `writeRegion` when the newer region part is not for the identical name: the older one's bytes when
        /// they are for the identical name, then either's when they are for an equal one, else the region part
        /// written and kept in place of the older one. Identity is asked of both before equality, which compares
        /// strings through the runtime: lines of two targets in turn (a chart's `pan`, a dial's `wind`, frame
        /// after frame) find their name identical to the older part's. (Not inlined: with both checks inlined
        /// into the line's writer, the compiler stopped inlining the JSON writer into it: docs/performance.md.)
        private mutating func writeOtherRegion(_ target: String, by formatter: EventFormatter,
                                               to out: inout ByteWriter) {
            let older = 1 &- newer
            if regions[older].holdsIdentical(target, by: formatter) || regions[older].holdsEqualBytes(target, by: formatter) {
                newer = older
                regions[newer].bytes.append(to: &out)
                return
            }
            if regions[newer].holdsEqualBytes(target, by: formatter) {
                regions[newer].bytes.append(to: &out)
                return
            }
            let start = out.count
            switch formatter.format {
            case .jsonl: JSONFields.writeRegion(target, to: &out)
            case .text: TextFields.writeRegion(target, to: &out)
            }
            guard isKept, !out.overflowed else { return }
            if regions[older].bytes.keep(out.written(from: start)) {  // else longer than the room kept
                regions[older].target = target
                regions[older].targetLength = target.utf8.count
                regions[older].format = formatter.format
                newer = older
            }
        }

        /// The region part of a target's lines by a formatter of `format`; nil target: none.
        private struct Region: Sendable {
            var target: String?
            /// `target`'s length in UTF-8, counted once.
            var targetLength = 0
            var format = OutputFormat.jsonl
            var bytes = KeptBytes()

            /// Whether these are the bytes for `target` by `formatter` because `target` is the same string value
            /// (`identical`): an engine's events carry its target's own name, so this is the usual case, and it
            /// needs no count of the name's bytes and no comparison through the runtime (docs/performance.md).
            @inline(__always)
            func holdsIdentical(_ target: String, by formatter: EventFormatter) -> Bool {
                guard let kept = self.target, format == formatter.format else { return false }
                return LineStart.identical(kept, target)
            }

            /// Whether these are the bytes for `target` by `formatter`, `target` being an equal name stored apart: the
            /// same bytes. `==` alone takes canonically equivalent strings for equal (a name in NFC and the same in
            /// NFD), whose lines differ, even at the same length ("a\u{301}\u{323}" and "a\u{323}\u{301}"); so its
            /// `true` is checked byte by byte, which only names equivalent by `==` and not identical come to, rather
            /// than comparing the bytes at every line. The kept length counted once saves counting it at every line
            /// (docs/performance.md).
            func holdsEqualBytes(_ target: String, by formatter: EventFormatter) -> Bool {
                guard let kept = self.target, targetLength == target.utf8.count, format == formatter.format else { return false }
                return kept == target && kept.utf8.elementsEqual(target.utf8)
            }
        }

        /// Whether `a` and `b` are one string value, bit for bit: the same bytes inline, or the same storage (and
        /// so the same bytes). False says nothing: equal strings can be stored apart.
        @inline(__always)
        private static func identical(_ a: String, _ b: String) -> Bool {
            withUnsafeBytes(of: a) { a in
                withUnsafeBytes(of: b) { b in
                    guard a.count == 16 else { return false }  // a String is two words on 64-bit platforms
                    return a.loadUnaligned(as: UInt64.self) == b.loadUnaligned(as: UInt64.self)
                        && a.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                }
            }
        }

        /// Whether two traces are the same bytes: `==` also takes two paths in NFC and in NFD for equal, two files on
        /// Linux. (Nil, one trace, in the common case.)
        @inline(__always)
        private static func sameBytes(_ a: String?, _ b: String?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return a.utf8.elementsEqual(b.utf8)
        }
    }

    /// Bytes kept for reuse, the first `length` of `storage`: inline, as an array's appends cost more at every
    /// line (docs/performance.md). Longer bytes (a long trace path or target name) are not kept.
    private struct KeptBytes: Sendable {
        private var storage = InlineArray<64, UInt8>(repeating: 0)
        private var length = 0

        /// Appends the kept bytes to `out`. All of `storage` is copied, and only the kept bytes counted: a copy
        /// of constant length is a few moves, where copying `length` bytes called `memcpy`. Mutating so as to
        /// read `storage` in place: a non-mutating read copied the whole `LineStart` to the stack first
        /// (docs/performance.md).
        @inline(__always)
        mutating func append(to out: inout ByteWriter) {
            let start = out.count
            guard let room = out.claim(storage.count) else { return }  // overflowed: the line is written again
            var span = storage.mutableSpan
            span.withUnsafeMutableBufferPointer { room.initialize(from: $0.baseAddress!, count: $0.count) }
            out.truncate(to: start &+ length)
        }

        /// Keeps `bytes`; false when they are longer than the storage (what was kept then stays).
        mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            guard let source = bytes.baseAddress, bytes.count <= storage.count else { return false }
            var span = storage.mutableSpan
            span.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: source, count: bytes.count) }
            length = bytes.count
            return true
        }
    }

    /// The line of `event`, and its newline when `newline` is true (the JSON line's closing brace and newline are
    /// one claim of room, not two: docs/performance.md).
    @inline(__always)
    private func write(_ event: GestureEvent, to out: inout ByteWriter, lineStart: inout LineStart, newline: Bool) {
        lineStart.writeTime(event.time, by: self, to: &out)
        lineStart.writeRegion(event.target, by: self, to: &out)
        // Each format has its own writer (JSONFields, TextFields): a JSON line's keys are constant
        // fragments with their commas, and no field checks the format.
        switch format {
        case .jsonl: JSONFields.write(event.kind, to: &out, newline: newline)
        case .text: TextFields.write(event.kind, to: &out, newline: newline)
        }
    }
}

/// JSON text for other outputs than events (`gestures devices --format jsonl`).
public enum JSONText {
    /// `value` as a JSON string, with the same escaping as the event lines.
    public static func quoted(_ value: String) -> String {
        var bytes: [UInt8] = []
        bytes.appendWritten { JSONFields.writeString(value, to: &$0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
