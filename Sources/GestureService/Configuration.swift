// Over 300 lines for a reason: the checks of every key of the service's configuration, each a few lines, read
// together against SPEC's "Service" table.
import GestureCore
import Haptics
import LayoutFile
import SystemCalls
import TracePlayback

/// The configuration of `gestures serve` (SPEC "Service"): which devices are served and how, and the bindings from
/// gestures to commands.
public struct ServiceConfiguration: Sendable {
    /// The rules for devices, in order: a device takes the first whose `match` it meets.
    public var devices: [DeviceRule]
    /// Whether touchpads are served too (touchscreens always are).
    public var touchpads: Bool
    /// The bindings, in the file's order.
    public var bindings: [Binding]
    /// Where the `haptic` lines of every device served play; nil: nowhere.
    public var haptics: ServiceHaptics?

    /// A configuration of `devices` rules, `touchpads`, `bindings` and `haptics`.
    public init(devices: [DeviceRule] = [], touchpads: Bool = false, bindings: [Binding] = [], haptics: ServiceHaptics? = nil) {
        self.devices = devices
        self.touchpads = touchpads
        self.bindings = bindings
        self.haptics = haptics
    }

    /// The largest configuration file read, in bytes (the layout file's limit).
    public static let largestFile = LayoutFile.largestFile

    /// Reads the configuration file at `path`; a device's `layout` is read relative to the file's directory.
    ///
    /// - Throws: `FileError`: `.unreadable` when the file (or a layout it names) cannot be read, `.malformed`, naming
    ///   the file, the line and the key, for anything SPEC "Service" refuses.
    public static func load(path: FilePath) throws(FileError) -> ServiceConfiguration {
        let bytes = try path.readWholeFile(limit: largestFile)
        let text = path.description
        let directory = text.lastIndex(of: "/").map { String(text[...$0]) } ?? ""
        return try parse(bytes, file: text) { (name) throws(FileError) -> Layout in
            try LayoutFile.load(path: FilePath(name.hasPrefix("/") ? name : directory + name))
        }
    }

    /// Reads a configuration from `bytes`; `file` names it in the errors; `layout` reads a device's layout file.
    public static func parse(_ bytes: [UInt8], file: String,
                             layout: @escaping (String) throws(FileError) -> Layout = { name throws(FileError) in
                                 throw FileError(.unreadable, path: name, message: "no layout files here")
                             }) throws(FileError) -> ServiceConfiguration {
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes, keys: ConfigurationReader.keys)
        } catch {
            throw FileError(.malformed, path: file, line: error.line, message: "not valid JSON: " + error.message)
        }
        var reader = ConfigurationReader(document: document, file: file, loadLayout: layout)
        return try reader.configuration()
    }
}

/// The haptics of a configuration: where they play, and where the file said so.
public struct ServiceHaptics: Hashable, Sendable {
    /// A force-feedback device's node, or feedbackd.
    public var destination: HapticDestination
    /// Where the configuration gives it, `serve.json:3: haptics`: the messages about it begin with this.
    public var origin: String

    /// Haptics played on `destination`, given at `origin`.
    public init(destination: HapticDestination, origin: String) {
        self.destination = destination
        self.origin = origin
    }
}

/// How one device, or every device a match meets, is served.
public struct DeviceRule: Sendable {
    /// Which devices the rule is for: every one that meets each field given.
    public var match: DeviceMatch
    /// How the display's picture is turned on the panel (xrandr's `normal`, `right`, `inverted`, `left`): the lines
    /// and the bindings' directions and edges are the display's.
    public var rotation: ViewTransform.Rotation
    /// The layout the device's gestures are recognized with, its lines going to the sinks only; nil: the
    /// bindings' whole-screen target.
    public var layout: Layout?
    /// The surface's size in mm, for a device that reports no resolution.
    public var size: Size?
    /// Take the device for the service alone (`EVIOCGRAB`): its touches reach nothing else.
    public var grab: Bool
    /// Leave the device alone.
    public var ignore: Bool

    /// A rule for the devices `match` meets.
    public init(match: DeviceMatch = DeviceMatch(), rotation: ViewTransform.Rotation = .none, layout: Layout? = nil,
                size: Size? = nil, grab: Bool = false, ignore: Bool = false) {
        self.match = match
        self.rotation = rotation
        self.layout = layout
        self.size = size
        self.grab = grab
        self.ignore = ignore
    }
}

/// What a device must be for a rule: each field given must equal the device's.
public struct DeviceMatch: Hashable, Sendable {
    /// The device's name, exactly.
    public var name: String?
    /// Its USB (or other bus) vendor id.
    public var vendor: Int?
    /// Its product id.
    public var product: Int?
    /// Its node, `/dev/input/event5`.
    public var node: String?

    /// A match of the fields given (none: every device).
    public init(name: String? = nil, vendor: Int? = nil, product: Int? = nil, node: String? = nil) {
        self.name = name
        self.vendor = vendor
        self.product = product
        self.node = node
    }

    /// Whether a device of `name`, `vendor`, `product` at `node` meets every field given.
    public func matches(name: String, vendor: Int, product: Int, node: String) -> Bool {
        (self.name == nil || self.name == name) && (self.vendor == nil || self.vendor == vendor)
            && (self.product == nil || self.product == product) && (self.node == nil || self.node == node)
    }
}

/// A gesture bound to a command.
public struct Binding: Hashable, Sendable {
    /// The gesture, with what its lines must say.
    public var gesture: BoundGesture
    /// The command and its arguments, run without a shell.
    public var run: [String]
    /// The command starts at the gesture's beginning and reads `begin`, `update` and `end` (or `cancel`) lines on its
    /// standard input while it goes on; otherwise it runs once the gesture is recognized.
    public var continuous: Bool

    /// A binding of `gesture` to `run`.
    public init(gesture: BoundGesture, run: [String], continuous: Bool = false) {
        self.gesture = gesture
        self.run = run
        self.continuous = continuous
    }
}

/// A gesture a binding is for.
public enum BoundGesture: Hashable, Sendable {
    /// `fingers` fingers moving one way, at their lift; any direction when nil.
    case swipe(fingers: Int, direction: SwipeGesture.Direction?)
    /// One finger in from the display's `edge`, landing within `zone` of it (fractions of the edge's length, from
    /// its top or left end as the display shows it).
    case edgeSwipe(edge: EdgeSwipeGesture.Edge, zone: ClosedRange<Double>)
    /// Exactly `count` taps of `fingers` fingers together (1 to 10; above 1 only with `count` 1: a tap of several
    /// fingers is never chained).
    case tap(count: Int, fingers: Int = 1)
    /// One finger held still for `duration`.
    case longPress(duration: TimeSpan)
    /// Two fingers pinching: `in` (closing, the scale below 1) or `out`; either when nil.
    case pinch(closing: Bool?)
    /// Two fingers turning: clockwise or not; either when nil.
    case rotation(clockwise: Bool?)

    /// The gesture's name in the configuration file (`edge-swipe`).
    public var name: String {
        switch self {
        case .swipe: "swipe"
        case .edgeSwipe: "edge-swipe"
        case .tap: "tap"
        case .longPress: "long-press"
        case .pinch: "pinch"
        case .rotation: "rotation"
        }
    }
}

/// Turns a parsed configuration into a `ServiceConfiguration`, checking every key; messages as the layout file's.
struct ConfigurationReader {
    enum Key: String, CaseIterable {
        case devices, touchpads, bindings, haptics
        case match, rotation, layout, size, grab, ignore
        case name, vendor, product, node
        case width, height
        case gesture, run, continuous, fingers, direction, edge, zone, count, durationMs
    }

    static let keys = KeyTable(Key.allCases.map(\.rawValue))

    let document: JSONDocument
    let file: String
    let loadLayout: (String) throws(FileError) -> Layout

    func fail(_ place: Int, _ message: String) -> FileError {
        let path = document.path(to: place)
        return FileError(.malformed, path: file, line: document.values[place].line, message: (path.isEmpty ? "" : path + ": ") + message)
    }

    /// The members of the object at `place`, each key once and among `allowed`: by key, their values' places.
    func members(_ place: Int, allowed: [Key]) throws(FileError) -> [Key: Int] {
        guard case .object(let count, _, _) = document.values[place].content else {
            throw fail(place, "expected an object, found \(document.values[place].kind)")
        }
        var members: [Key: Int] = [:]
        var member = place + 1
        for _ in 0..<count {
            guard case .key(_, let range) = document.values[member].content else { preconditionFailure("a member without a key") }
            let value = member + 1
            guard let key = Key(rawValue: document.string(range)), allowed.contains(key) else {
                throw fail(value, "unknown key (expected one of: \(allowed.map(\.rawValue).joined(separator: ", ")))")
            }
            guard members.updateValue(value, forKey: key) == nil else { throw fail(value, "duplicate key") }
            member = document.after(value)
        }
        return members
    }

    func missing(_ object: Int, _ key: Key) -> FileError {
        let path = document.path(to: object)
        return FileError(.malformed, path: file, line: document.values[object].line,
                         message: (path.isEmpty ? "" : path + ".") + key.rawValue + ": missing required key")
    }

    /// The elements' places of the array at `place`.
    func elements(_ place: Int) throws(FileError) -> [Int] {
        guard case .array(let count, _) = document.values[place].content else {
            throw fail(place, "expected an array, found \(document.values[place].kind)")
        }
        var places: [Int] = []
        var element = place + 1
        for _ in 0..<count {
            places.append(element)
            element = document.after(element)
        }
        return places
    }

    func string(_ place: Int) throws(FileError) -> String {
        guard case .string(let range) = document.values[place].content else {
            throw fail(place, "expected a string, found \(document.values[place].kind)")
        }
        return document.string(range)
    }

    func flag(_ place: Int) throws(FileError) -> Bool {
        guard case .bool(let flag) = document.values[place].content else {
            throw fail(place, "expected true or false, found \(document.values[place].kind)")
        }
        return flag
    }

    func number(_ place: Int) throws(FileError) -> Double {
        guard case .number(let number) = document.values[place].content else {
            throw fail(place, "expected a number, found \(document.values[place].kind)")
        }
        return number
    }

    func whole(_ place: Int, in range: ClosedRange<Int>) throws(FileError) -> Int {
        let value = try number(place)
        if let problem = NumberCheck.whole(value, in: range) { throw fail(place, problem) }
        return Int(value)
    }

    func choice<Value>(_ place: Int, _ choices: [(String, Value)]) throws(FileError) -> Value {
        let text = try string(place)
        guard let found = choices.first(where: { $0.0 == text }) else {
            let names = choices.map { "\"\($0.0)\"" }
            throw fail(place, "expected \(names.dropLast().joined(separator: ", ")) or \(names.last!), found \"\(text)\"")
        }
        return found.1
    }

    mutating func configuration() throws(FileError) -> ServiceConfiguration {
        let top = try members(0, allowed: [.devices, .touchpads, .bindings, .haptics])
        var configuration = ServiceConfiguration()
        if let value = top[.touchpads] { configuration.touchpads = try flag(value) }
        if let value = top[.haptics] {
            let name = try string(value)
            guard name == "feedbackd" || (name.hasPrefix("/") && name.count > 1) else {
                throw fail(value, "expected \"feedbackd\" or a force-feedback device's node (\"/dev/input/event7\"), found \"\(name)\"")
            }
            configuration.haptics = ServiceHaptics(destination: HapticDestination(name),
                                                   origin: "\(file):\(document.values[value].line): \(document.path(to: value))")
        }
        if let value = top[.devices] {
            for element in try elements(value) { configuration.devices.append(try device(element)) }
        }
        if let value = top[.bindings] {
            var longPress: (place: Int, duration: TimeSpan)?
            for element in try elements(value) {
                let binding = try self.binding(element)
                // One long press a device: two durations would give two lines that say the same.
                if case .longPress(let duration) = binding.gesture {
                    if let first = longPress, first.duration != duration {
                        let place = (try? members(element, allowed: Key.allCases))?[.durationMs] ?? element
                        throw fail(place, "expected \(show(Double(first.duration.microseconds) / 1000)) as \(document.path(to: first.place)) has: "
                                   + "one long press is recognized on a device")
                    }
                    longPress = longPress ?? (element, duration)
                }
                configuration.bindings.append(binding)
            }
        }
        return configuration
    }

    static let rotations: [(String, ViewTransform.Rotation)] = [("normal", .none), ("right", .quarter), ("inverted", .half), ("left", .threeQuarters)]

    func device(_ place: Int) throws(FileError) -> DeviceRule {
        let fields = try members(place, allowed: [.match, .rotation, .layout, .size, .grab, .ignore])
        var rule = DeviceRule()
        if let value = fields[.match] {
            let match = try members(value, allowed: [.name, .vendor, .product, .node])
            if let name = match[.name] { rule.match.name = try string(name) }
            if let vendor = match[.vendor] { rule.match.vendor = try whole(vendor, in: 0...0xFFFF) }
            if let product = match[.product] { rule.match.product = try whole(product, in: 0...0xFFFF) }
            if let node = match[.node] { rule.match.node = try string(node) }
        }
        if let value = fields[.rotation] { rule.rotation = try choice(value, Self.rotations) }
        if let value = fields[.grab] { rule.grab = try flag(value) }
        if let value = fields[.ignore] { rule.ignore = try flag(value) }
        if let value = fields[.size] {
            let size = try members(value, allowed: [.width, .height])
            func side(_ key: Key) throws(FileError) -> Double {
                guard let place = size[key] else { throw missing(value, key) }
                let length = try number(place)
                guard length > 0, length <= Size.largestLength else {
                    throw fail(place, "expected a number of mm above 0 and at most \(show(Size.largestLength)), found \(show(length))")
                }
                return length
            }
            rule.size = Size(width: try side(.width), height: try side(.height))
        }
        if let value = fields[.layout] {
            let name = try string(value)
            do {
                rule.layout = try loadLayout(name)
            } catch {
                throw FileError(error.kind, path: file, line: document.values[value].line,
                                message: document.path(to: value) + ": " + error.description)
            }
        }
        return rule
    }

    static let directions = SwipeGesture.Direction.allCases.map { ($0.rawValue, $0) }
    static let edges: [(String, EdgeSwipeGesture.Edge)] = [("left", .left), ("right", .right), ("top", .top), ("bottom", .bottom)]

    func binding(_ place: Int) throws(FileError) -> Binding {
        let any = try members(place, allowed: Key.allCases.filter { ![.devices, .touchpads, .bindings, .haptics, .match, .rotation, .layout, .size, .grab, .ignore, .name,
                                                                     .vendor, .product, .node, .width, .height].contains($0) })
        guard let kindValue = any[.gesture] else { throw missing(place, .gesture) }
        let kinds: [(String, [Key])] = [
            ("swipe", [.fingers, .direction]), ("edge-swipe", [.edge, .zone, .continuous]), ("tap", [.count, .fingers]),
            ("long-press", [.durationMs]), ("pinch", [.direction, .continuous]), ("rotation", [.direction, .continuous]),
        ]
        let kind = try choice(kindValue, kinds.map { ($0.0, $0) })
        let fields = try members(place, allowed: [.gesture, .run] + kind.1)
        guard let runValue = fields[.run] else { throw missing(place, .run) }
        var run: [String] = []
        for element in try elements(runValue) { run.append(try string(element)) }
        guard let command = run.first else { throw fail(runValue, "expected a command and its arguments, found an empty array") }
        guard !command.isEmpty else { throw fail(runValue + 1, "expected a command, found an empty string") }
        let continuous = try fields[.continuous].map { value throws(FileError) in try flag(value) } ?? false
        let gesture: BoundGesture
        switch kind.0 {
        case "swipe":
            let fingers = try fields[.fingers].map { value throws(FileError) in try whole(value, in: 1...LayoutGestures.mostFingers) } ?? 1
            let direction = try fields[.direction].map { value throws(FileError) in try choice(value, Self.directions) }
            gesture = .swipe(fingers: fingers, direction: direction)
        case "edge-swipe":
            guard let edgeValue = fields[.edge] else { throw missing(place, .edge) }
            let edge = try choice(edgeValue, Self.edges)
            var zone = 0.0...1.0
            if let value = fields[.zone] {
                let ends = try elements(value)
                let numbers = try ends.map { end throws(FileError) in try number(end) }
                guard numbers.count == 2, numbers[0] >= 0, numbers[0] < numbers[1], numbers[1] <= 1 else {
                    throw fail(value, "expected [start, end]: fractions of the edge from 0 to 1, start below end, found ["
                               + numbers.map(show).joined(separator: ", ") + "]")
                }
                zone = numbers[0]...numbers[1]
            }
            gesture = .edgeSwipe(edge: edge, zone: zone)
        case "tap":
            let fingers = try fields[.fingers].map { value throws(FileError) in try whole(value, in: 1...LayoutGestures.mostFingers) } ?? 1
            let count = try fields[.count].map { value throws(FileError) in try whole(value, in: 1...LayoutGestures.mostTaps) } ?? 1
            if let value = fields[.count], fingers > 1, count > 1 {
                throw fail(value, "expected 1 with fingers above 1 (a tap of several fingers is never chained), found \(count)")
            }
            gesture = .tap(count: count, fingers: fingers)
        case "long-press":
            var duration = TimeSpan.ms(300)
            if let value = fields[.durationMs] {
                let milliseconds = try number(value)
                guard milliseconds >= 0, milliseconds <= 1e12 else {
                    throw fail(value, "expected a number of ms from 0 to 1000000000000, found \(show(milliseconds))")
                }
                duration = TimeSpan(microseconds: Int64((milliseconds * 1000).rounded()))
            }
            gesture = .longPress(duration: duration)
        case "pinch":
            gesture = .pinch(closing: try fields[.direction].map { value throws(FileError) in try choice(value, [("in", true), ("out", false)]) })
        default:
            gesture = .rotation(clockwise: try fields[.direction].map { value throws(FileError) in
                try choice(value, [("clockwise", true), ("counterclockwise", false)])
            })
        }
        return Binding(gesture: gesture, run: run, continuous: continuous)
    }
}
