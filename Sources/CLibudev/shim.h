#ifndef GESTURES_CLIBUDEV_SHIM_H
#define GESTURES_CLIBUDEV_SHIM_H

// libudev, as the system installs it (pkg-config libudev; Debian: libudev-dev): the device monitor of
// `gestures serve`, which finds input devices as they appear and disappear, as libinput does.
#include <libudev.h>

#endif
