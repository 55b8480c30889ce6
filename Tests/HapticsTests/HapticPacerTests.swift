import GestureCore
import GestureRuntime
import Haptics
import Testing

/// The burst rule (SPEC "Haptics"), with the default settings: a detent keeps the motor 12 + 20 = 32 ms, a press
/// 15 + 20 = 35 ms, a limit 25 + 20 = 45 ms.
@Suite struct HapticPacerTests {
    /// A script of haptics and waits, run on a pacer: every play, in order, as `kind@ms(+merged)`.
    enum Step {
        case haptic(HapticKind)
        case after(Int64)
    }

    func plays(_ steps: [Step], settings: HapticSettings = HapticSettings()) -> [String] {
        var pacer = HapticPacer(settings: settings)
        var now = MonotonicTime(microseconds: 1_000_000)
        let start = now
        var plays: [HapticPacer.Play] = []
        for step in steps {
            switch step {
            case .haptic(let kind):
                plays += pacer.haptic(kind, now: now)
            case .after(let ms):
                let end = now + .ms(ms)
                // The caller wakes at each deadline on the way, as a loop does.
                while let deadline = pacer.nextDeadline, deadline <= end {
                    now = deadline
                    plays += pacer.advance(to: now)
                }
                now = end
                plays += pacer.advance(to: now)
            }
        }
        return plays.map { "\($0.kind.rawValue)@\(($0.time - start).microseconds / 1000)" + ($0.merged > 0 ? "+\($0.merged)" : "") }
    }

    @Test func aHapticOnAFreeMotorPlaysAtOnce() {
        #expect(plays([.haptic(.press)]) == ["press@0"])
        #expect(plays([.haptic(.detent), .after(32), .haptic(.detent)]) == ["detent@0", "detent@32"])
    }

    @Test func aBurstOfDetentsPlaysItsFirstAtOnceAndOneMoreEachInterval() {
        // Ten detents in one frame: the first at once, the other nine merged into one at the end of its play.
        let burst = [Step](repeating: .haptic(.detent), count: 10)
        #expect(plays(burst + [.after(100)]) == ["detent@0", "detent@32+8"])
        // A detent every 5 ms from 0 to 95 ms: one play each 32 ms, never more, each standing for those it merged (the
        // 6 of 5…30 ms, the 6 of 35…60, the 7 of 65…95: the 20 in all).
        var steady: [Step] = []
        for _ in 0..<20 { steady += [.haptic(.detent), .after(5)] }
        #expect(plays(steady + [.after(100)]) == ["detent@0", "detent@32+5", "detent@64+5", "detent@96+6"])
    }

    @Test func aPressGoesAheadOfWaitingDetents() {
        #expect(plays([.haptic(.detent), .haptic(.detent), .haptic(.detent), .haptic(.press), .after(200)])
                == ["detent@0", "press@32", "detent@67+1"])
    }

    @Test func aLimitTakesThePlaceOfWaitingDetents() {
        #expect(plays([.haptic(.detent), .haptic(.detent), .haptic(.detent), .haptic(.limit), .after(200)])
                == ["detent@0", "limit@32+2"])
        // A detent after the limit (the finger turned back) waits behind it.
        #expect(plays([.haptic(.detent), .haptic(.detent), .haptic(.limit), .haptic(.detent), .after(200)])
                == ["detent@0", "limit@32+1", "detent@77"])
    }

    @Test func nothingWaitsTwiceOfAKind() {
        #expect(plays([.haptic(.limit), .haptic(.limit), .haptic(.limit), .after(200)]) == ["limit@0", "limit@45+1"])
        #expect(plays([.haptic(.press), .haptic(.limit), .haptic(.press), .haptic(.detent), .haptic(.press), .after(300)])
                == ["press@0", "limit@35", "press@80+1", "detent@115"])
    }

    @Test func theMotorIsFreeAgainAfterItsInterval() {
        // 31 ms after a detent the motor is busy; at 32 it is free: the next plays at once.
        #expect(plays([.haptic(.detent), .after(31), .haptic(.detent), .after(100)]) == ["detent@0", "detent@32"])
        #expect(plays([.haptic(.limit), .after(45), .haptic(.detent)]) == ["limit@0", "detent@45"])
    }

    @Test func aLateCallerPlaysTheWaitingHapticWhenItComes() {
        var pacer = HapticPacer(settings: HapticSettings())
        let start = MonotonicTime(microseconds: 0)
        #expect(pacer.haptic(.detent, now: start) == [HapticPacer.Play(.detent, at: start)])
        #expect(pacer.haptic(.detent, now: start + .ms(1)) == [])
        #expect(pacer.nextDeadline == start + .ms(32))
        // Called 50 ms late, with a press: the waiting detent plays now, and the press waits behind it.
        let late = start + .ms(82)
        #expect(pacer.haptic(.press, now: late) == [HapticPacer.Play(.detent, at: late)])
        #expect(pacer.nextDeadline == late + .ms(32))
        #expect(pacer.advance(to: late + .ms(32)) == [HapticPacer.Play(.press, at: late + .ms(32))])
        #expect(pacer.nextDeadline == nil)
    }

    @Test func theIntervalsFollowTheSettings() {
        var settings = HapticSettings()
        settings.detent = HapticEffect(strength: 0.2, lengthMs: 5)
        settings.gapMs = 0
        #expect(plays([.haptic(.detent), .haptic(.detent), .haptic(.detent), .after(20)], settings: settings)
                == ["detent@0", "detent@5+1"])
    }
}
