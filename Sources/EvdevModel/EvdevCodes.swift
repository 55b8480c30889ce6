// The evdev constants this package needs, with the kernel's names (linux/input-event-codes.h).
// Each constant's doc comment gives the C name, so a reader can grep the kernel headers for it.

/// Event types (`EV_*`).
public enum EventType {
    /// `EV_SYN`: frame markers (`SYN_REPORT`, `SYN_MT_REPORT`, `SYN_DROPPED`).
    public static let syn: UInt16 = 0x00
    /// `EV_KEY`: keys and buttons, `BTN_TOUCH` and the `BTN_TOOL_*` finger counts included.
    public static let key: UInt16 = 0x01
    /// `EV_REL`
    public static let rel: UInt16 = 0x02
    /// `EV_ABS`: absolute axes, the touch positions among them.
    public static let abs: UInt16 = 0x03
    /// `EV_MSC`
    public static let msc: UInt16 = 0x04
    /// `EV_SW`
    public static let sw: UInt16 = 0x05
    /// `EV_LED`
    public static let led: UInt16 = 0x11
    /// `EV_SND`
    public static let snd: UInt16 = 0x12
    /// `EV_REP`
    public static let rep: UInt16 = 0x14
    /// `EV_FF`
    public static let ff: UInt16 = 0x15
    /// `EV_PWR`
    public static let pwr: UInt16 = 0x16
    /// `EV_FF_STATUS`
    public static let ffStatus: UInt16 = 0x17
    /// `EV_MAX`: the highest event type.
    public static let max: UInt16 = 0x1f
}

/// Codes of `EV_SYN` (`SYN_*`).
public enum SynCode {
    /// `SYN_REPORT`: the end of a frame.
    public static let report: UInt16 = 0
    /// `SYN_CONFIG`
    public static let config: UInt16 = 1
    /// `SYN_MT_REPORT`: the end of one contact's data in multitouch protocol A.
    public static let mtReport: UInt16 = 2
    /// `SYN_DROPPED`: the kernel's buffer overflowed and events were lost.
    public static let dropped: UInt16 = 3
}

/// Codes of `EV_ABS` (`ABS_*`).
public enum AbsCode {
    /// `ABS_X`: single-touch x.
    public static let x: UInt16 = 0x00
    /// `ABS_Y`: single-touch y.
    public static let y: UInt16 = 0x01
    /// `ABS_PRESSURE`
    public static let pressure: UInt16 = 0x18
    /// `ABS_DISTANCE`
    public static let distance: UInt16 = 0x19
    /// `ABS_TOOL_WIDTH`
    public static let toolWidth: UInt16 = 0x1c
    /// `ABS_MISC`
    public static let misc: UInt16 = 0x28
    /// `ABS_MT_SLOT`: selects the slot the following `ABS_MT_*` events apply to (protocol B).
    public static let mtSlot: UInt16 = 0x2f
    /// `ABS_MT_TOUCH_MAJOR`
    public static let mtTouchMajor: UInt16 = 0x30
    /// `ABS_MT_TOUCH_MINOR`
    public static let mtTouchMinor: UInt16 = 0x31
    /// `ABS_MT_WIDTH_MAJOR`
    public static let mtWidthMajor: UInt16 = 0x32
    /// `ABS_MT_WIDTH_MINOR`
    public static let mtWidthMinor: UInt16 = 0x33
    /// `ABS_MT_ORIENTATION`
    public static let mtOrientation: UInt16 = 0x34
    /// `ABS_MT_POSITION_X`: multitouch x.
    public static let mtPositionX: UInt16 = 0x35
    /// `ABS_MT_POSITION_Y`: multitouch y.
    public static let mtPositionY: UInt16 = 0x36
    /// `ABS_MT_TOOL_TYPE`
    public static let mtToolType: UInt16 = 0x37
    /// `ABS_MT_BLOB_ID`
    public static let mtBlobID: UInt16 = 0x38
    /// `ABS_MT_TRACKING_ID`: a contact's identity; −1 in protocol B lifts the slot's contact.
    public static let mtTrackingID: UInt16 = 0x39
    /// `ABS_MT_PRESSURE`
    public static let mtPressure: UInt16 = 0x3a
    /// `ABS_MT_DISTANCE`
    public static let mtDistance: UInt16 = 0x3b
    /// `ABS_MT_TOOL_X`
    public static let mtToolX: UInt16 = 0x3c
    /// `ABS_MT_TOOL_Y`
    public static let mtToolY: UInt16 = 0x3d
    /// `ABS_MAX`: the highest absolute axis.
    public static let max: UInt16 = 0x3f
}

/// Codes of `EV_KEY` that matter to touch devices (`BTN_*`).
public enum KeyCode {
    /// `BTN_LEFT`: a touchpad's physical click.
    public static let btnLeft: UInt16 = 0x110
    /// `BTN_RIGHT`
    public static let btnRight: UInt16 = 0x111
    /// `BTN_MIDDLE`
    public static let btnMiddle: UInt16 = 0x112
    /// `BTN_TOOL_PEN`
    public static let btnToolPen: UInt16 = 0x140
    /// `BTN_TOOL_RUBBER`
    public static let btnToolRubber: UInt16 = 0x141
    /// `BTN_TOOL_FINGER`: one finger on a touchpad.
    public static let btnToolFinger: UInt16 = 0x145
    /// `BTN_TOOL_QUINTTAP`: five fingers.
    public static let btnToolQuinttap: UInt16 = 0x148
    /// `BTN_TOUCH`: something touches the surface (single-touch devices lift and land with it).
    public static let btnTouch: UInt16 = 0x14a
    /// `BTN_STYLUS`
    public static let btnStylus: UInt16 = 0x14b
    /// `BTN_TOOL_DOUBLETAP`: two fingers.
    public static let btnToolDoubletap: UInt16 = 0x14d
    /// `BTN_TOOL_TRIPLETAP`: three fingers.
    public static let btnToolTripletap: UInt16 = 0x14e
    /// `BTN_TOOL_QUADTAP`: four fingers.
    public static let btnToolQuadtap: UInt16 = 0x14f
    /// `KEY_MAX`: the highest key code.
    public static let max: UInt16 = 0x2ff
}

/// Device properties (`INPUT_PROP_*`).
public enum InputProperty {
    /// `INPUT_PROP_POINTER`: the device needs a pointer (a touchpad).
    public static let pointer: UInt16 = 0x00
    /// `INPUT_PROP_DIRECT`: touches map directly to the screen (a touchscreen).
    public static let direct: UInt16 = 0x01
    /// `INPUT_PROP_BUTTONPAD`: a clickpad, the button under the surface.
    public static let buttonpad: UInt16 = 0x02
    /// `INPUT_PROP_SEMI_MT`: the touch positions are a bounding box, not the fingers.
    public static let semiMT: UInt16 = 0x03
    /// `INPUT_PROP_TOPBUTTONPAD`
    public static let topButtonpad: UInt16 = 0x04
    /// `INPUT_PROP_POINTING_STICK`
    public static let pointingStick: UInt16 = 0x05
    /// `INPUT_PROP_ACCELEROMETER`
    public static let accelerometer: UInt16 = 0x06
    /// `INPUT_PROP_PRESSUREPAD`
    public static let pressurepad: UInt16 = 0x07
    /// `INPUT_PROP_MAX`
    public static let max: UInt16 = 0x1f
}

/// The kernel's names of types, codes and properties, for comments in traces and for messages.
public enum EvdevNames {
    /// `"EV_ABS"` for `EventType.abs`; nil for a type without a name.
    public static func type(_ type: UInt16) -> String? {
        switch type {
        case EventType.syn: "EV_SYN"
        case EventType.key: "EV_KEY"
        case EventType.rel: "EV_REL"
        case EventType.abs: "EV_ABS"
        case EventType.msc: "EV_MSC"
        case EventType.sw: "EV_SW"
        case EventType.led: "EV_LED"
        case EventType.snd: "EV_SND"
        case EventType.rep: "EV_REP"
        case EventType.ff: "EV_FF"
        case EventType.pwr: "EV_PWR"
        case EventType.ffStatus: "EV_FF_STATUS"
        default: nil  // the remaining type numbers are unassigned
        }
    }

    /// `"ABS_MT_SLOT"` for (`EventType.abs`, `AbsCode.mtSlot`); nil for a code without a name here.
    ///
    /// Every `EV_SYN`, `EV_ABS` and `EV_MSC` code has its name; of `EV_KEY`, the buttons (`BTN_*`).
    public static func code(_ code: UInt16, type: UInt16) -> String? {
        switch type {
        case EventType.syn: synName(code)
        case EventType.abs: absName(code)
        case EventType.key: keyName(code)
        case EventType.msc: mscName(code)
        case EventType.rel: relName(code)
        default: nil  // not needed for touch devices
        }
    }

    /// `"INPUT_PROP_DIRECT"` for `InputProperty.direct`.
    public static func property(_ property: UInt16) -> String? {
        switch property {
        case InputProperty.pointer: "INPUT_PROP_POINTER"
        case InputProperty.direct: "INPUT_PROP_DIRECT"
        case InputProperty.buttonpad: "INPUT_PROP_BUTTONPAD"
        case InputProperty.semiMT: "INPUT_PROP_SEMI_MT"
        case InputProperty.topButtonpad: "INPUT_PROP_TOPBUTTONPAD"
        case InputProperty.pointingStick: "INPUT_PROP_POINTING_STICK"
        case InputProperty.accelerometer: "INPUT_PROP_ACCELEROMETER"
        case InputProperty.pressurepad: "INPUT_PROP_PRESSUREPAD"
        default: nil
        }
    }

    /// `"EV_ABS / ABS_MT_SLOT"`, the form evemu and libinput use in their comments; unknown names print
    /// as `?`, as libevdev's do.
    public static func describe(type: UInt16, code: UInt16) -> String {
        "\(self.type(type) ?? "?") / \(self.code(code, type: type) ?? "?")"
    }

    private static func synName(_ code: UInt16) -> String? {
        switch code {
        case SynCode.report: "SYN_REPORT"
        case SynCode.config: "SYN_CONFIG"
        case SynCode.mtReport: "SYN_MT_REPORT"
        case SynCode.dropped: "SYN_DROPPED"
        default: nil
        }
    }

    private static func absName(_ code: UInt16) -> String? {
        switch code {
        case 0x00: "ABS_X"
        case 0x01: "ABS_Y"
        case 0x02: "ABS_Z"
        case 0x03: "ABS_RX"
        case 0x04: "ABS_RY"
        case 0x05: "ABS_RZ"
        case 0x06: "ABS_THROTTLE"
        case 0x07: "ABS_RUDDER"
        case 0x08: "ABS_WHEEL"
        case 0x09: "ABS_GAS"
        case 0x0a: "ABS_BRAKE"
        case 0x10: "ABS_HAT0X"
        case 0x11: "ABS_HAT0Y"
        case 0x12: "ABS_HAT1X"
        case 0x13: "ABS_HAT1Y"
        case 0x14: "ABS_HAT2X"
        case 0x15: "ABS_HAT2Y"
        case 0x16: "ABS_HAT3X"
        case 0x17: "ABS_HAT3Y"
        case 0x18: "ABS_PRESSURE"
        case 0x19: "ABS_DISTANCE"
        case 0x1a: "ABS_TILT_X"
        case 0x1b: "ABS_TILT_Y"
        case 0x1c: "ABS_TOOL_WIDTH"
        case 0x20: "ABS_VOLUME"
        case 0x21: "ABS_PROFILE"
        case 0x28: "ABS_MISC"
        case 0x2e: "ABS_RESERVED"
        case 0x2f: "ABS_MT_SLOT"
        case 0x30: "ABS_MT_TOUCH_MAJOR"
        case 0x31: "ABS_MT_TOUCH_MINOR"
        case 0x32: "ABS_MT_WIDTH_MAJOR"
        case 0x33: "ABS_MT_WIDTH_MINOR"
        case 0x34: "ABS_MT_ORIENTATION"
        case 0x35: "ABS_MT_POSITION_X"
        case 0x36: "ABS_MT_POSITION_Y"
        case 0x37: "ABS_MT_TOOL_TYPE"
        case 0x38: "ABS_MT_BLOB_ID"
        case 0x39: "ABS_MT_TRACKING_ID"
        case 0x3a: "ABS_MT_PRESSURE"
        case 0x3b: "ABS_MT_DISTANCE"
        case 0x3c: "ABS_MT_TOOL_X"
        case 0x3d: "ABS_MT_TOOL_Y"
        default: nil
        }
    }

    private static func keyName(_ code: UInt16) -> String? {
        switch code {
        case 0x100: "BTN_0"
        case 0x101: "BTN_1"
        case 0x102: "BTN_2"
        case 0x103: "BTN_3"
        case 0x104: "BTN_4"
        case 0x105: "BTN_5"
        case 0x106: "BTN_6"
        case 0x107: "BTN_7"
        case 0x108: "BTN_8"
        case 0x109: "BTN_9"
        case 0x110: "BTN_LEFT"
        case 0x111: "BTN_RIGHT"
        case 0x112: "BTN_MIDDLE"
        case 0x113: "BTN_SIDE"
        case 0x114: "BTN_EXTRA"
        case 0x115: "BTN_FORWARD"
        case 0x116: "BTN_BACK"
        case 0x117: "BTN_TASK"
        case 0x140: "BTN_TOOL_PEN"
        case 0x141: "BTN_TOOL_RUBBER"
        case 0x142: "BTN_TOOL_BRUSH"
        case 0x143: "BTN_TOOL_PENCIL"
        case 0x144: "BTN_TOOL_AIRBRUSH"
        case 0x145: "BTN_TOOL_FINGER"
        case 0x146: "BTN_TOOL_MOUSE"
        case 0x147: "BTN_TOOL_LENS"
        case 0x148: "BTN_TOOL_QUINTTAP"
        case 0x149: "BTN_STYLUS3"
        case 0x14a: "BTN_TOUCH"
        case 0x14b: "BTN_STYLUS"
        case 0x14c: "BTN_STYLUS2"
        case 0x14d: "BTN_TOOL_DOUBLETAP"
        case 0x14e: "BTN_TOOL_TRIPLETAP"
        case 0x14f: "BTN_TOOL_QUADTAP"
        case 0x150: "BTN_GEAR_DOWN"
        case 0x151: "BTN_GEAR_UP"
        default: nil
        }
    }

    private static func mscName(_ code: UInt16) -> String? {
        switch code {
        case 0x00: "MSC_SERIAL"
        case 0x01: "MSC_PULSELED"
        case 0x02: "MSC_GESTURE"
        case 0x03: "MSC_RAW"
        case 0x04: "MSC_SCAN"
        case 0x05: "MSC_TIMESTAMP"
        default: nil
        }
    }

    private static func relName(_ code: UInt16) -> String? {
        switch code {
        case 0x00: "REL_X"
        case 0x01: "REL_Y"
        case 0x02: "REL_Z"
        case 0x06: "REL_HWHEEL"
        case 0x08: "REL_WHEEL"
        case 0x0b: "REL_WHEEL_HI_RES"
        case 0x0c: "REL_HWHEEL_HI_RES"
        default: nil
        }
    }
}
