import EvdevModel
import GestureCore
import GestureRuntime
import GestureTestSupport
import SystemCalls
import Testing
import TracePlayback

/// The frame assembler on hand-made event sequences. Test devices are 0…1000 × 0…500 at 10 units/mm,
/// so a position in mm is the value / 10.
@Suite struct FrameAssemblerTests {
    /// Every action, in order.
    private func actions(_ script: EventScript, _ description: DeviceDescription) throws -> [FrameAssembler.EventAction] {
        let surface = try #require(description.surfaceMapping())
        var assembler = try #require(FrameAssembler(description: description, surface: surface))
        return script.events.compactMap { assembler.handle($0) }
    }

    private func frames(_ script: EventScript, _ description: DeviceDescription) throws -> [TouchFrame] {
        try replay(events: script.events, description: description).frames
    }

    /// The frames of the events `write` puts in a script, on the test device with 2 slots.
    private func framesOnTwoSlots(_ write: (inout EventScript) -> Void) throws -> [TouchFrame] {
        var script = EventScript()
        write(&script)
        return try frames(script, TestDevices.slots(2))
    }

    // MARK: Protocol B

    @Test func landMoveStayLift() throws {
        let assembled = try framesOnTwoSlots { s in
            s.at(1000); s.slot(0); s.trackingID(5); s.position(100, 200); s.key(KeyCode.btnTouch, 1); s.report()
            s.at(2000); s.abs(AbsCode.mtPositionX, 110); s.report()
            s.at(3000); s.abs(AbsCode.mtPressure, 30); s.report()
            s.at(4000); s.trackingID(-1); s.key(KeyCode.btnTouch, 0); s.report()
        }
        #expect(assembled == [
            TouchFrame(time: T(1000), contacts: [C(0, 10, 20, .began)]),
            TouchFrame(time: T(2000), contacts: [C(0, 11, 20, .moved)]),
            TouchFrame(time: T(3000), contacts: [C(0, 11, 20, .stationary)]),
            TouchFrame(time: T(4000), contacts: [C(0, 11, 20, .ended)]),
        ])
    }

    /// A tracking id that changes without −1 in between: the old contact lifts (where it was) and a new
    /// one lands, with a new id.
    @Test func trackingIDChangeWithoutLift() throws {
        let assembled = try framesOnTwoSlots { s in
            s.at(1000); s.slot(0); s.trackingID(5); s.position(100, 200); s.report()
            s.at(2000); s.trackingID(6); s.position(300, 400); s.report()
            // The position changes first this time: the old contact moves, then lifts.
            s.at(3000); s.position(500, 100); s.trackingID(7); s.report()
            s.at(4000); s.trackingID(-1); s.report()
        }
        #expect(assembled == [
            TouchFrame(time: T(1000), contacts: [C(0, 10, 20, .began)]),
            TouchFrame(time: T(2000), contacts: [C(0, 10, 20, .ended), C(1, 30, 40, .began)]),
            TouchFrame(time: T(3000), contacts: [C(1, 50, 10, .ended), C(2, 50, 10, .began)]),
            TouchFrame(time: T(4000), contacts: [C(2, 50, 10, .ended)]),
        ])
    }

    /// A tracking id written again unchanged is no change; a contact that lands and lifts between two
    /// frames never shows.
    @Test func repeatedTrackingIDAndInstantTouch() throws {
        let assembled = try framesOnTwoSlots { s in
            s.at(1000); s.slot(0); s.trackingID(5); s.position(100, 200); s.report()
            s.at(2000); s.trackingID(5); s.slot(1); s.trackingID(9); s.trackingID(-1); s.report()
        }
        #expect(assembled == [
            TouchFrame(time: T(1000), contacts: [C(0, 10, 20, .began)]),
            TouchFrame(time: T(2000), contacts: [C(0, 10, 20, .stationary)]),
        ])
    }

    /// A contact that lands without position events is where its slot's last contact was.
    @Test func newContactKeepsTheSlotsLastPosition() throws {
        let assembled = try framesOnTwoSlots { s in
            s.at(1000); s.slot(1); s.trackingID(10); s.position(500, 250); s.report()
            s.at(2000); s.trackingID(-1); s.report()
            s.at(3000); s.trackingID(11); s.report()
            s.at(4000); s.abs(AbsCode.mtPositionY, 300); s.report()
            // Slot 0 never had a position: the axes' minimum.
            s.at(5000); s.slot(0); s.trackingID(12); s.report()
        }
        #expect(assembled == [
            TouchFrame(time: T(1000), contacts: [C(0, 50, 25, .began)]),
            TouchFrame(time: T(2000), contacts: [C(0, 50, 25, .ended)]),
            TouchFrame(time: T(3000), contacts: [C(1, 50, 25, .began)]),
            TouchFrame(time: T(4000), contacts: [C(1, 50, 30, .moved)]),
            TouchFrame(time: T(5000), contacts: [C(2, 0, 0, .began), C(1, 50, 30, .stationary)]),
        ])
    }

    @Test func outOfRangeValuesAreClamped() throws {
        let assembled = try framesOnTwoSlots { s in
            s.at(1000); s.slot(0); s.trackingID(1); s.position(-50, 9999); s.report()
            s.at(2000); s.position(1000, 500); s.report()
            s.at(3000); s.position(Int32.max, Int32.min); s.report()
        }
        #expect(assembled == [
            TouchFrame(time: T(1000), contacts: [C(0, 0, 50, .began)]),
            TouchFrame(time: T(2000), contacts: [C(0, 100, 50, .moved)]),
            TouchFrame(time: T(3000), contacts: [C(0, 100, 0, .moved)]),
        ])
    }

    /// Slots outside `ABS_MT_SLOT`'s range are ignored, and their events with them, until a slot in range.
    @Test func slotBeyondTheRangeIsIgnored() throws {
        let assembled = try framesOnTwoSlots { s in
            s.at(1000); s.slot(0); s.trackingID(1); s.position(100, 100)
            s.slot(5); s.trackingID(2); s.position(900, 400)
            s.slot(-1); s.trackingID(3)
            s.report()
            s.at(2000); s.slot(1); s.trackingID(4); s.position(300, 300); s.report()
        }
        #expect(assembled == [
            TouchFrame(time: T(1000), contacts: [C(0, 10, 10, .began)]),
            TouchFrame(time: T(2000), contacts: [C(0, 10, 10, .stationary), C(1, 30, 30, .began)]),
        ])
    }

    /// A description that declares billions of slots gets `maximumSlots`, and slot values beyond stay harmless.
    @Test func absurdSlotCount() throws {
        var description = TestDevices.slots(2)
        description.setAbsInfo(AbsInfo(minimum: 0, maximum: .max), for: AbsCode.mtSlot)
        #expect(description.slotCount == DeviceDescription.maximumSlots)
        var s = EventScript()
        s.at(1000); s.slot(255); s.trackingID(1); s.slot(256); s.trackingID(2); s.slot(.max); s.trackingID(3); s.report()
        #expect(try frames(s, description) == [TouchFrame(time: T(1000), contacts: [C(0, 0, 0, .began)])])
    }

    /// `BTN_TOUCH`, `ABS_X`/`ABS_Y` and `BTN_TOOL_*TAP` do nothing on a multitouch device.
    @Test func multitouchAxesWin() throws {
        var description = TestDevices.slots(2)
        description.setAbsInfo(AbsInfo(minimum: 0, maximum: 4000), for: AbsCode.x)
        description.setAbsInfo(AbsInfo(minimum: 0, maximum: 4000), for: AbsCode.y)
        #expect(description.touchProtocol == .multitouchSlots(slots: 2))
        var s = EventScript()
        s.at(1000); s.slot(0); s.trackingID(1); s.position(100, 100); s.abs(AbsCode.x, 3000); s.report()
        s.at(2000); s.abs(AbsCode.x, 3500); s.key(KeyCode.btnToolTripletap, 1); s.key(KeyCode.btnTouch, 0); s.report()
        #expect(
            try frames(s, description) == [
                TouchFrame(time: T(1000), contacts: [C(0, 10, 10, .began)]),
                TouchFrame(time: T(2000), contacts: [C(0, 10, 10, .stationary)]),
            ])
    }

    // MARK: SYN_DROPPED

    /// The drop is reported at once; the events after it up to the next SYN_REPORT make no frame, but
    /// what they did to the slots (a lift here) is the state that SYN_REPORT reports as the resync.
    @Test func synDropped() throws {
        var s = EventScript()
        s.at(1000); s.slot(0); s.trackingID(1); s.position(100, 100); s.slot(1); s.trackingID(2); s.position(200, 200); s.report()
        s.at(2000); s.slot(0); s.position(150, 100)
        s.at(2100); s.dropped()
        s.at(2200); s.slot(1); s.trackingID(-1); s.slot(0); s.position(160, 100); s.report()
        s.at(2300); s.slot(0); s.position(170, 100); s.slot(1); s.trackingID(3); s.position(300, 300); s.report()
        let result = try replay(events: s.events, description: TestDevices.slots(2))
        #expect(
            try actions(s, TestDevices.slots(2)) == [
                .handleFrame(TouchFrame(time: T(1000), contacts: [C(0, 10, 10, .began), C(1, 20, 20, .began)])),
                .handleDropped(at: T(2100)),
                .handleResync(TouchFrame(time: T(2200), contacts: [C(0, 16, 10, .moved), C(1, 20, 20, .ended)])),
                .handleFrame(TouchFrame(time: T(2300), contacts: [C(0, 17, 10, .moved), C(2, 30, 30, .began)])),
            ])
        #expect(result.finish == FrameAssembler.FinishResult(partialFrameDropped: false, lastFrameTime: T(2300)))
    }

    /// Input ending after a SYN_DROPPED, before its SYN_REPORT: the damaged frame was reported as dropped
    /// already, so no partial frame.
    @Test func endOfInputWhileDiscarding() throws {
        var s = EventScript()
        s.at(1000); s.slot(0); s.trackingID(1); s.report()
        s.at(2000); s.dropped(); s.position(10, 10)
        let result = try replay(events: s.events, description: TestDevices.slots(2))
        #expect(result.drops == [T(2000)])
        #expect(result.finish == FrameAssembler.FinishResult(partialFrameDropped: false, lastFrameTime: T(1000)))
    }

    /// Protocol A after a drop: the damaged frame is forgotten, the resync keeps the contacts as they
    /// were, and the next frame lists every contact.
    @Test func synDroppedProtocolA() throws {
        var s = EventScript()
        s.at(1000); s.position(100, 100); s.mtReport(); s.report()
        s.at(2000); s.position(900, 400); s.mtReport(); s.dropped()
        s.at(2100); s.position(800, 400); s.mtReport(); s.report()
        s.at(2200); s.position(110, 100); s.mtReport(); s.report()
        #expect(
            try actions(s, TestDevices.anonymous(trackingIDs: false)) == [
                .handleFrame(TouchFrame(time: T(1000), contacts: [C(0, 10, 10, .began)])),
                .handleDropped(at: T(2000)),
                .handleResync(TouchFrame(time: T(2100), contacts: [C(0, 10, 10, .stationary)])),
                .handleFrame(TouchFrame(time: T(2200), contacts: [C(0, 11, 10, .moved)])),
            ])
    }

    // MARK: Time

    /// Time going backwards is accepted, but the times handed out never decrease.
    @Test func timeGoingBackwardsIsClamped() throws {
        var s = EventScript()
        s.at(5000); s.slot(0); s.trackingID(1); s.position(100, 100); s.report()
        s.at(4000); s.position(200, 100); s.report()
        s.at(4500); s.dropped(); s.report()
        s.at(6000); s.position(300, 100); s.report()
        #expect(
            try actions(s, TestDevices.slots(2)) == [
                .handleFrame(TouchFrame(time: T(5000), contacts: [C(0, 10, 10, .began)])),
                .handleFrame(TouchFrame(time: T(5000), contacts: [C(0, 20, 10, .moved)])),
                .handleDropped(at: T(5000)),
                .handleResync(TouchFrame(time: T(5000), contacts: [C(0, 20, 10, .stationary)])),
                .handleFrame(TouchFrame(time: T(6000), contacts: [C(0, 30, 10, .moved)])),
            ])
    }

    /// A step back of more than a second is the device's clock being set back: the frames after it keep the
    /// device's own intervals from the latest time handed out, and a jump forward is time passing.
    @Test func aClockThatStepsBackKeepsItsIntervals() throws {
        let hour: Int64 = 3_600_000_000
        var s = EventScript()
        s.at(hour + 5000); s.slot(0); s.trackingID(1); s.position(100, 100); s.report()
        s.at(1000); s.position(200, 100); s.report()               // an hour back
        s.at(1500); s.dropped(); s.report()
        s.at(301_000); s.position(300, 100); s.report()
        s.at(2 * hour); s.position(400, 100); s.report()           // two hours forward
        #expect(
            try actions(s, TestDevices.slots(2)) == [
                .handleFrame(TouchFrame(time: T(hour + 5000), contacts: [C(0, 10, 10, .began)])),
                .handleFrame(TouchFrame(time: T(hour + 5000), contacts: [C(0, 20, 10, .moved)])),
                .handleDropped(at: T(hour + 5500)),
                .handleResync(TouchFrame(time: T(hour + 5500), contacts: [C(0, 20, 10, .stationary)])),
                .handleFrame(TouchFrame(time: T(hour + 305_000), contacts: [C(0, 30, 10, .moved)])),
                .handleFrame(TouchFrame(time: T(3 * hour + 4000), contacts: [C(0, 40, 10, .moved)])),
            ])
    }

    /// A frame's time is its SYN_REPORT's, whatever the times of the events before it.
    @Test func frameTimeIsTheReportsTime() throws {
        let assembled = try framesOnTwoSlots { s in
            s.at(1000); s.slot(0); s.trackingID(1)
            s.at(1003); s.position(100, 100)
            s.at(1007); s.report()
        }
        #expect(assembled == [TouchFrame(time: T(1007), contacts: [C(0, 10, 10, .began)])])
    }

    /// `finish()` reports the last frame's time, and the assembler starts afresh.
    @Test func finishStartsAfresh() throws {
        let description = TestDevices.slots(2)
        let surface = try #require(description.surfaceMapping())
        var assembler = try #require(FrameAssembler(description: description, surface: surface))
        var s = EventScript()
        s.at(1000); s.slot(1); s.trackingID(1); s.report()
        s.at(2000); s.position(1, 1)
        for event in s.events { _ = assembler.handle(event) }
        #expect(assembler.finish() == FrameAssembler.FinishResult(partialFrameDropped: true, lastFrameTime: T(1000)))
        // Fresh: no contact down, slot 0 selected, and an earlier time is fine again.
        let next = assembler.handle(InputEvent(time: T(10), type: EventType.syn, code: SynCode.report, value: 0))
        #expect(next == .handleFrame(TouchFrame(time: T(10), contacts: [])))
        #expect(assembler.finish() == FrameAssembler.FinishResult(partialFrameDropped: false, lastFrameTime: T(10)))
    }

    // MARK: Protocol A

    /// Without tracking ids, contacts follow the nearest contact of the previous frame.
    @Test func protocolANearestMatching() throws {
        var s = EventScript()
        s.at(1000); s.position(100, 100); s.mtReport(); s.position(800, 400); s.mtReport(); s.report()
        // Reported in the other order: the ids follow the positions.
        s.at(2000); s.position(810, 400); s.mtReport(); s.position(110, 100); s.mtReport(); s.report()
        s.at(3000); s.position(811, 400); s.mtReport(); s.report()
        // The empty SYN_MT_REPORT: no contacts.
        s.at(4000); s.mtReport(); s.report()
        // A bare SYN_REPORT changes nothing.
        s.at(5000); s.report()
        s.at(6000); s.position(100, 100); s.mtReport(); s.position(200, 200); s.mtReport(); s.key(KeyCode.btnTouch, 1); s.report()
        s.at(7000); s.report()
        s.at(8000); s.key(KeyCode.btnTouch, 0); s.report()
        // Touching again; a last contact without its SYN_MT_REPORT still counts.
        s.at(9000); s.key(KeyCode.btnTouch, 1); s.position(300, 300); s.report()
        // Events, but no contact: all lift.
        s.at(10000); s.event(EventType.msc, 5, 1234); s.report()
        #expect(
            try frames(s, TestDevices.anonymous(trackingIDs: false)) == [
                TouchFrame(time: T(1000), contacts: [C(0, 10, 10, .began), C(1, 80, 40, .began)]),
                TouchFrame(time: T(2000), contacts: [C(1, 81, 40, .moved), C(0, 11, 10, .moved)]),
                TouchFrame(time: T(3000), contacts: [C(0, 11, 10, .ended), C(1, 81.1, 40, .moved)]),
                TouchFrame(time: T(4000), contacts: [C(1, 81.1, 40, .ended)]),
                TouchFrame(time: T(5000), contacts: []),
                TouchFrame(time: T(6000), contacts: [C(2, 10, 10, .began), C(3, 20, 20, .began)]),
                TouchFrame(time: T(7000), contacts: [C(2, 10, 10, .stationary), C(3, 20, 20, .stationary)]),
                TouchFrame(time: T(8000), contacts: [C(2, 10, 10, .ended), C(3, 20, 20, .ended)]),
                TouchFrame(time: T(9000), contacts: [C(4, 30, 30, .began)]),
                TouchFrame(time: T(10000), contacts: [C(4, 30, 30, .ended)]),
            ])
    }

    /// After `BTN_TOUCH` 0 the contacts still listed hover (the bcm5974 lists fingers above the pad):
    /// none is down until `BTN_TOUCH` 1.
    @Test func protocolAContactsListedWhileNotTouchingHover() throws {
        var s = EventScript()
        s.at(1000); s.key(KeyCode.btnTouch, 1); s.position(100, 100); s.mtReport(); s.report()
        s.at(2000); s.key(KeyCode.btnTouch, 0); s.position(100, 100); s.mtReport(); s.report()
        s.at(3000); s.position(150, 100); s.mtReport(); s.report()
        s.at(4000); s.key(KeyCode.btnTouch, 1); s.position(160, 100); s.mtReport(); s.report()
        #expect(
            try frames(s, TestDevices.anonymous(trackingIDs: false)) == [
                TouchFrame(time: T(1000), contacts: [C(0, 10, 10, .began)]),
                TouchFrame(time: T(2000), contacts: [C(0, 10, 10, .ended)]),
                TouchFrame(time: T(3000), contacts: []),
                TouchFrame(time: T(4000), contacts: [C(1, 16, 10, .began)]),
            ])
    }

    /// With tracking ids, contacts follow their ids, not the nearest position.
    @Test func protocolATrackingIDs() throws {
        var s = EventScript()
        s.at(1000); s.trackingID(7); s.position(100, 100); s.mtReport(); s.trackingID(9); s.position(120, 100); s.mtReport(); s.report()
        s.at(2000); s.trackingID(9); s.position(100, 100); s.mtReport(); s.trackingID(7); s.position(120, 100); s.mtReport(); s.report()
        s.at(3000); s.trackingID(8); s.position(100, 100); s.mtReport(); s.report()
        #expect(
            try frames(s, TestDevices.anonymous(trackingIDs: true)) == [
                TouchFrame(time: T(1000), contacts: [C(0, 10, 10, .began), C(1, 12, 10, .began)]),
                TouchFrame(time: T(2000), contacts: [C(1, 10, 10, .moved), C(0, 12, 10, .moved)]),
                TouchFrame(time: T(3000), contacts: [C(1, 10, 10, .ended), C(0, 12, 10, .ended), C(2, 10, 10, .began)]),
            ])
    }

    /// More contacts in one frame than `anonymousContactCapacity`: the extra ones are ignored.
    @Test func protocolACapacity() throws {
        var s = EventScript()
        s.at(1000)
        for index in 0..<40 {
            s.position(Int32(index * 20), 0)
            s.mtReport()
        }
        s.report()
        let frames = try frames(s, TestDevices.anonymous(trackingIDs: false))
        #expect(frames.first?.contacts.count == FrameAssembler.anonymousContactCapacity)
        #expect(frames.first?.contacts.last == C(31, 62, 0, .began))
    }

    // MARK: Single touch

    @Test func singleTouch() throws {
        #expect(TestDevices.singleTouch.touchProtocol == .singleTouch)
        var s = EventScript()
        s.at(1000); s.abs(AbsCode.x, 100); s.abs(AbsCode.y, 200); s.key(KeyCode.btnTouch, 1); s.report()
        s.at(2000); s.abs(AbsCode.x, 150); s.report()
        s.at(3000); s.event(EventType.msc, 5, 1); s.report()
        s.at(4000); s.key(KeyCode.btnTouch, 0); s.report()
        s.at(5000); s.key(KeyCode.btnTouch, 1); s.abs(AbsCode.y, 300); s.report()
        // Up and down again within one frame: a lift and a landing.
        s.at(6000); s.key(KeyCode.btnTouch, 0); s.key(KeyCode.btnTouch, 1); s.report()
        #expect(
            try frames(s, TestDevices.singleTouch) == [
                TouchFrame(time: T(1000), contacts: [C(0, 10, 20, .began)]),
                TouchFrame(time: T(2000), contacts: [C(0, 15, 20, .moved)]),
                TouchFrame(time: T(3000), contacts: [C(0, 15, 20, .stationary)]),
                TouchFrame(time: T(4000), contacts: [C(0, 15, 20, .ended)]),
                TouchFrame(time: T(5000), contacts: [C(1, 15, 30, .began)]),
                TouchFrame(time: T(6000), contacts: [C(1, 15, 30, .ended), C(2, 15, 30, .began)]),
            ])
    }

    @Test func notATouchDevice() {
        let keyboard = DeviceDescription(name: "keyboard", codes: [EventType.key: [30, 31]])
        #expect(keyboard.touchProtocol == nil)
        #expect(keyboard.kind == nil)
        #expect(keyboard.surfaceMapping() == nil)
        let surface = SurfaceMapping(
            x: AxisMapping(minimum: 0, maximum: 10, unitsPerMillimetre: 1), y: AxisMapping(minimum: 0, maximum: 10, unitsPerMillimetre: 1))
        #expect(FrameAssembler(description: keyboard, surface: surface) == nil)
    }
}
