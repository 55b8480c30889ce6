/// A device's identity (`struct input_id`).
public struct InputID: Hashable, Sendable {
    /// The bus the device is on (`BUS_USB` 0x03, `BUS_I2C` 0x18, …): the `bustype` of evemu's `I:` line.
    public var bustype: UInt16
    /// The vendor id (the USB vendor, say), as the kernel reports it; 0 when unknown.
    public var vendor: UInt16
    /// The product id, as the kernel reports it; 0 when unknown.
    public var product: UInt16
    /// The device's version number, as the kernel reports it; 0 when unknown.
    public var version: UInt16

    /// The identity `bustype`, `vendor`, `product`, `version` (evemu's `I:` line, in that order).
    public init(bustype: UInt16, vendor: UInt16, product: UInt16, version: UInt16) {
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
    }
}

/// One absolute axis (`struct input_absinfo` without its current value).
public struct AbsInfo: Hashable, Sendable {
    /// The smallest value the axis reports, in device units: 0 mm on the surface (SPEC.md, "Surface, units,
    /// time"); smaller values are clamped to it.
    public var minimum: Int32
    /// The largest value the axis reports, in device units; larger values are clamped to it. An axis whose maximum is
    /// not above its minimum can locate no touch.
    public var maximum: Int32
    /// The kernel's noise filter, in device units: changes within it may be dropped by the kernel. Read and written
    /// back, not used by the engine.
    public var fuzz: Int32
    /// The kernel's dead zone around the centre, in device units (joysticks); read and written back, not used by the
    /// engine.
    public var flat: Int32
    /// Units per millimetre; 0 when the device does not say.
    public var resolution: Int32

    /// An axis from `minimum` to `maximum` (device units) with `fuzz` and `flat` (0 by default) and `resolution` units
    /// per mm (0 by default: not said).
    public init(minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }
}

/// How a device reports its touches.
public enum TouchProtocol: Hashable, Sendable, CustomStringConvertible {
    /// Multitouch protocol B: `ABS_MT_SLOT` selects one of `slots` slots, and tracking ids land and lift.
    case multitouchSlots(slots: Int)
    /// Multitouch protocol A: every frame lists every contact, each ended by `SYN_MT_REPORT`.
    case multitouchAnonymous
    /// One contact: `BTN_TOUCH` with `ABS_X` and `ABS_Y`.
    case singleTouch

    public var description: String {
        switch self {
        case .multitouchSlots: "multitouch B"
        case .multitouchAnonymous: "multitouch A"
        case .singleTouch: "single-touch"
        }
    }
}

/// What kind of touch device: the surface is the screen, or a pad beside it.
public enum DeviceKind: Hashable, Sendable, CustomStringConvertible {
    /// The surface is the screen: a finger touches what it points at (`INPUT_PROP_DIRECT`).
    case touchscreen
    /// A pad beside the screen: the surface maps to no picture (`INPUT_PROP_POINTER` or `BTN_TOOL_FINGER` without
    /// `INPUT_PROP_DIRECT`).
    case touchpad

    public var description: String {
        switch self {
        case .touchscreen: "touchscreen"
        case .touchpad: "touchpad"
        }
    }
}

/// Everything evdev tells about a device before its first event: what `evemu-describe` prints and
/// what a libinput recording's `evdev:` block holds.
public struct DeviceDescription: Hashable, Sendable {
    /// The kernel caps a device at this many slots in practice; libevdev does the same (`MAX_SLOTS`).
    /// A description that declares more gets this many, so that a damaged file cannot make us allocate
    /// millions of slots.
    public static let maximumSlots = 256

    /// The device's name, as the kernel gives it (evemu's `N:` line); may be empty.
    public var name: String
    /// The device's bus, vendor, product and version.
    public var id: InputID
    /// The `INPUT_PROP_*` bits.
    public var properties: CodeSet
    /// Supported codes per event type. No entry is ever an empty set.
    public private(set) var codes: [UInt16: CodeSet]
    /// The absolute axes. Every axis here is also a member of `codes[EV_ABS]`.
    public private(set) var absinfo: [UInt16: AbsInfo]

    /// A device `name` with `id` (all zeros by default), the `INPUT_PROP_*` `properties`, the supported `codes` per
    /// event type and the axes' `absinfo` (each none by default). Empty code sets are dropped; each axis of `absinfo`
    /// is also made a member of `codes[EV_ABS]`.
    public init(
        name: String,
        id: InputID = InputID(bustype: 0, vendor: 0, product: 0, version: 0),
        properties: CodeSet = [],
        codes: [UInt16: CodeSet] = [:],
        absinfo: [UInt16: AbsInfo] = [:]
    ) {
        self.name = name
        self.id = id
        self.properties = properties
        self.codes = codes.filter { !$0.value.isEmpty }
        self.absinfo = [:]
        for (code, info) in absinfo { setAbsInfo(info, for: code) }
    }

    // MARK: Capabilities

    /// The codes of one event type (empty when the type is not supported).
    public func codes(ofType type: UInt16) -> CodeSet { codes[type] ?? CodeSet() }

    /// True for `EV_SYN` always, and for any other type with at least one code.
    public func hasType(_ type: UInt16) -> Bool { type == EventType.syn || codes[type] != nil }

    /// Whether the device supports `code` of event type `type` (`ABS_MT_SLOT` of `EV_ABS`, say).
    public func hasCode(_ code: UInt16, type: UInt16) -> Bool { codes[type]?.contains(code) ?? false }

    /// Whether the device declares the `INPUT_PROP_*` bit `property`.
    public func hasProperty(_ property: UInt16) -> Bool { properties.contains(property) }

    /// True when the axis is supported and has its absinfo.
    public func hasAxis(_ code: UInt16) -> Bool { absinfo[code] != nil }

    /// Marks `code` of event type `type` as supported.
    public mutating func insertCode(_ code: UInt16, type: UInt16) {
        codes[type, default: CodeSet()].insert(code)
    }

    /// Marks every code of `set` as supported for event type `type` (nothing when `set` is empty).
    public mutating func formUnion(_ set: CodeSet, type: UInt16) {
        guard !set.isEmpty else { return }
        codes[type, default: CodeSet()].formUnion(set)
    }

    /// Sets an axis's absinfo and marks the axis as supported.
    public mutating func setAbsInfo(_ info: AbsInfo, for code: UInt16) {
        absinfo[code] = info
        insertCode(code, type: EventType.abs)
    }

    // MARK: Touch

    /// The number of slots of a protocol B device, from `ABS_MT_SLOT`'s range (capped at `maximumSlots`);
    /// nil without `ABS_MT_SLOT`.
    public var slotCount: Int? {
        guard let slot = absinfo[AbsCode.mtSlot] else { return nil }
        let count = Int64(slot.maximum) - Int64(slot.minimum) + 1
        return Int(min(max(count, 1), Int64(Self.maximumSlots)))
    }

    /// True when the device reports several contacts: it has both multitouch position axes
    /// (protocol B adds `ABS_MT_SLOT`; protocol A has none).
    public var isMultitouch: Bool { hasAxis(AbsCode.mtPositionX) && hasAxis(AbsCode.mtPositionY) }

    /// True for a single-touch device: `BTN_TOUCH` with `ABS_X` and `ABS_Y`, and no pen (a pen tablet
    /// also reports `BTN_TOUCH`, but a pen is not a finger).
    public var isSingleTouch: Bool {
        hasCode(KeyCode.btnTouch, type: EventType.key) && hasAxis(AbsCode.x) && hasAxis(AbsCode.y)
            && !hasCode(KeyCode.btnToolPen, type: EventType.key)
    }

    /// True when the device declares `INPUT_PROP_DIRECT`: a touchscreen.
    public var isDirect: Bool { hasProperty(InputProperty.direct) }

    /// How the device reports touches; the multitouch axes win over `ABS_X`/`ABS_Y` when there are both.
    /// Nil for a device that is not a touch device.
    public var touchProtocol: TouchProtocol? {
        if isMultitouch {
            if let slots = slotCount { return .multitouchSlots(slots: slots) }
            return .multitouchAnonymous
        }
        return isSingleTouch ? .singleTouch : nil
    }

    /// Touchscreen or touchpad; nil for a device that is not a touch device.
    ///
    /// `INPUT_PROP_DIRECT` makes a touchscreen, `INPUT_PROP_POINTER` or `BTN_TOOL_FINGER` a touchpad.
    /// With neither, a touchscreen: kernels before 3.x set no property on touchscreens (the N-Trig
    /// recording has none), and udev's `input_id` likewise calls a device with `BTN_TOUCH` but no
    /// `BTN_TOOL_FINGER` a touchscreen.
    public var kind: DeviceKind? {
        guard touchProtocol != nil else { return nil }
        if isDirect { return .touchscreen }
        if hasProperty(InputProperty.pointer) || hasCode(KeyCode.btnToolFinger, type: EventType.key) {
            return .touchpad
        }
        return .touchscreen
    }

    /// The axes the touch positions come from: `ABS_MT_POSITION_X`/`Y` for a multitouch device,
    /// else `ABS_X`/`ABS_Y`; nil when the device has neither pair.
    public var positionAxes: (x: UInt16, y: UInt16)? {
        if isMultitouch { return (AbsCode.mtPositionX, AbsCode.mtPositionY) }
        if hasAxis(AbsCode.x) && hasAxis(AbsCode.y) { return (AbsCode.x, AbsCode.y) }
        return nil
    }
}
