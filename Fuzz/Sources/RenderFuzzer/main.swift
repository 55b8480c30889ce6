import FuzzSupport

// `gestures render`: evemu bytes → the picture, still, animated, and animated with --explain, checked.
runFuzzer { data, size in
    fuzzRender(FuzzInput(data, size))
    return 0
}
