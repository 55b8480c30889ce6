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
        let document: JSONDocument
        do {
            document = try JSONParser.parse(bytes, keys: .layout)
        } catch {
            throw LayoutError(file: file, line: error.line, key: "", message: "not valid JSON: " + error.message)
        }
        var decoder = Decoder(document: document, file: file)
        return try decoder.layout()
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
/// A value is known by its place in the document's `values`. A message names the value's path (`regions[1].radius`),
/// found from its place when the message is written (`JSONDocument.path(to:)`): nothing is written while a layout
/// loads. The small checks made at every value are `@inline(__always)`: a call with typed throws costs more than most
/// of them (docs/performance.md, "Layout loading, third step").
struct Decoder {
    let document: JSONDocument
    let file: String?

    /// The names taken so far, each with its region's place.
    var names: [String: Int] = [:]
    /// The regions' `view`s so far, by name.
    var views: [String: ViewTransform] = [:]

    init(document: JSONDocument, file: String?) {
        self.document = document
        self.file = file
    }

    /// An error about the value at `place`: its line, its path.
    func fail(_ place: Int, _ message: String) -> LayoutError {
        LayoutError(file: file, line: document.values[place].line, key: document.path(to: place), message: message)
    }

    /// An error about `key` of the object at `object`, where that key is not (missing, say): the path the key would
    /// have, on the line of the value at `line` (by default the object's).
    func fail(_ object: Int, key: String, line: Int? = nil, _ message: String) -> LayoutError {
        let path = document.path(to: object)
        return LayoutError(file: file, line: document.values[line ?? object].line, key: path.isEmpty ? key : path + "." + key,
                           message: message)
    }

    /// What the value at `place` is, for a message (`a number`).
    func kind(_ place: Int) -> String { document.values[place].kind }

    /// An object whose keys were checked (`members(_:allowed:)`): each given once, every one among those allowed.
    struct Members {
        /// The object's place.
        let object: Int
        /// The keys it has.
        let keys: KeySet
    }

    /// The object at `place`, whose keys must be among `allowed`. Duplicate and unknown keys are reported here,
    /// before any key is found missing.
    @inline(__always)
    func members(_ place: Int, allowed: KeyList) throws(LayoutError) -> Members {
        guard case .object(_, _, let keys) = document.values[place].content else {
            throw fail(place, "expected an object, found \(kind(place))")
        }
        guard let keys, keys.isSubset(of: allowed.set) else { throw keyError(place, allowed: allowed) }
        return Members(object: place, keys: keys)
    }

    /// The error of an object with a key given twice or not allowed: the first key given twice, else the first key not
    /// in `allowed`, in the document's order. Keys are compared as `String`s here, as they were when every key was one.
    func keyError(_ object: Int, allowed: KeyList) -> LayoutError {
        let members = self.keys(object)
        var seen: Set<String> = []
        for (key, value) in members where !seen.insert(key).inserted {
            return fail(value, "duplicate key")
        }
        let names = allowed.names
        for (key, value) in members where !names.contains(key) {
            return fail(value, "unknown key (expected one of: \(names.joined(separator: ", ")))")
        }
        preconditionFailure("an object without a duplicate or unknown key")
    }

    /// The keys of the object at `object` as `String`s, with their values' places, in the document's order.
    func keys(_ object: Int) -> [(key: String, value: Int)] {
        guard case .object(let count, _, _) = document.values[object].content else { return [] }
        var keys: [(key: String, value: Int)] = []
        var member = object + 1
        for _ in 0..<count {
            guard case .key(_, let name) = document.values[member].content else { preconditionFailure("a member without a key") }
            keys.append((document.string(name), member + 1))
            member = document.after(member + 1)
        }
        return keys
    }

    /// Reports the first key of `members`, in the document's order, that is not in `allowed`.
    @inline(__always)
    func known(_ members: Members, allowed: KeyList) throws(LayoutError) {
        guard members.keys.isSubset(of: allowed.set) else { throw keyError(members.object, allowed: allowed) }
    }

    /// The place of the value of `key` in `members`; nil when not given.
    @inline(__always)
    func value(_ key: Key, in members: Members) -> Int? {
        value(number: key.rawValue, in: members)
    }

    /// The place of the value of the key numbered `number`; nil when not given.
    @inline(__always)
    func value(number: Int, in members: Members) -> Int? {
        guard members.keys.contains(number) else { return nil }
        var member = members.object + 1
        while true {
            if case .key(number, _) = document.values[member].content { return member + 1 }
            member = document.after(member + 1)
        }
    }

    /// The place of the value of `key` in `members`.
    @inline(__always)
    func required(_ key: Key, in members: Members) throws(LayoutError) -> Int {
        guard let value = value(key, in: members) else { throw fail(members.object, key: key.name, "missing required key") }
        return value
    }

    @inline(__always)
    func number(_ place: Int) throws(LayoutError) -> Double {
        guard case .number(let number) = document.values[place].content else {
            throw fail(place, "expected a number, found \(kind(place))")
        }
        // Here and below, a number plainly within what is asked is taken at once; any other goes to NumberCheck, whose
        // verdict and wording are the library's (a call into GestureCore cost more than the checks at every number).
        if number.isFinite { return number }
        if let problem = NumberCheck.finite(number) { throw fail(place, problem) }
        return number
    }

    @inline(__always)
    func positive(_ place: Int) throws(LayoutError) -> Double {
        let value = try number(place)
        if value > 0 { return value }
        if let problem = NumberCheck.positive(value) { throw fail(place, problem) }
        return value
    }

    /// A position in mm: within ±`Size.largestLength`.
    @inline(__always)
    func coordinate(_ place: Int) throws(LayoutError) -> Double {
        try within(Size.largestLength, try number(place), place)
    }

    /// A size or radius in mm: positive (or ≥ 0, `allowingZero`), at most `Size.largestLength`.
    @inline(__always)
    func length(_ place: Int, allowingZero: Bool = false) throws(LayoutError) -> Double {
        let value = try number(place)
        if value > 0 && value <= Size.largestLength { return value }
        if let problem = NumberCheck.length(value, allowingZero: allowingZero) { throw fail(place, problem) }
        return value
    }

    func nonNegative(_ place: Int) throws(LayoutError) -> Double {
        let value = try number(place)
        if value >= 0 { return value }
        if let problem = NumberCheck.nonNegative(value) { throw fail(place, problem) }
        return value
    }

    /// A string's UTF-8, as a range of the document's `text`.
    @inline(__always)
    func text(_ place: Int) throws(LayoutError) -> Range<Int> {
        guard case .string(let range) = document.values[place].content else {
            throw fail(place, "expected a string, found \(kind(place))")
        }
        return range
    }

    func string(_ place: Int) throws(LayoutError) -> String {
        document.string(try text(place))
    }

    /// One of the names of `choices`, compared as UTF-8. (As `String`s compare: no name has a character that another
    /// spelling of it would equal, as the Kelvin sign equals `K`.)
    @inline(__always)
    func choice<Value>(_ place: Int, _ choices: Choices<Value>) throws(LayoutError) -> Value {
        let range = try text(place)
        guard let index = document.withText({ choices.spellings.firstIndex(of: range, in: $0) }) else {
            throw fail(place, "expected \(alternatives(choices.names)), found \"\(document.string(range))\"")
        }
        return choices.values[index]
    }

    /// Milliseconds ≥ 0, as a time span (fractions of a millisecond kept to the microsecond).
    func milliseconds(_ place: Int) throws(LayoutError) -> TimeSpan {
        let value = try number(place)
        if value < 0 || value > 1e12, let problem = NumberCheck.milliseconds(value) { throw fail(place, problem) }
        return TimeSpan(microseconds: Int64((value * 1000).rounded()))
    }

    static let topKeys = KeyList([.surface, .regions])
    static let surfaceKeys = KeyList([.width, .height])

    mutating func layout() throws(LayoutError) -> Layout {
        let top = try members(0, allowed: Self.topKeys)
        var surface: Size?
        if let place = value(.surface, in: top) {
            let fields = try members(place, allowed: Self.surfaceKeys)
            surface = Size(width: try length(try required(.width, in: fields)), height: try length(try required(.height, in: fields)))
        }
        let regionsValue = try required(.regions, in: top)
        if case .array(let count, _) = document.values[regionsValue].content { names.reserveCapacity(count) }
        let regions = try self.regions(regionsValue)
        return Layout(surface: surface, regions: regions, viewTransforms: views)
    }

    /// A list of regions: the layout's, or the children of a `parent` target, each of which must meet
    /// its parent's shape (a touch reaches a child only through it).
    mutating func regions(_ place: Int, parent: (name: String, shape: Shape)? = nil) throws(LayoutError) -> [RegionConfiguration] {
        guard case .array(let count, _) = document.values[place].content else {
            throw fail(place, "expected an array, found \(kind(place))")
        }
        var regions: [RegionConfiguration] = []
        regions.reserveCapacity(count)
        var element = place + 1
        for _ in 0..<count {
            let region = try self.region(element)
            if let parent, !region.shape.intersects(parent.shape) {
                throw fail(element, "lies wholly outside its parent \"\(parent.name)\": "
                           + "a touch reaches a child only through its parent's shape")
            }
            regions.append(region)
            element = document.after(element)
        }
        return regions
    }

    /// Takes `name` for the region at `region`: names are unique in the whole layout, children included.
    mutating func claim(_ name: String, _ region: Int) throws(LayoutError) {
        if let first = names.updateValue(region, forKey: name) {
            throw fail(region, key: Key.name.name, "duplicate name \"\(name)\" (also \(document.path(to: first)))")
        }
    }

    enum RegionKind { case timeline, dial, target }

    static let regionKinds = Choices<RegionKind>([("timeline", .timeline), ("dial", .dial), ("target", .target)])

    /// A region: its keys are those of its kind, checked once the kind is known (before that, a key
    /// of no kind is unknown). Its name is claimed once its own keys are read, before its children.
    mutating func region(_ place: Int) throws(LayoutError) -> RegionConfiguration {
        let fields = try members(place, allowed: Self.regionKeys)
        let region: RegionConfiguration
        switch try choice(try required(.kind, in: fields), Self.regionKinds) {
        case .timeline:
            try known(fields, allowed: Self.timelineKeys)
            let timeline = try timeline(try string(try required(.name, in: fields)), fields)
            try claim(timeline.name, place)
            region = .timeline(timeline)
        case .dial:
            try known(fields, allowed: Self.dialKeys)
            let dial = try dial(try string(try required(.name, in: fields)), fields)
            try claim(dial.name, place)
            region = .dial(dial)
        case .target:
            try known(fields, allowed: Self.targetKeys)
            region = .generic(try target(try string(try required(.name, in: fields)), fields))
        }
        if let view = value(.view, in: fields) { views[region.name] = try self.view(view) }
        return region
    }

    /// The keys of a region of any kind.
    static let regionKeys = KeyList.union([timelineKeys, dialKeys, targetKeys])

    static let viewKeys = KeyList([.scale, .offset, .rotation])

    /// A region's `view` (SPEC "View coordinates"): `scale` points per mm (positive, default 1), `offset`
    /// {x, y} in points (default 0, 0), `rotation` 0, 90, 180 or 270 (default 0).
    func view(_ place: Int) throws(LayoutError) -> ViewTransform {
        let fields = try members(place, allowed: Self.viewKeys)
        var view = ViewTransform.identity
        if let value = value(.scale, in: fields) {
            _ = try positive(value)  // 0 and below: "expected a positive number"
            view.scale = try number(value, in: ViewTransform.layoutScales)
        }
        if let value = value(.offset, in: fields) { view.offset = try point(value) }
        if let value = value(.rotation, in: fields) {
            let degrees = try number(value)
            guard let rotation = ViewTransform.Rotation.allCases.first(where: { Double($0.rawValue) == degrees }) else {
                throw fail(value, "expected 0, 90, 180 or 270, found \(show(degrees))")
            }
            view.rotation = rotation
        }
        return view
    }

    static let timelineKeys = KeyList([.name, .kind, .rect, .domain, .bucket, .longPressMs, .slopMm, .doubleTapMs, .doubleTapSlopMm, .zoom, .view])
    static let rectKeys = KeyList([.x, .y, .width, .height])

    func timeline(_ name: String, _ fields: Members) throws(LayoutError) -> TimelineConfiguration {
        let rect = try self.rect(try members(try required(.rect, in: fields), allowed: Self.rectKeys))
        let domain = try self.domain(try required(.domain, in: fields), bucket: try required(.bucket, in: fields))
        var configuration = TimelineConfiguration(name: name, rect: rect, domain: domain)
        if let value = value(.longPressMs, in: fields) { configuration.longPressDuration = try milliseconds(value) }
        if let value = value(.slopMm, in: fields) { configuration.slop = try nonNegative(value) }
        if let value = value(.doubleTapMs, in: fields) { configuration.doubleTapInterval = try milliseconds(value) }
        if let value = value(.doubleTapSlopMm, in: fields) { configuration.doubleTapSlop = try nonNegative(value) }
        if let value = value(.zoom, in: fields) { configuration.zoom = try zoom(value, domain) }
        return configuration
    }

    static let zoomKeys = KeyList([.minSpan, .oneFingerScroll])

    /// A timeline's `zoom`: an object, empty for the defaults; `minSpan` in the domain's units, days for dates;
    /// `oneFingerScroll`, true or false.
    func zoom(_ place: Int, _ domain: TimelineDomain) throws(LayoutError) -> ZoomConfiguration {
        let fields = try members(place, allowed: Self.zoomKeys)
        var zoom = ZoomConfiguration()
        if let value = value(.minSpan, in: fields) {
            let span = try positive(value)
            switch domain {
            case .numeric: zoom.minimumSpan = span
            case .date: zoom.minimumSpan = span * TimelineDomain.secondsPerDay
            }
        }
        if let value = value(.oneFingerScroll, in: fields) { zoom.oneFingerScroll = try flag(value) }
        return zoom
    }

    /// A rectangle's `x`, `y`, `width` and `height`, from the members of its object.
    func rect(_ fields: Members) throws(LayoutError) -> Rect {
        Rect(x: try coordinate(try required(.x, in: fields)),
             y: try coordinate(try required(.y, in: fields)),
             width: try length(try required(.width, in: fields)),
             height: try length(try required(.height, in: fields)))
    }

    static let pointKeys = KeyList([.x, .y])

    /// A point {x, y}.
    func point(_ place: Int) throws(LayoutError) -> Point {
        let fields = try members(place, allowed: Self.pointKeys)
        return Point(x: try coordinate(try required(.x, in: fields)), y: try coordinate(try required(.y, in: fields)))
    }

    static let domainKeys = KeyList([.start, .end])

    func domain(_ place: Int, bucket: Int) throws(LayoutError) -> TimelineDomain {
        let fields = try members(place, allowed: Self.domainKeys)
        let start = try required(.start, in: fields)
        let end = try required(.end, in: fields)
        switch (document.values[start].content, document.values[end].content) {
        case (.number, .number):
            let from = try within(TimelineDomain.largestNumber, try number(start), start)
            let to = try within(TimelineDomain.largestNumber, try number(end), end)
            guard from < to else { throw fail(start, ContradictionMessage.startBeforeEnd(show(from), show(to))) }
            guard case .number = document.values[bucket].content else {
                throw fail(bucket, "expected a positive number for a numeric domain, found \(kind(bucket))")
            }
            let size = try positive(bucket)
            guard (to - from) / size <= TimelineDomain.mostBuckets else {
                throw fail(bucket, ContradictionMessage.tooManyBuckets(span: to - from, bucket: size))
            }
            return .numeric(start: from, end: to, bucket: size)
        case (.string, .string):
            let from = try day(start)
            let to = try day(end)
            guard from < to else { throw fail(start, ContradictionMessage.startBeforeEnd(from.description, to.description)) }
            guard case .string(let range) = document.values[bucket].content else {
                throw fail(bucket, "expected \"day\", \"week\" or \"month\" for a date domain, found \(kind(bucket))")
            }
            let name = document.string(range)
            guard let dateBucket = DateBucket(rawValue: name) else {
                throw fail(bucket, "expected \"day\", \"week\" or \"month\" for a date domain, found \"\(name)\"")
            }
            return .date(start: from, end: to, bucket: dateBucket)
        case (.number, _), (.string, _):
            throw fail(end, "expected \(kind(start)) like start, found \(kind(end))")
        default:
            throw fail(start, "expected a number or a date \"YYYY-MM-DD\", found \(kind(start))")
        }
    }

    func day(_ place: Int) throws(LayoutError) -> CivilDay {
        let text = try string(place)
        guard let (year, month, day) = CivilDay.isoComponents(text) else {
            throw fail(place, "expected a date \"YYYY-MM-DD\", found \"\(text)\"")
        }
        guard let civilDay = CivilDay(year: year, month: month, day: day) else {
            let why = (1...12).contains(month)
                ? "the days of \(Self.monthNames[month - 1]) \(year) are 1 to \(CivilDay.daysIn(month: month, year: year))"
                : "there is no month \(month)"
            throw fail(place, "\"\(text)\" is an impossible date: \(why)")
        }
        return civilDay
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    static let dialKeys = KeyList([.name, .kind, .center, .radius, .deadZoneMm, .slopMm, .doubleTapMs, .doubleTapSlopMm,
                                   .detentDegrees, .hysteresisDegrees, .minDegrees, .maxDegrees, .initialDegrees,
                                   .rotateThresholdDegrees, .view])

    func dial(_ name: String, _ fields: Members) throws(LayoutError) -> DialConfiguration {
        let centerValue = try required(.center, in: fields)
        let center = try point(centerValue)
        let radius = try length(try required(.radius, in: fields))
        var configuration = DialConfiguration(name: name, center: center, radius: radius)
        if let value = value(.deadZoneMm, in: fields) { configuration.deadZone = try nonNegative(value) }
        if let value = value(.slopMm, in: fields) { configuration.slop = try nonNegative(value) }
        if let value = value(.doubleTapMs, in: fields) { configuration.doubleTapInterval = try milliseconds(value) }
        if let value = value(.doubleTapSlopMm, in: fields) { configuration.doubleTapSlop = try nonNegative(value) }
        if let value = value(.detentDegrees, in: fields) {
            let detent = try positive(value)
            guard detent >= DialValue.finestDetentDegrees else {
                throw fail(value, ContradictionMessage.finerThanFinestDetent(detent))
            }
            configuration.detentDegrees = detent
        }
        if let value = value(.hysteresisDegrees, in: fields) { configuration.hysteresisDegrees = try nonNegative(value) }
        if let value = value(.rotateThresholdDegrees, in: fields) { configuration.rotateThresholdDegrees = try nonNegative(value) }
        let minValue = value(.minDegrees, in: fields)
        let maxValue = value(.maxDegrees, in: fields)
        if let minValue {
            configuration.minDegrees = try optionalNumber(minValue)
                .map { value throws(LayoutError) in try within(DialValue.largestLayoutDegrees, value, minValue) }
        }
        if let maxValue {
            configuration.maxDegrees = try optionalNumber(maxValue)
                .map { value throws(LayoutError) in try within(DialValue.largestLayoutDegrees, value, maxValue) }
        }
        if let low = configuration.minDegrees, let high = configuration.maxDegrees, low > high {
            // Without a minDegrees, its default is blamed on the line of the maxDegrees that contradicts it.
            throw fail(fields.object, key: Key.minDegrees.name, line: minValue ?? maxValue ?? centerValue,
                       ContradictionMessage.aboveMaxDegrees(low, high))
        }
        if let value = value(.initialDegrees, in: fields) {
            let initial = try within(DialValue.largestLayoutDegrees, try number(value), value)
            if let low = configuration.minDegrees, initial < low {
                throw fail(value, ContradictionMessage.belowMinDegrees(initial, low))
            }
            if let high = configuration.maxDegrees, initial > high {
                throw fail(value, ContradictionMessage.aboveMaxDegrees(initial, high))
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
    func within(_ limit: Double, _ value: Double, _ place: Int) throws(LayoutError) -> Double {
        if abs(value) <= limit { return value }
        if let problem = NumberCheck.within(limit, value) { throw fail(place, problem) }
        return value
    }

    func optionalNumber(_ place: Int) throws(LayoutError) -> Double? {
        if case .null = document.values[place].content { return nil }
        return try number(place)
    }
}
