import GestureCore

/// One axis's conversion from device units to millimetres (SPEC "Surface, units, time").
public struct AxisMapping: Hashable, Sendable {
    /// The axis's smallest value, in device units: 0 mm (the surface's left or top edge). Smaller values are clamped
    /// to it.
    public var minimum: Int32
    /// The axis's largest value, in device units: never below ``minimum`` (a damaged description's smaller maximum is
    /// raised to it). Larger values are clamped to it.
    public var maximum: Int32
    /// Units per millimetre; always positive.
    public var unitsPerMillimetre: Double

    /// The axis from `minimum` to `maximum` (device units; a maximum below the minimum becomes the minimum) at
    /// `unitsPerMillimetre` units per mm.
    public init(minimum: Int32, maximum: Int32, unitsPerMillimetre: Double) {
        // A damaged description may have max < min; an empty range then, rather than a trap in clamping.
        self.minimum = minimum
        self.maximum = Swift.max(minimum, maximum)
        self.unitsPerMillimetre = unitsPerMillimetre
    }

    /// (value − minimum) / resolution, with the value first clamped to [minimum, maximum].
    @inline(__always)
    public func millimetres(_ value: Int32) -> Double {
        let clamped = Swift.min(Swift.max(value, minimum), maximum)
        return Double(Int64(clamped) - Int64(minimum)) / unitsPerMillimetre
    }

    /// The axis's length in mm: (maximum − minimum) / resolution.
    public var length: Double { Double(Int64(maximum) - Int64(minimum)) / unitsPerMillimetre }

    /// Units of the axis's range.
    var range: Int64 { Int64(maximum) - Int64(minimum) }
}

/// How a device's positions become millimetres on the surface.
public struct SurfaceMapping: Hashable, Sendable {
    /// The wider axis spans this many mm when no resolution is known at all (SPEC).
    public static let assumedWidth: Double = 250

    /// The mapping of the horizontal axis (`ABS_MT_POSITION_X` or `ABS_X`): mm from the left edge, to the right.
    public var x: AxisMapping
    /// The mapping of the vertical axis (`ABS_MT_POSITION_Y` or `ABS_Y`): mm from the top edge, downwards (y down).
    public var y: AxisMapping
    /// True when neither axis had a resolution and no size was given, so one resolution was assumed
    /// for both such that the wider axis spans `assumedWidth` mm. The caller says so once on stderr.
    public var resolutionAssumed: Bool

    /// The mapping of `x` and `y`; `resolutionAssumed` (false by default) when neither had a resolution and no size
    /// was given.
    public init(x: AxisMapping, y: AxisMapping, resolutionAssumed: Bool = false) {
        self.x = x
        self.y = y
        self.resolutionAssumed = resolutionAssumed
    }

    /// The surface's size in mm.
    public var size: Size { Size(width: x.length, height: y.length) }

    /// The position in mm on the surface (origin top-left, y down) of the raw axis values `rawX`, `rawY` (device
    /// units), each clamped to its axis's range first.
    @inline(__always)
    public func point(x rawX: Int32, y rawY: Int32) -> Point {
        Point(x: x.millimetres(rawX), y: y.millimetres(rawY))
    }
}

extension DeviceDescription {
    /// The mapping of the device's position axes to millimetres, nil for a device without position axes.
    ///
    /// An axis with a resolution keeps it. For an axis whose resolution is 0 (SPEC "Surface, units, time"):
    /// 1. `size` (the command line's `--size WxH`) gives its length, else `layoutSurface` (the layout's
    ///    `surface`);
    /// 2. else the other axis lends its resolution, if it has one;
    /// 3. else both axes get one resolution such that the wider axis spans 250 mm, and
    ///    `resolutionAssumed` is set.
    /// Sizes that are not positive and finite are ignored. An axis whose range is empty gets 1 unit/mm.
    public func surfaceMapping(size: Size? = nil, layoutSurface: Size? = nil) -> SurfaceMapping? {
        guard let axes = positionAxes, let xInfo = absinfo[axes.x], let yInfo = absinfo[axes.y] else { return nil }
        var x = AxisMapping(minimum: xInfo.minimum, maximum: xInfo.maximum, unitsPerMillimetre: Double(xInfo.resolution))
        var y = AxisMapping(minimum: yInfo.minimum, maximum: yInfo.maximum, unitsPerMillimetre: Double(yInfo.resolution))
        let physical = (size?.isUsable ?? false) ? size : ((layoutSurface?.isUsable ?? false) ? layoutSurface : nil)
        if let physical {
            if x.unitsPerMillimetre <= 0 { x.unitsPerMillimetre = Self.resolution(range: x.range, length: physical.width) }
            if y.unitsPerMillimetre <= 0 { y.unitsPerMillimetre = Self.resolution(range: y.range, length: physical.height) }
        }
        var assumed = false
        switch (x.unitsPerMillimetre > 0, y.unitsPerMillimetre > 0) {
        case (true, true):
            break
        case (true, false):
            y.unitsPerMillimetre = x.unitsPerMillimetre
        case (false, true):
            x.unitsPerMillimetre = y.unitsPerMillimetre
        case (false, false):
            let resolution = Self.resolution(range: Swift.max(x.range, y.range), length: SurfaceMapping.assumedWidth)
            x.unitsPerMillimetre = resolution
            y.unitsPerMillimetre = resolution
            assumed = true
        }
        return SurfaceMapping(x: x, y: y, resolutionAssumed: assumed)
    }

    /// The first position axis, x then y, whose range is empty (its maximum not above its minimum): a
    /// touch's position along it cannot be told, nor a size assumed for it. Nil when both have a range.
    public var positionAxisWithoutRange: (code: UInt16, info: AbsInfo)? {
        guard let axes = positionAxes else { return nil }
        for code in [axes.x, axes.y] {
            if let info = absinfo[code], info.maximum <= info.minimum { return (code, info) }
        }
        return nil
    }

    /// Why the device's touches cannot be located, in words, by the one rule for every description, a trace's
    /// or a live device's (SPEC "Input files", Device descriptions): a position axis whose maximum is not above
    /// its minimum. Nil when they can.
    public var positionAxisProblem: String? {
        guard let (code, info) = positionAxisWithoutRange else { return nil }
        let name = EvdevNames.code(code, type: EventType.abs) ?? "axis \(code)"
        return "expected the position axis \(name) to span a range (maximum above minimum), "
            + "found \(info.minimum) to \(info.maximum): positions on it cannot be told apart"
    }

    /// The surface's size in mm by the same rules, with no size given.
    public var surfaceSize: Size? { surfaceMapping()?.size }

    private static func resolution(range: Int64, length: Double) -> Double {
        range > 0 ? Double(range) / length : 1
    }
}

extension Size {
    fileprivate var isUsable: Bool { width.isFinite && height.isFinite && width > 0 && height > 0 }
}
