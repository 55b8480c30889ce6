import RealModule

/// A position on the touch surface in millimetres: origin at the axes' minimum (top-left), x to the right, y down.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// Millimetres from the surface's left edge (the x axis minimum), to the right.
    public var x: Double
    /// Millimetres from the surface's top edge (the y axis minimum), downwards (y down).
    public var y: Double

    /// The point `x` mm to the right of and `y` mm below the surface's top-left corner.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The surface's top-left corner, (0, 0) mm: the axes' minimum.
    public static let zero = Point(x: 0, y: 0)

    /// Euclidean distance in mm.
    public func distance(to other: Point) -> Double {
        let dx = other.x - x
        let dy = other.y - y
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The point halfway between `self` and `other`.
    public func midpoint(_ other: Point) -> Point {
        Point(x: (x + other.x) / 2, y: (y + other.y) / 2)
    }

    public var description: String { "(\(x), \(y))" }
}

/// A width and a height in mm.
public struct Size: Hashable, Sendable {
    /// Horizontal extent in mm (along x, to the right).
    public var width: Double
    /// Vertical extent in mm (along y, downwards).
    public var height: Double

    /// A size of `width` × `height` mm, such as the surface's physical size (`--size WxH`, or a layout's `surface`).
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The largest length, in magnitude, that a layout (its surface, the positions and sizes of its regions)
    /// or `--size` may give (docs/SPEC.md "Layout file", Limits): 10^6 mm, a kilometre, where touch surfaces
    /// measure a few metres. Touches then land within about that, and every distance, speed and velocity fit
    /// derived from their positions stays finite: a surface of 1e308 mm put touches 1e308 mm apart, and the
    /// least-squares velocity of a pan overflowed to NaN (`null` in JSON Lines).
    public static let largestLength = 1e6
}

/// An axis-aligned rectangle in mm. Containment includes the boundary.
public struct Rect: Hashable, Sendable {
    /// The left edge: mm from the surface's left edge.
    public var x: Double
    /// The top edge: mm from the surface's top edge (y down).
    public var y: Double
    /// The extent in mm to the right of ``x``.
    public var width: Double
    /// The extent in mm below ``y`` (y down).
    public var height: Double

    /// The rectangle whose top-left corner is (`x`, `y`) mm and that extends `width` mm to the right and `height` mm
    /// down.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether `point` lies in the rectangle, its boundary included (SPEC.md, "Regions": rectangles include their
    /// boundary): x ≤ point.x ≤ x + width and y ≤ point.y ≤ y + height.
    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x <= x + width && point.y >= y && point.y <= y + height
    }
}

/// Angles in degrees, clockwise from 12 o'clock in surface coordinates (y down).
public enum Angle {
    /// θ = atan2(dx, −dy) of the vector from `center` to `point`, in degrees in (−180, 180].
    public static func degrees(of point: Point, around center: Point) -> Double {
        let radians = Double.atan2(y: point.x - center.x, x: -(point.y - center.y))
        return radians * 180 / Double.pi
    }

    /// `degrees` normalised to (−180, 180].
    public static func normalized(_ degrees: Double) -> Double {
        // Within a turn already (a wind's step between two angles always is), the remainder is the value itself:
        // `fmod` skipped, at every frame of winding (docs/performance.md).
        var value = abs(degrees) < 360 ? degrees : degrees.truncatingRemainder(dividingBy: 360)
        if value > 180 { value -= 360 }
        if value <= -180 { value += 360 }
        return value
    }
}
