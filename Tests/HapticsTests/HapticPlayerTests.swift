import Haptics
import GestureCore
import GestureRuntime
import Synchronization
import Testing

/// An output that records its plays, and fails from the `failAt`th on.
final class RecordingOutput: HapticOutput {
    private let state = Mutex((plays: [HapticKind](), closed: false))
    let failAt: Int?

    init(failAt: Int? = nil) { self.failAt = failAt }

    var plays: [HapticKind] { state.withLock { $0.plays } }
    var closed: Bool { state.withLock { $0.closed } }

    func play(_ kind: HapticKind) throws(HapticError) {
        let count = state.withLock { state in
            state.plays.append(kind)
            return state.plays.count
        }
        if let failAt, count >= failAt { throw .feedbackd("gone") }
    }

    func close() { state.withLock { $0.closed = true } }

    /// Waits up to 5 s for `count` plays.
    func waitFor(_ count: Int) async throws {
        for _ in 0..<5000 where plays.count < count { try await Task.sleep(nanoseconds: 1_000_000) }
    }
}

@Suite struct HapticPlayerTests {
    static func event(_ haptic: GestureEvent.Haptic) -> GestureEvent {
        GestureEvent(time: .zero, target: "timer", kind: .haptic(haptic))
    }

    @Test func aBurstHandedOverAtOncePlaysTwice() async throws {
        // However the thread is scheduled, ten detents handed over together are one play and one merged play
        // (HapticPacerTests has the times).
        let output = RecordingOutput()
        let player = try HapticPlayer(output: output) { _ in Issue.record("no failure expected") }
        for detent in 1...10 { player.play(Self.event(.detent(detent))) }
        try await output.waitFor(2)
        try await Task.sleep(nanoseconds: 100_000_000)   // three intervals: nothing more comes
        player.close()
        #expect(output.plays == [.detent, .detent])
        #expect(output.closed)
    }

    @Test func otherEventsAreIgnored() async throws {
        let output = RecordingOutput()
        let player = try HapticPlayer(output: output) { _ in Issue.record("no failure expected") }
        player.play(GestureEvent(time: .zero, target: "timer", kind: .tap(GestureEvent.Tap(x: 1, y: 2, count: 1))))
        player.play(Self.event(.press))
        try await output.waitFor(1)
        try await Task.sleep(nanoseconds: 100_000_000)
        player.close()
        #expect(output.plays == [.press])
    }

    @Test func theFirstFailureIsReportedOnceAndNothingMorePlays() async throws {
        let output = RecordingOutput(failAt: 1)
        let failures = Mutex([String]())
        let player = try HapticPlayer(output: output) { error in failures.withLock { $0.append(error.description) } }
        player.play(.limit)
        try await output.waitFor(1)
        try await Task.sleep(nanoseconds: 100_000_000)
        player.play(.press)
        player.play(.limit)
        try await Task.sleep(nanoseconds: 100_000_000)
        player.close()
        #expect(output.plays == [.limit])
        #expect(failures.withLock { $0 } == ["feedbackd: gone"])
        #expect(output.closed)
    }

    @Test func settingsOutOfRangeAreRefusedNamingTheValue() {
        var settings = HapticSettings()
        settings.detent.strength = 1.5
        #expect(throws: HapticError.invalidSettings("the detent strength must be between 0 and 1, not 1.5")) { try settings.validate() }
        settings = HapticSettings()
        settings.limit.lengthMs = 0
        #expect(throws: HapticError.invalidSettings("the limit length must be between 1 and 1000 ms, not 0")) { try settings.validate() }
        settings = HapticSettings()
        settings.feedbackdEvents[.press] = "button pressed"
        #expect(throws: HapticError.invalidSettings("the feedbackd event of press must be printable ASCII without spaces, not \"button pressed\"")) {
            try settings.validate()
        }
    }
}

@Suite struct DBusWireTests {
    /// feedbackd's call, byte for byte as the D-Bus specification lays it out (dbus-monitor showed the same
    /// call's arguments from a real dbus-daemon: HapticsCommandTests).
    @Test func triggerFeedbackIsMarshalledAsTheSpecificationSays() {
        let call = DBusMethodCall(destination: "d", path: "/p", interface: "i", member: "m",
                                  arguments: [.string("a"), .string("e"), .emptyDictionary, .int32(-1)])
        let bytes = call.bytes(serial: 7)
        let expected: [UInt8] = [
            0x6C, 1, 0, 1, 28, 0, 0, 0, 7, 0, 0, 0,        // 'l', METHOD_CALL, no flags, version 1; body 28; serial 7
            78, 0, 0, 0,                                   // the fields' array: 78 bytes (the last field unpadded)
            1, 1, 0x6F, 0, 2, 0, 0, 0, 0x2F, 0x70, 0, 0, 0, 0, 0, 0,   // PATH o "/p", padded to 8
            2, 1, 0x73, 0, 1, 0, 0, 0, 0x69, 0, 0, 0, 0, 0, 0, 0,      // INTERFACE s "i"
            3, 1, 0x73, 0, 1, 0, 0, 0, 0x6D, 0, 0, 0, 0, 0, 0, 0,      // MEMBER s "m"
            6, 1, 0x73, 0, 1, 0, 0, 0, 0x64, 0, 0, 0, 0, 0, 0, 0,      // DESTINATION s "d"
            8, 1, 0x67, 0, 8] + Array("ssa{sv}i".utf8) + [0,          // SIGNATURE g "ssa{sv}i"
            0, 0,                                          // the header padded to 8 (94 → 96)
            1, 0, 0, 0, 0x61, 0, 0, 0,                     // "a"
            1, 0, 0, 0, 0x65, 0, 0, 0,                     // "e"
            0, 0, 0, 0,                                    // a{sv}: 0 bytes,
            0, 0, 0, 0,                                    // then padding to 8, where its elements would start
            0xFF, 0xFF, 0xFF, 0xFF,                        // -1
        ]
        #expect(bytes == expected)
    }

    @Test func aReplysHeaderIsRead() {
        // An error from the bus: ERROR_NAME, REPLY_SERIAL 2, SIGNATURE "s", the message.
        var header: [UInt8] = [0x6C, 3, 1, 1, 12, 0, 0, 0, 9, 0, 0, 0]
        let name = Array("org.freedesktop.DBus.Error.ServiceUnknown".utf8)
        var fields: [UInt8] = [4, 1, 0x73, 0] + [UInt8(name.count), 0, 0, 0] + name + [0]
        while fields.count % 8 != 0 { fields.append(0) }
        fields += [5, 1, 0x75, 0, 2, 0, 0, 0]
        fields += [8, 1, 0x67, 0, 1, 0x73, 0]
        header += [UInt8(fields.count), 0, 0, 0]
        var message = header + fields
        while message.count % 8 != 0 { message.append(0) }
        message += [7, 0, 0, 0] + Array("no such".utf8) + [0]
        #expect(DBusIncoming.length(ofHeader: Array(message.prefix(16))) == message.count)
        #expect(DBusIncoming(message) == DBusIncoming(type: 3, replySerial: 2, errorName: "org.freedesktop.DBus.Error.ServiceUnknown",
                                                      errorMessage: "no such"))
    }
}
