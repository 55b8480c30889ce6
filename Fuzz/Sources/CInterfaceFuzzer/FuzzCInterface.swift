import CTouchGestures
import CTouchGesturesHeader
import FuzzSupport
#if canImport(Glibc)
import Glibc
#endif

/// Reads the input as a sequence of calls of the C interface, each with arguments taken from the next bytes: the
/// first byte picks a layout (`Layouts.all`), then each call's byte picks a function. Arguments mix values a
/// program would pass with the mistakes the interface must refuse: NULL, lengths, NaN and infinities, ids and
/// phases out of range, names no target has, times that go back, jump by ages, or lie beyond TG_MAX_TIME_US. The checks: every
/// status is one of the header's; a failed call leaves a message and no event; every event has a line of JSON and
/// a type, and the lines end with their newline.
func fuzzCInterface(_ input: FuzzInput) {
    let bytes = ByteStream(input.bytes)
    let layouts = Layouts.all
    var engine = makeEngine(layouts[Int(bytes.next()) % layouts.count])
    defer { touchGesturesEngineFree(engine) }
    var now: Int64 = 1_000_000
    var calls = 0
    while !bytes.isEmpty, calls < 400 {
        calls += 1
        let call = bytes.next() % 22
        now = nextTime(now, bytes)
        let status: tg_status
        switch call {
        case 0, 1, 2, 3:
            let contacts = contactsFrom(bytes)
            status = contacts.withUnsafeBufferPointer { buffer in
                touchGesturesEngineFrame(engine, now, bytes.next() == 255 ? nil : buffer.baseAddress, countFrom(bytes, buffer.count))
            }
        case 4: status = touchGesturesEngineAdvance(engine, now)
        case 5: status = touchGesturesEngineDrop(engine, now)
        case 6:
            let contacts = contactsFrom(bytes)
            status = contacts.withUnsafeBufferPointer { touchGesturesEngineResync(engine, now, $0.baseAddress, countFrom(bytes, $0.count)) }
        case 7: status = touchGesturesEngineFinish(engine, now)
        case 8:
            var deadline: Int64 = 0
            var has: Int32 = 0
            status = bytes.next() == 0 ? touchGesturesEngineNextDeadline(engine, nil, &has)
                : touchGesturesEngineNextDeadline(engine, &deadline, &has)
            if status == TG_OK, has != 0, bytes.next() < 128 { now = deadline }
        case 9: status = name(bytes) { touchGesturesEngineSetDialValue(engine, $0, number(bytes), now) }
        case 10:
            var domain = domainFrom(bytes)
            let start = dayText(bytes), end = dayText(bytes)
            status = start.withCString { start in
                end.withCString { end in
                    domain.start_day = start
                    domain.end_day = end
                    return name(bytes) { name in
                        bytes.next() == 0 ? touchGesturesEngineSetDomain(engine, name, nil, now) : touchGesturesEngineSetDomain(engine, name, &domain, now)
                    }
                }
            }
        case 11: status = name(bytes) { touchGesturesEngineSetVisibleDomain(engine, $0, number(bytes), number(bytes), now) }
        case 12:
            var view = tg_view(scale: number(bytes), offset_x: number(bytes), offset_y: number(bytes),
                               rotation: [0, 90, 180, 270, 45, -90][Int(bytes.next()) % 6], reserved: 0)
            status = name(bytes) { bytes.next() < 64 ? touchGesturesEngineSetView(engine, $0, nil) : touchGesturesEngineSetView(engine, $0, &view) }
        case 13:
            var shape = tg_shape(kind: Int32(bytes.next() % 4), reserved: 0, x: number(bytes), y: number(bytes), width: number(bytes),
                                 height: number(bytes), radius: number(bytes), inner_radius: number(bytes))
            status = name(bytes) { bytes.next() == 0 ? touchGesturesEngineReshape(engine, $0, nil) : touchGesturesEngineReshape(engine, $0, &shape) }
        case 14:
            let region = regionText(bytes)
            let position = Int64(Int8(bitPattern: bytes.next()))
            status = region.withUnsafeBufferPointer { text in
                let base = UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self)
                return bytes.next() < 128 ? touchGesturesEngineInsert(engine, base, lengthFrom(bytes, text.count), nil, position)
                    : name(bytes) { touchGesturesEngineInsert(engine, base, lengthFrom(bytes, text.count), $0, position) }
            }
        case 15: status = name(bytes) { touchGesturesEngineRemove(engine, $0, now) }
        case 16:
            let region = regionText(bytes)
            status = region.withUnsafeBufferPointer { text in
                let base = UnsafeRawPointer(text.baseAddress!).assumingMemoryBound(to: CChar.self)
                return name(bytes) { touchGesturesEngineReplace(engine, $0, base, lengthFrom(bytes, text.count), now) }
            }
        case 17: status = touchGesturesEngineSetUnits(engine, number(bytes), number(bytes))
        case 18: status = touchGesturesEngineSetExplains(engine, Int32(bytes.next() % 3))
        case 19:
            nullEngineCalls(now)
            status = TG_OK
            checkEvents(engine, expectNone: false)
            continue
        case 20:
            // Another layout, or text that is none.
            touchGesturesEngineFree(engine)
            engine = bytes.next() < 200 ? makeEngine(layouts[Int(bytes.next()) % layouts.count]) : makeEngine(String(decoding: regionText(bytes).dropLast(), as: UTF8.self))
            continue
        default:
            _ = touchGesturesStatusName(tg_status(rawValue: UInt32(bytes.next())))
            continue
        }
        if tracing { trace("call \(call) at \(now): \(String(cString: touchGesturesStatusName(status)))") }
        check(engine, status)
    }
}

/// FUZZ_C_TRACE=1: each call is printed with its arguments (the frames' contacts), to read a finding.
private let tracing = getenv("FUZZ_C_TRACE") != nil

/// Writes `text` and a newline on standard error at once (a finding ends the program with no flush).
private func trace(_ text: String) {
    let line = Array((text + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

// MARK: Checks

private func check(_ engine: OpaquePointer?, _ status: tg_status) {
    guard status.rawValue <= TG_ERROR_TOO_MANY_CONTACTS.rawValue else { finding("status \(status.rawValue) is none of the header's") }
    guard engine != nil else {
        // (A layout that was none made no engine: every call refuses the NULL.)
        guard status == TG_ERROR_INVALID_ARGUMENT else { finding("a NULL engine was not refused: \(status.rawValue)") }
        return
    }
    guard let message = touchGesturesEngineLastError(engine) else { finding("no message for an engine") }
    let text = String(cString: message)
    if status == TG_OK {
        guard text.isEmpty else { finding("a call that succeeded left the message \(text)") }
    } else {
        guard !text.isEmpty else { finding("status \(status.rawValue) without a message") }
    }
    checkEvents(engine, expectNone: status != TG_OK)
}

private func checkEvents(_ engine: OpaquePointer?, expectNone: Bool) {
    guard engine != nil else { return }
    var count = 0
    let events = touchGesturesEngineEvents(engine, &count)
    var length = 0
    guard let lines = touchGesturesEngineEventsJSONL(engine, &length) else { finding("no lines for an engine") }
    let text = UnsafeRawBufferPointer(start: lines, count: length)
    guard lines[length] == 0 else { finding("the lines do not end with a NUL") }
    let newlines = text.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    guard newlines == count else { finding("\(count) events but \(newlines) lines") }
    guard length == 0 || text[length - 1] == UInt8(ascii: "\n") else { finding("the last line has no newline") }
    if expectNone, count != 0 { finding("a failed call returned \(count) events") }
    guard count == 0 || events != nil else { finding("\(count) events at NULL") }
    for index in 0..<count {
        let event = events![index]
        guard event.target != nil, event.type != nil, (1...15).contains(event.kind), (0...4).contains(event.phase) else {
            finding("event \(index) is not whole")
        }
        for field in 0..<event.field_count {
            guard let key = event.fields[field].key else { finding("a field without a key") }
            guard touchGesturesEventField(events! + index, key) != nil else { finding("the field \(String(cString: key)) is not found") }
        }
    }
}

/// Every function with a NULL engine: each refuses it, and none traps.
private func nullEngineCalls(_ now: Int64) {
    var contact = tg_contact(id: 1, x: 10, y: 10, phase: 0, reserved: 0)
    var count = 0
    var deadline: Int64 = 0
    var has: Int32 = 0
    let statuses = [
        touchGesturesEngineFrame(nil, now, &contact, 1), touchGesturesEngineAdvance(nil, now), touchGesturesEngineDrop(nil, now),
        touchGesturesEngineResync(nil, now, &contact, 1), touchGesturesEngineFinish(nil, now),
        touchGesturesEngineNextDeadline(nil, &deadline, &has), touchGesturesEngineSetDialValue(nil, "timer", 1, now),
        touchGesturesEngineSetDomain(nil, "chart", nil, now), touchGesturesEngineSetVisibleDomain(nil, "chart", 1, 2, now),
        touchGesturesEngineSetView(nil, "chart", nil), touchGesturesEngineReshape(nil, "chart", nil),
        touchGesturesEngineInsert(nil, "{}", 2, nil, -1), touchGesturesEngineRemove(nil, "chart", now),
        touchGesturesEngineReplace(nil, "chart", "{}", 2, now), touchGesturesEngineSetUnits(nil, 1, 1),
        touchGesturesEngineSetExplains(nil, 1),
    ]
    guard statuses.allSatisfy({ $0 == TG_ERROR_INVALID_ARGUMENT }) else { finding("a NULL engine was not refused") }
    guard touchGesturesEngineEvents(nil, &count) == nil, count == 0, touchGesturesEngineEventsJSONL(nil, &count) == nil,
          touchGesturesEngineLastError(nil) == nil, touchGesturesEventField(nil, "x") == nil else {
        finding("a NULL engine gave something")
    }
    touchGesturesEngineFree(nil)
    var engine: OpaquePointer?
    guard touchGesturesEngineNew(nil, 3, &engine, nil, 0) == TG_ERROR_INVALID_ARGUMENT, engine == nil,
          touchGesturesEngineNew("{}", 2, nil, nil, 0) == TG_ERROR_INVALID_ARGUMENT,
          touchGesturesEngineNewFromFile(nil, &engine, nil, 0) == TG_ERROR_INVALID_ARGUMENT,
          touchGesturesEngineNewFromFile("/nonexistent/layout.json", &engine, nil, 0) == TG_ERROR_FILE, engine == nil else {
        finding("a bad engine's arguments were not refused")
    }
    var message = [CChar](repeating: 1, count: 4)
    guard touchGesturesEngineNew("[", 1, &engine, &message, message.count) == TG_ERROR_LAYOUT, message[3] == 0 else {
        finding("a layout's message does not fit its buffer")
    }
}

// MARK: Arguments

private func makeEngine(_ layout: String) -> OpaquePointer? {
    var engine: OpaquePointer?
    var message = [CChar](repeating: 0, count: 256)
    let status = layout.withCString { touchGesturesEngineNew($0, layout.utf8.count, &engine, &message, message.count) }
    guard (status == TG_OK) == (engine != nil) else { finding("tg_engine_new: status \(status.rawValue) and engine \(String(describing: engine))") }
    return engine
}

/// The bytes of the input, read one at a time; 0 once they are over. A class: the arguments' closures read it too.
final class ByteStream {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isEmpty: Bool { index >= bytes.count }

    func next() -> UInt8 {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return bytes[index]
    }
}

private func nextTime(_ now: Int64, _ bytes: ByteStream) -> Int64 {
    let byte = bytes.next()
    switch byte {
    case 248: return TG_MAX_TIME_US
    case 249: return now &+ TG_MAX_TIME_US / 2
    case 250: return Int64.max
    case 251: return Int64.min
    case 252: return 0
    case 253: return now &- 5_000_000
    case 254: return now &+ 3_600_000_000
    default: return now &+ Int64(byte) * 1000 &- 20_000
    }
}

private func number(_ bytes: ByteStream) -> Double {
    let byte = bytes.next()
    switch byte {
    case 240: return .nan
    case 241: return .infinity
    case 242: return -.infinity
    case 243: return 1e300
    case 244: return -1e7
    case 245: return 0
    case 246: return .leastNonzeroMagnitude
    case 247: return 1e6
    case 248: return -1
    default: return Double(byte) - 20 + Double(bytes.next()) / 256
    }
}

private func contactsFrom(_ bytes: ByteStream) -> [tg_contact] {
    let count = Int(bytes.next() % 16)
    var contacts: [tg_contact] = []
    for _ in 0..<count {
        let idByte = bytes.next()
        let id: Int64 = switch idByte {
        case 250: .min
        case 251: .max
        case 252: -1
        default: Int64(idByte % 80)
        }
        contacts.append(tg_contact(id: id, x: number(bytes), y: number(bytes), phase: Int32(bytes.next() % 6) - (bytes.next() == 7 ? 9 : 0),
                                   reserved: 0))
    }
    if tracing { trace("  contacts: " + contacts.map { "(\($0.id) \($0.x) \($0.y) \($0.phase))" }.joined(separator: " ")) }
    return contacts
}

/// The count given with `count` elements: the right one mostly, else one too many for the checks to refuse.
private func countFrom(_ bytes: ByteStream, _ count: Int) -> Int {
    switch bytes.next() {
    case 254: -1
    case 255: 100_000
    default: count
    }
}

/// A text's length given with `count` bytes: the right one mostly, or shorter, or absurd.
private func lengthFrom(_ bytes: ByteStream, _ count: Int) -> Int {
    switch bytes.next() {
    case 254: -1
    case 255: Int.max
    case 253: count / 2
    default: count - 1  // (without the NUL)
    }
}

private let names = ["timer", "chart", "pad", "photo", "screen", "weeks", "months", "list", "close", "trend", "nope", "", "new", "child"]

/// `body` with a target's name: one of the layouts', an unknown one, NULL, or bytes that are not UTF-8.
private func name(_ bytes: ByteStream, _ body: (UnsafePointer<CChar>?) -> tg_status) -> tg_status {
    let byte = bytes.next()
    switch byte {
    case 255: return body(nil)
    case 254:
        let invalid: [CChar] = [CChar(bitPattern: 0xFF), CChar(bitPattern: 0xC3), 0]
        return invalid.withUnsafeBufferPointer { body($0.baseAddress) }
    default: return names[Int(byte) % names.count].withCString { body($0) }
    }
}

private func domainFrom(_ bytes: ByteStream) -> tg_domain {
    tg_domain(kind: Int32(bytes.next() % 3), date_bucket: Int32(bytes.next() % 4), start: number(bytes), end: number(bytes),
              bucket: number(bytes), start_day: nil, end_day: nil)
}

private func dayText(_ bytes: ByteStream) -> String {
    ["2025-11-01", "2025-12-01", "2026-02-29", "0000-01-01", "9999-12-31", "x", "2025-13-01", "2024-02-29"][Int(bytes.next()) % 8]
}

private let regions = [
    #"{"name": "new", "kind": "target", "shape": {"kind": "rectangle", "x": 0, "y": 0, "width": 50, "height": 50}, "gestures": [{"kind": "tap"}]}"#,
    #"{"name": "child", "kind": "target", "shape": {"kind": "circle", "x": 20, "y": 20, "radius": 10}, "gestures": [{"kind": "drag"}, {"kind": "long-press"}]}"#,
    #"{"name": "timer", "kind": "dial", "center": {"x": 100, "y": 100}, "radius": 30}"#,
    #"{"name": "chart", "kind": "timeline", "rect": {"x": 10, "y": 5, "width": 200, "height": 60}, "domain": {"start": 0, "end": 20}, "bucket": 1}"#,
    #"{"name": "new", "kind": "dial", "center": {"x": 100, "y": 100}, "radius": -3}"#,
    #"{"name": "new"}, {"name": "two"}"#,
    #"{"name": "v", "kind": "target", "shape": {"kind": "rectangle", "x": 0, "y": 0, "width": 5, "height": 5}, "view": {"scale": 2}, "gestures": [{"kind": "pinch"}]}"#,
    "[", "",
]

/// A region's JSON with its NUL: one of `regions`, or bytes of the input.
private func regionText(_ bytes: ByteStream) -> [UInt8] {
    let byte = bytes.next()
    if byte < 200 { return Array(regions[Int(byte) % regions.count].utf8) + [0] }
    var text: [UInt8] = []
    for _ in 0..<Int(bytes.next() % 64) { text.append(bytes.next()) }
    return text + [0]
}
