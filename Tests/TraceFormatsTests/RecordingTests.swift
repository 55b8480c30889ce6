import EvdevModel
import GestureCore
import GestureRuntime
import SystemCalls
import Testing
import TraceFormats
import TracePlayback

/// What each real recording must give. The numbers were computed by a separate implementation of the
/// SPEC's rules (a Python script), not by this package.
struct RecordingExpectation: Sendable, CustomTestStringConvertible {
    var file: String
    /// The `.desc` the trace pairs with, for header-less traces.
    var descriptionFile: String?
    var name: String
    var touchProtocol: TouchProtocol
    var kind: DeviceKind
    var resolutionAssumed: Bool
    var size: Size
    var events: Int
    var frames: Int
    var contacts: Int
    var maximumLive: Int
    /// began, moved, stationary, ended.
    var phases: [Int]
    var firstFrameTime: Int64
    var firstContacts: [Contact]
    var lastFrameTime: Int64
    var lastContacts: [(id: Int, phase: ContactPhase)]

    var testDescription: String { file }

    /// A recording of the Atmel maXTouch Touchscreen, named for its `gesture`: 10 slots, 250 × 149.875 mm by an
    /// assumed resolution, its first frame 1 µs in.
    static func atmel(_ gesture: String, events: Int, frames: Int, contacts: Int, maximumLive: Int, phases: [Int],
                      firstContacts: [Contact], lastFrameTime: Int64,
                      lastContacts: [(id: Int, phase: ContactPhase)]) -> RecordingExpectation {
        RecordingExpectation(
            file: "Atmel maXTouch Touchscreen.\(gesture).events", name: "Atmel maXTouch Touchscreen",
            touchProtocol: .multitouchSlots(slots: 10), kind: .touchscreen, resolutionAssumed: true,
            size: Size(width: 250.0, height: 149.87484355444303),
            events: events, frames: frames, contacts: contacts, maximumLive: maximumLive, phases: phases,
            firstFrameTime: 1, firstContacts: firstContacts, lastFrameTime: lastFrameTime, lastContacts: lastContacts)
    }
}

let recordingExpectations: [RecordingExpectation] = [
    .atmel("1-finger-drag-up-down", events: 502, frames: 150, contacts: 1, maximumLive: 1, phases: [1, 148, 0, 1],
           firstContacts: [C(0, 112.95369211514392, 118.58573216520651, .began)],
           lastFrameTime: 2_199_870, lastContacts: [(0, .ended)]),
    .atmel("1-finger-fast-taps", events: 84, frames: 18, contacts: 9, maximumLive: 1, phases: [9, 0, 0, 9],
           firstContacts: [C(0, 106.38297872340425, 75.71964956195244, .began)],
           lastFrameTime: 1_934_008, lastContacts: [(8, .ended)]),
    .atmel("2-fingers-touch-release", events: 64, frames: 16, contacts: 2, maximumLive: 2, phases: [2, 14, 12, 2],
           firstContacts: [C(0, 168.64831038798496, 52.25281602002503, .began)],
           lastFrameTime: 824_236, lastContacts: [(0, .ended)]),
    .atmel("4-finger-drag-down", events: 309, frames: 31, contacts: 4, maximumLive: 4, phases: [4, 98, 11, 4],
           firstContacts: [C(0, 129.84981226533165, 33.479349186483105, .began)],
           lastFrameTime: 566_590, lastContacts: [(0, .ended), (2, .ended), (3, .ended)]),
    // Semi-MT Cypress pad: slot 1's tracking id comes without any position event in the whole trace
    // (the kernel filtered its unchanged values), so it stays at the slot's initial position, the axes'
    // minimum. Its third finger exists only as BTN_TOOL_TRIPLETAP, which is ignored.
    RecordingExpectation(
        file: "CyPS2 Cypress Trackpad.three_finger_tap.events", name: "CyPS/2 Cypress Trackpad",
        touchProtocol: .multitouchSlots(slots: 2), kind: .touchpad, resolutionAssumed: false,
        size: Size(width: 100.0, height: 60.0),
        events: 48, frames: 6, contacts: 2, maximumLive: 2, phases: [2, 1, 7, 2],
        firstFrameTime: 1_382_570_952_534_113, firstContacts: [C(0, 40.125, 16.8, .began), C(1, 0.0, 0.0, .began)],
        lastFrameTime: 1_382_570_952_639_684, lastContacts: [(0, .ended), (1, .ended)]),
    RecordingExpectation(
        file: "EP0430M09.2-finger-scroll-down.events", name: "EP0430M09",
        touchProtocol: .multitouchSlots(slots: 5), kind: .touchscreen, resolutionAssumed: true,
        size: Size(width: 250.00000000000003, height: 149.92181391712276),
        events: 695, frames: 98, contacts: 2, maximumLive: 2, phases: [2, 180, 9, 2],
        firstFrameTime: 1, firstContacts: [C(0, 181.78264268960126, 106.91946833463645, .began)],
        lastFrameTime: 754_659, lastContacts: [(0, .ended)]),
    // Protocol A without tracking ids; no INPUT_PROP_DIRECT (an old kernel), yet a touchscreen.
    RecordingExpectation(
        file: "N-Trig MultiTouch.2-fingers-touch-release.events", descriptionFile: "N-Trig MultiTouch.desc",
        name: "N-Trig MultiTouch",
        touchProtocol: .multitouchAnonymous, kind: .touchscreen, resolutionAssumed: true,
        size: Size(width: 250.0, height: 187.5),
        events: 2203, frames: 219, contacts: 2, maximumLive: 2, phases: [2, 261, 4, 2],
        firstFrameTime: 1_357_751_031_716_015, firstContacts: [C(0, 41.35416666666667, 158.77604166666669, .began)],
        lastFrameTime: 1_357_751_034_709_837, lastContacts: [(1, .ended)]),
    RecordingExpectation(
        file: "SynPS2 Synaptics TouchPad.two-finger-vert-scroll.events", descriptionFile: "SynPS2 Synaptics TouchPad.desc",
        name: "SynPS/2 Synaptics TouchPad",
        touchProtocol: .multitouchSlots(slots: 2), kind: .touchpad, resolutionAssumed: true,
        size: Size(width: 250.0, height: 190.0),
        events: 582, frames: 82, contacts: 2, maximumLive: 2, phases: [2, 123, 37, 2],
        firstFrameTime: 1_358_916_661_266_155, firstContacts: [C(0, 135.8125, 63.4375, .began), C(1, 78.75, 83.25, .began)],
        lastFrameTime: 1_358_916_663_274_103, lastContacts: [(0, .ended), (1, .ended)]),
    RecordingExpectation(
        file: "Wacom ISDv4 E6 Finger.double-center-circle.events", descriptionFile: "Wacom ISDv4 E6 Finger.desc",
        name: "Wacom ISDv4 E6 Finger",
        touchProtocol: .multitouchSlots(slots: 2), kind: .touchscreen, resolutionAssumed: true,
        size: Size(width: 250.00000000000003, height: 141.30043227665706),
        events: 1137, frames: 129, contacts: 2, maximumLive: 2, phases: [2, 253, 0, 2],
        firstFrameTime: 1_330_496_218_975_201,
        firstContacts: [
            C(0, 116.44452449567724, 39.35518731988473, .began), C(1, 102.93587896253604, 50.882564841498564, .began),
        ],
        lastFrameTime: 1_330_496_220_455_178, lastContacts: [(1, .ended)]),
    // Protocol A without tracking ids: fingers come and go as the count changes (the driver drops
    // BTN_TOUCH for one frame when the finger count changes), 8 landings in all; the fingers the pad
    // keeps listing after the last BTN_TOUCH 0 only hover, so the last frame is empty.
    RecordingExpectation(
        file: "bcm5974.three-finger-click.events", name: "bcm5974",
        touchProtocol: .multitouchAnonymous, kind: .touchpad, resolutionAssumed: true,
        size: Size(width: 250.0, height: 172.89959016393442),
        events: 2586, frames: 150, contacts: 8, maximumLive: 3, phases: [8, 226, 14, 8],
        firstFrameTime: 1_332_478_501_143_463, firstContacts: [C(0, 99.1547131147541, 132.50512295081967, .began)],
        lastFrameTime: 1_332_478_503_405_431, lastContacts: []),
    // A portrait device: its y axis is the wider, so that one spans 250 mm.
    RecordingExpectation(
        file: "n4.events", descriptionFile: "n4.desc", name: "touch_dev",
        touchProtocol: .multitouchSlots(slots: 10), kind: .touchscreen, resolutionAssumed: true,
        size: Size(width: 149.96092223524815, height: 249.99999999999997),
        events: 4953, frames: 577, contacts: 12, maximumLive: 4, phases: [12, 1389, 63, 12],
        firstFrameTime: 75_280_138, firstContacts: [C(0, 86.94802657288002, 56.271981242672915, .began)],
        lastFrameTime: 83_146_093, lastContacts: [(8, .ended)]),
    RecordingExpectation(
        file: "dell_canvas_touch.evemu", name: "Advanced Silicon S.A. CoolTouch® System",
        touchProtocol: .multitouchSlots(slots: 5), kind: .touchscreen, resolutionAssumed: false,
        size: Size(width: 595.7636363636364, height: 334.35714285714283),
        events: 5363, frames: 450, contacts: 12, maximumLive: 5, phases: [12, 1308, 128, 12],
        firstFrameTime: 1,
        firstContacts: [C(0, 160.4, 219.5408163265306, .began), C(1, 149.29090909090908, 211.16326530612244, .began)],
        lastFrameTime: 13_865_196, lastContacts: [(11, .ended)]),
]

@Suite struct RecordingTests {
    @Test(arguments: recordingExpectations)
    func recordingGivesTheExpectedFrames(_ expected: RecordingExpectation) throws {
        let trace = try TraceReader.open(path: Recordings.path(expected.file))
        if let descriptionFile = expected.descriptionFile {
            #expect(trace.descriptionSource == .file(path: FilePath(Recordings.path(descriptionFile))))
        } else {
            #expect(trace.descriptionSource == .header)
        }
        let description = trace.description
        #expect(description.name == expected.name)
        #expect(description.touchProtocol == expected.touchProtocol)
        #expect(description.kind == expected.kind)

        let result = try replay(events: trace.readAll(), description: description)
        #expect(trace.droppedPartialLine == false)
        #expect(result.surface.resolutionAssumed == expected.resolutionAssumed)
        #expect(result.surface.size == expected.size)
        #expect(result.events == expected.events)
        #expect(result.frames.count == expected.frames)
        #expect(result.contactIDs.count == expected.contacts)
        #expect(result.maximumLive == expected.maximumLive)
        #expect([result.count(.began), result.count(.moved), result.count(.stationary), result.count(.ended)] == expected.phases)
        #expect(result.count(.cancelled) == 0)
        #expect(result.drops.isEmpty)
        #expect(result.finish == FrameAssembler.FinishResult(partialFrameDropped: false, lastFrameTime: T(expected.lastFrameTime)))

        let first = try #require(result.firstContactFrame)
        #expect(first.time == T(expected.firstFrameTime))
        #expect(first.contacts == expected.firstContacts)
        let last = try #require(result.frames.last)
        #expect(last.time == T(expected.lastFrameTime))
        #expect(last.contacts.map(\.id) == expected.lastContacts.map(\.id))
        #expect(last.contacts.map(\.phase) == expected.lastContacts.map(\.phase))
    }

    /// The Atmel description, field by field (evemu 1.3, five numbers per `A:` line).
    @Test func atmelDescription() throws {
        let description = try TraceReader.readDescription(path: Recordings.path("Atmel maXTouch Touchscreen.desc"))
        #expect(description.name == "Atmel maXTouch Touchscreen")
        #expect(description.id == InputID(bustype: 0x18, vendor: 0, product: 0, version: 0))
        #expect(description.properties == [InputProperty.direct])
        #expect(description.codes(ofType: EventType.key) == [KeyCode.btnTouch])
        #expect(description.codes(ofType: EventType.abs) == [0x00, 0x01, 0x2f, 0x35, 0x36, 0x37, 0x39, 0x3b])
        // B: 00 0b: EV_SYN, EV_KEY and EV_ABS.
        #expect(description.codes(ofType: EventType.syn) == [0, 1, 3])
        #expect(description.hasType(EventType.abs) && !description.hasType(EventType.rel))
        #expect(description.absinfo[AbsCode.mtPositionX] == AbsInfo(minimum: 0, maximum: 799))
        #expect(description.absinfo[AbsCode.mtTrackingID] == AbsInfo(minimum: 0, maximum: 65535))
        #expect(description.absinfo.count == 8)
        #expect(description.slotCount == 10)
        #expect(description.isMultitouch && description.isSingleTouch && description.isDirect)
    }

    /// Old descriptions: four numbers per `A:` line, no version line, and a clickpad's properties.
    @Test func synapticsDescription() throws {
        let description = try TraceReader.readDescription(path: Recordings.path("SynPS2 Synaptics TouchPad.desc"))
        #expect(description.id == InputID(bustype: 0x11, vendor: 0x02, product: 0x07, version: 0x1b1))
        #expect(description.properties == [InputProperty.pointer, InputProperty.buttonpad])
        #expect(description.absinfo[AbsCode.mtPositionX] == AbsInfo(minimum: 1472, maximum: 5472, fuzz: 8))
        #expect(
            description.codes(ofType: EventType.key)
                == [KeyCode.btnLeft, KeyCode.btnToolFinger, KeyCode.btnToolQuinttap, KeyCode.btnTouch,
                    KeyCode.btnToolDoubletap, KeyCode.btnToolTripletap, KeyCode.btnToolQuadtap])
        #expect(description.isDirect == false)
    }

    /// bcm5974's multitouch axes differ from its legacy ones, and the multitouch axes win.
    @Test func multitouchAxesWinOverLegacyAxes() throws {
        let description = try TraceReader.open(path: Recordings.path("bcm5974.three-finger-click.events")).description
        #expect(description.isSingleTouch)
        #expect(description.positionAxes?.x == AbsCode.mtPositionX)
        let surface = try #require(description.surfaceMapping())
        #expect(surface.x == AxisMapping(minimum: -4620, maximum: 5140, unitsPerMillimetre: 9760 / 250.0))
        #expect(surface.y == AxisMapping(minimum: -150, maximum: 6600, unitsPerMillimetre: 9760 / 250.0))
    }

    /// An explicit description replaces the trace's own header.
    @Test func givenDescriptionReplacesHeader() throws {
        let path = Recordings.path("Atmel maXTouch Touchscreen.1-finger-fast-taps.events")
        let given = Recordings.path("EP0430M09.desc")
        let trace = try TraceReader.open(path: path, device: given)
        #expect(trace.description.name == "EP0430M09")
        #expect(trace.descriptionSource == .file(path: FilePath(given)))
        #expect(try trace.readAll().count == 84)
    }
}
