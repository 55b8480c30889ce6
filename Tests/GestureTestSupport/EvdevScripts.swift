import EvdevModel
import GestureCore

/// Builds the events of the synthetic tests: `script.at(1000); script.slot(0); script.report()`.
public struct EventScript {
    public init() {}

    public private(set) var events: [InputEvent] = []
    public var time: Int64 = 0

    /// The time of the events that follow.
    public mutating func at(_ microseconds: Int64) {
        time = microseconds
    }

    public mutating func event(_ type: UInt16, _ code: UInt16, _ value: Int32) {
        events.append(InputEvent(time: Timestamp(microseconds: time), type: type, code: code, value: value))
    }

    public mutating func abs(_ code: UInt16, _ value: Int32) { event(EventType.abs, code, value) }
    public mutating func key(_ code: UInt16, _ value: Int32) { event(EventType.key, code, value) }
    public mutating func slot(_ value: Int32) { abs(AbsCode.mtSlot, value) }
    public mutating func trackingID(_ value: Int32) { abs(AbsCode.mtTrackingID, value) }
    public mutating func position(_ x: Int32, _ y: Int32) {
        abs(AbsCode.mtPositionX, x)
        abs(AbsCode.mtPositionY, y)
    }
    public mutating func mtReport() { event(EventType.syn, SynCode.mtReport, 0) }
    public mutating func report() { event(EventType.syn, SynCode.report, 0) }
    public mutating func dropped() { event(EventType.syn, SynCode.dropped, 0) }
}

/// Test devices, each 0…1000 × 0…500 at 10 units/mm (100 × 50 mm) unless said otherwise.
public enum TestDevices {
    public static func slots(_ count: Int32, resolution: Int32 = 10) -> DeviceDescription {
        DeviceDescription(
            name: "Test MT-B", properties: [InputProperty.direct],
            codes: [EventType.key: [KeyCode.btnTouch]],
            absinfo: [
                AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: count - 1),
                AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: resolution),
                AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 500, resolution: resolution),
                AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            ])
    }

    public static func anonymous(trackingIDs: Bool) -> DeviceDescription {
        var absinfo: [UInt16: AbsInfo] = [
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
        ]
        if trackingIDs { absinfo[AbsCode.mtTrackingID] = AbsInfo(minimum: 0, maximum: 65535) }
        return DeviceDescription(name: "Test MT-A", codes: [EventType.key: [KeyCode.btnTouch]], absinfo: absinfo)
    }

    public static let singleTouch = DeviceDescription(
        name: "Test ST", properties: [InputProperty.direct],
        codes: [EventType.key: [KeyCode.btnTouch]],
        absinfo: [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            AbsCode.y: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
        ])
}

