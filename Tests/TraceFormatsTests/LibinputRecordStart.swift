// Shared with GesturesCLITests through a symbolic link of the same name there: the recordings of the reader's tests
// and the command line's begin alike.

/// The start of a recording in `libinput record`'s layout (1.22), up to the first device's `evdev:` key: the
/// recording's `devices` count, the versions and the system, with `dmi` as the system's DMI modalias.
func libinputRecordStart(devices: Int = 1, dmi: String = "dmi:bvnLENOVO") -> String {
    """
    # libinput record
    version: 1
    ndevices: \(devices)
    libinput:
      version: "1.22.1"
      git: "unknown"
    system:
      os: "debian:12"
      kernel: "6.1.0-13-amd64"
      dmi: "\(dmi)"
    devices:
    - node: /dev/input/event6
      evdev:

    """
}
