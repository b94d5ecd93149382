#!/usr/bin/env bash
# `make test` after the dependencies are installed: the whole suite, each phase timed.
#
# One debug build of the tests (both cores), then the release build for the install test starts
# in the background at idle priority (SCHED_IDLE: it runs only on a core that nothing else
# wants, so it fills the gaps of the real-time tests without slowing them) while the host
# tests run; the vivid guests run after it, alone. The tests run the test bundle directly rather than through
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

# Two commands side by side: `side_by_side LABEL_A LOG_A FUNCTION_A LABEL_B LOG_B FUNCTION_B`
# runs A in the background beside B, each into its own log, prints both logs (A's first) when
# both are done, and fails if either did.
side_by_side() {
  local a_rc=0 b_rc=0
  "$3" >"$2" 2>&1 &
  local a_pid=$!
  "$6" >"$5" 2>&1 || b_rc=$?
  wait "$a_pid" || a_rc=$?
  echo "--- $1 (exit $a_rc)"; cat "$2"
  echo "--- $4 (exit $b_rc)"; cat "$5"
  [ $a_rc = 0 ] && [ $b_rc = 0 ]
}

# The end-to-end tests in two shards side by side, each one test at a time: the network suites
# (mostly waiting on the RTSP test server and the wire) beside the rest.
E2E_NETWORK='EndToEndTests\.(RTSP|Network|TriggerCopy|StreamCopy|AutoCodec|H264Copy|CatalogResilience|CatalogRecovery|MQTT|DayRamp|JobFuzzRun)'
e2e_network() { tests --filter "$E2E_NETWORK" --no-parallel; }
e2e_rest() { tests --filter EndToEndTests --skip "$E2E_NETWORK" --no-parallel; }

phase "documentation checks" bash -c 'python3 scripts/check-links.py && python3 scripts/check-env-docs.py'
phase "size rules" python3 scripts/check-sizes.py
phase "import table" bash -c 'python3 scripts/check-imports.py && python3 scripts/check-errno.py'
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
# Power cuts in a vivid guest (issue 45, scripts/powercut-test.sh: ten resets without a sync,
# each followed by a boot): at idle priority beside the end-to-end tests, as the release build,
# so that it takes only the time they leave; waited for before the guests' phase.
powercut_log=.build/powercut.log
powercut_start=$SECONDS
idle scripts/powercut-test.sh 10 >"$powercut_log" 2>&1 &
powercut_pid=$!
phase "end-to-end tests" side_by_side "end-to-end shard: network suites" .build/e2e-network.log e2e_network \
  "end-to-end shard: the rest" .build/e2e-rest.log e2e_rest
phase "PSI load test" env CAMSCHED_LOAD_TESTS=1 "$BUNDLE" --testing-library swift-testing --filter realCPULoadRaisesPSIAndThrottles
# The release build has had the host tests' idle time; the guest runs alone: with the build
# beside it, even at idle priority, a SIGTERM in the guest's warm-up test took 3 s to stop
# (limit 2 s; 2 of 2 runs, and 0 of 2 alone), and vivid's 300-frame stream lost frames.
release_rc=0
wait "$release_pid" || release_rc=$?
timings+=("$(printf '%-28s %4d s  %s' "release build (background)" $((SECONDS - release_start)) "$([ $release_rc = 0 ] && echo ok || echo "FAILED ($release_rc)")")")
[ $release_rc = 0 ] || { tail -n 40 "$release_log" >&2; status=1; }
powercut_rc=0
wait "$powercut_pid" || powercut_rc=$?
timings+=("$(printf '%-28s %4d s  %s' "power cuts (background)" $((SECONDS - powercut_start)) "$([ $powercut_rc = 0 ] && echo ok || echo "FAILED ($powercut_rc)")")")
[ $powercut_rc = 0 ] || { grep -v "^WARNING\|^ *Automatically\|^ *Specify" "$powercut_log" | tail -n 40 >&2; status=1; }

# Guests: two of Debian's kernel with vivid side by side, one vCPU each (an emulated guest keeps
# about one core busy; with two vCPUs each, four emulated CPUs on two cores stall each other and
# the tests ran four times slower), each with its own vivid and its share of the camera suite
# (scripts/vivid-suite.sh's groups, about 300 s each).
vivid_first() { VIVID_CPUS=1 scripts/vivid-run.sh scripts/vivid-suite.sh 1 6 7; }
vivid_second() { VIVID_CPUS=1 scripts/vivid-run.sh scripts/vivid-suite.sh 8 2 3 4 5; }
phase "vivid guests" side_by_side "vivid guest: groups 1, 6, 7" .build/vivid-first.log vivid_first \
  "vivid guest: groups 8, 2 to 5" .build/vivid-second.log vivid_second
if [ $release_rc = 0 ]; then phase "install test" scripts/test-install.sh; fi

echo
echo "=== phases (total $SECONDS s)"
printf '  %s\n' "${timings[@]}"
exit $status
