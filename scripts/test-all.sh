#!/usr/bin/env bash
# `make test` after the dependencies are installed: the whole suite, each phase timed.
#
# One debug build of the tests (both cores), then the release build for the install test starts
# in the background at idle priority (SCHED_IDLE: it runs only on a core that nothing else
# wants, so it fills the gaps of the real-time tests without slowing them) while the host
# tests run; the vivid guest runs after it, alone. The tests run the test bundle directly rather than through
# `swift test`, which would wait for the release build's lock on .build.
# Every phase runs even if an earlier one failed; the exit status is non-zero if any failed.
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
BUNDLE=.build/debug/camschedPackageTests.xctest
status=0
declare -a timings=()

phase() {
  local name=$1; shift
  local start=$SECONDS rc=0
  echo "=== $name"
  "$@" || rc=$?
  timings+=("$(printf '%-28s %4d s  %s' "$name" $((SECONDS - start)) "$([ $rc = 0 ] && echo ok || echo "FAILED ($rc)")")")
  [ $rc = 0 ] || status=1
  return 0
}

tests() { "$BUNDLE" --testing-library swift-testing "$@"; }

phase "documentation checks" bash -c 'python3 scripts/check-links.py && python3 scripts/check-env-docs.py'
phase "size rules" python3 scripts/check-sizes.py
phase "import table" python3 scripts/check-imports.py
phase "debug build (tests)" "$SWIFT" build --build-tests
if [ ! -x "$BUNDLE" ]; then
  echo "test-all: the test build failed; nothing to run" >&2
  exit 1
fi

release_log=.build/release-build.log
release_start=$SECONDS
idle() { if chrt --idle 0 true 2>/dev/null; then chrt --idle 0 nice -n 19 "$@"; else nice -n 19 "$@"; fi; }
# shellcheck disable=SC2086 # RELEASE_FLAGS is a list of words.
idle "$SWIFT" build ${RELEASE_FLAGS:?set by the Makefile} --product camsched >"$release_log" 2>&1 &
release_pid=$!

# Host: unit tests in parallel; then the end-to-end tests one at a time (they run the camsched
# binary against real time: in parallel on two cores they would measure each other's load);
# then the test that loads every core to raise PSI, alone.
phase "host unit tests" tests --skip VividTests --skip EndToEndTests
phase "end-to-end tests" tests --filter EndToEndTests --no-parallel
phase "PSI load test" env CAMSCHED_LOAD_TESTS=1 "$BUNDLE" --testing-library swift-testing --filter realCPULoadRaisesPSIAndThrottles
# The release build has had the host tests' idle time; the guest runs alone: with the build
# beside it (on a machine busy with other builds too) vivid's 300-frame stream lost frames.
release_rc=0
wait "$release_pid" || release_rc=$?
timings+=("$(printf '%-28s %4d s  %s' "release build (background)" $((SECONDS - release_start)) "$([ $release_rc = 0 ] && echo ok || echo "FAILED ($release_rc)")")")
[ $release_rc = 0 ] || { tail -n 40 "$release_log" >&2; status=1; }

# Guest: boots Debian's kernel with vivid once and runs the camera suite against it.
phase "vivid guest" scripts/vivid-run.sh scripts/vivid-suite.sh
if [ $release_rc = 0 ]; then phase "install test" scripts/test-install.sh; fi

echo
echo "=== phases (total $SECONDS s)"
printf '  %s\n' "${timings[@]}"
exit $status
