import GestureCore
import Foundation  // sin and cos

// The kitchen timer: a dial 30 mm across, 6° a minute, an hour at most.
let timer = DialConfiguration(name: "timer", center: Point(x: 107.5, y: 100), radius: 30,
                              detentDegrees: 6, minDegrees: 0, maxDegrees: 360)
