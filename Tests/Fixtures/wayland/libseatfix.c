/* From ../shared/reference/wayland/ (the working recipe this project was given), unchanged but this line.
 * libseatfix.so: LD_PRELOAD shim for Debian 12's libseat 0.7.0, whose "noop" backend never
 * calls enable_seat, so wlroots waits 10 s for the session and gives up ("Timeout waiting
 * session to become active"). Remembers the listener given to libseat_open_seat and
 * calls its enable_seat on the first libseat_dispatch.
 * Also replaces the noop backend's open_device, which opens with O_NOFOLLOW: under umockdev
 * /dev/input/eventN is a symlink to a pty in the testbed, so that open fails with ELOOP.
 * And its seat is called "noop", so libinput (udev backend) finds no device on it: say "seat0".
 * Build: gcc -O2 -Wall -shared -fPIC -o libseatfix.so libseatfix.c -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
struct libseat;
struct libseat_seat_listener {
	void (*enable_seat)(struct libseat *seat, void *userdata);
	void (*disable_seat)(struct libseat *seat, void *userdata);
};
static const struct libseat_seat_listener *saved_listener;
static void *saved_data;
static int pending;

struct libseat *libseat_open_seat(const struct libseat_seat_listener *listener, void *data)
{
	struct libseat *(*real)(const struct libseat_seat_listener *, void *) =
		dlsym(RTLD_NEXT, "libseat_open_seat");
	struct libseat *s = real(listener, data);
	const char *b = getenv("LIBSEAT_BACKEND");
	if (s && b && strcmp(b, "noop") == 0) {
		saved_listener = listener;
		saved_data = data;
		pending = 1;
	}
	return s;
}

int libseat_dispatch(struct libseat *seat, int timeout)
{
	int (*real)(struct libseat *, int) = dlsym(RTLD_NEXT, "libseat_dispatch");
	if (pending) {
		pending = 0;
		fprintf(stderr, "libseatfix: enable_seat (noop backend)\n");
		saved_listener->enable_seat(seat, saved_data);
		return 1;
	}
	return real(seat, timeout);
}

static int is_noop(void)
{
	const char *b = getenv("LIBSEAT_BACKEND");
	return b && strcmp(b, "noop") == 0;
}

int libseat_open_device(struct libseat *seat, const char *path, int *fd)
{
	if (!is_noop()) {
		int (*real)(struct libseat *, const char *, int *) = dlsym(RTLD_NEXT, "libseat_open_device");
		return real(seat, path, fd);
	}
	int f = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
	if (f < 0) {
		fprintf(stderr, "libseatfix: open %s: %s\n", path, strerror(errno));
		return -1;
	}
	*fd = f;
	return f;
}

int libseat_close_device(struct libseat *seat, int device_id)
{
	if (!is_noop()) {
		int (*real)(struct libseat *, int) = dlsym(RTLD_NEXT, "libseat_close_device");
		return real(seat, device_id);
	}
	return 0;
}

const char *libseat_seat_name(struct libseat *seat)
{
	if (is_noop())
		return "seat0";
	const char *(*real)(struct libseat *) = dlsym(RTLD_NEXT, "libseat_seat_name");
	return real(seat);
}
