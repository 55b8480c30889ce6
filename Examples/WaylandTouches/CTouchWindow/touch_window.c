/* The Wayland side of Examples/WaylandTouches: libwayland-client, a fullscreen xdg-shell toplevel showing a white
 * wl_shm buffer (a surface with no buffer is not mapped and gets no touch focus), and the seat's wl_touch, whose
 * events go to the app's listener as they come. The interfaces are bound at the versions whose events are all
 * handled here (wl_touch 1 has down, up, motion, frame and cancel; shape and orientation came in 6). */
#define _GNU_SOURCE
#include "touch_window.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

struct touch_window {
	struct wl_display *display;
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wl_seat *seat;
	struct wl_output *output;
	struct wl_touch *touch;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	struct wl_buffer *buffer;
	const struct touch_window_listener *listener;
	void *data;
	int32_t width, height;                 /* the buffer's: the size the window is shown at */
	int32_t configured_width, configured_height;   /* the last xdg_toplevel.configure's */
	int32_t width_mm, height_mm;
	int shown, closed, reading;
	char *error;
	size_t error_size;
};

static void fail(struct touch_window *w, const char *format, ...)
{
	va_list arguments;
	if (!w->error || w->error[0])
		return;   /* the first reason is kept */
	va_start(arguments, format);
	vsnprintf(w->error, w->error_size, format, arguments);
	va_end(arguments);
}

/* wl_touch: straight to the app's listener */

static void touch_down(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, struct wl_surface *surface,
                       int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	struct touch_window *w = data;
	w->listener->down(w->data, time, id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void touch_up(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, int32_t id)
{
	struct touch_window *w = data;
	w->listener->up(w->data, time, id);
}

static void touch_motion(void *data, struct wl_touch *touch, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	struct touch_window *w = data;
	w->listener->motion(w->data, time, id, wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void touch_frame(void *data, struct wl_touch *touch)
{
	struct touch_window *w = data;
	w->listener->frame(w->data);
}

static void touch_cancel(void *data, struct wl_touch *touch)
{
	struct touch_window *w = data;
	w->listener->cancel(w->data);
}

static const struct wl_touch_listener touch_listener = {
	.down = touch_down, .up = touch_up, .motion = touch_motion, .frame = touch_frame, .cancel = touch_cancel,
};

/* wl_seat: a wl_touch while the seat has a touch device */

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t capabilities)
{
	struct touch_window *w = data;
	int touch = (capabilities & WL_SEAT_CAPABILITY_TOUCH) != 0;
	if (touch && !w->touch) {
		w->touch = wl_seat_get_touch(seat);
		wl_touch_add_listener(w->touch, &touch_listener, w);
	} else if (!touch && w->touch) {
		wl_touch_destroy(w->touch);   /* version 1 has no release request */
		w->touch = NULL;
	}
}

static const struct wl_seat_listener seat_listener = { .capabilities = seat_capabilities };

/* wl_output: its physical size (0 × 0 on a headless output) */

static void output_geometry(void *data, struct wl_output *output, int32_t x, int32_t y, int32_t width_mm,
                            int32_t height_mm, int32_t subpixel, const char *make, const char *model, int32_t transform)
{
	struct touch_window *w = data;
	w->width_mm = width_mm;
	w->height_mm = height_mm;
}

static void output_mode(void *data, struct wl_output *output, uint32_t flags, int32_t width, int32_t height,
                        int32_t refresh)
{
}

static const struct wl_output_listener output_listener = { .geometry = output_geometry, .mode = output_mode };

/* xdg-shell: answer pings, take the size the compositor gives, show a buffer of that size */

static void wm_base_ping(void *data, struct xdg_wm_base *wm_base, uint32_t serial)
{
	xdg_wm_base_pong(wm_base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = { .ping = wm_base_ping };

static void toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width, int32_t height,
                               struct wl_array *states)
{
	struct touch_window *w = data;
	w->configured_width = width;
	w->configured_height = height;
}

static void toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
	struct touch_window *w = data;
	w->closed = 1;
}

static const struct xdg_toplevel_listener toplevel_listener = { .configure = toplevel_configure,
                                                                .close = toplevel_close };

/* A white buffer of width × height pixels, in shared memory. */
static struct wl_buffer *white_buffer(struct touch_window *w, int32_t width, int32_t height)
{
	int32_t stride = width * 4;
	size_t size = (size_t)stride * (size_t)height;
	int fd = memfd_create("touch-window", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)size) < 0) {
		fail(w, "cannot make a %dx%d buffer: %s", width, height, strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	void *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (pixels == MAP_FAILED) {
		fail(w, "cannot map a %dx%d buffer: %s", width, height, strerror(errno));
		close(fd);
		return NULL;
	}
	memset(pixels, 0xff, size);
	munmap(pixels, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(w->shm, fd, (int32_t)size);
	struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return buffer;
}

/* The first configure may leave the size to the client (0 x 0): the window is mapped at a size of its own, then
 * made fullscreen, and shown once it has the output's size. */
static void xdg_surface_configure(void *data, struct xdg_surface *xdg_surface, uint32_t serial)
{
	struct touch_window *w = data;
	int sized = w->configured_width > 0 && w->configured_height > 0;
	int32_t width = sized ? w->configured_width : 640, height = sized ? w->configured_height : 480;
	xdg_surface_ack_configure(xdg_surface, serial);
	if (width != w->width || height != w->height) {
		struct wl_buffer *buffer = white_buffer(w, width, height);
		if (!buffer) {
			w->closed = 1;
			return;
		}
		wl_surface_attach(w->surface, buffer, 0, 0);
		wl_surface_damage(w->surface, 0, 0, width, height);
		if (w->buffer)
			wl_buffer_destroy(w->buffer);
		w->buffer = buffer;
		w->width = width;
		w->height = height;
	}
	wl_surface_commit(w->surface);
	w->shown = sized;
}

static const struct xdg_surface_listener xdg_surface_listener = { .configure = xdg_surface_configure };

/* wl_registry: the globals the window needs, the first of each */

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                            uint32_t version)
{
	struct touch_window *w = data;
	if (strcmp(interface, wl_compositor_interface.name) == 0 && !w->compositor) {
		w->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 1);
	} else if (strcmp(interface, wl_shm_interface.name) == 0 && !w->shm) {
		w->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	} else if (strcmp(interface, xdg_wm_base_interface.name) == 0 && !w->wm_base) {
		w->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(w->wm_base, &wm_base_listener, w);
	} else if (strcmp(interface, wl_seat_interface.name) == 0 && !w->seat) {
		w->seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
		wl_seat_add_listener(w->seat, &seat_listener, w);
	} else if (strcmp(interface, wl_output_interface.name) == 0 && !w->output) {
		w->output = wl_registry_bind(registry, name, &wl_output_interface, 1);
		wl_output_add_listener(w->output, &output_listener, w);
	}
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = { .global = registry_global,
                                                               .global_remove = registry_global_remove };

struct touch_window *touch_window_open(const char *title, const struct touch_window_listener *listener, void *data,
                                       char *error, size_t error_size)
{
	struct touch_window *w = calloc(1, sizeof *w);
	if (!w) {
		snprintf(error, error_size, "out of memory");
		return NULL;
	}
	w->listener = listener;
	w->data = data;
	w->error = error;
	w->error_size = error_size;
	error[0] = '\0';
	w->display = wl_display_connect(NULL);
	if (!w->display) {
		const char *name = getenv("WAYLAND_DISPLAY");
		fail(w, "cannot connect to the Wayland compositor %s: %s", name ? name : "wayland-0", strerror(errno));
		free(w);
		return NULL;
	}
	w->registry = wl_display_get_registry(w->display);
	wl_registry_add_listener(w->registry, &registry_listener, w);
	/* the globals, then what binding them sent (the seat's capabilities, the output's geometry) */
	if (wl_display_roundtrip(w->display) < 0 || wl_display_roundtrip(w->display) < 0) {
		fail(w, "the connection to the compositor failed: %s", strerror(errno));
	} else if (!w->compositor || !w->shm || !w->wm_base || !w->seat) {
		fail(w, "the compositor offers no %s", !w->compositor ? "wl_compositor" : !w->shm ? "wl_shm"
		                                       : !w->wm_base ? "xdg_wm_base" : "wl_seat");
	} else {
		w->surface = wl_compositor_create_surface(w->compositor);
		w->xdg_surface = xdg_wm_base_get_xdg_surface(w->wm_base, w->surface);
		xdg_surface_add_listener(w->xdg_surface, &xdg_surface_listener, w);
		w->toplevel = xdg_surface_get_toplevel(w->xdg_surface);
		xdg_toplevel_add_listener(w->toplevel, &toplevel_listener, w);
		xdg_toplevel_set_title(w->toplevel, title);
		xdg_toplevel_set_fullscreen(w->toplevel, NULL);
		wl_surface_commit(w->surface);   /* no buffer yet: asks for the first configure */
		while (!w->shown && !w->closed && wl_display_dispatch(w->display) >= 0)
			continue;
		if (w->shown && !w->closed && wl_display_roundtrip(w->display) >= 0)
			return w;
		fail(w, "the compositor closed the window before it was shown");
	}
	touch_window_close(w);
	return NULL;
}

int32_t touch_window_width(const struct touch_window *w) { return w->width; }
int32_t touch_window_height(const struct touch_window *w) { return w->height; }
int32_t touch_window_output_width_mm(const struct touch_window *w) { return w->width_mm; }
int32_t touch_window_output_height_mm(const struct touch_window *w) { return w->height_mm; }
int touch_window_fd(const struct touch_window *w) { return wl_display_get_fd(w->display); }

/* libwayland's way to wait in one's own loop: prepare to read, flush, poll, then read or cancel */
int touch_window_prepare(struct touch_window *w)
{
	while (wl_display_prepare_read(w->display) != 0) {
		if (wl_display_dispatch_pending(w->display) < 0)
			return -1;
	}
	w->reading = 1;
	if (wl_display_flush(w->display) < 0 && errno != EAGAIN) {
		wl_display_cancel_read(w->display);
		w->reading = 0;
		return -1;
	}
	return 0;
}

int touch_window_dispatch(struct touch_window *w, int readable)
{
	if (w->reading) {
		w->reading = 0;
		if (!readable)
			wl_display_cancel_read(w->display);
		else if (wl_display_read_events(w->display) < 0)
			return -1;
	}
	if (wl_display_dispatch_pending(w->display) < 0)
		return -1;
	return w->closed ? 1 : 0;
}

void touch_window_close(struct touch_window *w)
{
	if (w->reading)
		wl_display_cancel_read(w->display);
	if (w->touch)
		wl_touch_destroy(w->touch);
	if (w->buffer)
		wl_buffer_destroy(w->buffer);
	if (w->toplevel)
		xdg_toplevel_destroy(w->toplevel);
	if (w->xdg_surface)
		xdg_surface_destroy(w->xdg_surface);
	if (w->surface)
		wl_surface_destroy(w->surface);
	if (w->output)
		wl_output_destroy(w->output);
	if (w->seat)
		wl_seat_destroy(w->seat);
	if (w->wm_base)
		xdg_wm_base_destroy(w->wm_base);
	if (w->shm)
		wl_shm_destroy(w->shm);
	if (w->compositor)
		wl_compositor_destroy(w->compositor);
	if (w->registry)
		wl_registry_destroy(w->registry);
	wl_display_disconnect(w->display);
	free(w);
}
