import GestureCore

/// A key of the layout file that the reader looks up by name. Each case is spelled as the file spells the key.
///
/// The keys are numbered (`KeyTable`): these first, in this order, then the gesture kinds' options that are not among
/// them. The parser finds each member name's number as it reads it, so that the decoder compares numbers and sets of
/// numbers, never text (docs/performance.md, "Layout loading, third step").
enum Key: Int, CaseIterable {
    case surface, regions
    case name, kind, view
    case rect, domain, bucket, longPressMs, slopMm, doubleTapMs, doubleTapSlopMm, zoom
    case center, radius, deadZoneMm, detentDegrees, hysteresisDegrees, minDegrees, maxDegrees, initialDegrees
    case rotateThresholdDegrees
    case shape, coordination, gestures, children
    case x, y, width, height, innerRadius, outerRadius
    case scale, offset, rotation, minSpan, start, end
    case combine

    /// The key as the layout file spells it: the case's name.
    var name: String { String(describing: self) }
}

/// A set of keys, by their numbers in `KeyTable.layout`.
struct KeySet: Equatable {
    private var bits: UInt128 = 0

    /// The most keys a table may number.
    static let capacity = UInt128.bitWidth

    init() {}

    init(_ numbers: some Sequence<Int>) {
        for number in numbers { insert(number) }
    }

    func contains(_ number: Int) -> Bool { bits & (1 << number) != 0 }

    /// Adds `number`; false when it was there already.
    @discardableResult
    mutating func insert(_ number: Int) -> Bool {
        let bit: UInt128 = 1 << number
        defer { bits |= bit }
        return bits & bit == 0
    }

    func isSubset(of other: KeySet) -> Bool { bits & ~other.bits == 0 }

    func isDisjoint(with other: KeySet) -> Bool { bits & other.bits == 0 }
}

/// The keys allowed in one kind of object: in the order a message lists them, and as a set.
struct KeyList {
    /// The keys' numbers in `KeyTable.layout`, in the order of docs/SPEC.md.
    let numbers: [Int]
    let set: KeySet

    init(numbers: [Int]) {
        self.numbers = numbers
        set = KeySet(numbers)
    }

    init(_ keys: [Key]) {
        self.init(numbers: keys.map(\.rawValue))
    }

    /// The keys as the layout file spells them, for a message.
    var names: [String] { numbers.map { KeyTable.layout.names[$0] } }

    /// The keys of `lists`, each once, in order.
    static func union(_ lists: [KeyList]) -> KeyList {
        var numbers: [Int] = []
        var seen = KeySet()
        for number in lists.map(\.numbers).joined() where seen.insert(number) { numbers.append(number) }
        return KeyList(numbers: numbers)
    }
}

/// The keys the reader knows, numbered, and found by their UTF-8 bytes: a small hash table, built once.
struct KeyTable: Sendable {
    /// Each key as the layout file spells it, by number.
    let names: [String]
    /// The UTF-8 bytes of each name, by number.
    private let spellings: [[UInt8]]
    /// Open addressing: a key's number at the place its hash picks, or the first free place after it; -1 where free.
    /// At least four places a key, so that a search ends after a place or two.
    private let places: [Int]

    /// Every key of the layout file: `Key`'s, then the options of `LayoutGestures.all` that are not among them.
    static let layout: KeyTable = {
        var names = Key.allCases.map(\.name)
        for kind in LayoutGestures.all {
            for key in kind.optionKeys where !names.contains(key) { names.append(key) }
        }
        return KeyTable(names)
    }()

    init(_ names: [String]) {
        precondition(names.count <= KeySet.capacity, "more keys than a KeySet holds")
        self.names = names
        spellings = names.map { Array($0.utf8) }
        var size = 16
        while size < 4 * names.count { size *= 2 }
        var places = [Int](repeating: -1, count: size)
        for (number, spelling) in spellings.enumerated() {
            var place = Self.hash(spelling[...]) & (size - 1)
            while places[place] >= 0 { place = (place + 1) & (size - 1) }
            places[place] = number
        }
        self.places = places
    }

    /// The number of the key spelled `text`; nil for a key the reader does not know.
    func number(of text: ArraySlice<UInt8>) -> Int? {
        var place = Self.hash(text) & (places.count - 1)
        while true {
            let number = places[place]
            guard number >= 0 else { return nil }
            if spellings[number][...] == text { return number }
            place = (place + 1) & (places.count - 1)
        }
    }

    /// FNV-1a.
    private static func hash(_ text: ArraySlice<UInt8>) -> Int {
        var hash: UInt32 = 2_166_136_261
        for byte in text { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int(hash)
    }
}
