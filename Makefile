# camsched — the two set-up commands of README.md, and a few helpers.
#   make demo   installs what is missing, builds, runs jobs/demo.json on the built-in test camera
#   make test   installs what is missing, builds, runs the host tests, then the vivid suite in a guest
#               (scripts/test-all.sh: every phase timed, the release build in the background)
#   make bench  runs the benchmarks and writes Documentation/performance.md
#   make release [PIE=1]              the self-contained binary: Swift runtime linked in (.build/release/camsched)
#   make install [PREFIX=/usr/local] [DESTDIR=]   binary, man pages, completions, systemd units, docs
#   make uninstall [PREFIX=…] [DESTDIR=]          removes what install put there
#   make deb                          camsched_VERSION_ARCH.deb (Depends computed from the binary)
SHELL := /bin/bash
SWIFT ?= swift
BIN := .build/debug/camsched
TESTBIN := .build/debug/camschedPackageTests.xctest

PREFIX ?= /usr/local
DESTDIR ?=
BINDIR := $(PREFIX)/bin
MAN1DIR := $(PREFIX)/share/man/man1
DOCDIR := $(PREFIX)/share/doc/camsched
UNITDIR := $(PREFIX)/lib/systemd/system
TMPFILESDIR := $(PREFIX)/lib/tmpfiles.d
BASHDIR := $(PREFIX)/share/bash-completion/completions
ZSHDIR := $(PREFIX)/share/zsh/site-functions
FISHDIR := $(PREFIX)/share/fish/vendor_completions.d
# No $$ORIGIN RUNPATH: the installed binary must not load libraries from its own folder.
# A position-dependent executable (issue 15): a PIE's loader writes ~110,000 pointers at every
# start, a third of a cold still's page faults. PIE=1 builds a PIE instead (the executable's own
# code at a random address too; libraries, stack and heap are randomised either way).
# No exported symbols (issue 31): swiftc links executables with --export-dynamic, which put
# 51,000 symbols (4.7 MB of .dynsym/.dynstr/.gnu.hash) into the installed binary that nothing
# loads against; without them it is 5.3 MB smaller and starts ~10 % faster. A crash's stack
# trace then names no camsched function in the stripped binary: symbolise its addresses with the
# unstripped .build/release/camsched of the same build (same build id).
# Only the ICU data camsched opens (issue 31): Foundation's ICU carries 34 MB of it (every
# locale, collation, dictionaries); scripts/icu-data.py packs the items in scripts/icu-items.txt
# (about 2 MB) into an object and a linker script pointing ICU's data symbol at it, so that the
# link drops the toolchain's (Documentation/architecture.md says how to add an item).
PIE ?= 0
ICU_DATA := $(CURDIR)/.build/icu/icudata.ld
RELEASE_FLAGS := -c release --static-swift-stdlib --disable-local-rpath -Xlinker --no-export-dynamic \
                 $(if $(filter 1,$(PIE)),,-Xlinker --no-pie) -Xlinker $(ICU_DATA)
RELEASE_BIN := .build/release/camsched
# camsched's libcamera module (a C++ shim over libcamera, loaded with dlopen when a libcamera
# camera is asked for; a stub that says so when built without libcamera-dev).
RELEASE_SHIM := .build/release/libcamsched-libcamera.so
LIBDIR := $(PREFIX)/lib/camsched
SHIM_CXX ?= clang++
# Generated from the release binary for install: man pages, completions, units with BINDIR.
STAGE := .build/stage
UNITS := camsched.service camsched-run@.service camsched-run@.timer
# The example jobs that work unchanged in /etc/camsched/jobs (demo.json files beside the clone).
EXAMPLES := $(filter-out jobs/demo.json,$(wildcard jobs/*.json))
DOCS := $(wildcard Documentation/*.md) Documentation/job.schema.json

.PHONY: demo test deps deps-test build build-tests test-host test-vivid test-install test-docs bench clean \
        release stage install uninstall deb icu-data

demo: deps build
	$(BIN) run jobs/demo.json --no-progress
	@echo
	@echo "Filed (the catalog of the job's root, found from its job file):"
	@$(BIN) catalog list --job-file jobs/demo.json

# The whole suite, each phase timed (scripts/test-all.sh): one debug build, the release build
# for the install test at idle priority in the background while the host and vivid tests run.
test: deps-test icu-data
	RELEASE_FLAGS='$(RELEASE_FLAGS)' SWIFT='$(SWIFT)' scripts/test-all.sh

deps:
	@scripts/install-deps.sh build

deps-test:
	@scripts/install-deps.sh test

build:
	$(SWIFT) build --product camsched

build-tests:
	$(SWIFT) build --build-tests

# Host: unit tests in parallel; then the end-to-end tests one at a time (they run the camsched
# binary against real time: in parallel on two cores they would measure each other's load);
# then the test that loads every core to raise PSI, alone. First the size rules (no Swift file
# in Sources over 300 lines, no function over 60), which fail the run with the offenders listed.
test-host:
	python3 scripts/check-sizes.py
	python3 scripts/check-errno.py
	python3 scripts/check-concurrency.py
	$(SWIFT) test --skip-build --skip VividTests --skip EndToEndTests
	$(SWIFT) test --skip-build --filter EndToEndTests --no-parallel
	CAMSCHED_LOAD_TESTS=1 $(SWIFT) test --skip-build --filter realCPULoadRaisesPSIAndThrottles

# Guest: boots Debian's kernel with vivid once and runs the camera suite against it.
# Inside the guest CAMSCHED_VIVID=1 is set, so a skipped camera test counts as a failure.
test-vivid:
	scripts/vivid-run.sh scripts/vivid-suite.sh

# Documentation links only files that exist, and names every environment variable camsched reads.
test-docs:
	python3 scripts/check-links.py
	python3 scripts/check-env-docs.py

# The release build, make install into a scratch DESTDIR, make deb, and the package installed
# with apt on this machine (removed again at the end): run alone, after the other tests.
test-install: release
	scripts/test-install.sh

release: deps icu-data
	$(SWIFT) build $(RELEASE_FLAGS) --product camsched
	$(MAKE) --no-print-directory $(RELEASE_SHIM)

# The installed libcamera module, compiled by clang++ alone: SwiftPM's product (what `swift build`
# makes for the build tree and the tests) is linked by swiftc, which makes it need the Swift
# runtime's shared libraries that the installed, static binary does without. Without
# libcamera-dev (no pkg-config libcamera) it compiles to the stub that says so.
$(RELEASE_SHIM): $(wildcard Sources/CLibcameraShim/*.cpp Sources/CLibcameraShim/*.h Sources/CLibcameraAPI/include/*.h)
	@mkdir -p $(dir $@)
	$(SHIM_CXX) -std=c++17 -O2 -fPIC -shared -fvisibility=hidden -Wl,--as-needed -Wl,-z,defs -o $@ \
	  $(filter %.cpp,$^) $$(pkg-config --cflags --libs libcamera 2>/dev/null)

# The trimmed ICU data for the release link; rewritten (and the release binary removed, so that
# SwiftPM links again) only when the items or the toolchain's ICU changed.
icu-data: deps
	SWIFT='$(SWIFT)' python3 scripts/icu-data.py $(ICU_DATA) --stale $(RELEASE_BIN)

stage: release
	rm -rf $(STAGE) && mkdir -p $(STAGE)/man $(STAGE)/systemd
	python3 scripts/gen-man.py $(RELEASE_BIN) $(STAGE)/man
	for shell in bash zsh fish; do $(RELEASE_BIN) --generate-completion-script $$shell > $(STAGE)/camsched.$$shell; done
	for unit in $(UNITS); do sed 's|@BINDIR@|$(BINDIR)|g' dist/systemd/$$unit > $(STAGE)/systemd/$$unit; done

install: stage
	install -Dm755 -s $(RELEASE_BIN) $(DESTDIR)$(BINDIR)/camsched
	install -Dm644 -s $(RELEASE_SHIM) $(DESTDIR)$(LIBDIR)/libcamsched-libcamera.so
	install -d $(DESTDIR)$(MAN1DIR) && install -m644 $(STAGE)/man/*.1 $(DESTDIR)$(MAN1DIR)/
	install -Dm644 $(STAGE)/camsched.bash $(DESTDIR)$(BASHDIR)/camsched
	install -Dm644 $(STAGE)/camsched.zsh $(DESTDIR)$(ZSHDIR)/_camsched
	install -Dm644 $(STAGE)/camsched.fish $(DESTDIR)$(FISHDIR)/camsched.fish
	install -d $(DESTDIR)$(UNITDIR) && install -m644 $(addprefix $(STAGE)/systemd/,$(UNITS)) $(DESTDIR)$(UNITDIR)/
	install -Dm644 dist/systemd/camsched.tmpfiles $(DESTDIR)$(TMPFILESDIR)/camsched.conf
	install -Dm644 README.md $(DESTDIR)$(DOCDIR)/README.md
	install -d $(DESTDIR)$(DOCDIR)/Documentation $(DESTDIR)$(DOCDIR)/jobs
	install -m644 $(DOCS) $(DESTDIR)$(DOCDIR)/Documentation/
	install -m644 $(EXAMPLES) $(DESTDIR)$(DOCDIR)/jobs/
	@if [ -z "$(DESTDIR)" ]; then echo; \
	  echo "Installed. To run the daemon: sudo useradd --system --user-group --groups video --home-dir /var/lib/camsched camsched"; \
	  echo "  sudo mkdir -p /etc/camsched/jobs && sudo cp $(DOCDIR)/jobs/nightly.json /etc/camsched/jobs/"; \
	  echo "  sudo systemctl daemon-reload && sudo systemctl enable --now camsched"; fi

uninstall:
	rm -rf $(DESTDIR)$(LIBDIR)
	rm -f $(DESTDIR)$(BINDIR)/camsched $(DESTDIR)$(MAN1DIR)/camsched.1 $(DESTDIR)$(MAN1DIR)/camsched-*.1
	rm -f $(DESTDIR)$(BASHDIR)/camsched $(DESTDIR)$(ZSHDIR)/_camsched $(DESTDIR)$(FISHDIR)/camsched.fish
	rm -f $(addprefix $(DESTDIR)$(UNITDIR)/,$(UNITS)) $(DESTDIR)$(TMPFILESDIR)/camsched.conf
	rm -rf $(DESTDIR)$(DOCDIR)

deb: deps
	scripts/build-deb.sh

# The binary make install ships (one release configuration, so the two never rebuild each other).
bench: deps-test release
	python3 Benchmarks/bench.py

clean:
	rm -rf .build captures
