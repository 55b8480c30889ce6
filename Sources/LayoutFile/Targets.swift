import GestureCore

/// `target` regions (SPEC "Layout file"): a shape, a coordination, gestures and children.
extension Decoder {
    static let targetKeys = KeyList([.name, .kind, .shape, .coordination, .gestures, .children, .view])

    static let coordinations: [(name: String, value: Target.Coordination)] = [
        ("exclusive", .exclusive), ("simultaneous", .simultaneous), ("high-priority", .highPriority),
    ]

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

    static let shapeKinds: [(name: String, value: ShapeKind)] = [("rectangle", .rectangle), ("circle", .circle), ("ring", .ring)]
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
                throw fail(innerValue, "expected less than outerRadius (\(show(outer))), found \(show(inner))")
            }
            return .ring(center: center, innerRadius: inner, outerRadius: outer)
        }
    }

    static let combinations: [(name: String, value: TargetGesture.Combination)] = [("exclusive", .exclusive), ("simultaneous", .simultaneous)]

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
        return TargetGesture(try kind.type.read(fields, options: kind.options, with: self), combination: combination)
    }

    /// A gesture of kind `type` with the options of `fields` (the others keep their defaults): `options` are the
    /// numbers of the keys of `G.options`.
    func options<G: LayoutGesture>(_ type: G.Type, _ fields: Members, keys: [Int]) throws(LayoutError) -> G {
        var gesture = G()
        for (option, key) in zip(G.options, keys) {
            guard let value = value(number: key, in: fields) else {
                if option.isRequired { throw fail(fields.object, key: option.key, "missing required key") }
                continue
            }
            if case .null = document.values[value].content, let none = option.null {
                none(&gesture)
                continue
            }
            switch option.values {
            case .number(let range, let set):
                set(&gesture, try number(value, in: range))
            case .milliseconds(let set):
                set(&gesture, try milliseconds(value))
            case .count(let range, let set):
                set(&gesture, try count(value, in: range))
            case .flag(let set):
                guard case .bool(let flag) = document.values[value].content else {
                    throw fail(value, "expected true or false, found \(kind(value))")
                }
                set(&gesture, flag)
            case .choice(let names, let set):
                set(&gesture, try choice(value, names.enumerated().map { ($1, $0) }))
            }
        }
        if let conflict = gesture.conflict {
            let key = KeyTable.layout.number(of: Array(conflict.key.utf8)[...])
            guard let value = key.flatMap({ value(number: $0, in: fields) }) else {
                throw fail(fields.object, key: conflict.key, "expected \(conflict.expected), found \(describe(fields.object))")
            }
            throw fail(value, "expected \(conflict.expected), found \(describe(value))")
        }
        return gesture
    }

    /// A number within `range` (the message says "≥ 0" for every number from 0, the default range of an option).
    func number(_ place: Int, in range: ClosedRange<Double>) throws(LayoutError) -> Double {
        if range == 0...Double.greatestFiniteMagnitude { return try nonNegative(place) }
        let value = try number(place)
        guard range.contains(value) else {
            throw fail(place, "expected a number from \(show(range.lowerBound)) to \(show(range.upperBound)), found \(show(value))")
        }
        return value
    }

    /// A whole number within `range`.
    func count(_ place: Int, in range: ClosedRange<Int>) throws(LayoutError) -> Int {
        let value = try number(place)
        guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw fail(place, "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(show(value))")
        }
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

extension LayoutGesture {
    /// A gesture of this kind with the options of `fields`, whose keys are numbered `options`.
    static func read(_ fields: Decoder.Members, options: [Int], with decoder: Decoder) throws(LayoutError) -> any LayoutGesture {
        try decoder.options(Self.self, fields, keys: options)
    }
}

/// The gesture kinds of `LayoutGestures.all` with their names and the keys a gesture of each may have, built once:
/// every gesture's keys are checked against them, and `LayoutGesture.optionKeys` builds its list anew at each call
/// (docs/performance.md, "Layout loading, first step").
struct GestureKinds: Sendable {
    struct Kind: Sendable {
        let type: any LayoutGesture.Type
        /// The numbers of the keys of its options, in the order of `type.options`.
        let options: [Int]
        /// The keys of its gestures: `kind`, `combine` and its options, in SPEC's order.
        let keys: KeyList
    }

    /// Each kind by its `kind` in the layout file.
    let choices: [(name: String, value: Kind)]
    /// The keys of a gesture of any kind, for the message about a key no kind has.
    let everyKey: KeyList

    static let shared = GestureKinds()

    private init() {
        choices = LayoutGestures.all.map { type in
            let options = type.optionKeys.map { KeyTable.layout.number(of: Array($0.utf8)[...])! }
            return (type.kind, Kind(type: type, options: options, keys: KeyList(numbers: [Key.kind.rawValue, Key.combine.rawValue] + options)))
        }
        everyKey = KeyList.union(choices.map(\.value.keys))
    }
}

/// `"a"`, `"a" or "b"`, `"a", "b" or "c"`.
func alternatives(_ names: [String]) -> String {
    let quoted = names.map { "\"" + $0 + "\"" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
}
