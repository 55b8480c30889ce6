import GestureCore

/// The kitchen timer: a dial 30 mm in radius, a detent every 6° (a minute), stops at 0° and 360° (an hour).
let timer = DialConfiguration(name: "timer", center: Point(x: 107.5, y: 100), radius: 30,
                              detentDegrees: 6, minDegrees: 0, maxDegrees: 360)
