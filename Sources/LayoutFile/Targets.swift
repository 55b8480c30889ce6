import GestureCore

/// `target` regions (SPEC "Layout file"): a shape, a coordination, gestures and children.
extension Decoder {
    static let targetKeys = ["name", "kind", "shape", "coordination", "gestures", "children", "view"]

    static let coordinations: [(name: String, value: Target.Coordination)] = [
        ("exclusive", .exclusive), ("simultaneous", .simultaneous), ("high-priority", .highPriority),
    ]

    mutating func target(_ name: String, _ fields: Members, _ located: JSON.Located,
                         _ path: String) throws(LayoutError) -> TargetConfiguration {
        let shape = try self.shape(try required(fields, "shape", path), path + ".shape")
        let coordinationValue = fields["coordination"]
        let coordination = try coordinationValue.map { value throws(LayoutError) in
            try choice(value, path + ".coordination", Self.coordinations)
        } ?? .exclusive
        var gestures: [TargetGesture] = []
        if let value = fields["gestures"] {
            guard case .array(let list) = value.value else {
                throw fail(value, path + ".gestures", "expected an array, found \(value.value.kind)")
            }
            guard list.count <= LayoutGestures.mostGestures else {
                throw fail(value, path + ".gestures", "expected at most \(LayoutGestures.mostGestures) gestures, found \(list.count)")
            }
            gestures.reserveCapacity(list.count)
            for (index, element) in list.enumerated() {
                gestures.append(try gesture(element, path + ".gestures[\(index)]", isFirst: index == 0))
            }
        }
        if let coordinationValue, gestures.isEmpty {
            throw fail(coordinationValue, path + ".coordination",
                       "expected no coordination for a target without gestures (a container takes no part in coordination)")
        }
        try claim(name, located, path)
        let children = try fields["children"].map { value throws(LayoutError) in
            try regions(value, path + ".children", parent: (name, shape))
        } ?? []
        return TargetConfiguration(name: name, shape: shape, coordination: coordination, gestures: gestures, children: children)
    }

    static let rectangleKeys = ["kind", "x", "y", "width", "height"]
    static let circleKeys = ["kind", "center", "radius"]
    static let ringKeys = ["kind", "center", "innerRadius", "outerRadius"]
    static let shapeKeys = union([rectangleKeys, circleKeys, ringKeys])

    /// A shape: its keys are those of its kind, checked once the kind is known.
    func shape(_ located: JSON.Located, _ path: @autoclosure () -> String) throws(LayoutError) -> Shape {
        let fields = try members(located, path(), allowed: Self.shapeKeys)
        let kindValue = try required(fields, "kind", path())
        switch try string(kindValue, path() + ".kind") {
        case "rectangle":
            try known(fields, path(), allowed: Self.rectangleKeys)
            return .rectangle(try rect(fields, path()))
        case "circle":
            try known(fields, path(), allowed: Self.circleKeys)
            let center = try point(try required(fields, "center", path()), path() + ".center")
            return .circle(center: center, radius: try length(try required(fields, "radius", path()), path() + ".radius"))
        case "ring":
            try known(fields, path(), allowed: Self.ringKeys)
            let center = try point(try required(fields, "center", path()), path() + ".center")
            let innerValue = try required(fields, "innerRadius", path())
            let inner = try length(innerValue, path() + ".innerRadius", allowingZero: true)
            let outer = try length(try required(fields, "outerRadius", path()), path() + ".outerRadius")
            guard inner < outer else {
                throw fail(innerValue, path() + ".innerRadius", ContradictionMessage.innerRadiusNotBelowOuter(inner, outer))
            }
            return .ring(center: center, innerRadius: inner, outerRadius: outer)
        case let other:
            throw fail(kindValue, path() + ".kind", "expected \(alternatives(["rectangle", "circle", "ring"])), found \"\(other)\"")
        }
    }

    /// One gesture of a target: its kind, its options, and `combine`.
    func gesture(_ located: JSON.Located, _ path: @autoclosure () -> String, isFirst: Bool) throws(LayoutError) -> TargetGesture {
        let kinds = GestureKinds.shared
        let fields = try members(located, path(), allowed: kinds.everyKey)
        let kindValue = try required(fields, "kind", path())
        let kind = try string(kindValue, path() + ".kind")
        guard let found = kinds.list.first(where: { $0.name == kind }) else {
            throw fail(kindValue, path() + ".kind", "expected \(alternatives(kinds.list.map(\.name))), found \"\(kind)\"")
        }
        let type = found.type
        try known(fields, path(), allowed: found.keys)
        var combination = TargetGesture.Combination.exclusive
        if let value = fields["combine"] {
            guard !isFirst else {
                throw fail(value, path() + ".combine", "expected no combine on the first gesture: none is listed before it")
            }
            combination = try choice(value, path() + ".combine", [("exclusive", .exclusive), ("simultaneous", .simultaneous)])
        }
        return TargetGesture(try type.read(fields, path(), with: self), combination: combination)
    }

    /// A gesture of kind `type` with the options of `fields` (the others keep their defaults).
    func options<G: LayoutGesture>(_ type: G.Type, _ fields: Members, _ path: @autoclosure () -> String) throws(LayoutError) -> G {
        var gesture = G()
        for option in G.options {
            guard let value = fields[option.key] else {
                if option.isRequired { throw fail(fields.located, path() + "." + option.key, "missing required key") }
                continue
            }
            if case .null = value.value, let none = option.null {
                none(&gesture)
                continue
            }
            switch option.values {
            case .number(let range, let set):
                set(&gesture, try self.number(value, path() + "." + option.key, in: range))
            case .milliseconds(let set):
                set(&gesture, try milliseconds(value, path() + "." + option.key))
            case .count(let range, let set):
                set(&gesture, try count(value, path() + "." + option.key, in: range))
            case .flag(let set):
                set(&gesture, try flag(value, path() + "." + option.key))
            case .choice(let names, let set):
                set(&gesture, try choice(value, path() + "." + option.key, names.enumerated().map { ($1, $0) }))
            }
        }
        if let conflict = gesture.conflict {
            let value = fields[conflict.key] ?? fields.located
            throw fail(value, path() + "." + conflict.key, "expected \(conflict.expected), found \(describe(value))")
        }
        return gesture
    }

    /// A number within `range` (the message says "≥ 0" for every number from 0, the default range of an option).
    func number(_ located: JSON.Located, _ key: @autoclosure () -> String, in range: ClosedRange<Double>) throws(LayoutError) -> Double {
        if range == 0...Double.greatestFiniteMagnitude { return try nonNegative(located, key()) }
        let value = try number(located, key())
        guard range.contains(value) else { throw fail(located, key(), NumberCheck.range(range, value)) }
        return value
    }

    /// `true` or `false`.
    func flag(_ located: JSON.Located, _ key: @autoclosure () -> String) throws(LayoutError) -> Bool {
        guard case .bool(let flag) = located.value else {
            throw fail(located, key(), "expected true or false, found \(located.value.kind)")
        }
        return flag
    }

    /// A whole number within `range`.
    func count(_ located: JSON.Located, _ key: @autoclosure () -> String, in range: ClosedRange<Int>) throws(LayoutError) -> Int {
        let value = try number(located, key())
        guard value == value.rounded(), value >= Double(range.lowerBound), value <= Double(range.upperBound) else {
            throw fail(located, key(), "expected a whole number from \(range.lowerBound) to \(range.upperBound), found \(show(value))")
        }
        return Int(value)
    }

    /// One of the names of `choices`.
    func choice<Value>(_ located: JSON.Located, _ key: @autoclosure () -> String, _ choices: [(name: String, value: Value)]) throws(LayoutError) -> Value {
        let name = try string(located, key())
        guard let chosen = choices.first(where: { $0.name == name }) else {
            throw fail(located, key(), "expected \(alternatives(choices.map(\.name))), found \"\(name)\"")
        }
        return chosen.value
    }

    /// A value as a message shows what was found.
    func describe(_ located: JSON.Located) -> String {
        switch located.value {
        case .number(let number): show(number)
        case .string(let string): "\"" + string + "\""
        case .bool(let flag): String(flag)
        case .null, .array, .object: located.value.kind
        }
    }
}

extension LayoutGesture {
    /// A gesture of this kind with the options of `fields`.
    static func read(_ fields: Decoder.Members, _ path: @autoclosure () -> String, with decoder: Decoder) throws(LayoutError) -> any LayoutGesture {
        try decoder.options(Self.self, fields, path())
    }
}

/// The gesture kinds of `LayoutGestures.all` with their names and the keys a gesture of each may have, built once:
/// every gesture's keys are checked against them, and `LayoutGesture.optionKeys` builds its list anew at each call
/// (docs/performance.md, "Layout loading, first step").
struct GestureKinds: Sendable {
    /// Each kind, its `kind` in the layout file, and the keys of its gestures: `kind`, `combine` and its options, in
    /// SPEC's order.
    let list: [(type: any LayoutGesture.Type, name: String, keys: [String])]
    /// The keys of a gesture of any kind, for the message about a key no kind has.
    let everyKey: [String]

    static let shared = GestureKinds()

    private init() {
        list = LayoutGestures.all.map { ($0, $0.kind, ["kind", "combine"] + $0.optionKeys) }
        everyKey = union(list.map(\.keys))
    }
}

/// The keys of `lists`, each once, in order.
func union(_ lists: [[String]]) -> [String] {
    lists.joined().reduce(into: []) { keys, key in
        if !keys.contains(key) { keys.append(key) }
    }
}

/// `"a"`, `"a" or "b"`, `"a", "b" or "c"`.
func alternatives(_ names: [String]) -> String {
    let quoted = names.map { "\"" + $0 + "\"" }
    guard quoted.count > 1 else { return quoted.first ?? "" }
    return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
}
