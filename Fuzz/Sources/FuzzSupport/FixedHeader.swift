/// The description used for a header-less input (written as `trace.desc` beside it, where the reader looks
/// for it) by the targets that take an evemu trace: the synthetic touchscreen of `Recordings/synthetic-*.evemu`,
/// 10 slots, resolution 19 units/mm.
public let fixedHeader = """
    N: Gestures Test Touchscreen
    I: 0003 222a 0001 0110
    P: 02 00 00 00 00 00 00 00
    B: 00 0b 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 04 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 01 00 00 00 00 00 00 00 00
    B: 02 00 00 00 00 00 00 00 00
    B: 03 03 00 00 00 00 80 60 02
    B: 04 00 00 00 00 00 00 00 00
    B: 05 00 00 00 00 00 00 00 00
    B: 11 00 00 00 00 00 00 00 00
    B: 12 00 00 00 00 00 00 00 00
    B: 14 00 00 00 00 00 00 00 00
    B: 15 00 00 00 00 00 00 00 00
    B: 15 00 00 00 00 00 00 00 00
    A: 00 0 4095 0 0 19
    A: 01 0 2559 0 0 19
    A: 2f 0 9 0 0 0
    A: 35 0 4095 0 0 19
    A: 36 0 2559 0 0 19
    A: 39 0 65535 0 0 0
    """

/// `fixedHeader`, written once as `trace.desc` in the scratch folder.
public let fixedHeaderPath = Scratch.write("trace.desc", fixedHeader + "\n")
