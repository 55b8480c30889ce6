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
        bytes.appendWritten { write(event, to: &$0, lineStart: &unkept) }
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
    /// replay`'s and `live`'s output): no array's reservation a line, which cost about 80 instructions a line
    /// of the benchmark trace (callgrind).
    public func writeLine(_ event: GestureEvent, into room: UnsafeMutableBufferPointer<UInt8>,
                          reusing lineStart: inout LineStart) -> Int? {
        var out = ByteWriter(room)
        writeLine(event, to: &out, lineStart: &lineStart)
        return out.overflowed ? nil : out.count
    }

    @inline(__always)
    private func writeLine(_ event: GestureEvent, to out: inout ByteWriter, lineStart: inout LineStart) {
        write(event, to: &out, lineStart: &lineStart)
        out.append(UInt8(ascii: "\n"))
    }

    /// The beginning of a line, up to its type (`{"time":0.010001,"region":"timer"`, with the trace when
    /// there is one), kept from one line to the next: a line of the same time and target, by a formatter of
    /// the same format and trace, begins with the same bytes, copied instead of written again.
    ///
    /// On the benchmark trace 64% of the lines begin as the previous one (a dial's detent haptics after its
    /// `wind` of the same frame), and copying costs about 40 instructions where writing the time and escaping
    /// the target's name cost about 250 (callgrind).
    public struct LineStart: Sendable {
        /// False for the formatter's own calls without one: nothing is kept.
        private let isKept: Bool
        /// The time and target of the kept beginning; nil: none kept.
        private var time: Timestamp?
        private var target = ""
        /// The formatter that wrote it.
        private var format = OutputFormat.jsonl
        private var trace: String?
        /// Its bytes, the first `length` of `storage`: inline, as an array's appends cost 170 instructions a
        /// line more. A beginning longer than `storage` (a long trace path or target name) is not kept.
        private var storage = InlineArray<96, UInt8>(repeating: 0)
        private var length = 0

        /// Nothing kept yet.
        public init() {
            isKept = true
        }

        private init(isKept: Bool) {
            self.isKept = isKept
        }

        fileprivate static var unkept: LineStart { LineStart(isKept: false) }

        /// Whether `event`'s line, by `formatter`, begins with the kept bytes.
        @inline(__always)
        fileprivate func begins(_ event: GestureEvent, by formatter: EventFormatter) -> Bool {
            time == event.time && Self.sameLength(target, event.target) && format == formatter.format
                && Self.sameBytes(trace, formatter.trace)
        }

        /// `==` and the same number of bytes. `==` alone takes canonically equivalent strings for equal (a name in NFC
        /// and the same in NFD), whose lines differ; their lengths differ as soon as one composes what the other
        /// decomposes. Comparing the bytes themselves cost 294 instructions a line (callgrind, the benchmark trace),
        /// for a difference that only names from two engines could make (an engine's names are unique by `==`).
        @inline(__always)
        private static func sameLength(_ a: String, _ b: String) -> Bool {
            a.utf8.count == b.utf8.count && a == b
        }

        /// Whether two traces are the same bytes: `==` also takes two paths in NFC and in NFD for equal, two files on
        /// Linux. (Nil, one trace, in the common case.)
        @inline(__always)
        private static func sameBytes(_ a: String?, _ b: String?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return a.utf8.elementsEqual(b.utf8)
        }

        /// Appends the kept bytes to `out`. All of `storage` is copied, and only the kept bytes counted: a copy
        /// of constant length is a few moves, where copying `length` bytes called `memcpy`. Mutating so as to
        /// read `storage` in place: a non-mutating read copied the whole `LineStart` to the stack first. Both
        /// together: 602 → 586 instructions a line of the benchmark trace (callgrind).
        @inline(__always)
        fileprivate mutating func append(to out: inout ByteWriter) {
            let start = out.count
            guard let room = out.claim(storage.count) else { return }  // overflowed: the line is written again
            var span = storage.mutableSpan
            span.withUnsafeMutableBufferPointer { room.initialize(from: $0.baseAddress!, count: $0.count) }
            out.truncate(to: start + length)
        }

        /// Keeps `bytes`, the beginning of `event`'s line by `formatter`.
        fileprivate mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>, of event: GestureEvent,
                                       by formatter: EventFormatter) {
            guard isKept else { return }
            guard let source = bytes.baseAddress, bytes.count <= storage.count else {
                time = nil
                return
            }
            time = event.time
            // The target assigned in any case: on the benchmark trace 69% of the beginnings kept are of the other
            // target (comparing them first cost 8 instructions a line more); the trace only when it differs (most
            // outputs have none).
            target = event.target
            if trace != formatter.trace { trace = formatter.trace }
            format = formatter.format
            var span = storage.mutableSpan
            span.withUnsafeMutableBufferPointer { $0.baseAddress!.update(from: source, count: bytes.count) }
            length = bytes.count
        }

        /// Keeps nothing (what was written did not fit: it is written again).
        fileprivate mutating func forget() {
            time = nil
        }
    }

    @inline(__always)
    private func write(_ event: GestureEvent, to out: inout ByteWriter, lineStart: inout LineStart) {
        if lineStart.begins(event, by: self) {
            lineStart.append(to: &out)
        } else {
            let start = out.count
            switch format {
            case .jsonl: JSONFields.writeStart(trace: trace, time: event.time, target: event.target, to: &out)
            case .text: TextFields.writeStart(trace: trace, time: event.time, target: event.target, to: &out)
            }
            if out.overflowed {
                lineStart.forget()
            } else {
                lineStart.keep(out.written(from: start), of: event, by: self)
            }
        }
        // Each format has its own writer (JSONFields, TextFields): a JSON line's keys are constant
        // fragments with their commas, and no field checks the format.
        switch format {
        case .jsonl: JSONFields.write(event.kind, to: &out)
        case .text: TextFields.write(event.kind, to: &out)
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
