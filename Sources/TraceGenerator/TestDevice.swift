import EvdevModel
import GestureCore
import GestureTestSupport

/// The emulated touchscreens the synthetic traces are written for. All three have the geometry of SPEC's
/// example surface: x 0…4095, y 0…2559 at 19 units/mm, that is 215.5 × 134.7 mm, with `INPUT_PROP_DIRECT`.
/// The protocol B one has the axes, resolution, slots, property and id (USB 222a:0001) of the umockdev
/// device of the live tests (`ts-mt.*` in the shared reference), whose kernel name is "ILITEK ILITEK-TP";
/// umockdev replays only the `E:` lines of a trace, so the name in the header does not matter there.
enum TestDevice: CaseIterable, Sendable {
    /// Multitouch protocol B: 10 slots, tracking ids 0…65535, `BTN_TOUCH` and `ABS_X`/`ABS_Y` as the
    /// kernel's pointer emulation reports them.
    case touchscreen
    /// Multitouch protocol A: every frame lists every contact, each ended by `SYN_MT_REPORT`, without
    /// tracking ids; `BTN_TOUCH` and `ABS_X`/`ABS_Y` too.
    case protocolA
    /// One contact: `BTN_TOUCH` with `ABS_X`/`ABS_Y`.
    case singleTouch

    static let unitsPerMillimetre: Int32 = 19
    static let maximumX: Int32 = 4095
    static let maximumY: Int32 = 2559
    static let slots: Int32 = 10

    var description: DeviceDescription {
        let axis = AbsInfo(minimum: 0, maximum: Self.maximumX, resolution: Self.unitsPerMillimetre)
        let yAxis = AbsInfo(minimum: 0, maximum: Self.maximumY, resolution: Self.unitsPerMillimetre)
        var absinfo: [UInt16: AbsInfo] = [AbsCode.x: axis, AbsCode.y: yAxis]
        let name: String
        switch self {
        case .touchscreen:
            name = "Gestures Test Touchscreen"
            absinfo[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: Self.slots - 1)
            absinfo[AbsCode.mtPositionX] = axis
            absinfo[AbsCode.mtPositionY] = yAxis
            absinfo[AbsCode.mtTrackingID] = AbsInfo(minimum: 0, maximum: 65535)
        case .protocolA:
            name = "Gestures Test Touchscreen (protocol A)"
            absinfo[AbsCode.mtPositionX] = axis
            absinfo[AbsCode.mtPositionY] = yAxis
        case .singleTouch:
            name = "Gestures Test Touchscreen (single touch)"
        }
        return DeviceDescription(
            // The identity of ts-mt.ioctl (USB, 222a:0001, version 0110).
            name: name, id: InputID(bustype: 0x03, vendor: 0x222a, product: 0x0001, version: 0x0110),
            properties: [InputProperty.direct],
            codes: [EventType.key: [KeyCode.btnTouch]],
            absinfo: absinfo)
    }

    /// The device units of a position in mm: rounded to the nearest unit, clamped to the axis.
    static func units(_ point: Point) -> (x: Int32, y: Int32) {
        func unit(_ millimetres: Double, _ maximum: Int32) -> Int32 {
            let value = (millimetres * Double(unitsPerMillimetre)).rounded()
            return Int32(min(max(value, 0), Double(maximum)))
        }
        return (unit(point.x, maximumX), unit(point.y, maximumY))
    }

    /// The script as this device's kernel driver would report it: a bare `SYN_REPORT` at time 0 (the
    /// marker umockdev needs before the first touch), then one frame per script frame that changes
    /// anything. Values that did not change are not repeated, as the input core filters them.
    func events(for script: ScriptTimeline) -> [InputEvent] {
        var events = [InputEvent(time: .zero, type: EventType.syn, code: SynCode.report, value: 0)]
        var emulation = KernelEmulation(device: self)
        for frame in script.frames {
            precondition(frame.milliseconds > 0, "the first frame comes after the marker at 0")
            events += emulation.frame(frame)
        }
        precondition(emulation.fingersDown.isEmpty, "every finger lifts by the end of a scenario")
        return events
    }
}

/// What the kernel sends for each frame, and the state it keeps to filter unchanged values.
private struct KernelEmulation {
    struct Slot {
        var trackingID: Int32 = -1
        // The kernel keeps a slot's last position after the lift, and a new contact in the slot reports
        // only what differs from it.
        var x: Int32 = 0
        var y: Int32 = 0
    }

    let device: TestDevice
    var slots = Array(repeating: Slot(), count: Int(TestDevice.slots))
    /// The slot the last `ABS_MT_SLOT` selected (the kernel's starts at 0, and libevdev reads it so).
    var currentSlot: Int32 = 0
    var nextTrackingID: Int32 = 0
    /// Finger → slot (protocol B), and every finger down with its position in units, in landing order.
    var slotOfFinger: [Int: Int] = [:]
    var fingersDown: [(finger: Int, x: Int32, y: Int32)] = []
    var touch: Int32 = 0
    var pointerX: Int32 = 0
    var pointerY: Int32 = 0

    init(device: TestDevice) {
        self.device = device
    }

    mutating func frame(_ frame: ScriptFrame) -> [InputEvent] {
        let time = Timestamp(microseconds: Int64(frame.milliseconds) * 1000)
        var body: [(type: UInt16, code: UInt16, value: Int32)] = []
        switch device {
        case .touchscreen: body = slotEvents(frame.changes)
        case .protocolA: body = anonymousEvents(frame.changes)
        case .singleTouch: body = singleTouchEvents(frame.changes)
        }
        body += pointerEmulation()
        guard !body.isEmpty else { return [] }
        body.append((EventType.syn, SynCode.report, 0))
        return body.map { InputEvent(time: time, type: $0.type, code: $0.code, value: $0.value) }
    }

    // MARK: Fingers

    private mutating func apply(_ change: FingerChange) {
        switch change {
        case .down(let finger, let point):
            precondition(!fingersDown.contains { $0.finger == finger }, "finger \(finger) is already down")
            let units = TestDevice.units(point)
            fingersDown.append((finger, units.x, units.y))
        case .move(let finger, let point):
            guard let index = fingersDown.firstIndex(where: { $0.finger == finger }) else {
                preconditionFailure("finger \(finger) moves but is not down")
            }
            let units = TestDevice.units(point)
            fingersDown[index].x = units.x
            fingersDown[index].y = units.y
        case .up(let finger):
            guard let index = fingersDown.firstIndex(where: { $0.finger == finger }) else {
                preconditionFailure("finger \(finger) lifts but is not down")
            }
            fingersDown.remove(at: index)
        case .withdraw(let finger):
            preconditionFailure("finger \(finger) is withdrawn, which a touchscreen does not report")
        }
    }

    private func position(of finger: Int) -> (x: Int32, y: Int32) {
        let entry = fingersDown.first { $0.finger == finger }!
        return (entry.x, entry.y)
    }

    // MARK: Protocol B

    /// Per slot, in slot order: `ABS_MT_SLOT` when it differs from the current one, then the tracking id,
    /// `ABS_MT_POSITION_X` and `_Y` that changed. A landing takes the lowest slot free before this frame.
    private mutating func slotEvents(_ changes: [FingerChange]) -> [(type: UInt16, code: UInt16, value: Int32)] {
        var perSlot: [Int: [(code: UInt16, value: Int32)]] = [:]
        var claimed = Set(slotOfFinger.values)
        for change in changes {
            apply(change)
            switch change {
            case .down(let finger, _):
                guard let slot = (0..<slots.count).first(where: { !claimed.contains($0) }) else {
                    preconditionFailure("more fingers than slots")
                }
                claimed.insert(slot)
                slotOfFinger[finger] = slot
                slots[slot].trackingID = nextTrackingID
                perSlot[slot, default: []].append((AbsCode.mtTrackingID, nextTrackingID))
                nextTrackingID = (nextTrackingID + 1) & 0xFFFF
                perSlot[slot, default: []] += moved(slot: slot, to: position(of: finger))
            case .move(let finger, _):
                let slot = slotOfFinger[finger]!
                perSlot[slot, default: []] += moved(slot: slot, to: position(of: finger))
            case .up(let finger):
                let slot = slotOfFinger.removeValue(forKey: finger)!
                slots[slot].trackingID = -1
                perSlot[slot, default: []].append((AbsCode.mtTrackingID, -1))
            case .withdraw:
                break  // `apply` stopped it
            }
        }
        var events: [(type: UInt16, code: UInt16, value: Int32)] = []
        for slot in perSlot.keys.sorted() where !perSlot[slot]!.isEmpty {
            if Int32(slot) != currentSlot {
                currentSlot = Int32(slot)
                events.append((EventType.abs, AbsCode.mtSlot, currentSlot))
            }
            events += perSlot[slot]!.map { (EventType.abs, $0.code, $0.value) }
        }
        return events
    }

    private mutating func moved(slot: Int, to position: (x: Int32, y: Int32)) -> [(code: UInt16, value: Int32)] {
        var events: [(code: UInt16, value: Int32)] = []
        if slots[slot].x != position.x {
            slots[slot].x = position.x
            events.append((AbsCode.mtPositionX, position.x))
        }
        if slots[slot].y != position.y {
            slots[slot].y = position.y
            events.append((AbsCode.mtPositionY, position.y))
        }
        return events
    }

    // MARK: Protocol A

    /// Every finger down, in landing order, each ended by `SYN_MT_REPORT`; an empty `SYN_MT_REPORT` when
    /// none is left (the kernel's documented lift of the last contact).
    private mutating func anonymousEvents(_ changes: [FingerChange]) -> [(type: UInt16, code: UInt16, value: Int32)] {
        for change in changes { apply(change) }
        guard !fingersDown.isEmpty else { return [(EventType.syn, SynCode.mtReport, 0)] }
        var events: [(type: UInt16, code: UInt16, value: Int32)] = []
        for entry in fingersDown {
            events.append((EventType.abs, AbsCode.mtPositionX, entry.x))
            events.append((EventType.abs, AbsCode.mtPositionY, entry.y))
            events.append((EventType.syn, SynCode.mtReport, 0))
        }
        return events
    }

    // MARK: Single touch

    private mutating func singleTouchEvents(_ changes: [FingerChange]) -> [(type: UInt16, code: UInt16, value: Int32)] {
        for change in changes { apply(change) }
        precondition(fingersDown.count <= 1, "a single-touch device has one finger")
        return []
    }

    // MARK: Pointer emulation

    /// `BTN_TOUCH` when a first finger lands or the last lifts, then `ABS_X`/`ABS_Y` of the oldest finger
    /// down when they changed (the kernel's `input_mt_report_pointer_emulation`; a single-touch device
    /// reports the same).
    private mutating func pointerEmulation() -> [(type: UInt16, code: UInt16, value: Int32)] {
        var events: [(type: UInt16, code: UInt16, value: Int32)] = []
        let touching: Int32 = fingersDown.isEmpty ? 0 : 1
        if device == .singleTouch, let oldest = fingersDown.first {
            // A resistive controller reports the position, then the touch.
            events += pointer(oldest.x, oldest.y)
        }
        if touching != touch {
            touch = touching
            events.append((EventType.key, KeyCode.btnTouch, touching))
        }
        if device != .singleTouch, let oldest = fingersDown.first {
            events += pointer(oldest.x, oldest.y)
        }
        return events
    }

    private mutating func pointer(_ x: Int32, _ y: Int32) -> [(type: UInt16, code: UInt16, value: Int32)] {
        var events: [(type: UInt16, code: UInt16, value: Int32)] = []
        if x != pointerX {
            pointerX = x
            events.append((EventType.abs, AbsCode.x, x))
        }
        if y != pointerY {
            pointerY = y
            events.append((EventType.abs, AbsCode.y, y))
        }
        return events
    }
}
