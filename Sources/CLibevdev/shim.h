#ifndef GESTURES_CLIBEVDEV_SHIM_H
#define GESTURES_CLIBEVDEV_SHIM_H

// libevdev, as the system installs it (pkg-config libevdev; Debian: libevdev-dev).
#include <libevdev/libevdev.h>

// The Linux calls the live loop needs next to it, which Glibc's Swift overlay does not all expose.
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/signalfd.h>
#include <time.h>
#include <unistd.h>

// Macros and inline helpers that Swift cannot import as they are.
static inline int gestures_libevdev_read_flag_normal(void) { return LIBEVDEV_READ_FLAG_NORMAL; }
static inline int gestures_libevdev_read_flag_sync(void) { return LIBEVDEV_READ_FLAG_SYNC; }
static inline int gestures_libevdev_read_status_success(void) { return LIBEVDEV_READ_STATUS_SUCCESS; }
static inline int gestures_libevdev_read_status_sync(void) { return LIBEVDEV_READ_STATUS_SYNC; }

/// The event's time in microseconds (struct input_event's time field differs between ABIs).
static inline long long gestures_event_microseconds(const struct input_event *event) {
    return (long long)event->input_event_sec * 1000000LL + (long long)event->input_event_usec;
}

/// CLOCK_MONOTONIC now, in microseconds.
static inline long long gestures_monotonic_microseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)now.tv_sec * 1000000LL + now.tv_nsec / 1000;
}

/// A signalfd for SIGINT and SIGTERM, which are blocked for the calling thread (and those it starts).
static inline int gestures_signalfd_for_termination(void) {
    sigset_t mask;
    sigemptyset(&mask);
    sigaddset(&mask, SIGINT);
    sigaddset(&mask, SIGTERM);
    if (pthread_sigmask(SIG_BLOCK, &mask, NULL) != 0) return -1;
    return signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
}

#endif
