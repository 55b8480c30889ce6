import GestureCore

/// A played trace as a picture: the surface with its targets, each contact's path and the gestures
/// recognized, and a strip of the gestures over time (docs/SPEC.md "Pictures").
///
/// Feed it what a replay sees, in order: each frame with `add(_:)` (a `TouchFrame`) and each run of
/// gesture events with `add(_:)` (`[GestureEvent]`); then `svg(animated:)` draws it. Pure: it reads no
/// clock and no file.
///
/// ```swift
/// var picture = Picture(title: "taps.evemu", surface: played.surface, targets: played.layout.regions.map(\.target))
/// // while replaying: picture.add(frame), picture.add(events)
/// let svg = picture.svg(animated: true)
/// ```
public struct Picture: Sendable {
    /// Shown above the surface (the trace's name).
    public var title: String
    /// The surface's size in mm.
    public var surface: Size
    /// The targets the gestures were recognized on, first on top, as the engine had them.
    public var targets: [Target]
    /// Every contact, in landing order.
    public private(set) var contacts: [ContactTrack] = []
    /// Every gesture event, in order.
    public private(set) var events: [GestureEvent] = []
    /// The time of the first frame or event added (µs of the trace's clock); nil before anything was added.
    public private(set) var start: Timestamp?
    /// The time of the last frame or event added (µs of the trace's clock); nil before anything was added. The time
    /// strip runs from ``start`` to it.
    public private(set) var end: Timestamp?
    /// The time of the last frame.
    private var lastFrame: Timestamp?
    /// The contacts down now: contact id → index in `contacts`.
    private var down: [Int: Int] = [:]

    /// An empty picture titled `title` of a surface of `surface` mm with `targets` (first on top, as the engine had
    /// them); frames and events come with `add(_:)`.
    public init(title: String, surface: Size, targets: [Target]) {
        self.title = title
        self.surface = surface
        self.targets = targets
    }

    /// One frame, as the engine gets it.
    public mutating func add(_ frame: TouchFrame) {
        if start == nil { start = frame.time }
        end = max(end ?? frame.time, frame.time)
        let previousFrame = lastFrame ?? frame.time
        lastFrame = frame.time
        for contact in frame.contacts {
            switch contact.phase {
            case .began:
                if let index = down.removeValue(forKey: contact.id) { contacts[index].finish(at: frame.time, how: .lifted) }
                land(contact, at: frame.time)
            case .moved, .stationary:
                if let index = down[contact.id] {
                    if contact.phase == .moved { contacts[index].move(to: contact.position, at: frame.time, previousFrame: previousFrame) }
                } else {
                    // Down before the picture saw it (after a resync).
                    land(contact, at: frame.time)
                }
            case .ended, .cancelled:
                let index = down.removeValue(forKey: contact.id) ?? {
                    land(contact, at: frame.time)
                    return down.removeValue(forKey: contact.id)!
                }()
                contacts[index].move(to: contact.position, at: frame.time, previousFrame: previousFrame)
                contacts[index].finish(at: frame.time, how: contact.phase == .ended ? .lifted : .cancelled)
            }
        }
    }

    /// Gesture events, in order.
    public mutating func add(_ events: [GestureEvent]) {
        for event in events { add(event) }
    }

    /// One gesture event, after those before it.
    public mutating func add(_ event: GestureEvent) {
        events.append(event)
        if start == nil { start = event.time }
        end = max(end ?? event.time, event.time)
    }

    private mutating func land(_ contact: Contact, at time: Timestamp) {
        // A finger's colour: the lowest not taken by a contact down now, so that the first finger of every
        // touch has the same colour, the second another...
        let taken = Set(down.values.map { contacts[$0].finger })
        var finger = 0
        while taken.contains(finger) { finger += 1 }
        down[contact.id] = contacts.count
        contacts.append(ContactTrack(id: contact.id, finger: finger, time: time, position: contact.position))
    }

    /// The picture as a standalone SVG document: no script, no external resource. `animated` replays the
    /// trace in real time with SMIL animations, looping; a viewer without them shows the still picture.
    public func svg(animated: Bool = false) -> String {
        PictureDrawing(picture: self, animated: animated).document()
    }
}

/// One contact from its landing to its lift: where it went, and when.
public struct ContactTrack: Hashable, Sendable {
    /// How a contact's track ended.
    public enum End: Hashable, Sendable {
        /// Still down at the end of the trace.
        case stillDown
        /// Lifted by the finger (a contact whose phase was `ContactPhase.ended`).
        case lifted
        /// Withdrawn by the device (a palm).
        case cancelled
    }

    /// One position of the contact, from the time it was reached.
    public struct Sample: Hashable, Sendable {
        /// When the contact reached ``position``: the frame's time, in µs of the trace's clock.
        public var time: Timestamp
        /// Where the contact was, in mm on the surface (origin top-left, y down).
        public var position: Point
    }

    /// The frame's contact id.
    public let id: Int
    /// Its colour: 0 for a contact that landed with no other down, 1 for one that landed beside it...
    public let finger: Int
    /// The positions it went through, the first where it landed; a move of less than `minimumStep` is
    /// not kept (the last position before a move that is kept is, so that a rest stays a rest).
    public private(set) var samples: [Sample]
    /// How the track ended: ``End/stillDown`` until it lifts or is withdrawn.
    public private(set) var end: End = .stillDown
    /// The time it lifted (or was withdrawn); nil while it is down.
    public private(set) var endTime: Timestamp?
    /// The last position reported since the last kept one, if it was not kept.
    private var pending: Sample?

    /// Moves shorter than this (mm) from the last kept position are not kept: far below what a picture
    /// shows, and it keeps the picture of a long trace small.
    public static let minimumStep = 0.1

    init(id: Int, finger: Int, time: Timestamp, position: Point) {
        self.id = id
        self.finger = finger
        self.samples = [Sample(time: time, position: position)]
    }

    /// When the contact landed: the time of its first frame, in µs of the trace's clock.
    public var downTime: Timestamp { samples[0].time }
    /// Where the contact landed, in mm on the surface (origin top-left, y down).
    public var downPosition: Point { samples[0].position }
    /// Where it was last (where it lifted).
    public var lastPosition: Point { pending?.position ?? samples[samples.count - 1].position }

    /// The positions its path goes through, with their times: ``samples``, then, for a contact still down whose
    /// last moves were each shorter than ``minimumStep`` but took it off its last kept position, that last
    /// position at the time it was reported (a lifted contact has it among its samples already).
    public var pathSamples: [Sample] {
        guard let pending, pending.position != samples[samples.count - 1].position else { return samples }
        return samples + [pending]
    }

    /// A move to `position` in the frame at `time`; `previousFrame` is the time of the frame before it, to
    /// which the contact stood still if it had not moved since its last kept position.
    mutating func move(to position: Point, at time: Timestamp, previousFrame: Timestamp) {
        let last = samples[samples.count - 1]
        if position.distance(to: last.position) >= Self.minimumStep {
            if last.time < previousFrame, previousFrame < time {
                samples.append(Sample(time: previousFrame, position: pending?.position ?? last.position))
            }
            samples.append(Sample(time: time, position: position))
            pending = nil
        } else {
            pending = Sample(time: time, position: position)
        }
    }

    mutating func finish(at time: Timestamp, how: End) {
        if let pending, pending.position != samples[samples.count - 1].position { samples.append(pending) }
        pending = nil
        end = how
        endTime = time
    }

    /// The samples reached from `start` through `end` (both included), found by bisection: a mark that draws
    /// part of a long path looks at that part only.
    func samples(from start: Timestamp, through end: Timestamp) -> ArraySlice<Sample> {
        var low = 0, high = samples.count
        while low < high {
            let middle = (low + high) / 2
            if samples[middle].time < start { low = middle + 1 } else { high = middle }
        }
        var last = low
        while last < samples.count, samples[last].time <= end { last += 1 }
        return samples[low..<last]
    }

    /// Whether it was down at `time` (from its landing to its lift, both included).
    public func isDown(at time: Timestamp) -> Bool {
        time >= downTime && endTime.map { time <= $0 } ?? true
    }

    /// Its position at `time`: the last sample reached by then (its landing before, its lift after).
    public func position(at time: Timestamp) -> Point {
        var low = 0, high = samples.count - 1
        if let pending, time >= pending.time, pending.time >= samples[high].time { return pending.position }
        guard time >= samples[0].time else { return samples[0].position }
        while low < high {
            let middle = (low + high + 1) / 2
            if samples[middle].time <= time { low = middle } else { high = middle - 1 }
        }
        return samples[low].position
    }
}
