/// The engine: touch frames and time in, gesture events out. Pure and deterministic: it reads no clock,
/// no file and no device; the caller brings every input with its time.
///
/// Inputs, each returning the events they cause, in order:
/// - `handle(_:)` a frame: first every deadline up to the frame's time fires (stamped with its own
///   time), then the frame's changes go to the regions in layout order;
/// - `advance(to:)` time passing with no frame (a live driver woken at `nextDeadline`);
/// - `dropped(at:)` a `SYN_DROPPED`: every gesture in progress is cancelled, and the touches down now
///   are ignored until they lift (they still count as fingers);
/// - `resynced(_:)` the device's state once the events after the drop are over: its contacts are
///   ignored until they lift, like those down at the drop;
/// - `finish(at:)` the end of input: every gesture in progress is cancelled.
public struct GestureEngine: Sendable {
    /// Where a region of the layout lives. The regions are kept in one array per kind and mutated in
    /// place there: copying a region out of an enum payload and back would copy its buffers every frame.
    enum Slot: Sendable {
        case timeline(Int)
        case dial(Int)
    }

    /// A contact the engine follows from its landing to its lift.
    struct TrackedContact: Sendable {
        var id: Int
        var position: Point
        /// The region it went down in; nil outside every region.
        var region: Int?
        /// Down across a `SYN_DROPPED` (or landed in a region holding such a contact): never shown to a recognizer.
        var ignored: Bool
    }

    public private(set) var timelines: [TimelineRegion] = []
    public private(set) var dials: [DialRegion] = []
    /// The regions in layout order.
    private var slots: [Slot] = []
    private var contacts: [TrackedContact] = []
    /// Per region: fingers shown to its recognizers, and ignored fingers.
    private var activeTouches: [Int]
    private var ignoredTouches: [Int]
    /// Per region, reused from frame to frame so that the steady state does not allocate.
    private var scratch: [TouchChanges]

    public init(layout: Layout) {
        for configuration in layout.regions {
            switch configuration {
            case .timeline(let timeline):
                slots.append(.timeline(timelines.count))
                timelines.append(TimelineRegion(timeline))
            case .dial(let dial):
                slots.append(.dial(dials.count))
                dials.append(DialRegion(dial))
            }
        }
        self.activeTouches = Array(repeating: 0, count: layout.regions.count)
        self.ignoredTouches = Array(repeating: 0, count: layout.regions.count)
        self.scratch = Array(repeating: TouchChanges(time: .zero), count: layout.regions.count)
    }

    /// The regions' names, in layout order.
    public var regionNames: [String] {
        slots.map { slot in
            switch slot {
            case .timeline(let index): timelines[index].configuration.name
            case .dial(let index): dials[index].configuration.name
            }
        }
    }

    /// The earliest time at which `advance(to:)` has something to do, if any.
    public var nextDeadline: Timestamp? {
        var earliest: Timestamp?
        for region in slots.indices {
            if let deadline = deadline(of: region), earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        return earliest
    }

    private func deadline(of region: Int) -> Timestamp? {
        switch slots[region] {
        case .timeline(let index): timelines[index].deadline
        case .dial(let index): dials[index].deadline
        }
    }

    private func region(_ region: Int, contains point: Point) -> Bool {
        switch slots[region] {
        case .timeline(let index): timelines[index].contains(point)
        case .dial(let index): dials[index].contains(point)
        }
    }

    private mutating func touchesChanged(_ region: Int, _ changes: TouchChanges) -> [GestureEvent] {
        switch slots[region] {
        case .timeline(let index): timelines[index].touchesChanged(changes)
        case .dial(let index): dials[index].touchesChanged(changes)
        }
    }

    private mutating func deadlineReached(_ region: Int, at now: Timestamp) -> [GestureEvent] {
        switch slots[region] {
        case .timeline(let index): timelines[index].deadlineReached(at: now)
        case .dial(let index): dials[index].deadlineReached(at: now)
        }
    }

    private mutating func cancel(_ region: Int, at now: Timestamp) -> [GestureEvent] {
        switch slots[region] {
        case .timeline(let index): timelines[index].cancel(at: now)
        case .dial(let index): dials[index].cancel(at: now)
        }
    }

    /// Fires every deadline ≤ `now`, in time order (ties in layout order), each stamped with its own time.
    public mutating func advance(to now: Timestamp) -> [GestureEvent] {
        var events: [GestureEvent] = []
        while true {
            var next: (index: Int, deadline: Timestamp)?
            for index in slots.indices {
                if let deadline = deadline(of: index), deadline <= now, next.map({ deadline < $0.deadline }) ?? true {
                    next = (index, deadline)
                }
            }
            guard let (index, deadline) = next else { return events }
            events += deadlineReached(index, at: deadline)
            if let again = self.deadline(of: index), again <= deadline {
                // A recognizer that does not clear its deadline would spin here; stop instead.
                assertionFailure("region \(regionNames[index]) kept its deadline \(deadline)")
                return events
            }
        }
    }

    /// One frame: the deadlines up to its time, then its moves, lifts and landings, region by region.
    public mutating func handle(_ frame: TouchFrame) -> [GestureEvent] {
        var events = advance(to: frame.time)
        for index in scratch.indices {
            scratch[index].time = frame.time
            scratch[index].moved.removeAll(keepingCapacity: true)
            scratch[index].lifted.removeAll(keepingCapacity: true)
            scratch[index].landed.removeAll(keepingCapacity: true)
        }
        var landings = 0
        for contact in frame.contacts {
            guard let slot = contacts.firstIndex(where: { $0.id == contact.id }) else {
                // Unknown id: a landing, unless it is already over.
                switch contact.phase {
                case .began, .moved, .stationary: landings += 1
                case .ended, .cancelled: break
                }
                continue
            }
            let tracked = contacts[slot]
            let visible = !tracked.ignored ? tracked.region : nil
            if contact.phase == .began {
                // A known id landing again: the old contact lifted (where it was) and a new one landed.
                if let region = visible {
                    scratch[region].lifted.append(TouchLift(id: contact.id))
                    activeTouches[region] -= 1
                } else if let region = tracked.region {
                    ignoredTouches[region] -= 1
                }
                contacts[slot].id = Int.min
                landings += 1
                continue
            }
            if contact.position != tracked.position {
                contacts[slot].position = contact.position
                if let region = visible { scratch[region].moved.append(TouchPoint(id: contact.id, position: contact.position)) }
            }
            switch contact.phase {
            case .began, .moved, .stationary:
                break
            case .ended, .cancelled:
                if let region = visible {
                    scratch[region].lifted.append(TouchLift(id: contact.id, cancelled: contact.phase == .cancelled))
                    activeTouches[region] -= 1
                } else if let region = tracked.region {
                    ignoredTouches[region] -= 1
                }
                contacts[slot].id = Int.min  // removed below, after the landings are known
            }
        }
        contacts.removeAll { $0.id == Int.min }
        if landings > 0 {
            for contact in frame.contacts where !contacts.contains(where: { $0.id == contact.id }) {
                switch contact.phase {
                case .began, .moved, .stationary: land(contact)
                case .ended, .cancelled: break
                }
            }
        }
        for index in slots.indices where !scratch[index].isEmpty {
            let changes = scratch[index]
            let remaining = activeTouches[index] - changes.landed.count
            if remaining == 0 && !changes.lifted.isEmpty && !changes.landed.isEmpty {
                // The last finger lifted and another landed in the same frame: two touch sequences, one
                // after the other, so that no recognizer sees a sequence end and the next begin at once.
                var ending = changes
                ending.landed.removeAll()
                events += touchesChanged(index, ending)
                events += touchesChanged(index, TouchChanges(time: changes.time, landed: changes.landed))
            } else {
                events += touchesChanged(index, changes)
            }
        }
        return events
    }

    private mutating func land(_ contact: Contact) {
        let region = slots.indices.first { self.region($0, contains: contact.position) }
        var ignored = false
        if let region {
            // Beside a finger that is ignored, a finger is ignored too.
            ignored = ignoredTouches[region] > 0
            if ignored {
                ignoredTouches[region] += 1
            } else {
                activeTouches[region] += 1
                scratch[region].landed.append(TouchPoint(id: contact.id, position: contact.position))
            }
        }
        contacts.append(TrackedContact(id: contact.id, position: contact.position, region: region, ignored: ignored))
    }

    /// A `SYN_DROPPED` at `time`: deadlines up to it fire, then every gesture in progress is cancelled,
    /// stamped `time`. The fingers down now are ignored until they lift (they still count as fingers).
    public mutating func dropped(at time: Timestamp) -> [GestureEvent] {
        let events = cancelAll(at: time)
        ignoreAll()
        return events
    }

    /// The device's state after a `SYN_DROPPED`, once the events after it are over (libevdev's resync):
    /// deadlines up to its time fire; its contacts are taken as they are, and every one is ignored until
    /// it lifts, as the fingers down at the drop are. Nothing is recognized from it.
    public mutating func resynced(_ frame: TouchFrame) -> [GestureEvent] {
        let events = advance(to: frame.time)
        for contact in frame.contacts {
            if let slot = contacts.firstIndex(where: { $0.id == contact.id }) {
                contacts[slot].position = contact.position
                switch contact.phase {
                case .began, .moved, .stationary:
                    break
                case .ended, .cancelled:
                    remove(slot)
                }
            } else {
                switch contact.phase {
                case .began, .moved, .stationary: land(contact)
                case .ended, .cancelled: break
                }
            }
        }
        ignoreAll()
        return events
    }

    /// Every contact down now is ignored until it lifts.
    private mutating func ignoreAll() {
        for index in contacts.indices where !contacts[index].ignored {
            if let region = contacts[index].region {
                activeTouches[region] -= 1
                ignoredTouches[region] += 1
                // A landing shown to no recognizer yet is taken back (only `resynced` lands contacts here).
                scratch[region].landed.removeAll { $0.id == contacts[index].id }
            }
            contacts[index].ignored = true
        }
    }

    /// Forgets the contact at `slot`.
    private mutating func remove(_ slot: Int) {
        let tracked = contacts[slot]
        if let region = tracked.region {
            if tracked.ignored { ignoredTouches[region] -= 1 } else { activeTouches[region] -= 1 }
        }
        contacts.remove(at: slot)
    }

    /// The end of input at `time` (the last complete frame's time): deadlines up to it fire, then every
    /// gesture in progress is cancelled and every contact is forgotten. The regions keep what persists
    /// between gestures (a dial's value); a new trace gets a new engine.
    public mutating func finish(at time: Timestamp) -> [GestureEvent] {
        let events = cancelAll(at: time)
        contacts.removeAll()
        for index in slots.indices {
            activeTouches[index] = 0
            ignoredTouches[index] = 0
        }
        return events
    }

    private mutating func cancelAll(at time: Timestamp) -> [GestureEvent] {
        var events = advance(to: time)
        for index in slots.indices {
            events += cancel(index, at: time)
        }
        return events
    }
}
