// Over 400 lines for a reason: one state machine (docs/state-machines/frame-assembler.md) for protocols A and B and
// single touch, whose states and transitions are read together against its diagram.
import EvdevModel
import GestureCore

/// Turns a touch device's evdev events into `TouchFrame`s, one per `SYN_REPORT` (SPEC "Frames", "Input").
///
/// Feed it every event with `handle(_:)`, in order; at the end of input call `finish()`. `GesturePipeline` pairs it
/// with a `GestureEngine` and hands the engine what each event asks for.
///
/// - Protocol B (slots): `ABS_MT_SLOT` selects a slot; a tracking id ≥ 0 lands a contact in it and −1 (any negative
/// value) lifts it. A tracking id that changes without a −1 in between is a lift of the old contact and a landing of a
/// new one. A contact that lands without position events is where its slot's last position was. Slots outside
/// `ABS_MT_SLOT`'s declared range are ignored (their events too, until an `ABS_MT_SLOT` in range). `BTN_TOUCH`,
/// `ABS_X`/`ABS_Y` and the `BTN_TOOL_*TAP` finger counts are ignored: the slots are the truth, even on touchpads that
/// report more fingers than slots. - Protocol A (`SYN_MT_REPORT`): each frame lists every contact. A frame with no
/// contact (an empty `SYN_MT_REPORT`, or no `SYN_MT_REPORT` at all) lifts them all, and so does `BTN_TOUCH` 0: from
/// then until `BTN_TOUCH` 1 the contacts listed only hover and are not down; a bare `SYN_REPORT` with no event before
/// it (which the kernel never sends, and which a recording ends with) changes nothing. Contacts with tracking ids are
/// matched by id; those without are matched to the previous frame's by nearest position, closest pair first, as mtdev
/// does (mtdev minimises the summed distance; for a few separated fingers the pairing is the same). - Single touch:
/// `BTN_TOUCH` 1 lands the contact, 0 lifts it; `ABS_X`/`ABS_Y` move it.
///
/// Every frame lists every live contact (`began`, `moved` or `stationary`) and the contacts that lifted since the
/// previous frame (`ended`, at their last position). Contact ids are allocated in increasing order, one per landing, so
/// a contact never shares its id with another (not even when a slot's tracking id changes without a −1).
///
/// Time: a frame's time is its `SYN_REPORT`'s time. Time going backwards in a trace is accepted, but the times handed
/// out never decrease: a frame (or drop) stamped earlier than the previous one gets the previous one's time, so the
/// engine's deadlines stay ordered. A step back of more than `clockStep` is the device's clock being set back, not
/// jitter: from then on the device's times are shifted by the step (`clockShift`), so that the frames after it keep
/// their own intervals, and deadlines still come due, instead of all taking the time before the step until the clock
/// has caught up. A jump forward is time passing, however long.
///
/// `SYN_DROPPED`: reported at once (`handleDropped`); the events after it, up to and including the next `SYN_REPORT`,
/// make no frame: that `SYN_REPORT` gives the device's state instead (`handleResync`). Protocol B still applies them to
/// its slots, because they are the true state of the device (libevdev's resync, as recorded, is exactly the change
/// since the drop): a lift in them therefore shows in the next frame instead of leaving a contact stuck down. Protocol
/// A needs no such care, since its next frame lists every contact anyway.
///
/// The per-event path does not allocate: the storage is sized at `init` from the slot count, and the frame's contact
/// array is reused (release each frame before handing in the next event, or it is copied).
public struct FrameAssembler: Sendable {
    /// What the caller does after an event.
    public enum EventAction: Hashable, Sendable {
        /// A frame is complete: hand it to the engine (`GestureEngine.handle`).
        case handleFrame(TouchFrame)
        /// The device dropped events (`SYN_DROPPED`): hand its time to the engine (`GestureEngine.dropped`).
        case handleDropped(at: Timestamp)
        /// The `SYN_REPORT` that ends the events after a `SYN_DROPPED`: the device's state now, whose contacts
        /// the engine ignores until they lift (`GestureEngine.resynced`).
        case handleResync(TouchFrame)
    }

    /// What `finish()` found at the end of input.
    public struct FinishResult: Hashable, Sendable {
        /// True when events after the last `SYN_REPORT` were dropped: the caller warns on stderr.
        public var partialFrameDropped: Bool
        /// The last frame's time, where the engine's `finish(at:)` belongs; nil when there was no frame.
        public var lastFrameTime: Timestamp?

        /// The end of input: `partialFrameDropped` when events after the last `SYN_REPORT` were dropped, and the last
        /// frame's time `lastFrameTime` (nil without a frame).
        public init(partialFrameDropped: Bool, lastFrameTime: Timestamp?) {
            self.partialFrameDropped = partialFrameDropped
            self.lastFrameTime = lastFrameTime
        }
    }

    private enum State {
        /// No event since the last `SYN_REPORT` (or since the start).
        case betweenFrames
        /// Events arrived since the last `SYN_REPORT`: a frame is being assembled.
        case assembling
        /// A `SYN_DROPPED` arrived: the events up to and including the next `SYN_REPORT` make no frame.
        case discarding
    }

    /// Protocol A devices get this many contacts per frame; further ones are ignored.
    public static let anonymousContactCapacity = 32

    /// How the device reports its touches (protocol B slots, protocol A or single-touch), fixed for the assembler's
    /// life: it decides which events make a contact.
    public let touchProtocol: TouchProtocol
    /// How the device's positions become mm on the surface (origin top-left, y down): every contact's position goes
    /// through it.
    public let surface: SurfaceMapping
    private var state: State = .betweenFrames
    /// A step back of the device's clock longer than this shifts its later times (see the type's documentation).
    public static let clockStep = TimeSpan.seconds(1)

    /// The latest time handed out, so that no later one is earlier.
    private var clock: Timestamp?
    /// The latest time handed out (a frame's, or one that `timePassed(to:)` gave); nil before any.
    public var latestTime: Timestamp? { clock }
    /// Added to the device's times since its clock last stepped back by more than `clockStep`: a frame's time
    /// is its `SYN_REPORT`'s time plus this (or the previous frame's, if that is later).
    public private(set) var clockShift = TimeSpan.zero
    private var lastFrameTime: Timestamp?
    /// Protocol B and single touch (as one slot).
    private var slots: SlotTracker
    /// Protocol A.
    private var anonymous: AnonymousTracker
    /// The contacts of the frame being handed out; its storage is reused from frame to frame.
    private var contacts: [Contact]

    /// An assembler for `description`'s touches, in mm by `surface` (see `DeviceDescription.surfaceMapping`).
    /// Nil when the device is not a touch device.
    public init?(description: DeviceDescription, surface: SurfaceMapping) {
        guard let touchProtocol = description.touchProtocol else { return nil }
        self.touchProtocol = touchProtocol
        self.surface = surface
        let origin = (x: surface.x.minimum, y: surface.y.minimum)
        switch touchProtocol {
        case .multitouchSlots(let count):
            let minimum = description.absinfo[AbsCode.mtSlot]?.minimum ?? 0
            self.slots = SlotTracker(count: count, minimum: minimum, surface: surface)
            self.anonymous = AnonymousTracker(capacity: 0, origin: origin)
            self.contacts = []
            self.contacts.reserveCapacity(2 * count)
        case .multitouchAnonymous:
            let capacity = Self.anonymousContactCapacity
            self.slots = SlotTracker(count: 0, minimum: 0, surface: surface)
            self.anonymous = AnonymousTracker(capacity: capacity, origin: origin)
            self.contacts = []
            self.contacts.reserveCapacity(2 * capacity)
        case .singleTouch:
            self.slots = SlotTracker(count: 1, minimum: 0, surface: surface)
            self.anonymous = AnonymousTracker(capacity: 0, origin: origin)
            self.contacts = []
            self.contacts.reserveCapacity(2)
        }
    }

    /// One event, in order. Returns what the caller must do, or nil when the event only updates state.
    ///
    /// Small enough for the pipeline to inline it (`@inline(__always)`): six events in seven on a touchscreen are
    /// slots and positions, which only update state, and the calls to `handle` and `apply` cost more than that
    /// work (docs/performance.md).
    @inline(__always)
    public mutating func handle(_ event: InputEvent) -> EventAction? {
        if event.type == EventType.syn && (event.code == SynCode.report || event.code == SynCode.dropped) {
            return synchronize(event)
        }
        switch state {
        case .betweenFrames: state = .assembling
        case .assembling, .discarding: break
        }
        switch touchProtocol {
        case .multitouchSlots: slots.apply(event)
        case .multitouchAnonymous: anonymous.apply(event)
        case .singleTouch: slots.applySingleTouch(event)
        }
        return nil
    }

    /// `SYN_REPORT` or `SYN_DROPPED`.
    private mutating func synchronize(_ event: InputEvent) -> EventAction {
        switch event.code {
        case SynCode.report:
            return report(at: event.time)
        case SynCode.dropped:
            // Whatever was being assembled is lost with the dropped events; protocol B keeps its
            // slots' state (see the type's documentation).
            state = .discarding
            return .handleDropped(at: stamp(event.time))
        default:
            preconditionFailure("FrameAssembler.synchronize: \(event) is neither SYN_REPORT nor SYN_DROPPED")
        }
    }

    /// The end of input. Events after the last `SYN_REPORT` are dropped (reported in the result), and the
    /// assembler starts afresh, as for a new trace: no contact is down and time starts over.
    public mutating func finish() -> FinishResult {
        let partial: Bool
        switch state {
        case .assembling: partial = true
        // After a SYN_DROPPED the damaged frame was already reported as dropped.
        case .betweenFrames, .discarding: partial = false
        }
        let result = FinishResult(partialFrameDropped: partial, lastFrameTime: lastFrameTime)
        state = .betweenFrames
        clock = nil
        clockShift = .zero
        lastFrameTime = nil
        slots.reset()
        anonymous.reset()
        // Emptied from the end: `removeAll(keepingCapacity:)` takes `replaceSubrange`'s general path, which costs
        // more than a few contacts' `removeLast()` (docs/performance.md).
        while !contacts.isEmpty { contacts.removeLast() }
        return result
    }

    // MARK: Private

    /// `SYN_REPORT`.
    private mutating func report(at time: Timestamp) -> EventAction {
        switch state {
        case .discarding:
            // The SYN_REPORT that ends the damaged frame: no frame, but the state the device is in now,
            // for the engine to ignore its contacts until they lift. Protocol B's slots took the events
            // (libevdev's resync is exactly the change since the drop); protocol A keeps its contacts,
            // which its next frame lists afresh.
            switch touchProtocol {
            case .multitouchAnonymous:
                anonymous.discardFrame()
                return .handleResync(frame(at: time, bare: true))
            case .multitouchSlots, .singleTouch:
                return .handleResync(frame(at: time, bare: false))
            }
        case .betweenFrames:
            // A bare SYN_REPORT: time passes, nothing changes.
            return .handleFrame(frame(at: time, bare: true))
        case .assembling:
            return .handleFrame(frame(at: time, bare: false))
        }
    }

    /// The frame that ends at `time`; `bare` when no event came since the previous one.
    private mutating func frame(at time: Timestamp, bare: Bool) -> TouchFrame {
        let frameTime = stamp(time)
        // Emptied from the end: `removeAll(keepingCapacity:)` takes `replaceSubrange`'s general path, which costs
        // more than a few contacts' `removeLast()` (docs/performance.md).
        while !contacts.isEmpty { contacts.removeLast() }
        switch touchProtocol {
        case .multitouchSlots, .singleTouch:
            // Nothing happened to the slots in a bare frame, so no special case is needed.
            slots.emit(into: &contacts)
        case .multitouchAnonymous:
            anonymous.emit(into: &contacts, surface: surface, bare: bare)
        }
        state = .betweenFrames
        lastFrameTime = frameTime
        return TouchFrame(time: frameTime, contacts: contacts)
    }

    /// Time passed with no input up to `time`, on the pipeline's time (a live driver fired the deadlines up to
    /// it): no later frame is stamped earlier, as if `time` had been handed out.
    public mutating func timePassed(to time: Timestamp) {
        clock = max(clock ?? time, time)
    }

    /// `time` plus the clock's shift, or the latest time handed out if that is later. A step back of more than
    /// `clockStep` shifts this time and the later ones onto the latest time handed out.
    private mutating func stamp(_ time: Timestamp) -> Timestamp {
        let shifted = time + clockShift
        guard let latest = clock, shifted < latest else {
            clock = shifted
            return shifted
        }
        if latest - shifted > Self.clockStep { clockShift = latest - time }
        return latest
    }
}

// MARK: - Protocol B and single touch

/// The slots of a protocol B device (or the one slot of a single-touch device).
private struct SlotTracker {
    struct Slot {
        /// The kernel's tracking id; negative when the slot is empty.
        var trackingID: Int32 = -1
        /// Our id for the contact in the slot.
        var contactID = 0
        /// The slot's last position, in device units. It outlives the contact (SPEC "Input"). The selected slot's
        /// is in `SlotTracker.x` and `y` instead, until another slot is selected or a frame is emitted.
        var x: Int32
        var y: Int32
        /// True once a frame has listed the contact.
        var reported = false
        /// Where the last frame put the contact.
        var reportedPosition = Point.zero
        /// A listed contact that lifted since the last frame: the next frame lists it as ended.
        var ended: Contact?
    }

    private(set) var slots: [Slot]
    private let minimum: Int32
    /// How positions become mm (the assembler's), kept here rather than passed to each call: the pipeline copied it
    /// onto the stack for every event it handed in.
    private let surface: SurfaceMapping
    /// The top-left corner, in device units: a slot's position before any event.
    private let origin: (x: Int32, y: Int32)
    /// The selected slot's index, or nil when `ABS_MT_SLOT` selected one outside the declared range.
    /// Slot 0 until the first `ABS_MT_SLOT`, as in the kernel (the n4 recording starts without one).
    private var current: Int?
    /// The selected slot's position, in device units (meaningless while `current` is nil). It lives here, not in
    /// `slots`, from the slot's selection until another is selected or a frame is emitted (`storeSelected()`): a
    /// touchscreen sends both axes for each slot it selects, and writing each into the array paid the array's
    /// uniqueness and bounds checks at every event (docs/performance.md).
    private var x: Int32
    private var y: Int32
    private var nextContactID = 0
    /// One past the highest slot that may have something to emit (a contact, or the end of one): `emit` looks no
    /// further. A touchscreen declares 10 slots or more and most often uses one or two: looking at every slot at
    /// every frame would be mostly for nothing (docs/performance.md).
    private var activeEnd = 0

    init(count: Int, minimum: Int32, surface: SurfaceMapping) {
        let origin = (x: surface.x.minimum, y: surface.y.minimum)
        self.minimum = minimum
        self.surface = surface
        self.origin = origin
        self.slots = Array(repeating: Slot(x: origin.x, y: origin.y), count: count)
        self.current = count > 0 ? 0 : nil
        self.x = origin.x
        self.y = origin.y
    }

    mutating func reset() {
        for index in slots.indices { slots[index] = Slot(x: origin.x, y: origin.y) }
        activeEnd = 0
        current = slots.isEmpty ? nil : 0
        x = origin.x
        y = origin.y
    }

    /// A protocol B event other than `SYN_*`.
    @inline(__always)
    mutating func apply(_ event: InputEvent) {
        guard event.type == EventType.abs else { return }
        switch event.code {
        case AbsCode.mtPositionX: x = event.value
        case AbsCode.mtPositionY: y = event.value
        case AbsCode.mtSlot: select(event.value)
        case AbsCode.mtTrackingID: setTrackingID(event.value)
        default: break  // pressure, touch size, tool type...: not used
        }
    }

    /// A single-touch event other than `SYN_*`: one slot whose tracking id is 0 while `BTN_TOUCH` is down.
    mutating func applySingleTouch(_ event: InputEvent) {
        switch (event.type, event.code) {
        case (EventType.key, KeyCode.btnTouch): setTrackingID(event.value == 0 ? -1 : 0)
        case (EventType.abs, AbsCode.x): x = event.value
        case (EventType.abs, AbsCode.y): y = event.value
        default: break
        }
    }

    private mutating func select(_ value: Int32) {
        storeSelected()
        let index = Int64(value) - Int64(minimum)
        current = index >= 0 && index < Int64(slots.count) ? Int(index) : nil
        if let current {
            x = slots[current].x
            y = slots[current].y
        }
    }

    /// Puts the selected slot's position (`x`, `y`) into `slots`.
    private mutating func storeSelected() {
        guard let current else { return }
        slots[current].x = x
        slots[current].y = y
    }

    private mutating func setTrackingID(_ value: Int32) {
        guard let current else { return }
        let old = slots[current].trackingID
        if value == old || (value < 0 && old < 0) { return }  // no change (libevdev filters these too)
        if old >= 0 { lift(current) }
        if value >= 0 {
            slots[current].trackingID = value
            activeEnd = max(activeEnd, current + 1)
            slots[current].contactID = nextContactID
            nextContactID += 1
            slots[current].reported = false
        }
    }

    /// Lifts the contact in the selected slot, `index`.
    private mutating func lift(_ index: Int) {
        if slots[index].reported {
            // Only a listed contact needs an end; one that lands and lifts between two frames never
            // existed for the engine. So there is at most one pending end per slot.
            slots[index].ended = Contact(id: slots[index].contactID, position: surface.point(x: x, y: y), phase: .ended)
        }
        slots[index].trackingID = -1
        slots[index].reported = false
    }

    mutating func emit(into contacts: inout [Contact]) {
        var activeEnd = self.activeEnd
        let (current, x, y) = (self.current, self.x, self.y)
        // The slots through one pointer for the frame: `slots[index]` paid the array's uniqueness and bounds checks
        // at every write (docs/performance.md).
        slots.withUnsafeMutableBufferPointer { slots in
            // The selected slot's position first (`storeSelected()`, through the pointer).
            if let current {
                slots[current].x = x
                slots[current].y = y
            }
            for index in 0..<activeEnd {
                if let ended = slots[index].ended {
                    contacts.append(ended)
                    slots[index].ended = nil
                }
                guard slots[index].trackingID >= 0 else { continue }
                let position = surface.point(x: slots[index].x, y: slots[index].y)
                let phase: ContactPhase
                if !slots[index].reported {
                    phase = .began
                } else if position != slots[index].reportedPosition {
                    phase = .moved
                } else {
                    phase = .stationary
                }
                slots[index].reported = true
                slots[index].reportedPosition = position
                contacts.append(Contact(id: slots[index].contactID, position: position, phase: phase))
            }
            // Every end is emitted now: the slots past the last contact have nothing more.
            while activeEnd > 0 && slots[activeEnd - 1].trackingID < 0 { activeEnd -= 1 }
        }
        self.activeEnd = activeEnd
    }
}

// MARK: - Protocol A

/// The anonymous contacts of a protocol A device.
private struct AnonymousTracker {
    /// One contact as a frame reports it.
    struct Report {
        var x: Int32
        var y: Int32
        var trackingID: Int32?
    }

    /// A contact down after the last frame.
    struct Live {
        var id: Int
        var trackingID: Int32?
        var position: Point
    }

    private let capacity: Int
    private let origin: (x: Int32, y: Int32)
    /// This frame's contacts so far.
    private var reports: [Report]
    /// The contact being reported, up to its `SYN_MT_REPORT`.
    private var pendingX: Int32?
    private var pendingY: Int32?
    private var pendingTrackingID: Int32?
    /// The last value of each axis, for a contact reported without it.
    private var lastX: Int32
    private var lastY: Int32
    /// False from a `BTN_TOUCH` 0 until the next `BTN_TOUCH` 1: contacts listed meanwhile hover (the
    /// bcm5974 keeps listing fingers above the pad after the release) and are not down.
    private var touching = true
    private var live: [Live]
    private var nextLive: [Live]
    /// Per report: the index in `live` of the contact it continues, or -1 for a landing.
    private var reportMatch: [Int]
    private var liveMatched: [Bool]
    private var nextContactID = 0

    init(capacity: Int, origin: (x: Int32, y: Int32)) {
        self.capacity = capacity
        self.origin = origin
        self.lastX = origin.x
        self.lastY = origin.y
        self.reports = []
        self.reports.reserveCapacity(capacity)
        self.live = []
        self.live.reserveCapacity(capacity)
        self.nextLive = []
        self.nextLive.reserveCapacity(capacity)
        self.reportMatch = Array(repeating: -1, count: capacity)
        self.liveMatched = Array(repeating: false, count: capacity)
    }

    mutating func reset() {
        discardFrame()
        live.removeAll(keepingCapacity: true)
        lastX = origin.x
        lastY = origin.y
        touching = true
    }

    /// A protocol A event other than `SYN_REPORT` and `SYN_DROPPED`.
    mutating func apply(_ event: InputEvent) {
        switch (event.type, event.code) {
        case (EventType.abs, AbsCode.mtPositionX): setX(event.value)
        case (EventType.abs, AbsCode.mtPositionY): setY(event.value)
        case (EventType.abs, AbsCode.mtTrackingID): setTrackingID(event.value)
        case (EventType.syn, SynCode.mtReport): closeContact()
        case (EventType.key, KeyCode.btnTouch): setTouch(event.value)
        default: break  // other axes, BTN_TOOL_*, BTN_LEFT...: not used
        }
    }

    mutating func setX(_ value: Int32) {
        pendingX = value
        lastX = value
    }

    mutating func setY(_ value: Int32) {
        pendingY = value
        lastY = value
    }

    mutating func setTrackingID(_ value: Int32) {
        pendingTrackingID = value
    }

    mutating func setTouch(_ value: Int32) {
        touching = value != 0
    }

    /// `SYN_MT_REPORT`: the contact is complete. One without any position is the empty report that
    /// says "no contacts".
    mutating func closeContact() {
        defer {
            pendingX = nil
            pendingY = nil
            pendingTrackingID = nil
        }
        guard pendingX != nil || pendingY != nil, reports.count < capacity else { return }
        reports.append(Report(x: pendingX ?? lastX, y: pendingY ?? lastY, trackingID: pendingTrackingID))
    }

    /// Forgets the frame being assembled.
    mutating func discardFrame() {
        reports.removeAll(keepingCapacity: true)
        pendingX = nil
        pendingY = nil
        pendingTrackingID = nil
    }

    /// The frame's contacts. A `bare` frame (a `SYN_REPORT` with nothing before it) changes nothing.
    mutating func emit(into contacts: inout [Contact], surface: SurfaceMapping, bare: Bool) {
        if bare {
            for contact in live { contacts.append(Contact(id: contact.id, position: contact.position, phase: .stationary)) }
            return
        }
        // A last contact without its SYN_MT_REPORT still counts.
        closeContact()
        if !touching { reports.removeAll(keepingCapacity: true) }
        match(surface: surface)
        for index in live.indices where !liveMatched[index] {
            contacts.append(Contact(id: live[index].id, position: live[index].position, phase: .ended))
        }
        nextLive.removeAll(keepingCapacity: true)
        for index in reports.indices {
            let report = reports[index]
            let position = surface.point(x: report.x, y: report.y)
            let previous = reportMatch[index]
            let id: Int
            let phase: ContactPhase
            if previous >= 0 {
                id = live[previous].id
                phase = position != live[previous].position ? .moved : .stationary
            } else {
                id = nextContactID
                nextContactID += 1
                phase = .began
            }
            contacts.append(Contact(id: id, position: position, phase: phase))
            nextLive.append(Live(id: id, trackingID: report.trackingID, position: position))
        }
        swap(&live, &nextLive)
        discardFrame()
    }

    /// Fills `reportMatch` and `liveMatched`: first by tracking id, then the closest pair among the
    /// contacts without one, again and again.
    private mutating func match(surface: SurfaceMapping) {
        for index in reports.indices { reportMatch[index] = -1 }
        for index in live.indices { liveMatched[index] = false }
        for index in reports.indices {
            guard let trackingID = reports[index].trackingID else { continue }
            for candidate in live.indices where !liveMatched[candidate] && live[candidate].trackingID == trackingID {
                reportMatch[index] = candidate
                liveMatched[candidate] = true
                break
            }
        }
        while true {
            var best = Double.infinity
            var bestReport = -1
            var bestLive = -1
            for index in reports.indices where reportMatch[index] < 0 && reports[index].trackingID == nil {
                let position = surface.point(x: reports[index].x, y: reports[index].y)
                for candidate in live.indices where !liveMatched[candidate] && live[candidate].trackingID == nil {
                    let dx = position.x - live[candidate].position.x
                    let dy = position.y - live[candidate].position.y
                    let distance = dx * dx + dy * dy
                    if distance < best {
                        best = distance
                        bestReport = index
                        bestLive = candidate
                    }
                }
            }
            guard bestReport >= 0 else { return }
            reportMatch[bestReport] = bestLive
            liveMatched[bestLive] = true
        }
    }
}
