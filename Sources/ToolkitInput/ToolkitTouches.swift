import GestureCore

/// Why a toolkit source cannot be made as asked.
public enum ToolkitInputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A scale from the app's units to millimetres that maps nothing: not a finite number above 0.
    case scale(String)
    /// What the source would recognize with cannot serve a toolkit's touches (`Recognition.nothing`, or a layout
    /// without its size).
    case recognition(String)
    /// The layout holds targets the engine cannot take (`GestureEngine.init(layout:)`).
    case targets(GestureError)

    /// The message: what is wrong, and what was expected.
    public var description: String {
        switch self {
        case .scale(let why): "toolkit units: \(why)"
        case .recognition(let why): "toolkit source: \(why)"
        case .targets(let error): "toolkit source: \(error)"
        }
    }
}

/// How an app's units (a surface's pixels, or a toolkit's points) map to millimetres on the screen: the engine's
/// thresholds are physical (a 3 mm slop is 3 mm on any screen).
///
/// From what the platform says of the output: Wayland's `wl_output.geometry` gives its physical size in mm and
/// `wl_output.mode` its size in pixels (`init(size:physicalSize:)`); X11 and SDL give a density
/// (`init(dotsPerInch:)`). A toolkit that hands over logical points (GTK, SDL with high-DPI windows) maps them with
/// the points' density: pixels per mm times the window's scale factor.
public struct ToolkitUnits: Hashable, Sendable {
    /// Millimetres one unit spans across.
    public let millimetresPerUnitX: Double
    /// Millimetres one unit spans down.
    public let millimetresPerUnitY: Double

    /// `millimetresPerUnit` mm a unit, both ways. Throws when it is not a finite number above 0.
    public init(millimetresPerUnit: Double) throws(ToolkitInputError) {
        try self.init(x: millimetresPerUnit, y: millimetresPerUnit)
    }

    /// The units of an output `size` units wide and high, which is `physicalSize` mm (`wl_output`'s mode and
    /// geometry). Throws when a size is not finite and above 0.
    public init(size: Size, physicalSize: Size) throws(ToolkitInputError) {
        try self.init(x: physicalSize.width / size.width, y: physicalSize.height / size.height)
    }

    /// `dotsPerInch` units an inch (25.4 mm). Throws when it is not a finite number above 0.
    public init(dotsPerInch: Double) throws(ToolkitInputError) {
        try self.init(millimetresPerUnit: 25.4 / dotsPerInch)
    }

    private init(x: Double, y: Double) throws(ToolkitInputError) {
        for value in [x, y] where !(value.isFinite && value > 0) {
            throw .scale("expected a finite number of mm a unit above 0, found \(value)")
        }
        millimetresPerUnitX = x
        millimetresPerUnitY = y
    }

    /// The point at `x`, `y` units, in mm.
    public func point(x: Double, y: Double) -> Point {
        Point(x: x * millimetresPerUnitX, y: y * millimetresPerUnitY)
    }

    /// `rect` in units, in mm: for a target given in the app's units.
    public func rect(_ rect: Rect) -> Rect {
        Rect(x: rect.x * millimetresPerUnitX, y: rect.y * millimetresPerUnitY,
             width: rect.width * millimetresPerUnitX, height: rect.height * millimetresPerUnitY)
    }

    /// The view that shows the surface in these units: a target given it reports its positions, translations and
    /// velocities in the app's units (SPEC "View coordinates"). Its scale is the units a mm across (a view has one
    /// scale: for units that are not square, set the targets' views yourself).
    public var view: ViewTransform { ViewTransform(scale: 1 / millimetresPerUnitX) }
}

/// A touch event's time as a toolkit stamps it.
public enum ToolkitTime: Hashable, Sendable {
    /// Milliseconds on a 32-bit counter that wraps around after 49.7 days: Wayland's `wl_touch` events, GTK's
    /// `gdk_event_get_time()`, SDL2's `timestamp`. Widened by the source across the wrap-around.
    case milliseconds32(UInt32)
    /// Microseconds (GLib's monotonic time, libinput's `_usec` times, SDL3's nanoseconds divided by 1,000).
    case microseconds(Int64)
}

/// Whether a toolkit says when a frame of touch changes ends.
public enum ToolkitFraming: Hashable, Sendable {
    /// It does (Wayland's `wl_touch.frame`): the changes since the last frame are one frame, handed over at
    /// `touchFrame`.
    case toolkitFrames
    /// It does not (SDL, GTK): the changes of one time are a frame, handed over when a change of another time comes,
    /// or when the source is dispatched.
    case byTime
}

/// A toolkit's touch events made into the engine's frames: widened and ordered time, units in mm, changes
/// grouped into frames, a cancel into cancelled contacts. A pure machine: each input returns the frames it
/// completes, in order.
struct ToolkitTouchAssembler {
    /// One toolkit event.
    enum Change {
        case down(id: Int, at: Point)
        case motion(id: Int, to: Point)
        /// A lift; at a position when the toolkit gives one (SDL), a move there first.
        case up(id: Int, at: Point?)
        /// The touch `id` is taken away (GTK's `GDK_TOUCH_CANCEL`), or every touch (`nil`: `wl_touch.cancel`).
        case cancel(id: Int?)
    }

    /// Whether a frame is being gathered. Diagram: docs/state-machines/toolkit-input.md.
    enum State {
        /// No change since the last frame handed over.
        case betweenFrames
        /// Changes wait in `pending`; `time` is the latest of theirs, the frame's.
        case gathering(time: Timestamp)
    }

    let framing: ToolkitFraming
    private(set) var state = State.betweenFrames
    /// Where each touch down now is, in mm.
    private var down: [Int: Point] = [:]
    /// The contacts of the frame being gathered (empty between frames), kept from frame to frame.
    private var pending: [Contact] = []
    /// The widening of 32-bit milliseconds: the last one seen, and its time in µs.
    private var lastMilliseconds: (raw: UInt32, widened: Int64)?

    init(framing: ToolkitFraming) {
        self.framing = framing
    }

    /// Whether a frame is being gathered.
    var hasPendingFrame: Bool {
        switch state {
        case .betweenFrames: false
        case .gathering: true
        }
    }

    /// `time` as the engine's time: 32-bit milliseconds widened across the wrap-around (a step of less than half the
    /// counter either way from the last one; a step back is a late event, which the engine takes at its latest time).
    mutating func timestamp(_ time: ToolkitTime) -> Timestamp {
        switch time {
        case .microseconds(let microseconds):
            return Timestamp(microseconds: microseconds)
        case .milliseconds32(let raw):
            let widened: Int64
            if let last = lastMilliseconds {
                widened = last.widened + Int64(Int32(bitPattern: raw &- last.raw)) * 1000
            } else {
                widened = Int64(raw) * 1000
            }
            lastMilliseconds = (raw, widened)
            return Timestamp(microseconds: widened)
        }
    }

    /// Takes `change` at `time`: returns the frames it completes (the frame gathered before it, when it cannot join
    /// it), in order. A motion or lift of a touch never seen going down is ignored (it went down before the app's
    /// window had the seat, say).
    mutating func take(_ change: Change, at time: Timestamp) -> [TouchFrame] {
        var completed: [TouchFrame] = []
        if framing == .byTime, case .gathering(let gathered) = state, gathered != time, let frame = endFrame() {
            completed.append(frame)
        }
        switch change {
        case .down(let id, let point):
            if pending.contains(where: { $0.id == id }), let frame = endFrame() {
                completed.append(frame)  // the same touch lifted and landed again within one frame: the lift's first
            }
            down[id] = point
            add(Contact(id: id, position: point, phase: .began), at: time)
        case .motion(let id, let point):
            guard down[id] != nil else { break }
            down[id] = point
            if let index = pending.firstIndex(where: { $0.id == id }) {
                pending[index].position = point  // a second move in the frame: the touch is where the last put it
                gather(at: time)
            } else {
                add(Contact(id: id, position: point, phase: .moved), at: time)
            }
        case .up(let id, let point):
            guard let last = down.removeValue(forKey: id) else { break }
            lift(id, at: point ?? last, phase: .ended, time: time, completed: &completed)
        case .cancel(let id):
            let ids = id.map { [$0] } ?? down.keys.sorted()
            for id in ids {
                guard let last = down.removeValue(forKey: id) else { continue }
                lift(id, at: last, phase: .cancelled, time: time, completed: &completed)
            }
        }
        return completed
    }

    /// The lift of `id` at `point`: in the frame gathered, unless the touch landed in it (a landing and its lift in
    /// one frame would be no touch at all to the engine): then in a frame of its own after it, at the same time.
    private mutating func lift(_ id: Int, at point: Point, phase: ContactPhase, time: Timestamp, completed: inout [TouchFrame]) {
        if let index = pending.firstIndex(where: { $0.id == id }) {
            if pending[index].phase == .began {
                if let frame = endFrame() { completed.append(frame) }
                add(Contact(id: id, position: point, phase: phase), at: time)
            } else {
                pending[index].position = point
                pending[index].phase = phase
                gather(at: time)
            }
        } else {
            add(Contact(id: id, position: point, phase: phase), at: time)
        }
    }

    private mutating func add(_ contact: Contact, at time: Timestamp) {
        pending.append(contact)
        gather(at: time)
    }

    /// A change at `time` joined the frame gathered (or began one): the frame's time is the latest of its changes'.
    private mutating func gather(at time: Timestamp) {
        switch state {
        case .betweenFrames: state = .gathering(time: time)
        case .gathering(let since): state = .gathering(time: max(since, time))
        }
    }

    /// The frame gathered, if any (`wl_touch.frame`; for `.byTime`, when the source is dispatched).
    mutating func endFrame() -> TouchFrame? {
        switch state {
        case .betweenFrames:
            return nil
        case .gathering(let time):
            let frame = TouchFrame(time: time, contacts: pending)
            pending.removeAll(keepingCapacity: true)
            state = .betweenFrames
            return frame
        }
    }

    /// Forgets every touch and the frame gathered: the input ended.
    mutating func reset() {
        down.removeAll()
        pending.removeAll()
        state = .betweenFrames
    }
}
