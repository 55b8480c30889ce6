import EvdevModel
import GestureCore
import GestureRuntime
import SystemCalls
import Testing
import TraceFormats
import TracePlayback

/// Units, resolutions, device kinds and code sets.
@Suite struct DeviceModelTests {
    /// A touchscreen 0…800 × 0…400 whose resolutions are given.
    private func device(xResolution: Int32, yResolution: Int32, minimum: Int32 = 0) -> DeviceDescription {
        DeviceDescription(
            name: "R", properties: [InputProperty.direct],
            absinfo: [
                AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 1),
                AbsCode.mtPositionX: AbsInfo(minimum: minimum, maximum: minimum + 800, resolution: xResolution),
                AbsCode.mtPositionY: AbsInfo(minimum: minimum, maximum: minimum + 400, resolution: yResolution),
            ])
    }

    @Test func resolutionsFromTheDevice() throws {
        let surface = try #require(device(xResolution: 8, yResolution: 5, minimum: -100).surfaceMapping())
        #expect(surface.size == Size(width: 100, height: 80))
        #expect(surface.resolutionAssumed == false)
        // mm = (value − min) / resolution.
        #expect(surface.point(x: 300, y: -100) == Point(x: 50, y: 0))
        // A size is for axes without a resolution only.
        #expect(device(xResolution: 8, yResolution: 5).surfaceMapping(size: Size(width: 1, height: 1))?.size == Size(width: 100, height: 80))
    }

    @Test func sizeThenLayoutSurface() throws {
        let noResolution = device(xResolution: 0, yResolution: 0)
        let sized = try #require(noResolution.surfaceMapping(size: Size(width: 200, height: 50)))
        #expect(sized.x.unitsPerMillimetre == 4)
        #expect(sized.y.unitsPerMillimetre == 8)
        #expect(sized.size == Size(width: 200, height: 50))
        #expect(sized.resolutionAssumed == false)
        let laidOut = try #require(noResolution.surfaceMapping(layoutSurface: Size(width: 160, height: 80)))
        #expect(laidOut.size == Size(width: 160, height: 80))
        // --size wins over the layout's surface.
        #expect(noResolution.surfaceMapping(size: Size(width: 200, height: 50), layoutSurface: Size(width: 160, height: 80)) == sized)
        // A size that is not positive and finite is ignored.
        #expect(noResolution.surfaceMapping(size: Size(width: 0, height: 50))?.resolutionAssumed == true)
        #expect(noResolution.surfaceMapping(size: Size(width: .nan, height: 50))?.resolutionAssumed == true)
        #expect(noResolution.surfaceMapping(size: Size(width: -3, height: 50), layoutSurface: Size(width: 160, height: 80)) == laidOut)
    }

    @Test func oneAxisLendsItsResolution() throws {
        let xOnly = try #require(device(xResolution: 10, yResolution: 0).surfaceMapping())
        #expect(xOnly.size == Size(width: 80, height: 40))
        #expect(xOnly.resolutionAssumed == false)
        let yOnly = try #require(device(xResolution: 0, yResolution: 4).surfaceMapping())
        #expect(yOnly.size == Size(width: 200, height: 100))
        // A size still comes first for the axis without a resolution.
        let sized = try #require(device(xResolution: 10, yResolution: 0).surfaceMapping(size: Size(width: 1, height: 100)))
        #expect(sized.size == Size(width: 80, height: 100))
    }

    /// No resolution at all: one resolution for both axes, the wider spanning 250 mm, and a flag.
    @Test func assumedResolution() throws {
        let surface = try #require(device(xResolution: 0, yResolution: 0).surfaceMapping())
        #expect(surface.resolutionAssumed)
        #expect(surface.x.unitsPerMillimetre == 3.2)
        #expect(surface.y.unitsPerMillimetre == 3.2)
        #expect(surface.size == Size(width: 250, height: 125))
        let portrait = try TraceReader.readDescription(path: Recordings.path("n4.desc")).surfaceMapping()
        #expect(portrait?.resolutionAssumed == true)
        #expect(portrait?.y.unitsPerMillimetre == 2559 / 250.0)
        #expect(portrait?.x.unitsPerMillimetre == 2559 / 250.0)
    }

    /// An axis with an empty (or inverted) range still maps, to 0 mm.
    @Test func degenerateAxes() throws {
        let flat = DeviceDescription(
            name: "flat",
            absinfo: [
                AbsCode.mtPositionX: AbsInfo(minimum: 5, maximum: 5), AbsCode.mtPositionY: AbsInfo(minimum: 9, maximum: 2),
            ])
        let surface = try #require(flat.surfaceMapping())
        #expect(surface.size == Size(width: 0, height: 0))
        #expect(surface.point(x: 100, y: -100) == Point(x: 0, y: 0))
    }

    @Test func kinds() throws {
        #expect(device(xResolution: 1, yResolution: 1).kind == .touchscreen)
        var pad = DeviceDescription(
            name: "pad", properties: [InputProperty.pointer],
            absinfo: [AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 10), AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 10)])
        #expect(pad.touchProtocol == .multitouchAnonymous)
        #expect(pad.kind == .touchpad)
        pad.properties = []
        #expect(pad.kind == .touchscreen)
        pad.insertCode(KeyCode.btnToolFinger, type: EventType.key)
        #expect(pad.kind == .touchpad)
        // A pen tablet has BTN_TOUCH, ABS_X and ABS_Y, but no finger.
        let pen = DeviceDescription(
            name: "pen", codes: [EventType.key: [KeyCode.btnTouch, KeyCode.btnToolPen]],
            absinfo: [AbsCode.x: AbsInfo(minimum: 0, maximum: 10), AbsCode.y: AbsInfo(minimum: 0, maximum: 10)])
        #expect(pen.isSingleTouch == false)
        #expect(pen.touchProtocol == nil)
    }

    @Test func codeSets() {
        var set: CodeSet = [0x14a, 0x145, 3]
        #expect(set.members == [3, 0x145, 0x14a])
        #expect(set.contains(0x14a) && !set.contains(0x14b))
        #expect(set.byteCount == 42)
        #expect(set.byte(at: 41) == 0x04)
        #expect(set.byte(at: 40) == 0x20)
        #expect(set.byte(at: 0) == 0x08)
        set.remove(0x14a)
        set.remove(0x145)
        // Equal however it was built: no trailing zero words.
        #expect(set == [3])
        var bytes = CodeSet()
        bytes.formUnion(byte: 0x00, at: 90)
        bytes.formUnion(byte: 0x0b, at: 0)
        #expect(bytes == [0, 1, 3])
        #expect(CodeSet().byteCount == 0)
    }

    @Test func names() {
        #expect(EvdevNames.describe(type: EventType.abs, code: AbsCode.mtSlot) == "EV_ABS / ABS_MT_SLOT")
        #expect(EvdevNames.describe(type: EventType.key, code: KeyCode.btnToolTripletap) == "EV_KEY / BTN_TOOL_TRIPLETAP")
        #expect(EvdevNames.describe(type: EventType.syn, code: SynCode.dropped) == "EV_SYN / SYN_DROPPED")
        #expect(EvdevNames.describe(type: 0x1e, code: 7) == "? / ?")
        #expect(EvdevNames.property(InputProperty.direct) == "INPUT_PROP_DIRECT")
        #expect(
            InputEvent(time: T(12), type: EventType.abs, code: AbsCode.mtTrackingID, value: -1).description
                == "12µs EV_ABS / ABS_MT_TRACKING_ID -1")
    }
}
