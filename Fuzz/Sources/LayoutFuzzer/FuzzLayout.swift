import FuzzSupport
import GestureCore
import LayoutFile

/// Parses the input as a layout file. A layout the loader accepts, the engine must take (it throws for nothing the
/// loader accepts), and it must be safe to run: a fixed short
/// touch script on each of its first regions (taps, a double tap, a long press and drag, a pan, winds and
/// a two-finger rotation on a dial, pinches, swipes in and from the edges of a target, touches that are
/// cancelled) through `GestureEngine(layout:)`, with
/// `GestureChecks` on every frame: no trap, at most 10,000 events per frame, times in order, every
/// `began` closed once.
func fuzzLayout(_ input: FuzzInput) {
    let layout: Layout
    do {
        layout = try LayoutFile.parse(input.array, file: "fuzz.layout.json")
    } catch {
        return
    }
    let engine: GestureEngine
    do {
        engine = try GestureEngine(layout: layout)
    } catch {
        fatalError("the loader accepted a layout that the engine refuses: \(error)")
    }
    var driver = TouchDriver(engine: engine)
    let surface = layout.surface ?? Size(width: 200, height: 120)
    // Across the whole surface, as a touch anywhere may land.
    driver.drag(from: Point(x: 0, y: 0), to: Point(x: surface.width, y: surface.height), steps: 4)
    for region in layout.regions.prefix(4) {
        switch region {
        case .timeline(let timeline):
            let rect = timeline.rect
            let center = Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2)
            let left = Point(x: rect.x + rect.width * 0.1, y: center.y)
            let right = Point(x: rect.x + rect.width * 0.9, y: center.y)
            driver.tap(center)
            driver.wait(.ms(100))
            driver.tap(center)
            driver.wait(.ms(500))
            driver.drag(from: left, to: right, hold: .ms(400))
            driver.wait(.ms(500))
            driver.drag(from: right, to: left)
            driver.twoFingerDrag(from: left, to: right, spacing: rect.width * 0.05)
            driver.frame([0: center])
            driver.wait(.ms(400))
            driver.frame([0: right])
            driver.frame([:], lifting: [0], cancelling: true)
        case .dial(let dial):
            let center = dial.center
            let radius = dial.radius * 0.7
            driver.tap(center)
            driver.wait(.ms(500))
            driver.wind(around: center, radius: radius, from: 0, degrees: 400)
            driver.wind(around: center, radius: radius, from: 40, degrees: -800, steps: 40)
            driver.twist(around: center, radius: radius, degrees: 90)
            driver.twist(around: center, radius: radius, degrees: -200)
            driver.frame([0: Point(x: center.x + radius, y: center.y)])
            driver.frame([0: Point(x: center.x, y: center.y + radius)])
            driver.frame([:], lifting: [0], cancelling: true)
            driver.wait(.ms(500))
        case .generic(let target):
            let bounds = target.shape.bounds
            let center = Point(x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2)
            let left = Point(x: bounds.x + bounds.width * 0.02, y: center.y)
            let right = Point(x: bounds.x + bounds.width * 0.9, y: center.y)
            for _ in 0..<3 {
                driver.tap(center)
                driver.wait(.ms(100))
            }
            driver.wait(.ms(500))
            driver.drag(from: center, to: right, hold: .ms(400))
            driver.drag(from: left, to: right, steps: 3)
            driver.wait(.ms(500))
            driver.twoFingerDrag(from: left, to: right, spacing: bounds.width * 0.05)
            driver.twist(around: center, radius: bounds.width * 0.3, degrees: 60)
            driver.frame([0: center])
            driver.wait(.ms(400))
            driver.frame([0: right])
            driver.frame([:], lifting: [0], cancelling: true)
            driver.wait(.ms(500))
        }
    }
    driver.liftAll()
    driver.finish()
}
