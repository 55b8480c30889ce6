import Testing

/// What `gestures replay` does with the inputs the fuzz targets of `Fuzz/` found (`Tests/Fixtures/fuzz/`):
/// the exact message and exit status. The readers' side of the trace findings is in
/// `TraceFormatsTests/FuzzRegressionTests`.
@Suite struct FuzzFindingsCommandTests {
    static let fixtures = "Tests/Fixtures/fuzz"
    /// A dial wound through its limit: the trace the layouts below would have run on.
    static let trace = "Recordings/synthetic-dial-wind-limit.evemu"

    // MARK: fuzz-layout: layouts that were accepted and were not safe to run

    /// Each layout with the message that refuses it now (after the file's name): the line, the key and the
    /// limit (docs/SPEC.md, Layout file, Limits).
    static let layouts: [(file: String, message: String)] = [
        // Found by fuzz-layout (3 crashes): `initialDegrees ÷ detentDegrees` (150 ÷ 2.1e-299) beyond
        // `Int.max` trapped as soon as the engine was made. Refused by the finest detent, 0.1°.
        ("dial-detent-index-overflow.layout.json",
         "1: regions[0].detentDegrees: expected at least 0.1 (the finest detent), found 2.1e-299"),
        // Found by fuzz-layout (out of memory at 2 GB): a detent of 1.3e-6° stepped through millions of
        // detents in a frame, keeping each. Refused by the finest detent.
        ("dial-tiny-detent-runaway.layout.json",
         "1: regions[0].detentDegrees: expected at least 0.1 (the finest detent), found 1.3e-06"),
        // Found by fuzz-layout's finiteness check: a denormal bucket (10 ÷ 1.5e-323 buckets overflow to
        // infinity) made a tap's selection start at `inf` (`null` in JSON Lines). Refused by the most
        // buckets in a domain, 10^9.
        ("numeric-domain-bucket-count-overflow.layout.json",
         "1: regions[0].bucket: expected at most 1000000000 buckets in the domain (a bucket of at least 1e-08), found 1.5e-323"),
        // Issue 7's example, which fuzz-layout's finiteness check flagged too: a span of -1e308 to 1e308
        // overflows a Double. Refused by the widest domain, ±10^15.
        ("numeric-domain-span-overflow.layout.json",
         "1: regions[0].domain.start: expected a number from -1000000000000000 to 1000000000000000, found -1e+308"),
        // Found by fuzz-layout once pans ended with a velocity (a least-squares fit over the last 100 ms):
        // a surface of 1e308 mm maps a device without a resolution onto positions that far apart, and the
        // fit overflowed to NaN (`null` in JSON Lines); a rectangle as tall put the touches there. Refused
        // by the largest length, 10^6 mm, for every position and size.
        ("huge-surface-velocity-overflow.layout.json",
         "2: surface.height: expected at most 1000000 mm, found 1e+308"),
        ("huge-rect-velocity-overflow.layout.json",
         "4: regions[0].rect.height: expected at most 1000000 mm, found 1e+308"),
    ]

    @Test(arguments: layouts)
    func aLayoutThatWasNotSafeToRunIsRefused(file: String, message: String) throws {
        let layout = "\(Self.fixtures)/fuzz-layout/\(file)"
        let run = try CLI.run(["replay", "--layout", layout, Self.trace])
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: \(layout):\(message)\n")
    }

    /// The same class through `--size`, which sizes a device without a resolution as a layout's surface
    /// does: beyond 10^6 mm, a usage error.
    @Test func aSizeBeyondTheLargestLengthIsAUsageError() throws {
        let run = try CLI.run(["replay", "--size", "100x1e308", Self.trace])
        #expect(run.status == 64)
        #expect(run.stdout == "")
        #expect(run.stderr == """
            Error: The value '100x1e308' is invalid for '--size <WxH>'
            Help:  --size <WxH>  The surface's size in mm (each side above 0, at most 1000000), for devices that report no resolution.
            Usage: gestures replay [--layout <file>] [--format <format>] [--device <desc>] [--size <WxH>] [--explain] <trace> ...
              See 'gestures replay --help' for more information.

            """)
    }

    // MARK: fuzz-evemu: names cut by a carriage return

    /// The evemu headers that fuzz-evemu's write-and-read-back check stopped at: a carriage return ends a
    /// line, here inside the name and before it.
    @Test(arguments: [
        ("name-with-carriage-return.evemu",
         "2: expected a description line (N:, I:, P:, B:, A:, L:, S:), an event line (E:) or a # comment, found 'Pad'"),
        ("name-with-leading-blanks.evemu", "1: expected the device name after N:"),
    ])
    func aNameCutByACarriageReturnIsRefusedAtItsLine(file: String, message: String) throws {
        let path = "\(Self.fixtures)/fuzz-evemu/\(file)"
        let run = try CLI.run(["replay", path])
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: \(path):\(message)\n")
    }
}
