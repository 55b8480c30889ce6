import GestureCore

/// `target` regions (SPEC "Layout file"): a shape, a coordination, gestures and children.
extension Decoder {
    static let targetKeys = KeyList([.name, .kind, .shape, .coordination, .gestures, .children, .view])

    static let coordinations = Choices<Target.Coordination>([
        ("exclusive", .exclusive), ("simultaneous", .simultaneous), ("high-priority", .highPriority),
    ])

    mutating func target(_ name: String, _ fields: Members) throws(LayoutError) -> TargetConfiguration {
        let shape = try self.shape(try required(.shape, in: fields))
        let coordinationValue = value(.coordination, in: fields)
        let coordination = try coordinationValue.map { value throws(LayoutError) in try choice(value, Self.coordinations) } ?? .exclusive
        var gestures: [TargetGesture] = []
        if let list = value(.gestures, in: fields) {
            guard case .array(let count, _) = document.values[list].content else {
                throw fail(list, "expected an array, found \(kind(list))")
            }
            guard count <= LayoutGestures.mostGestures else {
                throw fail(list, "expected at most \(LayoutGestures.mostGestures) gestures, found \(count)")
            }
            gestures.reserveCapacity(count)
            var element = list + 1
            for index in 0..<count {
                gestures.append(try gesture(element, isFirst: index == 0))
                element = document.after(element)
            }
        }
        if let coordinationValue, gestures.isEmpty {
            throw fail(coordinationValue, "expected no coordination for a target without gestures (a container takes no part in coordination)")
        }
        try claim(name, fields.object)
        let children = try value(.children, in: fields).map { value throws(LayoutError) in
            try regions(value, parent: (name, shape))
        } ?? []
        return TargetConfiguration(name: name, shape: shape, coordination: coordination, gestures: gestures, children: children)
    }

    enum ShapeKind { case rectangle, circle, ring }

    static let shapeKinds = Choices<ShapeKind>([("rectangle", .rectangle), ("circle", .circle), ("ring", .ring)])
    static let rectangleKeys = KeyList([.kind, .x, .y, .width, .height])
    static let circleKeys = KeyList([.kind, .center, .radius])
    static let ringKeys = KeyList([.kind, .center, .innerRadius, .outerRadius])
    static let shapeKeys = KeyList.union([rectangleKeys, circleKeys, ringKeys])

    /// A shape: its keys are those of its kind, checked once the kind is known.
    func shape(_ place: Int) throws(LayoutError) -> Shape {
        let fields = try members(place, allowed: Self.shapeKeys)
        switch try choice(try required(.kind, in: fields), Self.shapeKinds) {
        case .rectangle:
            try known(fields, allowed: Self.rectangleKeys)
            return .rectangle(try rect(fields))
        case .circle:
            try known(fields, allowed: Self.circleKeys)
            let center = try point(try required(.center, in: fields))
            return .circle(center: center, radius: try length(try required(.radius, in: fields)))
        case .ring:
            try known(fields, allowed: Self.ringKeys)
            let center = try point(try required(.center, in: fields))
            let innerValue = try required(.innerRadius, in: fields)
            let inner = try length(innerValue, allowingZero: true)
            let outer = try length(try required(.outerRadius, in: fields))
            guard inner < outer else {
                throw fail(innerValue, ContradictionMessage.innerRadiusNotBelowOuter(inner, outer))
            }
            return .ring(center: center, innerRadius: inner, outerRadius: outer)
        }
    }

    static let combinations = Choices<TargetGesture.Combination>([("exclusive", .exclusive), ("simultaneous", .simultaneous)])

    /// One gesture of a target: its kind, its options, and `combine`.
    func gesture(_ place: Int, isFirst: Bool) throws(LayoutError) -> TargetGesture {
        let kinds = GestureKinds.shared
        let fields = try members(place, allowed: kinds.everyKey)
        let kind = try choice(try required(.kind, in: fields), kinds.choices)
        try known(fields, allowed: kind.keys)
        var combination = TargetGesture.Combination.exclusive
        if let value = value(.combine, in: fields) {
            guard !isFirst else { throw fail(value, "expected no combine on the first gesture: none is listed before it") }
            combination = try choice(value, Self.combinations)
        }
        if fields.keys.isDisjoint(with: kind.optionKeys), let defaults = kind.defaults {
            return TargetGesture(defaults, combination: combination)
        }
        guard let gesture = kind.type.layoutGesture(try settings(kind, fields)) else {
            preconditionFailure("a gesture's options were checked as its kind takes them")
        }
        if let conflict = gesture.conflict {
            let key = kind.options.first { $0.name == conflict.key }?.key
            guard let value = key.flatMap({ value(number: $0, in: fields) }) else {
                throw fail(fields.object, key: conflict.key, "expected \(conflict.expected), found \(describe(fields.object))")
            }
            throw fail(value, "expected \(conflict.expected), found \(describe(value))")
        }
        return TargetGesture(gesture, combination: combination)
    }

    /// The options that `fields` gives a gesture of `kind`, checked, in the order of the kind's options (the others
    /// keep their defaults).
    func settings(_ kind: GestureKinds.Kind, _ fields: Members) throws(LayoutError) -> [(option: Int, value: LayoutOptionValue)] {
        var settings: [(option: Int, value: LayoutOptionValue)] = []
        for (index, option) in kind.options.enumerated() {
            guard let value = value(number: option.key, in: fields) else {
                if option.isRequired { throw fail(fields.object, key: option.name, "missing required key") }
                continue
            }
            let setting: LayoutOptionValue
            if case .null = document.values[value].content, option.takesNull {
                setting = .none
            } else {
                switch option.values {
                case .number(let range): setting = .number(try number(value, in: range))
                case .milliseconds: setting = .milliseconds(try milliseconds(value))
                case .count(let range): setting = .count(try count(value, in: range))
                case .flag: setting = .flag(try flag(value))
                case .choice: setting = .choice(try choice(value, option.choices))
                }
            }
            settings.append((index, setting))
        }
        return settings
    }

    /// A number within `range` (the message says "≥ 0" for every number from 0, the default range of an option).
    func number(_ place: Int, in range: ClosedRange<Double>) throws(LayoutError) -> Double {
        if range == 0...Double.greatestFiniteMagnitude { return try nonNegative(place) }
        let value = try number(place)
        guard range.contains(value) else { throw fail(place, NumberCheck.range(range, value)) }
        return value
    }

    /// `true` or `false`.
    func flag(_ place: Int) throws(LayoutError) -> Bool {
        guard case .bool(let flag) = document.values[place].content else {
            throw fail(place, "expected true or false, found \(kind(place))")
        }
        return flag
    }

    /// A whole number within `range`.
    func count(_ place: Int, in range: ClosedRange<Int>) throws(LayoutError) -> Int {
        let value = try number(place)
        if let problem = NumberCheck.whole(value, in: range) { throw fail(place, problem) }
        return Int(value)
    }

    /// A value as a message shows what was found.
    func describe(_ place: Int) -> String {
        switch document.values[place].content {
        case .number(let number): show(number)
        case .string(let range): "\"" + document.string(range) + "\""
        case .bool(let flag): String(flag)
        case .null, .array, .object, .key: kind(place)
        }
    }
}

/// The gesture kinds of `LayoutGestures.all`: their names, their options and the keys a gesture of each may have, built
/// once.
struct GestureKinds: Sendable {
    final class Kind: Sendable {
        let type: any LayoutGesture.Type
        /// Its options, in the order of `type.options`.
        let options: [Option]
        let optionKeys: KeySet
        /// The keys of its gestures: `kind`, `combine` and its options, in SPEC's order.
        let keys: KeyList
        /// A gesture of this kind that sets no option: the library's defaults, made once. Nil when the kind has an
        /// option that must be given, or when its defaults conflict (then the reader says so at each gesture).
        let defaults: (any LayoutGesture)?

        init(_ type: any LayoutGesture.Type, options: [Option]) {
            self.type = type
            self.options = options
            optionKeys = KeySet(options.map { $0.key })
            keys = KeyList(numbers: [Key.kind.rawValue, Key.combine.rawValue] + options.map { $0.key })
            let defaults = options.contains(where: \.isRequired) ? nil : type.layoutGesture([])
            self.defaults = defaults?.conflict == nil ? defaults : nil
        }
    }

    /// One option of a kind, as the reader checks it: `LayoutOption` without what it sets.
    struct Option: Sendable {
        /// Its key, and that key's number.
        let name: String
        let key: Int
        let values: Values
        /// The names a `choice` option takes, each standing for its index (none for the others). Not in `Values`: an
        /// enum case's array may have the case's tag in its pointer's spare bits, where the fuzzers' leak checker does
        /// not see a pointer, and reports the array as leaked.
        let choices: Choices<Int>
        /// Whether `null` sets it to none.
        let takesNull: Bool
        let isRequired: Bool

        /// The values it takes, as `LayoutOption.Values`.
        enum Values: Sendable {
            case number(ClosedRange<Double>)
            case milliseconds
            case count(ClosedRange<Int>)
            case flag
            /// One of `choices`.
            case choice
        }

        init<Root>(_ option: LayoutOption<Root>) {
            name = option.key
            key = KeyTable.layout.number(of: option.key)!
            var choices: [(name: String, value: Int)] = []
            switch option.values {
            case .number(let range, _): values = .number(range)
            case .milliseconds: values = .milliseconds
            case .count(let range, _): values = .count(range)
            case .flag: values = .flag
            case .choice(let names, _):
                values = .choice
                choices = names.enumerated().map { ($1, $0) }
            }
            self.choices = Choices(choices)
            takesNull = option.null != nil
            isRequired = option.isRequired
        }
    }

    /// Each kind by its `kind` in the layout file.
    let choices: Choices<Kind>
    /// The keys of a gesture of any kind, for the message about a key no kind has.
    let everyKey: KeyList

    static let shared = GestureKinds()

    private init() {
        func options<G: LayoutGesture>(_ type: G.Type) -> [Option] { G.options.map(Option.init) }
        choices = Choices(LayoutGestures.all.map { type in (type.kind, Kind(type, options: options(type))) })
        everyKey = KeyList.union(choices.values.map { $0.keys })
    }
}

/// `"a"`, `"a" or "b"`, `"a", "b" or "c"`.
func alternatives(_ names: [String]) -> String {
    let quoted = names.map { "\"" + $0 + "\"" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
}
