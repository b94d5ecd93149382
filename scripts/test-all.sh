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

# The end-to-end tests in two shards side by side, each one test at a time: the network suites
# (mostly waiting on the RTSP test server and the wire) beside the rest. Each shard's output goes
# to its own log, printed when both are done; the phase fails if either does.
E2E_NETWORK='EndToEndTests\.(RTSP|Network|TriggerCopy|StreamCopy|AutoCodec|H264Copy|CatalogResilience|CatalogRecovery|MQTT|DayRamp|JobFuzzRun)'
e2e_shards() {
  local network_log=.build/e2e-network.log rest_log=.build/e2e-rest.log network_rc=0 rest_rc=0
  tests --filter "$E2E_NETWORK" --no-parallel >"$network_log" 2>&1 &
  local network_pid=$!
  tests --filter EndToEndTests --skip "$E2E_NETWORK" --no-parallel >"$rest_log" 2>&1 || rest_rc=$?
  wait "$network_pid" || network_rc=$?
  echo "--- end-to-end shard: network suites (exit $network_rc)"; cat "$network_log"
  echo "--- end-to-end shard: the rest (exit $rest_rc)"; cat "$rest_log"
  [ $network_rc = 0 ] && [ $rest_rc = 0 ]
}

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

# Host: unit tests in parallel; then the end-to-end tests in two shards, each one test at a time
# (they run the camsched binary against real time: more at once on two cores would measure each
# other's load); then the test that loads every core to raise PSI, alone.
phase "host unit tests" tests --skip VividTests --skip EndToEndTests
phase "end-to-end tests" e2e_shards
phase "PSI load test" env CAMSCHED_LOAD_TESTS=1 "$BUNDLE" --testing-library swift-testing --filter realCPULoadRaisesPSIAndThrottles
# The release build has had the host tests' idle time; the guest runs alone: with the build
# beside it, even at idle priority, a SIGTERM in the guest's warm-up test took 3 s to stop
# (limit 2 s; 2 of 2 runs, and 0 of 2 alone), and vivid's 300-frame stream lost frames.
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
