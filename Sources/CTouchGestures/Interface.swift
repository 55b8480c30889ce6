// The functions of include/touchgestures.h (Sources/CTouchGesturesHeader), each exported under its C name by
// `@_cdecl`. Each checks every argument before it reaches the engine, and turns every error the typed API throws
// into a status and a message: nothing a caller passes, in any order, reaches a trap (docs/c-interface.md).
import CTouchGesturesHeader
import GestureCore
import GestureFormat
import LayoutFile
import SystemCalls


// MARK: The library

/// `tg_version`: the library's version, MAJOR * 10000 + MINOR * 100 + PATCH.
@_cdecl("tg_version")
public func touchGesturesVersion() -> Int32 {
    Int32(TG_VERSION_MAJOR * 10000 + TG_VERSION_MINOR * 100 + TG_VERSION_PATCH)
}

/// `tg_version_string`: the version as text.
@_cdecl("tg_version_string")
public func touchGesturesVersionString() -> UnsafePointer<CChar> {
    StaticText.version
}

/// `tg_status_name`: the name of a status.
@_cdecl("tg_status_name")
public func touchGesturesStatusName(_ status: tg_status) -> UnsafePointer<CChar> {
    StaticText.statusName(status)
}

// MARK: Engines

/// `tg_engine_new`: an engine for a layout's JSON text.
@_cdecl("tg_engine_new")
public func touchGesturesEngineNew(_ layout: UnsafePointer<CChar>?, _ length: Int, _ engine: UnsafeMutablePointer<OpaquePointer?>?,
                                   _ message: UnsafeMutablePointer<CChar>?, _ messageSize: Int) -> tg_status {
    engine?.pointee = nil
    guard let engine else { return report(TG_ERROR_INVALID_ARGUMENT, "expected a place for the engine, found NULL", message, messageSize) }
    guard let layout else { return report(TG_ERROR_INVALID_ARGUMENT, "expected a layout, found NULL", message, messageSize) }
    guard length >= 0, length <= LayoutFile.largestFile else {
        return report(TG_ERROR_INVALID_ARGUMENT, "expected a layout of at most \(LayoutFile.largestFile) bytes, found \(UInt(bitPattern: length))",
                      message, messageSize)
    }
    let bytes = Array(UnsafeRawBufferPointer(start: layout, count: length).bindMemory(to: UInt8.self))
    let parsed: Layout
    do {
        parsed = try LayoutFile.parse(bytes)
    } catch {
        return report(TG_ERROR_LAYOUT, error.description, message, messageSize)
    }
    return makeEngine(parsed, engine, message, messageSize)
}

/// `tg_engine_new_from_file`: an engine for a layout file.
@_cdecl("tg_engine_new_from_file")
public func touchGesturesEngineNewFromFile(_ path: UnsafePointer<CChar>?, _ engine: UnsafeMutablePointer<OpaquePointer?>?,
                                           _ message: UnsafeMutablePointer<CChar>?, _ messageSize: Int) -> tg_status {
    engine?.pointee = nil
    guard let engine else { return report(TG_ERROR_INVALID_ARGUMENT, "expected a place for the engine, found NULL", message, messageSize) }
    guard let path else { return report(TG_ERROR_INVALID_ARGUMENT, "expected a layout file's path, found NULL", message, messageSize) }
    let layout: Layout
    do {
        layout = try LayoutFile.load(path: FilePath(String(cString: path)))
    } catch {
        switch error.kind {
        case .unreadable: return report(TG_ERROR_FILE, error.description, message, messageSize)
        case .malformed, .io: return report(TG_ERROR_LAYOUT, error.description, message, messageSize)
        }
    }
    return makeEngine(layout, engine, message, messageSize)
}

private func makeEngine(_ layout: Layout, _ engine: UnsafeMutablePointer<OpaquePointer?>, _ message: UnsafeMutablePointer<CChar>?,
                        _ messageSize: Int) -> tg_status {
    do {
        engine.pointee = EngineHandle.make(try GestureEngine(layout: layout))
    } catch {
        return report(status(of: error), error.description, message, messageSize)
    }
    _ = report(TG_OK, "", message, messageSize)
    return TG_OK
}

/// Writes `text` into the caller's `message` buffer, cut short to fit with its NUL (nothing for NULL or 0).
private func report(_ status: tg_status, _ text: String, _ message: UnsafeMutablePointer<CChar>?, _ size: Int) -> tg_status {
    guard let message, size > 0 else { return status }
    var count = 0
    for byte in text.utf8 where count < size - 1 {
        message[count] = CChar(bitPattern: byte)
        count += 1
    }
    message[count] = 0
    return status
}

/// `tg_engine_free`.
@_cdecl("tg_engine_free")
public func touchGesturesEngineFree(_ engine: OpaquePointer?) {
    guard let engine else { return }
    Unmanaged<EngineHandle>.fromOpaque(UnsafeRawPointer(engine)).release()
}

/// `tg_engine_last_error`.
@_cdecl("tg_engine_last_error")
public func touchGesturesEngineLastError(_ engine: OpaquePointer?) -> UnsafePointer<CChar>? {
    engine.map { EngineHandle.from($0).lastError }
}

/// `tg_engine_set_units`.
@_cdecl("tg_engine_set_units")
public func touchGesturesEngineSetUnits(_ engine: OpaquePointer?, _ x: Double, _ y: Double) -> tg_status {
    withHandle(engine) { handle in
        for value in [x, y] where !(value.isFinite && value > 0) {
            return handle.fail(TG_ERROR_INVALID_ARGUMENT, "units: expected a finite number of mm a unit above 0, found \(value)")
        }
        handle.millimetresPerUnit = (x, y)
        handle.took([])
        return TG_OK
    }
}

/// `tg_engine_set_explains`.
@_cdecl("tg_engine_set_explains")
public func touchGesturesEngineSetExplains(_ engine: OpaquePointer?, _ explains: Int32) -> tg_status {
    withHandle(engine) { handle in
        handle.engine.explains = explains != 0
        handle.took([])
        return TG_OK
    }
}

// MARK: Input

/// `tg_engine_frame`.
@_cdecl("tg_engine_frame")
public func touchGesturesEngineFrame(_ engine: OpaquePointer?, _ time: Int64, _ contacts: UnsafePointer<tg_contact>?, _ count: Int) -> tg_status {
    input(engine, at: time, contacts: (contacts, count)) { handle, time, contacts in
        handle.engine.handle(TouchFrame(time: time, contacts: contacts))
    }
}

/// `tg_engine_advance`.
@_cdecl("tg_engine_advance")
public func touchGesturesEngineAdvance(_ engine: OpaquePointer?, _ time: Int64) -> tg_status {
    input(engine, at: time) { handle, time, _ in handle.engine.advance(to: time) }
}

/// `tg_engine_drop`.
@_cdecl("tg_engine_drop")
public func touchGesturesEngineDrop(_ engine: OpaquePointer?, _ time: Int64) -> tg_status {
    input(engine, at: time) { handle, time, _ in handle.engine.dropped(at: time) }
}

/// `tg_engine_resync`.
@_cdecl("tg_engine_resync")
public func touchGesturesEngineResync(_ engine: OpaquePointer?, _ time: Int64, _ contacts: UnsafePointer<tg_contact>?, _ count: Int) -> tg_status {
    // (A resync that follows no drop implies one: the engine's rule.)
    input(engine, at: time, contacts: (contacts, count)) { handle, time, contacts in
        handle.engine.resynced(TouchFrame(time: time, contacts: contacts))
    }
}

/// `tg_engine_finish`.
@_cdecl("tg_engine_finish")
public func touchGesturesEngineFinish(_ engine: OpaquePointer?, _ time: Int64) -> tg_status {
    input(engine, at: time) { handle, time, _ in
        handle.down.removeAll()  // every contact forgotten
        return handle.engine.finish(at: time)
    }
}

/// An input of the engine at `time`, with `contacts` when it takes some, each checked first (a refusal changes
/// nothing): the events of the last input are let go, and `body`'s kept for the caller.
private func input(_ engine: OpaquePointer?, at time: Int64, contacts: (UnsafePointer<tg_contact>?, Int)? = nil,
                   _ body: (EngineHandle, Timestamp, [Contact]) -> [GestureEvent]) -> tg_status {
    withHandle(engine) { handle in
        if let refused = handle.refuse(time: time) { return refused }
        if let (contacts, count) = contacts, let refused = handle.takeContacts(contacts, count) { return refused }
        handle.releaseEvents()
        handle.took(body(handle, Timestamp(microseconds: time), contacts == nil ? [] : handle.frameContacts))
        return TG_OK
    }
}

/// `tg_engine_next_deadline`.
@_cdecl("tg_engine_next_deadline")
public func touchGesturesEngineNextDeadline(_ engine: OpaquePointer?, _ deadline: UnsafeMutablePointer<Int64>?,
                                            _ hasDeadline: UnsafeMutablePointer<Int32>?) -> tg_status {
    withHandle(engine) { handle in
        guard let deadline, let hasDeadline else {
            return handle.fail(TG_ERROR_INVALID_ARGUMENT, "next deadline: expected places for the deadline and whether there is one, found NULL")
        }
        let next = handle.engine.nextDeadline
        deadline.pointee = next?.microseconds ?? 0
        hasDeadline.pointee = next == nil ? 0 : 1
        handle.setMessage("")
        return TG_OK
    }
}

extension EngineHandle {
    /// Checks the `count` contacts at `contacts` and puts them in `frameContacts`, in mm; returns the status that
    /// refuses them (the message set), or nil. The contacts down after them are `down` then.
    func takeContacts(_ contacts: UnsafePointer<tg_contact>?, _ count: Int) -> tg_status? {
        guard count >= 0, count <= Int(TG_MAX_FRAME_CONTACTS) else {
            return fail(TG_ERROR_INVALID_ARGUMENT, "frame: expected at most \(TG_MAX_FRAME_CONTACTS) contacts, found \(UInt(bitPattern: count))")
        }
        guard count == 0 || contacts != nil else { return fail(TG_ERROR_INVALID_ARGUMENT, "frame: expected \(count) contacts, found NULL") }
        frameContacts.removeAll(keepingCapacity: true)
        // The contacts down after the frame, as the engine counts them: an unknown id down lands, a known one lifting
        // goes (the ids of a frame are distinct, so each changes the count once). `down` changes once the frame is taken.
        var downAfter = down.count
        for index in 0..<count {
            let given = contacts![index]
            guard given.id != Int64.min else { return fail(TG_ERROR_INVALID_ARGUMENT, "frame: contact \(index): expected an id other than INT64_MIN") }
            let phase: ContactPhase
            switch given.phase {
            case Int32(TG_CONTACT_BEGAN.rawValue): phase = .began
            case Int32(TG_CONTACT_MOVED.rawValue): phase = .moved
            case Int32(TG_CONTACT_STATIONARY.rawValue): phase = .stationary
            case Int32(TG_CONTACT_ENDED.rawValue): phase = .ended
            case Int32(TG_CONTACT_CANCELLED.rawValue): phase = .cancelled
            default: return fail(TG_ERROR_INVALID_ARGUMENT, "frame: contact \(index): expected a phase from 0 to 4, found \(given.phase)")
            }
            let position = Point(x: given.x * millimetresPerUnit.x, y: given.y * millimetresPerUnit.y)
            guard Self.isPosition(position.x), Self.isPosition(position.y) else {
                return fail(TG_ERROR_INVALID_ARGUMENT,
                            "frame: contact \(index): expected a position within ±\(show(TG_MAX_POSITION_MM)) mm, found (\(given.x), \(given.y)) units")
            }
            let id = Int(given.id)
            if frameContacts.contains(where: { $0.id == id }) {
                return fail(TG_ERROR_INVALID_ARGUMENT, "frame: contact \(index): id \(id) is given twice")
            }
            frameContacts.append(Contact(id: id, position: position, phase: phase))
            switch (phase, down.contains(id)) {
            case (.began, false), (.moved, false), (.stationary, false): downAfter += 1
            case (.ended, true), (.cancelled, true): downAfter -= 1
            case (.began, true), (.moved, true), (.stationary, true), (.ended, false), (.cancelled, false): break
            }
        }
        guard downAfter <= Int(TG_MAX_CONTACTS) else {
            return fail(TG_ERROR_TOO_MANY_CONTACTS, "frame: expected at most \(TG_MAX_CONTACTS) contacts down at once, found \(downAfter)")
        }
        for contact in frameContacts {
            switch contact.phase {
            case .began, .moved, .stationary: if !down.contains(contact.id) { down.append(contact.id) }
            case .ended, .cancelled: if let index = down.firstIndex(of: contact.id) { down.remove(at: index) }
            }
        }
        return nil
    }

    /// A finite coordinate within ±`TG_MAX_POSITION_MM`.
    @inline(__always)
    static func isPosition(_ value: Double) -> Bool {
        value.isFinite && abs(value) <= TG_MAX_POSITION_MM
    }
}

// MARK: Output

/// `tg_engine_events`.
@_cdecl("tg_engine_events")
public func touchGesturesEngineEvents(_ engine: OpaquePointer?, _ count: UnsafeMutablePointer<Int>?) -> UnsafePointer<tg_event>? {
    guard let engine else {
        count?.pointee = 0
        return nil
    }
    let (events, number) = EngineHandle.from(engine).typedEvents()
    count?.pointee = number
    return events
}

/// `tg_engine_events_jsonl`.
@_cdecl("tg_engine_events_jsonl")
public func touchGesturesEngineEventsJSONL(_ engine: OpaquePointer?, _ length: UnsafeMutablePointer<Int>?) -> UnsafePointer<CChar>? {
    guard let engine else {
        length?.pointee = 0
        return nil
    }
    let (lines, count) = EngineHandle.from(engine).jsonLines()
    length?.pointee = count
    return lines
}

/// `tg_event_field`.
@_cdecl("tg_event_field")
public func touchGesturesEventField(_ event: UnsafePointer<tg_event>?, _ key: UnsafePointer<CChar>?) -> UnsafePointer<tg_field>? {
    guard let event, let key, let fields = event.pointee.fields else { return nil }
    for index in 0..<event.pointee.field_count where strcmp(fields[index].key, key) == 0 {
        return fields + index
    }
    return nil
}

/// `strcmp`, without importing the C library into the module.
private func strcmp(_ a: UnsafePointer<CChar>?, _ b: UnsafePointer<CChar>) -> Int32 {
    guard let a else { return 1 }
    var index = 0
    while true {
        if a[index] != b[index] { return a[index] < b[index] ? -1 : 1 }
        if a[index] == 0 { return 0 }
        index += 1
    }
}

// MARK: Changes

/// `tg_engine_set_dial_value`.
@_cdecl("tg_engine_set_dial_value")
public func touchGesturesEngineSetDialValue(_ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ degrees: Double, _ time: Int64) -> tg_status {
    withNamedTarget(engine, name, at: time) { handle, name throws(GestureError) in
        try handle.engine.setDialValue(of: name, degrees: degrees, at: Timestamp(microseconds: time))
    }
}

/// `tg_engine_set_domain`.
@_cdecl("tg_engine_set_domain")
public func touchGesturesEngineSetDomain(_ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ domain: UnsafePointer<tg_domain>?,
                                         _ time: Int64) -> tg_status {
    withNamedTarget(engine, name, at: time) { handle, name throws(CallError) in
        guard let given = domain?.pointee else { throw .argument("domain: expected a domain, found NULL") }
        let domain: TimelineDomain
        switch given.kind {
        case Int32(TG_DOMAIN_NUMBERS.rawValue):
            domain = .numeric(start: given.start, end: given.end, bucket: given.bucket)
        case Int32(TG_DOMAIN_DAYS.rawValue):
            let buckets: [Int32: DateBucket] = [Int32(TG_BUCKET_DAY.rawValue): .day, Int32(TG_BUCKET_WEEK.rawValue): .week,
                                                Int32(TG_BUCKET_MONTH.rawValue): .month]
            guard let bucket = buckets[given.date_bucket] else {
                throw .argument("domain: date_bucket: expected 0 (day), 1 (week) or 2 (month), found \(given.date_bucket)")
            }
            domain = .date(start: try day(given.start_day, "start_day"), end: try day(given.end_day, "end_day"), bucket: bucket)
        default:
            throw .argument("domain: kind: expected 0 (numbers) or 1 (days), found \(given.kind)")
        }
        do throws(GestureError) {
            return try handle.engine.setDomain(of: name, to: domain, at: Timestamp(microseconds: time))
        } catch {
            throw .engine(error)
        }
    }
}

/// The day of `text`, YYYY-MM-DD.
private func day(_ text: UnsafePointer<CChar>?, _ key: String) throws(CallError) -> CivilDay {
    guard let text else { throw .argument("domain: \(key): expected a day, found NULL") }
    guard let string = String(validatingCString: text), let day = CivilDay(iso: string) else {
        throw .argument("domain: \(key): expected a day as YYYY-MM-DD, found \(JSONText.quoted(String(cString: text)))")
    }
    return day
}

/// `tg_engine_set_visible_domain`.
@_cdecl("tg_engine_set_visible_domain")
public func touchGesturesEngineSetVisibleDomain(_ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ start: Double, _ end: Double,
                                                _ time: Int64) -> tg_status {
    withNamedTarget(engine, name, at: time) { handle, name throws(GestureError) in
        // The values are of the timeline's domain: seconds since 1970 for days.
        let value: (Double) -> DomainValue
        switch handle.engine.component(of: name, as: TimelineComponent.self)?.configuration.domain {
        case .date?: value = { .instant(seconds: $0) }
        case .numeric?, nil: value = { .number($0) }
        }
        return try handle.engine.setVisibleDomain(of: name, from: value(start), to: value(end), at: Timestamp(microseconds: time))
    }
}

/// `tg_engine_set_view`.
@_cdecl("tg_engine_set_view")
public func touchGesturesEngineSetView(_ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ view: UnsafePointer<tg_view>?) -> tg_status {
    withNamedTarget(engine, name) { handle, name throws(CallError) in
        var transform: ViewTransform?
        if let given = view?.pointee {
            guard let rotation = ViewTransform.Rotation(rawValue: Int(given.rotation)) else {
                throw .argument("view: rotation: expected 0, 90, 180 or 270, found \(given.rotation)")
            }
            transform = ViewTransform(scale: given.scale, offset: Point(x: given.offset_x, y: given.offset_y), rotation: rotation)
        }
        do throws(GestureError) {
            try handle.engine.setViewTransform(of: name, to: transform)
        } catch {
            throw .engine(error)
        }
        return []
    }
}

/// `tg_engine_reshape`.
@_cdecl("tg_engine_reshape")
public func touchGesturesEngineReshape(_ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ shape: UnsafePointer<tg_shape>?) -> tg_status {
    withNamedTarget(engine, name) { handle, name throws(CallError) in
        guard let given = shape?.pointee else { throw .argument("shape: expected a shape, found NULL") }
        let shape: Shape
        switch given.kind {
        case Int32(TG_SHAPE_RECTANGLE.rawValue): shape = .rectangle(Rect(x: given.x, y: given.y, width: given.width, height: given.height))
        case Int32(TG_SHAPE_CIRCLE.rawValue): shape = .circle(center: Point(x: given.x, y: given.y), radius: given.radius)
        case Int32(TG_SHAPE_RING.rawValue):
            shape = .ring(center: Point(x: given.x, y: given.y), innerRadius: given.inner_radius, outerRadius: given.radius)
        default: throw .argument("shape: kind: expected 0 (rectangle), 1 (circle) or 2 (ring), found \(given.kind)")
        }
        do throws(GestureError) {
            try handle.engine.reshape(name, to: shape)
        } catch {
            throw .engine(error)
        }
        return []
    }
}

/// `tg_engine_insert`.
@_cdecl("tg_engine_insert")
public func touchGesturesEngineInsert(_ engine: OpaquePointer?, _ region: UnsafePointer<CChar>?, _ length: Int, _ parent: UnsafePointer<CChar>?,
                                      _ position: Int64) -> tg_status {
    withHandle(engine) { handle in
        do throws(CallError) {
            let parentName = try parent.map { (name) throws(CallError) in try text(name, "parent") }
            guard position >= -1 else { throw .argument("insert: position: expected -1 (under the others) or a position from 0, found \(position)") }
            let target = try regionTarget(region, length)
            do throws(GestureError) {
                try handle.engine.insert(target, into: parentName, at: position == -1 ? nil : Int(position))
            } catch {
                throw .engine(error)
            }
            handle.took([])
            return TG_OK
        } catch {
            return handle.fail(error)
        }
    }
}

/// `tg_engine_remove`.
@_cdecl("tg_engine_remove")
public func touchGesturesEngineRemove(_ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ time: Int64) -> tg_status {
    withNamedTarget(engine, name, at: time) { handle, name throws(GestureError) in
        try handle.engine.remove(name, at: Timestamp(microseconds: time))
    }
}

/// `tg_engine_replace`.
@_cdecl("tg_engine_replace")
public func touchGesturesEngineReplace(_ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ region: UnsafePointer<CChar>?, _ length: Int,
                                       _ time: Int64) -> tg_status {
    withNamedTarget(engine, name, at: time) { handle, name throws(CallError) in
        let target = try regionTarget(region, length)
        do throws(GestureError) {
            return try handle.engine.replace(name, with: target, at: Timestamp(microseconds: time))
        } catch {
            throw .engine(error)
        }
    }
}

/// The target of a layout file's region in JSON: the layout file's checks and messages, its keys named from the
/// region (`radius`, not `regions[0].radius`), its lines those of the caller's text.
private func regionTarget(_ region: UnsafePointer<CChar>?, _ length: Int) throws(CallError) -> Target {
    guard let region else { throw .argument("region: expected a region's JSON, found NULL") }
    guard length >= 0, length <= LayoutFile.largestFile else {
        throw .argument("region: expected at most \(LayoutFile.largestFile) bytes, found \(UInt(bitPattern: length))")
    }
    var bytes = Array(#"{"regions":["#.utf8)
    bytes += UnsafeRawBufferPointer(start: region, count: length)
    bytes += Array("]}".utf8)
    let layout: Layout
    do {
        layout = try LayoutFile.parse(bytes)
    } catch {
        var error = error
        for prefix in ["regions[0].", "regions[0]"] where error.key.hasPrefix(prefix) {
            error.key.removeFirst(prefix.count)
            break
        }
        error.file = "region"
        throw .layout(error.description)
    }
    guard layout.regions.count == 1, layout.surface == nil else { throw .layout("region: expected one region's JSON object") }
    do {
        return try layout.targets()[0]
    } catch {
        throw .engine(error)
    }
}

// MARK: Around every call

/// What a call refuses: a caller's argument, a layout's text, or what the engine throws.
enum CallError: Error {
    case argument(String)
    case layout(String)
    case engine(GestureError)
}

extension EngineHandle {
    func fail(_ error: CallError) -> tg_status {
        switch error {
        case .argument(let message): fail(TG_ERROR_INVALID_ARGUMENT, message)
        case .layout(let message): fail(TG_ERROR_LAYOUT, message)
        case .engine(let error): fail(status(of: error), error.description)
        }
    }
}

/// The status of a `GestureError`.
private func status(of error: GestureError) -> tg_status {
    switch error {
    case .noTarget: TG_ERROR_NO_TARGET
    case .duplicateName: TG_ERROR_DUPLICATE_NAME
    case .wrongComponent: TG_ERROR_WRONG_COMPONENT
    case .noPosition: TG_ERROR_NO_POSITION
    case .invalidValue: TG_ERROR_INVALID_VALUE
    }
}

extension EngineHandle {
    /// Refuses a time outside 0...TG_MAX_TIME_US (the message set), so that no difference of two times the engine
    /// takes can overflow; nil when it is within.
    func refuse(time: Int64) -> tg_status? {
        guard time < 0 || time > TG_MAX_TIME_US else { return nil }
        return fail(TG_ERROR_INVALID_ARGUMENT, "time: expected µs from 0 to \(TG_MAX_TIME_US), found \(time)")
    }
}

/// `body` with the handle of `engine`; TG_ERROR_INVALID_ARGUMENT for NULL (there is no engine to keep a message).
private func withHandle(_ engine: OpaquePointer?, _ body: (EngineHandle) -> tg_status) -> tg_status {
    guard let engine else { return TG_ERROR_INVALID_ARGUMENT }
    return body(EngineHandle.from(engine))
}

/// The NUL-terminated UTF-8 text at `pointer`, named `what` in the message when it is not UTF-8.
private func text(_ pointer: UnsafePointer<CChar>, _ what: String) throws(CallError) -> String {
    guard let string = String(validatingCString: pointer) else { throw .argument("\(what): expected UTF-8 text") }
    return string
}

/// A change of the target named by `name` (at `time`, checked): `body`'s events become the engine's, what it throws its status.
private func withNamedTarget<Failure: Error>(_ engine: OpaquePointer?, _ name: UnsafePointer<CChar>?, at time: Int64? = nil,
                                             _ body: (EngineHandle, String) throws(Failure) -> [GestureEvent]) -> tg_status {
    withHandle(engine) { handle in
        guard let name else { return handle.fail(TG_ERROR_INVALID_ARGUMENT, "expected a target's name, found NULL") }
        if let time, let refused = handle.refuse(time: time) { return refused }
        do throws(CallError) {
            let name = try text(name, "name")
            handle.releaseEvents()
            let events: [GestureEvent]
            do {
                events = try body(handle, name)
            } catch let error as CallError {
                throw error
            } catch let error as GestureError {
                throw .engine(error)
            } catch {
                throw .argument(String(describing: error))
            }
            handle.took(events)
            return TG_OK
        } catch {
            return handle.fail(error)
        }
    }
}

/// The texts the library hands out that never change: in memory that lives as long as the program.
enum StaticText {
    nonisolated(unsafe) static let version = make("\(TG_VERSION_MAJOR).\(TG_VERSION_MINOR).\(TG_VERSION_PATCH)")
    nonisolated(unsafe) private static let statusNames = [
        "TG_OK", "TG_ERROR_INVALID_ARGUMENT", "TG_ERROR_LAYOUT", "TG_ERROR_FILE", "TG_ERROR_NO_TARGET",
        "TG_ERROR_WRONG_COMPONENT", "TG_ERROR_INVALID_VALUE", "TG_ERROR_DUPLICATE_NAME", "TG_ERROR_NO_POSITION",
        "TG_ERROR_TOO_MANY_CONTACTS",
    ].map(make)
    nonisolated(unsafe) private static let unknownStatus = make("TG_UNKNOWN_STATUS")

    static func statusName(_ status: tg_status) -> UnsafePointer<CChar> {
        let index = Int(status.rawValue)
        return statusNames.indices.contains(index) ? statusNames[index] : unknownStatus
    }

    /// `text` with its NUL, in memory never freed (a few static strings).
    private static func make(_ text: String) -> UnsafePointer<CChar> {
        let bytes = Array(text.utf8CString)
        let memory = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        memory.initialize(from: bytes, count: bytes.count)
        return UnsafePointer(memory)
    }
}
