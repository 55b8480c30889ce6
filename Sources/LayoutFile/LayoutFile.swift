// Over 400 lines for a reason: the checks of every key of the layout file, in the order of the document, each a few
// lines, read together against SPEC's "Layout file" table.
import GestureCore

/// A layout file that cannot be used: which key, on which line, and what was expected.
public struct LayoutError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The file, as given by the caller (nil for text that came from elsewhere).
    public var file: String?
    /// The 1-based line of the key (or of the text where the document went wrong).
    public var line: Int
    /// The path of the key in the document, as `regions[1].radius`; empty for the document itself.
    public var key: String
    /// What is wrong and what was expected, as `expected a positive number, found -3`.
    public var message: String

    /// An error at `key` on `line` of `file`.
    public init(file: String?, line: Int, key: String, message: String) {
        self.file = file
        self.line = line
        self.key = key
        self.message = message
    }

    public var description: String {
        let place = (file ?? "layout") + ":" + String(line) + ": "
        return place + (key.isEmpty ? "" : key + ": ") + message
    }
}

/// Reads layout files (SPEC "Layout file").
///
/// Everything SPEC lists is rejected with the key's name: unknown keys, wrong types, missing required
/// keys, duplicate names (and duplicate keys in one object), sizes, radii, buckets and detents that are
/// not positive, negative thresholds, non-finite numbers, impossible dates, `start` not before `end`,
/// a bucket that does not fit the domain, `minDegrees` above `maxDegrees`, `initialDegrees` outside them,
/// numbers beyond the limits (positions and sizes beyond `Size.largestLength`, among others); for a `target`, a ring whose inner radius is not below its outer one, a child wholly outside its
/// parent, `coordination` without gestures, `combine` on the first gesture, gesture options out of range
/// or contradicting each other.
public enum LayoutFile {
    /// The largest layout file read, in bytes: no layout is that big (SPEC "Input files").
    public static let largestFile = 16 << 20

    /// Parses the bytes of a layout file. `file` only names it in messages.
    public static func parse(_ bytes: [UInt8], file: String? = nil) throws(LayoutError) -> Layout {
        let document: JSON.Located
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw LayoutError(file: file, line: error.line, key: "", message: "not valid JSON: " + error.message)
        }
        var decoder = Decoder(file: file)
        return try decoder.layout(document)
    }

    /// Reads a layout from `text`; `file` (nil: none) names it in the errors.
    ///
    /// - Throws: `LayoutError`, naming the line and the key, for anything docs/SPEC.md "Layout file" rejects.
    public static func parse(_ text: String, file: String? = nil) throws(LayoutError) -> Layout {
        try parse(Array(text.utf8), file: file)
    }
}

/// Turns a parsed document into a `Layout`, checking every key (`target` regions: Targets.swift).
///
/// A region's path (`regions[1]`) is written out as the region is read: its name is claimed with it. The paths below
/// it are autoclosures, written out only for a message (docs/performance.md, "Layout loading, second step").
struct Decoder {
    let file: String?

    func fail(_ located: JSON.Located, _ key: String, _ message: String) -> LayoutError {
        LayoutError(file: file, line: located.line, key: key, message: message)
    }

    /// The path of `key` in the object at `path`, for a message.
    static func child(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

    /// The members of an object, each key once and every key among those allowed (`members(_:_:allowed:)` checked).
    struct Members {
        let members: [JSON.Member]
        let located: JSON.Located

        /// The value of `key`; nil when not given.
        subscript(key: String) -> JSON.Located? {
            // By index: `first(where:)` would copy each member it looks at, value and all.
            for index in members.indices where members[index].key == key { return members[index].value }
            return nil
        }
    }

    /// The members of an object whose keys are among `allowed`. Duplicate and unknown keys are reported
    /// here, before any key is found missing.
    func members(_ located: JSON.Located, _ path: @autoclosure () -> String, allowed: [String]) throws(LayoutError) -> Members {
        guard case .object(let members) = located.value else {
            throw fail(located, path(), "expected an object, found \(located.value.kind)")
        }
        let result = Members(members: members, located: located)
        try checkKeys(result, path, allowed: allowed)
        return result
    }

    /// Reports the first key given twice, else the first key not in `allowed`, in the document's order.
    ///
    /// While every key is allowed, each is marked seen by its place in `allowed`: an object of a layout that loads
    /// costs no set (docs/performance.md, "Layout loading, second step"). At the first key not allowed, the set of
    /// every key finds a duplicate anywhere in the object, which is reported before the unknown key.
    func checkKeys(_ members: Members, _ path: () -> String, allowed: [String]) throws(LayoutError) {
        var seen: UInt64 = 0
        for member in members.members.indices {
            let key = members.members[member].key
            guard let place = allowed.firstIndex(of: key), place < UInt64.bitWidth else {
                var keys: Set<String> = []
                for member in members.members where !keys.insert(member.key).inserted {
                    throw fail(member.value, Self.child(path(), member.key), "duplicate key")
                }
                try known(members, path(), allowed: allowed)
                return
            }
            let bit: UInt64 = 1 << place
            guard seen & bit == 0 else { throw fail(members.members[member].value, Self.child(path(), key), "duplicate key") }
            seen |= bit
        }
    }

    /// Reports the first key of `members`, in the document's order, that is not in `allowed`.
    func known(_ members: Members, _ path: @autoclosure () -> String, allowed: [String]) throws(LayoutError) {
        if let unknown = members.members.firstIndex(where: { !allowed.contains($0.key) }).map({ members.members[$0] }) {
            throw fail(unknown.value, Self.child(path(), unknown.key),
                       "unknown key (expected one of: \(allowed.joined(separator: ", ")))")
        }
    }

    /// The value of `key` in the object at `path`.
    func required(_ members: Members, _ key: String, _ path: @autoclosure () -> String) throws(LayoutError) -> JSON.Located {
        guard let value = members[key] else {
            throw fail(members.located, Self.child(path(), key), "missing required key")
        }
        return value
    }

    func number(_ located: JSON.Located, _ key: @autoclosure () -> String) throws(LayoutError) -> Double {
        guard case .number(let number) = located.value else {
            throw fail(located, key(), "expected a number, found \(located.value.kind)")
        }
        guard number.isFinite else { throw fail(located, key(), NumberCheck.notFinite) }
        return number
    }

    func positive(_ located: JSON.Located, _ key: @autoclosure () -> String) throws(LayoutError) -> Double {
        let value = try number(located, key())
        guard value > 0 else { throw fail(located, key(), NumberCheck.notPositive(value)) }
        return value
    }

    /// A position in mm: within ±`Size.largestLength`.
    func coordinate(_ located: JSON.Located, _ key: @autoclosure () -> String) throws(LayoutError) -> Double {
        try within(Size.largestLength, try number(located, key()), located, key())
    }

    /// A size or radius in mm: positive (or ≥ 0, `allowingZero`), at most `Size.largestLength`.
    func length(_ located: JSON.Located, _ key: @autoclosure () -> String, allowingZero: Bool = false) throws(LayoutError) -> Double {
        let value = allowingZero ? try nonNegative(located, key()) : try positive(located, key())
        guard value <= Size.largestLength else { throw fail(located, key(), NumberCheck.tooLong(value)) }
        return value
    }

    func nonNegative(_ located: JSON.Located, _ key: @autoclosure () -> String) throws(LayoutError) -> Double {
        let value = try number(located, key())
        guard value >= 0 else { throw fail(located, key(), NumberCheck.negative(value)) }
        return value
    }

    func string(_ located: JSON.Located, _ key: @autoclosure () -> String) throws(LayoutError) -> String {
        guard case .string(let string) = located.value else {
            throw fail(located, key(), "expected a string, found \(located.value.kind)")
        }
        return string
    }

    /// Milliseconds ≥ 0, as a time span (fractions of a millisecond kept to the microsecond).
    func milliseconds(_ located: JSON.Located, _ key: @autoclosure () -> String) throws(LayoutError) -> TimeSpan {
        let value = try nonNegative(located, key())
        guard value <= 1e12 else { throw fail(located, key(), NumberCheck.tooLongAgo(value)) }
        return TimeSpan(microseconds: Int64((value * 1000).rounded()))
    }

    /// The names taken so far, each with the path of its region.
    var names: [String: String] = [:]
    /// The regions' `view`s so far, by name.
    var views: [String: ViewTransform] = [:]

    mutating func layout(_ document: JSON.Located) throws(LayoutError) -> Layout {
        let top = try members(document, "", allowed: ["surface", "regions"])
        var surface: Size?
        if let located = top["surface"] {
            let fields = try members(located, "surface", allowed: ["width", "height"])
            surface = Size(width: try length(try required(fields, "width", "surface"), "surface.width"),
                           height: try length(try required(fields, "height", "surface"), "surface.height"))
        }
        let regions = try self.regions(try required(top, "regions", ""), "regions")
        return Layout(surface: surface, regions: regions, viewTransforms: views)
    }

    /// A list of regions: the layout's, or the children of a `parent` target, each of which must meet
    /// its parent's shape (a touch reaches a child only through it).
    mutating func regions(_ located: JSON.Located, _ path: String,
                          parent: (name: String, shape: Shape)? = nil) throws(LayoutError) -> [RegionConfiguration] {
        guard case .array(let list) = located.value else {
            throw fail(located, path, "expected an array, found \(located.value.kind)")
        }
        var regions: [RegionConfiguration] = []
        regions.reserveCapacity(list.count)
        for (index, element) in list.enumerated() {
            let region = try self.region(element, path + "[\(index)]")
            if let parent, !region.shape.intersects(parent.shape) {
                throw fail(element, path + "[\(index)]", "lies wholly outside its parent \"\(parent.name)\": "
                           + "a touch reaches a child only through its parent's shape")
            }
            regions.append(region)
        }
        return regions
    }

    /// Takes `name` for the region at `path`: names are unique in the whole layout, children included.
    mutating func claim(_ name: String, _ located: JSON.Located, _ path: String) throws(LayoutError) {
        if let first = names[name] {
            throw fail(located, path + ".name", "duplicate name \"\(name)\" (also \(first))")
        }
        names[name] = path
    }

    /// A region: its keys are those of its kind, checked once the kind is known (before that, a key
    /// of no kind is unknown). Its name is claimed once its own keys are read, before its children.
    mutating func region(_ located: JSON.Located, _ path: String) throws(LayoutError) -> RegionConfiguration {
        let fields = try members(located, path, allowed: Self.regionKeys)
        let region = try kind(fields, located, path)
        if let value = fields["view"] { views[region.name] = try view(value, path + ".view") }
        return region
    }

    /// A region's own keys, once its kind is known.
    mutating func kind(_ fields: Members, _ located: JSON.Located, _ path: String) throws(LayoutError) -> RegionConfiguration {
        let kindValue = try required(fields, "kind", path)
        switch try string(kindValue, path + ".kind") {
        case "timeline":
            try known(fields, path, allowed: Self.timelineKeys)
            let timeline = try timeline(try string(try required(fields, "name", path), path + ".name"), fields, path)
            try claim(timeline.name, located, path)
            return .timeline(timeline)
        case "dial":
            try known(fields, path, allowed: Self.dialKeys)
            let dial = try dial(try string(try required(fields, "name", path), path + ".name"), fields, path)
            try claim(dial.name, located, path)
            return .dial(dial)
        case "target":
            try known(fields, path, allowed: Self.targetKeys)
            return .generic(try target(try string(try required(fields, "name", path), path + ".name"), fields, located, path))
        case let other:
            throw fail(kindValue, path + ".kind", "expected \(alternatives(["timeline", "dial", "target"])), found \"\(other)\"")
        }
    }

    /// The keys of a region of any kind.
    static let regionKeys = union([timelineKeys, dialKeys, targetKeys])

    /// A region's `view` (SPEC "View coordinates"): `scale` points per mm (positive, default 1), `offset`
    /// {x, y} in points (default 0, 0), `rotation` 0, 90, 180 or 270 (default 0).
    func view(_ located: JSON.Located, _ path: @autoclosure () -> String) throws(LayoutError) -> ViewTransform {
        let fields = try members(located, path(), allowed: ["scale", "offset", "rotation"])
        var view = ViewTransform.identity
        if let value = fields["scale"] {
            _ = try positive(value, path() + ".scale")  // 0 and below: "expected a positive number"
            view.scale = try number(value, path() + ".scale", in: ViewTransform.layoutScales)
        }
        if let value = fields["offset"] { view.offset = try point(value, path() + ".offset") }
        if let value = fields["rotation"] {
            let degrees = try number(value, path() + ".rotation")
            guard let rotation = ViewTransform.Rotation.allCases.first(where: { Double($0.rawValue) == degrees }) else {
                throw fail(value, path() + ".rotation", "expected 0, 90, 180 or 270, found \(show(degrees))")
            }
            view.rotation = rotation
        }
        return view
    }

    static let timelineKeys = ["name", "kind", "rect", "domain", "bucket", "longPressMs", "slopMm", "doubleTapMs", "doubleTapSlopMm", "zoom", "view"]

    func timeline(_ name: String, _ fields: Members, _ path: String) throws(LayoutError) -> TimelineConfiguration {
        let rectFields = try members(try required(fields, "rect", path), path + ".rect", allowed: ["x", "y", "width", "height"])
        let rect = try self.rect(rectFields, path + ".rect")
        let domain = try self.domain(try required(fields, "domain", path), try required(fields, "bucket", path), path)
        var configuration = TimelineConfiguration(name: name, rect: rect, domain: domain)
        if let value = fields["longPressMs"] { configuration.longPressDuration = try milliseconds(value, path + ".longPressMs") }
        if let value = fields["slopMm"] { configuration.slop = try nonNegative(value, path + ".slopMm") }
        if let value = fields["doubleTapMs"] { configuration.doubleTapInterval = try milliseconds(value, path + ".doubleTapMs") }
        if let value = fields["doubleTapSlopMm"] { configuration.doubleTapSlop = try nonNegative(value, path + ".doubleTapSlopMm") }
        if let value = fields["zoom"] { configuration.zoom = try zoom(value, domain, path + ".zoom") }
        return configuration
    }

    /// A timeline's `zoom`: an object, empty for the defaults; `minSpan` in the domain's units, days for dates;
    /// `oneFingerScroll`, true or false.
    func zoom(_ located: JSON.Located, _ domain: TimelineDomain, _ path: @autoclosure () -> String) throws(LayoutError) -> ZoomConfiguration {
        let fields = try members(located, path(), allowed: ["minSpan", "oneFingerScroll"])
        var zoom = ZoomConfiguration()
        if let value = fields["minSpan"] {
            let span = try positive(value, path() + ".minSpan")
            switch domain {
            case .numeric: zoom.minimumSpan = span
            case .date: zoom.minimumSpan = span * TimelineDomain.secondsPerDay
            }
        }
        if let value = fields["oneFingerScroll"] { zoom.oneFingerScroll = try flag(value, path() + ".oneFingerScroll") }
        return zoom
    }

    /// A rectangle's `x`, `y`, `width` and `height`, from the members of its object at `path`.
    func rect(_ fields: Members, _ path: @autoclosure () -> String) throws(LayoutError) -> Rect {
        Rect(x: try coordinate(try required(fields, "x", path()), path() + ".x"),
             y: try coordinate(try required(fields, "y", path()), path() + ".y"),
             width: try length(try required(fields, "width", path()), path() + ".width"),
             height: try length(try required(fields, "height", path()), path() + ".height"))
    }

    /// A point {x, y}.
    func point(_ located: JSON.Located, _ path: @autoclosure () -> String) throws(LayoutError) -> Point {
        let fields = try members(located, path(), allowed: ["x", "y"])
        return Point(x: try coordinate(try required(fields, "x", path()), path() + ".x"),
                     y: try coordinate(try required(fields, "y", path()), path() + ".y"))
    }

    func domain(_ located: JSON.Located, _ bucket: JSON.Located, _ path: String) throws(LayoutError) -> TimelineDomain {
        let fields = try members(located, path + ".domain", allowed: ["start", "end"])
        let start = try required(fields, "start", path + ".domain")
        let end = try required(fields, "end", path + ".domain")
        switch (start.value, end.value) {
        case (.number, .number):
            let from = try within(TimelineDomain.largestNumber, try number(start, path + ".domain.start"), start, path + ".domain.start")
            let to = try within(TimelineDomain.largestNumber, try number(end, path + ".domain.end"), end, path + ".domain.end")
            guard from < to else { throw fail(start, path + ".domain.start", ContradictionMessage.startBeforeEnd(show(from), show(to))) }
            guard case .number = bucket.value else {
                throw fail(bucket, path + ".bucket", "expected a positive number for a numeric domain, found \(bucket.value.kind)")
            }
            let size = try positive(bucket, path + ".bucket")
            guard (to - from) / size <= TimelineDomain.mostBuckets else {
                throw fail(bucket, path + ".bucket", ContradictionMessage.tooManyBuckets(span: to - from, bucket: size))
            }
            return .numeric(start: from, end: to, bucket: size)
        case (.string, .string):
            let from = try day(start, path + ".domain.start")
            let to = try day(end, path + ".domain.end")
            guard from < to else { throw fail(start, path + ".domain.start", ContradictionMessage.startBeforeEnd(from.description, to.description)) }
            guard case .string(let kind) = bucket.value else {
                throw fail(bucket, path + ".bucket", "expected \"day\", \"week\" or \"month\" for a date domain, found \(bucket.value.kind)")
            }
            guard let dateBucket = DateBucket(rawValue: kind) else {
                throw fail(bucket, path + ".bucket", "expected \"day\", \"week\" or \"month\" for a date domain, found \"\(kind)\"")
            }
            return .date(start: from, end: to, bucket: dateBucket)
        case (.number, _), (.string, _):
            throw fail(end, path + ".domain.end", "expected \(start.value.kind) like start, found \(end.value.kind)")
        default:
            throw fail(start, path + ".domain.start", "expected a number or a date \"YYYY-MM-DD\", found \(start.value.kind)")
        }
    }

    func day(_ located: JSON.Located, _ key: @autoclosure () -> String) throws(LayoutError) -> CivilDay {
        let text = try string(located, key())
        guard let (year, month, day) = CivilDay.isoComponents(text) else {
            throw fail(located, key(), "expected a date \"YYYY-MM-DD\", found \"\(text)\"")
        }
        guard let civilDay = CivilDay(year: year, month: month, day: day) else {
            let why = (1...12).contains(month)
                ? "the days of \(Self.monthNames[month - 1]) \(year) are 1 to \(CivilDay.daysIn(month: month, year: year))"
                : "there is no month \(month)"
            throw fail(located, key(), "\"\(text)\" is an impossible date: \(why)")
        }
        return civilDay
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    static let dialKeys = ["name", "kind", "center", "radius", "deadZoneMm", "slopMm", "doubleTapMs", "doubleTapSlopMm",
                           "detentDegrees", "hysteresisDegrees", "minDegrees", "maxDegrees", "initialDegrees",
                           "rotateThresholdDegrees", "view"]

    func dial(_ name: String, _ fields: Members, _ path: String) throws(LayoutError) -> DialConfiguration {
        let centerValue = try required(fields, "center", path)
        let center = try point(centerValue, path + ".center")
        let radius = try length(try required(fields, "radius", path), path + ".radius")
        var configuration = DialConfiguration(name: name, center: center, radius: radius)
        if let value = fields["deadZoneMm"] { configuration.deadZone = try nonNegative(value, path + ".deadZoneMm") }
        if let value = fields["slopMm"] { configuration.slop = try nonNegative(value, path + ".slopMm") }
        if let value = fields["doubleTapMs"] { configuration.doubleTapInterval = try milliseconds(value, path + ".doubleTapMs") }
        if let value = fields["doubleTapSlopMm"] { configuration.doubleTapSlop = try nonNegative(value, path + ".doubleTapSlopMm") }
        if let value = fields["detentDegrees"] {
            let detent = try positive(value, path + ".detentDegrees")
            guard detent >= DialValue.finestDetentDegrees else {
                throw fail(value, path + ".detentDegrees", ContradictionMessage.finerThanFinestDetent(detent))
            }
            configuration.detentDegrees = detent
        }
        if let value = fields["hysteresisDegrees"] {
            configuration.hysteresisDegrees = try nonNegative(value, path + ".hysteresisDegrees")
        }
        if let value = fields["rotateThresholdDegrees"] {
            configuration.rotateThresholdDegrees = try nonNegative(value, path + ".rotateThresholdDegrees")
        }
        let minValue = fields["minDegrees"]
        let maxValue = fields["maxDegrees"]
        if let minValue {
            configuration.minDegrees = try optionalNumber(minValue, path + ".minDegrees")
                .map { value throws(LayoutError) in try within(DialValue.largestLayoutDegrees, value, minValue, path + ".minDegrees") }
        }
        if let maxValue {
            configuration.maxDegrees = try optionalNumber(maxValue, path + ".maxDegrees")
                .map { value throws(LayoutError) in try within(DialValue.largestLayoutDegrees, value, maxValue, path + ".maxDegrees") }
        }
        if let low = configuration.minDegrees, let high = configuration.maxDegrees, low > high {
            throw fail(minValue ?? maxValue ?? centerValue, path + ".minDegrees", ContradictionMessage.aboveMaxDegrees(low, high))
        }
        if let value = fields["initialDegrees"] {
            let initial = try within(DialValue.largestLayoutDegrees, try number(value, path + ".initialDegrees"), value, path + ".initialDegrees")
            if let low = configuration.minDegrees, initial < low {
                throw fail(value, path + ".initialDegrees", ContradictionMessage.belowMinDegrees(initial, low))
            }
            if let high = configuration.maxDegrees, initial > high {
                throw fail(value, path + ".initialDegrees", ContradictionMessage.aboveMaxDegrees(initial, high))
            }
            configuration.initialDegrees = initial
        } else {
            // Not given: 0, brought within the stops (a dial whose range is 10–20 starts at 10).
            var initial = 0.0
            if let low = configuration.minDegrees { initial = max(initial, low) }
            if let high = configuration.maxDegrees { initial = min(initial, high) }
            configuration.initialDegrees = initial
        }
        return configuration
    }

    /// `value` when its magnitude is at most `limit` (one of the limits of docs/SPEC.md).
    func within(_ limit: Double, _ value: Double, _ located: JSON.Located, _ key: @autoclosure () -> String) throws(LayoutError) -> Double {
        guard abs(value) <= limit else { throw fail(located, key(), NumberCheck.range(-limit...limit, value)) }
        return value
    }

    func optionalNumber(_ located: JSON.Located, _ key: @autoclosure () -> String) throws(LayoutError) -> Double? {
        if case .null = located.value { return nil }
        return try number(located, key())
    }
}
