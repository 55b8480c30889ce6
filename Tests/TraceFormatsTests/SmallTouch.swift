// Shared with GesturesCLITests through a symbolic link of the same name there: one device for the reader's tests and
// the command line's.

/// The evemu header of a small 2-slot touchscreen, 0…1000 × 0…500 at 10 units/mm: 100 × 50 mm, named `name`.
func smallTouchHeader(name: String = "Small Touch") -> String {
    """
    # EVEMU 1.3
    N: \(name)
    I: 0003 1234 5678 0001
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 04 00 00 00 00 00 00
    B: 03 00 00 00 00 00 80 60 02
    A: 2f 0 1 0 0 0
    A: 35 0 1000 0 0 10
    A: 36 0 500 0 0 10
    A: 39 0 65535 0 0 0

    """
}
