#ifndef GESTURES_CLIBEVDEV_SHIM_H
#define GESTURES_CLIBEVDEV_SHIM_H

// libevdev, as the system installs it (pkg-config libevdev; Debian: libevdev-dev).
#include <libevdev/libevdev.h>

// The Linux calls the live loop needs next to it, which Glibc's Swift overlay does not all expose.
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

// Macros and inline helpers that Swift cannot import as they are.
static inline int gestures_libevdev_read_flag_normal(void) { return LIBEVDEV_READ_FLAG_NORMAL; }
static inline int gestures_libevdev_read_flag_sync(void) { return LIBEVDEV_READ_FLAG_SYNC; }
static inline int gestures_libevdev_read_status_success(void) { return LIBEVDEV_READ_STATUS_SUCCESS; }
static inline int gestures_libevdev_read_status_sync(void) { return LIBEVDEV_READ_STATUS_SYNC; }

static inline int gestures_libevdev_read_flag_force_sync(void) { return LIBEVDEV_READ_FLAG_FORCE_SYNC; }
static inline int gestures_libevdev_read_flag_blocking(void) { return LIBEVDEV_READ_FLAG_BLOCKING; }

// libevdev's own log (for example `BUG: Device "…" received a double tracking ID -1 in slot 0.`) goes to
// stderr, raw, by default. These hand a device's messages to the caller instead, formatted, one call each.

/// Receives one of libevdev's messages about a device: its priority (`LIBEVDEV_LOG_ERROR`, `_INFO`), and
/// the message as libevdev formatted it, without its trailing newline.
typedef void (*gestures_libevdev_message_sink)(void *context, int priority, const char *message);

/// Where a device's messages go; it must outlive the device's `struct libevdev`.
struct gestures_libevdev_log {
    gestures_libevdev_message_sink sink;
    void *context;
};

/// Formats one of libevdev's messages and hands it to `log`; without a `log`, says it on stderr with the
/// program's prefix.
static inline void gestures_libevdev_say(const struct gestures_libevdev_log *log, enum libevdev_log_priority priority,
                                         const char *format, va_list arguments) {
    char message[1024];
    if (vsnprintf(message, sizeof message, format, arguments) < 0) return;
    size_t length = strlen(message);
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == ' ')) message[--length] = '\0';
    if (log != NULL && log->sink != NULL) {
        log->sink(log->context, (int)priority, message);
    } else {
        fprintf(stderr, "gestures: warning: libevdev: %s\n", message);
    }
}

/// A `libevdev_device_log_func_t`: `data` is the device's `struct gestures_libevdev_log`.
static inline void gestures_libevdev_device_log(const struct libevdev *device, enum libevdev_log_priority priority,
                                                void *data, const char *file, int line, const char *function,
                                                const char *format, va_list arguments) {
    (void)device; (void)file; (void)line; (void)function;
    gestures_libevdev_say((const struct gestures_libevdev_log *)data, priority, format, arguments);
}

/// A `libevdev_log_func_t`, for messages about no device in particular.
static inline void gestures_libevdev_global_log(enum libevdev_log_priority priority, void *data, const char *file,
                                                int line, const char *function, const char *format, va_list arguments) {
    (void)data; (void)file; (void)line; (void)function;
    gestures_libevdev_say(NULL, priority, format, arguments);
}

/// Sends `device`'s messages of priority `LIBEVDEV_LOG_INFO` and above (errors, libevdev's "BUG:" reports,
/// information such as "SYN_DROPPED received after finished sync") to `log` instead of stderr, and the
/// messages about no device to stderr with the program's prefix.
///
/// Call it before `libevdev_set_fd`, and again after it: `libevdev_set_fd` keeps a device's log function
/// but forgets its data (libevdev 1.13), so the messages of the setup itself reach the function without
/// `log` and are said on stderr with the program's prefix.
static inline void gestures_libevdev_set_log(struct libevdev *device, const struct gestures_libevdev_log *log) {
    libevdev_set_log_function(gestures_libevdev_global_log, NULL);
    libevdev_set_device_log_function(device, gestures_libevdev_device_log, LIBEVDEV_LOG_INFO, (void *)log);
}

/// Reads events with `libevdev_next_event(device, flags, …)` into `events`, `capacity` at most, for as long as it
/// answers LIBEVDEV_READ_STATUS_SUCCESS (retrying on -EINTR): a wake-up's events in one call across the shim
/// instead of one call each, whose Swift call, stack protector and state machine were paid at every event
/// (docs/performance.md). Returns how many it read. `*ending` is what
/// the call after them answered (LIBEVDEV_READ_STATUS_SYNC, its event in `events[count]`; or a negated errno, such
/// as -EAGAIN), or LIBEVDEV_READ_STATUS_SUCCESS when `capacity` events were read and no call answered anything
/// else.
///
/// At a frame's end (`SYN_REPORT`), when libevdev holds no more events and the device has none waiting
/// (`libevdev_has_event_pending`, a `poll()` with no timeout once libevdev's queue is empty), it stops there with
/// -EAGAIN: what the next call would answer, without its `read()` (docs/performance.md). Events that arrive after
/// that `poll()` make the descriptor readable, as after an -EAGAIN from libevdev.
static inline int gestures_libevdev_next_events(struct libevdev *device, unsigned int flags, struct input_event *events,
                                                int capacity, int *ending) {
    int count = 0;
    *ending = LIBEVDEV_READ_STATUS_SUCCESS;
    while (count < capacity) {
        int status = libevdev_next_event(device, flags, &events[count]);
        if (status == LIBEVDEV_READ_STATUS_SUCCESS) {
            const struct input_event *event = &events[count++];
            if (event->type == EV_SYN && event->code == SYN_REPORT && libevdev_has_event_pending(device) == 0) {
                *ending = -EAGAIN;
                break;
            }
        } else if (status != -EINTR) {
            *ending = status;
            break;
        }
    }
    return count;
}

/// The event's time in microseconds (struct input_event's time field differs between ABIs).
static inline long long gestures_event_microseconds(const struct input_event *event) {
    return (long long)event->input_event_sec * 1000000LL + (long long)event->input_event_usec;
}

#endif
