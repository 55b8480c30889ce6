import GestureCore

/// A format's writer of a line's payload (`JSONLineFields`, `TextLineFields`): it visits the payload
/// (`GestureEvent.Kind.accept(_:)`), writes its type and phase, and is the `EventFieldWriter` that the payload's
/// `write(to:)` writes its fields to, into the line's writer.
///
/// The line's writer is lent where it lies (`writer`, for the time of `write(_:to:)`), not copied into the visitor:
/// a visitor holding its own copy copied the writer in and out at every line (docs/performance.md).
protocol LineFieldWriter: GestureEventVisitor, EventFieldWriter where Result == Void {
    /// A writer of the payload into `writer`'s bytes, which it writes where they lie.
    init(lending writer: UnsafeMutablePointer<ByteWriter>)
    /// The line's writer, lent.
    var writer: UnsafeMutablePointer<ByteWriter> { get }

    /// Writes a field: its key (`,"KEY":`, ` KEY=`) and its value, which `value` writes in at most `length` bytes,
    /// in one room.
    mutating func field(_ key: StaticString, atMost length: Int, _ value: (inout Room) -> Void)
    /// Writes a timeline's value or bucket.
    mutating func timelineField(_ field: TimelineField)
    /// What a range (a selection, a visible domain) writes before its start, between its bounds and after its end.
    static var rangeParts: (before: StaticString, between: StaticString, after: StaticString) { get }
}

extension LineFieldWriter {
    /// Writes a field's key alone, its value written after it.
    @inline(__always)
    mutating func key(_ key: StaticString) {
        field(key, atMost: 0) { _ in }
    }

    @inline(__always)
    mutating func number(_ key: StaticString, _ value: Double) {
        field(key, atMost: Room.longestDecimal) { $0.decimal(value) }
    }

    @inline(__always)
    mutating func count(_ key: StaticString, _ value: Int) {
        field(key, atMost: Room.longestInteger) { $0.integer(Int64(value)) }
    }

    /// The line's writer, written where it lies.
    var out: ByteWriter {
        unsafeAddress { UnsafePointer(writer) }
        nonmutating unsafeMutableAddress { writer }
    }

    /// Writes `kind`'s payload to `out`, as this format writes it: its type, phase and fields; false for an
    /// explanation, which is no payload (the caller writes it).
    @inline(__always)
    static func write(_ kind: GestureEvent.Kind, to out: inout ByteWriter) -> Bool {
        withUnsafeMutablePointer(to: &out) { writer in
            var fields = Self(lending: writer)
            return kind.accept(&fields) != nil
        }
    }
}

/// The fields of a timeline, the same in both formats but for their key and their value's form.
extension LineFieldWriter {
    mutating func domainValue(_ key: StaticString, _ value: DomainValue) {
        self.key(key)
        timelineField(TimelineField(value))
    }

    mutating func bucket(_ key: StaticString, _ value: Bucket) {
        self.key(key)
        timelineField(TimelineField(value))
    }

    mutating func selection(_ key: StaticString, _ value: Selection) {
        range(key, TimelineField(value.start), TimelineField(value.end))
    }

    mutating func visibleDomain(_ key: StaticString, _ value: VisibleDomain) {
        range(key, TimelineField(value.start), TimelineField(value.end))
    }

    private mutating func range(_ key: StaticString, _ start: TimelineField, _ end: TimelineField) {
        self.key(key)
        out.append(Self.rangeParts.before)
        timelineField(start)
        out.append(Self.rangeParts.between)
        timelineField(end)
        out.append(Self.rangeParts.after)
    }
}

/// A timeline's value or bucket as a line writes it: a number, or a text (an instant's ISO date and time, a day).
enum TimelineField {
    case number(Double)
    case text(String)

    init(_ value: DomainValue) {
        switch value {
        case .number(let number): self = .number(number)
        case .instant(let seconds): self = .text(Numbers.instant(seconds: seconds))
        }
    }

    init(_ bucket: Bucket) {
        switch bucket {
        case .number(let number): self = .number(number)
        case .day(let day): self = .text(day.description)
        }
    }
}
