import GestureCore
import GestureFormat
import Testing

/// The article "A component of your own" (GestureCore.docc/Articles/CustomComponent.md): its component over a
/// composed gesture, its example as the article shows it, and the lines and value the article says it gives.
@Suite struct CustomComponentTests {
    /// A photo on a board: a double tap zooms it in or out; a long press picks it up and a drag carries it.
    struct PhotoCard: Component {
        /// What the card reports in its `gesture` lines.
        enum Change: Hashable, Sendable {
            /// A double tap zoomed it in (true) or out.
            case zoomed(Bool)
            /// It was put down `dx`, `dy` mm from where it was picked up.
            case moved(dx: Double, dy: Double)
        }

        /// A tap, or else a long press that picks the card up, then a drag that carries it.
        typealias Recognizer = ExclusiveGesture<TapGesture, SequenceGesture<LongPressGesture, DragGesture>>

        var gesture: Recognizer = TapGesture(.init(maximumDuration: .ms(300)))
            .exclusively(before: LongPressGesture().sequenced(before: DragGesture()))
        /// Whether a double tap zoomed it in.
        private(set) var isZoomed = false
        /// Where its top left corner lies on the board, in mm.
        private(set) var corner: Point

        init(corner: Point) {
            self.corner = corner
        }

        mutating func deliver(_ update: GestureUpdate<Recognizer.Value>, to output: inout TargetOutput) {
            switch update.value {
            case .first(let tap):
                guard tap.count == 2 else { return }
                isZoomed.toggle()
                output.emit(.gesture(.ended, GestureValue(Change.zoomed(isZoomed))))
            case .second(.first):
                output.emit(.haptic(.press))  // picked up
            case .second(.second(_, let drag?)):
                let (dx, dy) = drag.translation  // mm on the surface
                output.emit(.pan(update.phase, GestureEvent.Pan(dx: dx, dy: dy)))
                if update.phase == .ended {
                    corner = Point(x: corner.x + dx, y: corner.y + dy)
                    output.emit(.gesture(.ended, GestureValue(Change.moved(dx: dx, dy: dy))))
                }
            case .second(.second(_, nil)):
                break  // put down where it was picked up
            }
        }
    }

    /// The article's example: a double tap, then a press held 300 ms and dragged 20 mm right and 5 mm down, on a card
    /// in a view of 2 points a mm. The pan lines are in the view's points; the typed values and the card's corner are
    /// the component's own, in mm.
    @Test func theArticlesExampleGivesItsLinesAndValue() throws {
        var photo = Target("photo", shape: .rectangle(Rect(x: 20, y: 20, width: 60, height: 40)),
                           component: PhotoCard(corner: Point(x: 20, y: 20)))
        photo.viewTransform = ViewTransform(scale: 2)  // 2 points a mm
        var engine = try GestureEngine(targets: [photo])
        let start = Timestamp(microseconds: 1_000_000)
        var events: [GestureEvent] = []
        func touch(_ ms: Int64, _ x: Double, _ y: Double, _ phase: ContactPhase) {
            events += engine.handle(TouchFrame(time: start + .ms(ms), contacts: [Contact(id: 0, position: Point(x: x, y: y), phase: phase)]))
        }
        touch(0, 50, 40, .began); touch(60, 50, 40, .ended)  // a double tap
        touch(200, 50, 40, .began); touch(260, 50, 40, .ended)
        touch(1000, 50, 40, .began)  // a press, held
        events += engine.advance(to: start + .ms(1300))
        touch(1400, 60, 40, .moved); touch(1500, 70, 45, .moved); touch(1600, 70, 45, .ended)
        let card = try #require(engine.component(of: "photo", as: PhotoCard.self))

        let formatter = EventFormatter()
        #expect(events.map { formatter.line(for: $0) } == [
            #"{"time":1.260000,"region":"photo","type":"gesture","phase":"ended","value":"zoomed(true)"}"#,
            #"{"time":2.300000,"region":"photo","type":"haptic","kind":"press"}"#,
            #"{"time":2.400000,"region":"photo","type":"pan","phase":"changed","dx":20,"dy":0}"#,
            #"{"time":2.500000,"region":"photo","type":"pan","phase":"changed","dx":40,"dy":10}"#,
            #"{"time":2.600000,"region":"photo","type":"pan","phase":"ended","dx":40,"dy":10}"#,
            #"{"time":2.600000,"region":"photo","type":"gesture","phase":"ended","value":"moved(dx: 20.0, dy: 5.0)"}"#,
        ])
        let changes = events.compactMap { event -> PhotoCard.Change? in
            guard case .gesture(_, let value) = event.kind else { return nil }
            return value.as(PhotoCard.Change.self)
        }
        #expect(changes == [.zoomed(true), .moved(dx: 20, dy: 5)])
        #expect(card.isZoomed)
        #expect(card.corner == Point(x: 40, y: 25))
    }
}
