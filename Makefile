# camsched — the two set-up commands of README.md, and a few helpers.
#   make demo   installs what is missing, builds, runs jobs/demo.json on the built-in test camera
#   make test   installs what is missing, builds, runs the host tests, then the vivid suite in a guest
#   make bench  runs the benchmarks and writes Documentation/performance.md
SHELL := /bin/bash
SWIFT ?= swift
BIN := .build/debug/camsched
TESTBIN := .build/debug/camschedPackageTests.xctest

.PHONY: demo test deps deps-test build build-tests test-host test-vivid bench clean

demo: deps build
	$(BIN) run jobs/demo.json --no-progress
	@echo
	@echo "Filed (catalog of $$(pwd)/captures):"
	@$(BIN) catalog list --root captures

test: deps-test build-tests test-host test-vivid

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
	$(SWIFT) test --skip-build --skip VividTests --skip EndToEndTests
	$(SWIFT) test --skip-build --filter EndToEndTests --no-parallel
	CAMSCHED_LOAD_TESTS=1 $(SWIFT) test --skip-build --filter realCPULoadRaisesPSIAndThrottles

# Guest: boots Debian's kernel with vivid once and runs the camera suite against it.
# Inside the guest CAMSCHED_VIVID=1 is set, so a skipped camera test counts as a failure.
test-vivid:
	scripts/vivid-run.sh scripts/vivid-suite.sh

bench: deps-test
	$(SWIFT) build -c release --product camsched
	python3 Benchmarks/bench.py

clean:
	rm -rf .build captures
