// What the library checks of the values a caller gives it before it takes them (a target's shape and view, a
// timeline's domain and configuration, a dial's): the first problem of each, in the layout file's words (SPEC "Layout
// file", its refusals and Limits), keyed by the name of the value in the code API. The layout file refuses the same
// values as it reads them; the code API throws them as `GestureError.invalidValue`.

// (The checks of the engine's every target, a point's and a rectangle's, return as soon as they can: a
// `ProblemFinder`, or a list of checks, cost a target's loading several hundred instructions more.)

extension Point {
    /// Its first coordinate beyond ±`Size.largestLength` mm, or not finite.
    var problem: Problem? {
        if let message = NumberCheck.coordinate(x) { return ("x", message) }
        return NumberCheck.coordinate(y).map { ("y", $0) }
    }
}

extension Rect {
    /// A corner beyond the limits, or a side that is not positive or beyond them.
    var problem: Problem? {
        if let corner = Point(x: x, y: y).problem { return corner }
        if let message = NumberCheck.length(width) { return ("width", message) }
        return NumberCheck.length(height).map { ("height", $0) }
    }
}

extension Shape {
    /// A position or size beyond the limits, a size or radius that is not positive, a ring whose inner radius is not
    /// below its outer one.
    var problem: Problem? {
        if case .rectangle(let rect) = self { return rect.problem }
        var finder = ProblemFinder()
        switch self {
        case .rectangle:
            break
        case .circle(let center, let radius):
            finder.note("center.", center.problem)
            finder.note("radius", NumberCheck.length(radius))
        case .ring(let center, let inner, let outer):
            finder.note("center.", center.problem)
            finder.note("innerRadius", NumberCheck.length(inner, allowingZero: true))
            finder.note("outerRadius", NumberCheck.length(outer))
            finder.note("innerRadius", inner < outer ? nil : ContradictionMessage.innerRadiusNotBelowOuter(inner, outer))
        }
        return finder.problem
    }
}

extension ViewTransform {
    /// A scale beyond ``layoutScales`` or an offset beyond ±`Size.largestLength` points: lines in view points stay
    /// finite and meaningful (SPEC "Layout file", Limits).
    var problem: Problem? {
        var finder = ProblemFinder()
        finder.note("scale", NumberCheck.positive(scale))
        finder.note("scale", Self.layoutScales.contains(scale) ? nil : ContradictionMessage.scaleBeyondLimits(scale))
        finder.note("offset.", offset.problem)
        return finder.problem
    }
}

extension TimelineDomain {
    /// The first day a date domain may start or end at, 0000-01-01, and the last, 9999-12-31: the days a layout's
    /// `"YYYY-MM-DD"` can name.
    static let days = CivilDay(year: 0, month: 1, day: 1)!...CivilDay(year: 9999, month: 12, day: 31)!

    /// A start not before the end, a number beyond ±``largestNumber``, a bucket that is not positive, more than
    /// ``mostBuckets`` buckets, a day beyond ``days``. Keyed as a timeline's configuration keys them (`domain.start`,
    /// `bucket`).
    var problem: Problem? {
        var finder = ProblemFinder()
        switch self {
        case .numeric(let start, let end, let bucket):
            finder.note("domain.start", NumberCheck.within(Self.largestNumber, start))
            finder.note("domain.end", NumberCheck.within(Self.largestNumber, end))
            finder.note("domain.start", start < end ? nil : ContradictionMessage.startBeforeEnd(show(start), show(end)))
            finder.note("bucket", NumberCheck.positive(bucket))
            finder.note("bucket", (end - start) / bucket <= Self.mostBuckets ? nil : ContradictionMessage.tooManyBuckets(span: end - start, bucket: bucket))
        case .date(let start, let end, _):
            for (key, day) in [("domain.start", start), ("domain.end", end)] where !Self.days.contains(day) {
                finder.note(key, "expected a day from \(Self.days.lowerBound) to \(Self.days.upperBound), found day "
                            + "\(day.daysSinceEpoch) since 1970-01-01")
            }
            // (Once both days are known to be in range: a day's description of one beyond overflows its year.)
            if finder.problem == nil, start >= end {
                finder.note("domain.start", ContradictionMessage.startBeforeEnd(start.description, end.description))
            }
        }
        return finder.problem
    }
}

extension TimelineConfiguration {
    /// The first problem of its rectangle, domain, times, slops and zoom.
    var problem: Problem? {
        var finder = ProblemFinder()
        finder.note("rect.", rect.problem)
        finder.note("", domain.problem)
        finder.note("longPressDuration", NumberCheck.span(longPressDuration))
        finder.note("slop", NumberCheck.nonNegative(slop))
        finder.note("doubleTapInterval", NumberCheck.span(doubleTapInterval))
        finder.note("doubleTapSlop", NumberCheck.nonNegative(doubleTapSlop))
        finder.note("zoom.", zoom?.problem)
        return finder.problem
    }
}

extension ZoomConfiguration {
    /// A minimum span that is not positive.
    var problem: Problem? {
        var finder = ProblemFinder()
        finder.note("minimumSpan", minimumSpan.flatMap(NumberCheck.positive))
        return finder.problem
    }
}

extension DialConfiguration {
    /// The first problem of its circle, thresholds, detents and stops, and of its initial value (within the stops).
    var problem: Problem? {
        var finder = ProblemFinder()
        finder.note("center.", center.problem)
        finder.note("radius", NumberCheck.length(radius))
        finder.note("deadZone", NumberCheck.nonNegative(deadZone))
        finder.note("slop", NumberCheck.nonNegative(slop))
        finder.note("doubleTapInterval", NumberCheck.span(doubleTapInterval))
        finder.note("doubleTapSlop", NumberCheck.nonNegative(doubleTapSlop))
        finder.note("rotateThresholdDegrees", NumberCheck.nonNegative(rotateThresholdDegrees))
        finder.note("", DialValue.Configuration(detentDegrees: detentDegrees, hysteresisDegrees: hysteresisDegrees,
                                                minDegrees: minDegrees, maxDegrees: maxDegrees)
            .problem(initialDegrees: initialDegrees, limit: DialValue.largestLayoutDegrees))
        return finder.problem
    }
}

extension DialValue.Configuration {
    /// A detent finer than ``DialValue/finestDetentDegrees``, a hysteresis below 0, a stop or an initial value
    /// beyond ±`limit` degrees or not finite, a lower stop above the upper one, an initial value outside the stops.
    func problem(initialDegrees: Double, limit: Double) -> Problem? {
        var finder = ProblemFinder()
        finder.note("detentDegrees", NumberCheck.positive(detentDegrees))
        finder.note("detentDegrees", detentDegrees >= DialValue.finestDetentDegrees ? nil : ContradictionMessage.finerThanFinestDetent(detentDegrees))
        finder.note("hysteresisDegrees", NumberCheck.nonNegative(hysteresisDegrees))
        finder.note("minDegrees", minDegrees.flatMap { NumberCheck.within(limit, $0) })
        finder.note("maxDegrees", maxDegrees.flatMap { NumberCheck.within(limit, $0) })
        if let low = minDegrees, let high = maxDegrees, low > high {
            finder.note("minDegrees", ContradictionMessage.aboveMaxDegrees(low, high))
        }
        finder.note("initialDegrees", NumberCheck.within(limit, initialDegrees))
        if let low = minDegrees, initialDegrees < low {
            finder.note("initialDegrees", ContradictionMessage.belowMinDegrees(initialDegrees, low))
        }
        if let high = maxDegrees, initialDegrees > high {
            finder.note("initialDegrees", ContradictionMessage.aboveMaxDegrees(initialDegrees, high))
        }
        return finder.problem
    }
}

extension TimelineDomain {
    /// A magnitude of this domain as a message shows it: a number, or an instant `YYYY-MM-DDTHH:MM:SSZ` (rounded to
    /// the second; seconds since 1970 for one beyond the days a domain may have).
    func describe(_ magnitude: Double) -> String {
        switch self {
        case .numeric:
            return show(magnitude)
        case .date:
            let seconds = magnitude.rounded()
            let first = Double(Self.days.lowerBound.daysSinceEpoch) * Self.secondsPerDay
            let last = Double(Self.days.upperBound.daysSinceEpoch + 1) * Self.secondsPerDay
            guard seconds >= first, seconds < last else { return show(magnitude) + " s since 1970" }
            let day = CivilDay(daysSinceEpoch: Int((seconds / Self.secondsPerDay).rounded(.down)))
            let time = Int(seconds) - day.daysSinceEpoch * Int(Self.secondsPerDay)
            return "\(day)T" + CivilDay.pad(time / 3600, 2) + ":" + CivilDay.pad(time / 60 % 60, 2) + ":" + CivilDay.pad(time % 60, 2) + "Z"
        }
    }

    /// The unit of a span of this domain in a message: none for numbers, seconds for dates.
    var spanUnit: String {
        switch self {
        case .numeric: ""
        case .date: " s"
        }
    }
}
