/// A layout file for the fixed header's surface: the date chart and the timer dial of
/// `Recordings/synthetic-dial-rotate` (fuzz-pipeline's layout of every run, one of fuzz-check's): SPEC's layout file,
/// the very text the trace generator writes beside it (`Layouts.swift` is the generator's file, linked here).
public let chartAndDialLayout = Layouts.spec
