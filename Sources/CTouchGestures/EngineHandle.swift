import CTouchGesturesHeader
import GestureCore
import GestureFormat

/// What a `tg_engine *` points to: the engine, and everything the interface hands out from it, kept until the next
/// call that changes it (docs/c-interface.md, "Ownership"). One per engine: the library holds no global mutable state,
/// so engines on different threads need no lock.
final class EngineHandle {
    var engine: GestureEngine
    /// The events of the last input or change. Emptied before each input, so that the engine reuses its buffer for
    /// the next input's events (`GestureEngine`'s "an input allocates nothing for its events").
    private(set) var events: [GestureEvent] = []
    /// Millimetres a unit of the frames' positions spans across and down (`tg_engine_set_units`).
    var millimetresPerUnit = (x: 1.0, y: 1.0)
    /// The ids of the contacts down, as the engine counts them: kept so that a frame that would put more than
    /// `TG_MAX_CONTACTS` down is refused before the engine sees it.
    var down: [Int] = []
    /// The contacts of the frame being handed over, reused from frame to frame.
    var frameContacts: [Contact] = []

    /// The message of the last failed call, with its NUL; "" after a call that succeeded.
    private var message = CBuffer<CChar>()
    /// The typed events and the JSON Lines of `events`, each made when first asked for.
    private var typed: TypedEvents?
    private var typedArena = TypedEventsArena()
    /// What `typedEvents()` gathers the events in, its storage kept from input to input.
    private var builder = TypedEventsBuilder()
    private var lines = CBuffer<UInt8>()
    private var linesLength: Int?

    init(engine: consuming GestureEngine) {
        self.engine = engine
        setMessage("")
    }

    deinit {
        message.free()
        lines.free()
        typedArena.free()
    }

    // MARK: Events

    /// Lets go of the last events (before an input: see `events`).
    func releaseEvents() {
        events = []
        typed = nil
        linesLength = nil
    }

    /// The events of the input or change that just succeeded.
    func took(_ new: [GestureEvent]) {
        events = new
        typed = nil
        linesLength = nil
        setMessage("")
    }

    /// The events as C structs, in `typedArena`: valid until the next change of the events.
    func typedEvents() -> (UnsafePointer<tg_event>?, Int) {
        if typed == nil {
            builder.removeAll()
            for event in events { builder.add(event) }
            typed = typedArena.take(builder)
        }
        return (typed?.events, typed?.count ?? 0)
    }

    /// The events as JSON Lines, exactly as `gestures replay` writes them, NUL-terminated.
    func jsonLines() -> (UnsafePointer<CChar>, Int) {
        if linesLength == nil {
            let formatter = EventFormatter(format: .jsonl)
            var lineStart = EventFormatter.LineStart()
            var count = 0
            var next = 0
            lines.reserve(4096)
            while next < events.count {
                // (The last byte stays free for the NUL.)
                let room = UnsafeMutableBufferPointer(start: lines.base + count, count: lines.capacity - count - 1)
                let written = formatter.writeLines(events, from: next, into: room, reusing: &lineStart)
                next += written.lines
                count += written.count
                if written.lines == 0 { lines.reserve(lines.capacity * 2, keeping: count) }
            }
            lines.base[count] = 0
            linesLength = count
        }
        return (UnsafeRawPointer(lines.base).assumingMemoryBound(to: CChar.self), linesLength ?? 0)
    }

    // MARK: Messages

    /// The last failed call's message.
    var lastError: UnsafePointer<CChar> { UnsafePointer(message.base) }

    /// Keeps `text` as the message of the call (NUL-terminated).
    func setMessage(_ text: String) {
        if text.isEmpty {
            // (Every call that succeeds: no walk through an empty string.)
            message.base[0] = 0
            return
        }
        let utf8 = text.utf8
        message.reserve(utf8.count + 1)
        var index = 0
        for byte in utf8 {
            message.base[index] = CChar(bitPattern: byte)
            index += 1
        }
        message.base[index] = 0
    }

    /// Fails the call with `status` and `text`: the events are none (those of deadlines that fired before a change
    /// failed come with the next input, as the engine carries them).
    func fail(_ status: tg_status, _ text: String) -> tg_status {
        events = []
        typed = nil
        linesLength = nil
        setMessage(text)
        return status
    }
}

/// Memory of `Element`s the interface hands out by pointer, grown as needed and freed with its owner.
struct CBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var capacity: Int

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    /// Room for `wanted` elements at least; the first `keeping` are kept.
    mutating func reserve(_ wanted: Int, keeping: Int = 0) {
        guard wanted > capacity else { return }
        let grown = Swift.max(wanted, capacity * 2)
        let new = UnsafeMutablePointer<Element>.allocate(capacity: grown)
        new.moveInitialize(from: base, count: keeping)
        base.deallocate()
        base = new
        capacity = grown
    }

    /// Frees the memory (its owner's `deinit`).
    func free() {
        base.deallocate()
    }
}

extension EngineHandle {
    /// The handle of `pointer`, not retained (the caller's engine).
    static func from(_ pointer: OpaquePointer) -> EngineHandle {
        Unmanaged<EngineHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    /// A new handle for `engine`, retained until `tg_engine_free`.
    static func make(_ engine: consuming GestureEngine) -> OpaquePointer {
        OpaquePointer(Unmanaged.passRetained(EngineHandle(engine: engine)).toOpaque())
    }
}
