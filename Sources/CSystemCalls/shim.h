#ifndef GESTURES_CSYSTEMCALLS_SHIM_H
#define GESTURES_CSYSTEMCALLS_SHIM_H

// The calls of the syscall layer (Sources/SystemCalls) that Swift cannot make itself: `ioctl` is variadic, and
// Swift imports no variadic C function. One fixed signature each, as the layer's raw calls are.
#include <sys/ioctl.h>

static inline int gestures_ioctl_pointer(int descriptor, unsigned long request, void *argument) {
    return ioctl(descriptor, request, argument);
}

static inline int gestures_ioctl_value(int descriptor, unsigned long request, int value) {
    return ioctl(descriptor, request, value);
}

#endif
