#!/usr/bin/env bash
# Runs the camera test suites inside the vivid guest (called by `make test-vivid` through
# scripts/vivid-run.sh), in groups whose order keeps destructive cases (disconnect, module
# reload) from disturbing the others; every group runs even if one fails, and the exit status
# is non-zero if any failed.
#
# A group is one run of the test bundle, its suites one test at a time: each start of the
# 225 MB bundle costs the emulated guest about 5 s, so suites that leave vivid as they found it
# (or only disconnect /dev/video4, which the first group's later suites never open) share one.
set -u
BIN=.build/debug/camschedPackageTests.xctest
status=0
declare -a timings=()
# 1. Suites that need vivid as loaded (VividDeviceTests disconnects /dev/video4 at its end of use).
#    VividLiveStatusTests' server listens on loopback, which a fresh guest may have down.
# 2. VividResilienceTests, then VividUnplugTests: unplugs, and reloads vivid.
# 3. Suites that need only a camera that works (the reloaded vivid).
# 4. VividTriggerTests: its unplug case reloads vivid with the node removed first.
# 5. VividLoopbackCopyTests last: it loads v4l2loopback (/dev/video40, 41: MJPEG and H.264
#    cameras fed by FFmpeg; the module is built by scripts/build-v4l2loopback.sh), which stays.
ip link set lo up 2>/dev/null || true
groups=(
  'VividDeviceTests|VividPermissionTests|VividCameraTests|VividCommandTests|VividLiveStatusTests|VividNetworkRootTests|VividWarmupStopTests|VividDroppedFramesTests'
  'VividResilienceTests'
  'VividUnplugTests'
  'VividModeLookupTests|VividReopenTests|VividIdleRateTests|VividStillPathTests|VividRampTests'
  'VividTriggerTests'
  'VividLoopbackCopyTests'
)
for group in "${groups[@]}"; do
  echo "=== $group"
  start=$SECONDS
  "$BIN" --testing-library swift-testing --no-parallel --filter "VividTests\\.($group)\\b" || status=1
  timings+=("$(printf '%4d s  %s' $((SECONDS - start)) "$group")")
done
echo "=== vivid groups (total $SECONDS s in the guest)"
printf '  %s\n' "${timings[@]}"
exit $status
