import CTouchGesturesHeader
import GestureCore
import GestureFormat

/// The events of an input as C structs (`tg_event`, `tg_field`), their texts in one block: what
/// `tg_engine_events` hands out.
struct TypedEvents {
    var events: UnsafePointer<tg_event>?
    var count: Int
}

/// Gathers the fields of events as the JSON line lists them (`GestureEventPayload.write(to:)`), with every text
/// (keys, names, values) as offsets into one block of bytes: the pointers are set once the block has its place
/// (`TypedEventsArena.take`).
struct TypedEventsBuilder: EventFieldWriter, GestureEventVisitor {
    /// A field, its texts as offsets into `text` (-1: none).
    struct Field {
        var key: Int
        var type: tg_value_type
        var number: Double
        var integer: Int64
        var text: Int
    }

    /// An event, its texts as offsets into `text`, its fields from `firstField` in `fields`.
    struct Event {
        var time: Int64
        var target: Int
        var type: Int
        var kind: tg_kind
        var phase: tg_phase
        var firstField: Int
        var fieldCount: Int
    }

    var text: [CChar] = []
    var fields: [Field] = []
    var events: [Event] = []

    /// Empties it, keeping its storage.
    mutating func removeAll() {
        text.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
        events.removeAll(keepingCapacity: true)
    }

    mutating func add(_ event: GestureEvent) {
        let firstField = fields.count
        let target = append(event.target)
        let type = append(event.kind.type)
        if case .explanation(let explanation) = event.kind {
            text("path", explanation.path)
            text("from", explanation.from)
            text("to", explanation.to)
            text("reason", ExplanationText.reason(explanation.reason))
        } else {
            event.kind.accept(&self)
        }
        events.append(Event(time: event.time.microseconds, target: target, type: type, kind: Self.kind(event.kind),
                            phase: Self.phase(event.kind.phase), firstField: firstField, fieldCount: fields.count - firstField))
    }

    /// The C kind of `kind`: every kind listed, so that a new kind of line is not forgotten here.
    static func kind(_ kind: GestureEvent.Kind) -> tg_kind {
        switch kind {
        case .tap: TG_KIND_TAP
        case .select: TG_KIND_SELECT
        case .pan: TG_KIND_PAN
        case .wind: TG_KIND_WIND
        case .rotate: TG_KIND_ROTATE
        case .haptic: TG_KIND_HAPTIC
        case .magnify: TG_KIND_MAGNIFY
        case .swipe: TG_KIND_SWIPE
        case .edgeSwipe: TG_KIND_EDGE_SWIPE
        case .zoom: TG_KIND_ZOOM
        case .longPress: TG_KIND_LONG_PRESS
        case .rotation: TG_KIND_ROTATION
        case .quickScale: TG_KIND_QUICK_SCALE
        case .gesture: TG_KIND_GESTURE
        case .explanation: TG_KIND_EXPLAIN
        }
    }

    static func phase(_ phase: GesturePhase?) -> tg_phase {
        switch phase {
        case nil: TG_PHASE_NONE
        case .began: TG_PHASE_BEGAN
        case .changed: TG_PHASE_CHANGED
        case .ended: TG_PHASE_ENDED
        case .cancelled: TG_PHASE_CANCELLED
        }
    }

    /// Appends `string` and its NUL to `text`; returns where it begins.
    private mutating func append(_ string: String) -> Int {
        let start = text.count
        for byte in string.utf8 { text.append(CChar(bitPattern: byte)) }
        text.append(0)
        return start
    }

    private mutating func append(_ key: StaticString, _ suffix: StaticString? = nil) -> Int {
        let start = text.count
        key.withUTF8Buffer { text.append(contentsOf: UnsafeRawBufferPointer($0).bindMemory(to: CChar.self)) }
        if let suffix {
            suffix.withUTF8Buffer { text.append(contentsOf: UnsafeRawBufferPointer($0).bindMemory(to: CChar.self)) }
        }
        text.append(0)
        return start
    }

    private mutating func field(_ key: Int, _ type: tg_value_type, number: Double = 0, integer: Int64 = 0, text: Int = -1) {
        fields.append(Field(key: key, type: type, number: number, integer: integer, text: text))
    }

    // MARK: GestureEventVisitor

    mutating func visit<Payload: GestureEventPayload>(_ payload: Payload, phase: GesturePhase?) {
        payload.write(to: &self)
    }

    // MARK: EventFieldWriter

    mutating func number(_ key: StaticString, _ value: Double) {
        field(append(key), TG_VALUE_NUMBER, number: value)
    }

    mutating func count(_ key: StaticString, _ value: Int) {
        field(append(key), TG_VALUE_INTEGER, number: Double(value), integer: Int64(value))
    }

    mutating func text(_ key: StaticString, _ value: String) {
        let key = append(key)
        field(key, TG_VALUE_TEXT, text: append(value))
    }

    mutating func word(_ key: StaticString, _ value: StaticString) {
        let key = append(key)
        field(key, TG_VALUE_TEXT, text: append(value))
    }

    mutating func point(_ key: StaticString, _ value: Point) {
        field(append(key, ".x"), TG_VALUE_NUMBER, number: value.x)
        field(append(key, ".y"), TG_VALUE_NUMBER, number: value.y)
    }

    mutating func domainValue(_ key: StaticString, _ value: DomainValue) {
        domainValue(append(key), value)
    }

    mutating func bucket(_ key: StaticString, _ value: Bucket) {
        bucket(append(key), value)
    }

    mutating func selection(_ key: StaticString, _ value: Selection) {
        bucket(append(key, ".start"), value.start)
        bucket(append(key, ".end"), value.end)
    }

    mutating func visibleDomain(_ key: StaticString, _ value: VisibleDomain) {
        domainValue(append(key, ".start"), value.start)
        domainValue(append(key, ".end"), value.end)
    }

    private mutating func domainValue(_ key: Int, _ value: DomainValue) {
        switch value {
        case .number(let number): field(key, TG_VALUE_NUMBER, number: number)
        case .instant(let seconds): field(key, TG_VALUE_INSTANT, number: seconds)
        }
    }

    private mutating func bucket(_ key: Int, _ value: Bucket) {
        switch value {
        case .number(let number): field(key, TG_VALUE_NUMBER, number: number)
        case .day(let day):
            field(key, TG_VALUE_DAY, number: Double(day.daysSinceEpoch), integer: Int64(day.daysSinceEpoch), text: append(day.description))
        }
    }
}

/// The memory of typed events: the structs and the block of their texts, reused from input to input.
struct TypedEventsArena {
    private var text = CBuffer<CChar>()
    private var fields = CBuffer<tg_field>()
    private var events = CBuffer<tg_event>()

    /// The events of `builder`, their pointers into this arena.
    mutating func take(_ builder: TypedEventsBuilder) -> TypedEvents {
        guard !builder.events.isEmpty else { return TypedEvents(events: nil, count: 0) }
        text.reserve(builder.text.count)
        fields.reserve(builder.fields.count)
        events.reserve(builder.events.count)
        builder.text.withUnsafeBufferPointer { text.base.update(from: $0.baseAddress!, count: $0.count) }
        let base = UnsafePointer(text.base)
        for (index, field) in builder.fields.enumerated() {
            fields.base[index] = tg_field(key: base + field.key, type: Int32(field.type.rawValue), reserved: 0,
                                          number: field.number, integer: field.integer,
                                          text: field.text < 0 ? nil : base + field.text)
        }
        for (index, event) in builder.events.enumerated() {
            events.base[index] = tg_event(time_us: event.time, target: base + event.target, type: base + event.type,
                                          kind: Int32(event.kind.rawValue), phase: Int32(event.phase.rawValue),
                                          fields: event.fieldCount == 0 ? nil : UnsafePointer(fields.base + event.firstField),
                                          field_count: event.fieldCount)
        }
        return TypedEvents(events: UnsafePointer(events.base), count: builder.events.count)
    }

    func free() {
        text.free()
        fields.free()
        events.free()
    }
}
