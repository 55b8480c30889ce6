import Testing

/// What `gestures replay` does with the inputs the fuzz targets of `Fuzz/` found (`Tests/Fixtures/fuzz/`):
/// the exact message and exit status. The readers' side of the trace findings is in
/// `TraceFormatsTests/FuzzRegressionTests`.
@Suite struct FuzzFindingsCommandTests {
    static let fixtures = "Tests/Fixtures/fuzz"
    /// A dial wound through its limit: the trace the layouts below would have run on.
    static let trace = "Recordings/synthetic-dial-wind-limit.evemu"

    /// Replays `trace` with the layout `layout` (relative to the repository's root, where the command runs).
    func replay(layout: String) throws -> Run {
        try CLI.run(["replay", "--layout", "\(Self.fixtures)/fuzz-layout/\(layout)", Self.trace])
    }

    // MARK: fuzz-layout: layouts that were accepted and were not safe to run

    /// Found by fuzz-layout (3 crashes): `initialDegrees ÷ detentDegrees` (150 ÷ 2.1e-299) beyond `Int.max`
    /// trapped as soon as the engine was made. Refused now by the finest detent, 0.1°.
    @Test func aDetentSoFineThatTheDetentIndexOverflowsIsRefused() throws {
        let run = try replay(layout: "dial-detent-index-overflow.layout.json")
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: \(Self.fixtures)/fuzz-layout/dial-detent-index-overflow.layout.json:1: "
            + "regions[0].detentDegrees: expected at least 0.1 (the finest detent), found 2.1e-299\n")
    }

    /// Found by fuzz-layout (out of memory at 2 GB): a detent of 1.3e-6° stepped through millions of
    /// detents in a frame, keeping each. Refused now by the finest detent.
    @Test func aDetentSoFineThatAFrameStepsThroughMillionsIsRefused() throws {
        let run = try replay(layout: "dial-tiny-detent-runaway.layout.json")
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: \(Self.fixtures)/fuzz-layout/dial-tiny-detent-runaway.layout.json:1: "
            + "regions[0].detentDegrees: expected at least 0.1 (the finest detent), found 1.3e-06\n")
    }

    /// Found by fuzz-layout's finiteness check: a denormal bucket (10 ÷ 1.5e-323 buckets overflow to
    /// infinity) made a tap's selection start at `inf` (`null` in JSON Lines). Refused now by the most
    /// buckets in a domain, 10^9.
    @Test func aDomainOfMoreBucketsThanADoubleHoldsIsRefused() throws {
        let run = try replay(layout: "numeric-domain-bucket-count-overflow.layout.json")
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: \(Self.fixtures)/fuzz-layout/numeric-domain-bucket-count-overflow.layout.json:1: "
            + "regions[0].bucket: expected at most 1000000000 buckets in the domain (a bucket of at least 1e-08), found 1.5e-323\n")
    }

    /// issue 7's example, which fuzz-layout's finiteness check flagged too: a span of -1e308 to 1e308
    /// overflows a Double. Refused now by the widest domain, ±10^15.
    @Test func aDomainWhoseSpanOverflowsADoubleIsRefused() throws {
        let run = try replay(layout: "numeric-domain-span-overflow.layout.json")
        #expect(run.status == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "gestures: \(Self.fixtures)/fuzz-layout/numeric-domain-span-overflow.layout.json:1: "
            + "regions[0].domain.start: expected a number from -1000000000000000 to 1000000000000000, found -1e+308\n")
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
