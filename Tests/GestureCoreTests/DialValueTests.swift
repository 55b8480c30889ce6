import GestureCore
import Testing

/// The dial's value model on its own.
@Suite struct DialValueTests {
    @Test(arguments: [(0.0, 0), (2.9, 0), (3.0, 1), (-3.0, -1), (-2.9, 0), (350, 58), (9, 2), (-9, -2)])
    func theInitialDetentIsTheNearestTiesAwayFromZero(initial: Double, detent: Int) throws {
        let value = try DialValue(.init(detentDegrees: 6, minDegrees: nil, maxDegrees: nil), initialDegrees: initial)
        #expect(value.detent == detent)
    }

    @Test func theDefaultHysteresisIsATenthOfTheDetent() {
        #expect(DialValue.Configuration(detentDegrees: 6).hysteresisDegrees == 0.6)
        #expect(DialValue.Configuration(detentDegrees: 6, hysteresisDegrees: 2).hysteresisDegrees == 2)
    }

    @Test func aChangeStepsOneDetentAtATimeBeyondTheMidpointPlusHysteresis() throws {
        var value = try DialValue(.init(detentDegrees: 10, hysteresisDegrees: 1, minDegrees: nil, maxDegrees: nil))
        #expect(try value.apply(turn: 6) == DialValue.Change(applied: 6, detents: [], limit: false))     // 6 ≤ 5 + 1
        #expect(try value.apply(turn: 0.5) == DialValue.Change(applied: 0.5, detents: [1], limit: false))
        #expect(try value.apply(turn: -2) == DialValue.Change(applied: -2, detents: [], limit: false))   // 4.5: not below 4
        #expect(try value.apply(turn: -0.75) == DialValue.Change(applied: -0.75, detents: [0], limit: false))
        #expect(try value.apply(turn: -40) == DialValue.Change(applied: -40, detents: [-1, -2, -3, -4], limit: false))
        #expect(value.detent == -4)
        #expect(value.degrees == -36.25)
    }

    @Test func aStopClampsAndTicksOnceUntilTheValueLeavesItByTheHysteresis() throws {
        var value = try DialValue(.init(detentDegrees: 6, minDegrees: 0, maxDegrees: 30), initialDegrees: 20)
        #expect(try value.apply(turn: 10) == DialValue.Change(applied: 10, detents: [4, 5], limit: false))  // exactly 30
        #expect(try value.apply(turn: 5) == DialValue.Change(applied: 0, detents: [], limit: true))
        #expect(try value.apply(turn: 5) == DialValue.Change(applied: 0, detents: [], limit: false))
        #expect(try value.apply(turn: -0.5) == DialValue.Change(applied: -0.5, detents: [], limit: false)) // 0.5 ≤ 0.6 away
        #expect(try value.apply(turn: 1) == DialValue.Change(applied: 0.5, detents: [], limit: false))     // still disarmed
        #expect(try value.apply(turn: -0.75) == DialValue.Change(applied: -0.75, detents: [], limit: false)) // armed
        #expect(try value.apply(turn: 1) == DialValue.Change(applied: 0.75, detents: [], limit: true))
        #expect(value.degrees == 30)
    }

    @Test func aChangeGivesAtMostAWholeTurnOfHaptics_atTheFinestDetent_thenJumpsToItsLastDetent() throws {
        var value = try DialValue(.init(detentDegrees: 0.1, minDegrees: nil, maxDegrees: nil))
        let change = try value.apply(turn: 1000)                        // 10,000 detents crossed in one change
        #expect(change.detents.count == DialValue.mostDetentsPerChange + 1)
        #expect(Array(change.detents.prefix(3)) == [1, 2, 3])
        #expect(change.detents[DialValue.mostDetentsPerChange - 1] == 3600)
        #expect(change.detents.last == 10_000)                      // the jump, to where stepping would end
        #expect(value.detent == 10_000)
        let back = try value.apply(turn: -1000)
        #expect(back.detents.count == DialValue.mostDetentsPerChange + 1)
        #expect(back.detents.last == 0)
        #expect(value.detent == 0)
        // Within the cap, every step is there.
        #expect(try value.apply(turn: 360).detents == Array(1...3600))
    }

    @Test func aDialWithoutStopsStopsAtABillionDegrees_andSettingItIsBounded() throws {
        var value = try DialValue(.init(detentDegrees: 6, minDegrees: nil, maxDegrees: nil), initialDegrees: 1e9 - 3)
        #expect(try value.apply(turn: 10).applied == 3)
        #expect(value.degrees == 1e9)
        try value.set(degrees: -1e300)
        #expect(value.degrees == -1e9)
        #expect(value.detent == -166_666_667)
    }
}
