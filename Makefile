# The two commands of the quick start. Each installs what it needs when it is missing.
SWIFT ?= swift
SWIFT_FLAGS ?=

.PHONY: demo test test-browser build docs bench bench-raw bench-check bench-explain fuzz fuzz-build recordings deps clean install install-files install-lib

# The main job: replay the bundled recordings, print the gestures recognized in them, and draw their pictures
# (PICTURES, default .build/pictures).
demo: deps
	$(SWIFT) build --product gestures $(SWIFT_FLAGS)
	@bash scripts/demo.sh

# The whole test suite (the C interface's examples install the library built here into a temporary prefix).
test: deps
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) build --product touchgestures $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build $(SWIFT_FLAGS)

# The pictures in a real browser: installs Debian's chromium when it is missing, then runs the tests that
# screenshot the still and the animated picture (`make test` runs them too when Chromium is there).
test-browser: deps
	@bash scripts/install-deps.sh --browser
	$(SWIFT) build --build-tests $(SWIFT_FLAGS)
	$(SWIFT) test --skip-build --filter BrowserTests $(SWIFT_FLAGS)

build: deps
	$(SWIFT) build $(SWIFT_FLAGS)

# The DocC documentation of the library modules (swift-docc-plugin), into .build/docs/MODULE.doccarchive, and all of
# them in .build/docs/combined.doccarchive: fails on any DocC warning, on a public symbol without a documentation
# comment in the modules of DOCS_COMPLETE, and on a link to another module's page that does not exist.
docs: deps
	SWIFT=$(SWIFT) bash scripts/docs.sh

# The table of replay's and live's costs against their targets (docs/performance.md): the ordo-one benchmarks of
# Benchmarks/ (a package of their own), callgrind's instruction counts, `gestures live` on an emulated
# touchscreen, and layouts of targets (Benchmarks/target-layouts/). Installs valgrind when it is missing. Takes
# several minutes.
bench: deps
	@bash scripts/install-deps.sh --bench
	SWIFT=$(SWIFT) python3 Benchmarks/bench-table.py

# The ordo-one benchmarks alone, with their own output (wall clock, throughput, allocations).
bench-raw: deps
	cd Benchmarks && $(SWIFT) package benchmark --no-progress

# The cost of `--explain` in instructions (callgrind): off and on, against the engine before it.
bench-explain: deps
	bash Benchmarks/explain-cost.sh

# `gestures check` on 200 recordings: --jobs 1 against --jobs 2, and instructions per event against replay.
bench-check: deps
	bash Benchmarks/check-corpus.sh

# The libFuzzer targets of Fuzz/ (with AddressSanitizer), in a package of their own: each runs FUZZ_SECONDS
# seconds; findings go to Fuzz/.build/findings/ (see scripts/fuzz.sh for the other settings).
FUZZ_SECONDS ?= 60

fuzz-build: deps
	SWIFT=$(SWIFT) bash scripts/fuzz.sh build

fuzz: fuzz-build
	FUZZ_SECONDS=$(FUZZ_SECONDS) bash scripts/fuzz.sh run

# Regenerates the synthetic traces of Recordings/ and their layouts (their expected outputs are checked by hand).
recordings: deps
	$(SWIFT) run trace-generator Recordings

# Where `make install` puts things: PREFIX (default /usr/local) and DESTDIR (a staging root, for packaging); the
# systemd user unit into SYSTEMD_USER_UNIT_DIR: PREFIX/lib/systemd/user, or ~/.local/share/systemd/user for
# PREFIX=~/.local (where systemd looks for a user's own units).
PREFIX ?= /usr/local
DESTDIR ?=
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
SYSTEMD_USER_UNIT_DIR ?= $(if $(filter $(HOME)/.local,$(PREFIX)),$(HOME)/.local/share/systemd/user,$(PREFIX)/lib/systemd/user)

# The C interface: libtouchgestures.so.0 (release build), touchgestures.h and touchgestures.pc (scripts/install-lib.sh).
install-lib: deps
	$(SWIFT) build -c release --product touchgestures $(SWIFT_FLAGS)
	PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) LIBDIR=$(LIBDIR) INCLUDEDIR=$(INCLUDEDIR) \
		bash scripts/install-lib.sh "$$($(SWIFT) build -c release --show-bin-path $(SWIFT_FLAGS))/libtouchgestures.so"

# The library, the `gestures` command (release) into BINDIR and the systemd user unit `gestures.service`
# (ExecStart=… serve).
install: install-lib
	$(SWIFT) build -c release --product gestures $(SWIFT_FLAGS)
	$(MAKE) install-files GESTURES_BINARY="$$($(SWIFT) build -c release --show-bin-path $(SWIFT_FLAGS))/gestures"

# The command and the unit alone, of GESTURES_BINARY (the tests install a debug build into a scratch DESTDIR).
install-files:
	install -D -m 755 "$(GESTURES_BINARY)" "$(DESTDIR)$(BINDIR)/gestures"
	install -d "$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)"
	sed 's|@BINDIR@|$(BINDIR)|g' scripts/gestures.service.in > "$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/gestures.service"
	chmod 644 "$(DESTDIR)$(SYSTEMD_USER_UNIT_DIR)/gestures.service"

# Tools and system packages the build and the tests need, installed only when missing.
deps:
	@bash scripts/install-deps.sh

clean:
	rm -rf .build Fuzz/.build
