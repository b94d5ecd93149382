#!/usr/bin/env bash
# Runs the camera test suites inside the vivid guest (called by `make test-vivid` through
# scripts/vivid-run.sh). Each suite runs on its own, in an order that keeps destructive cases
# (disconnect, module reload) from disturbing the others; every suite runs even if one fails,
# and the exit status is non-zero if any failed.
set -u
BIN=.build/debug/camschedPackageTests.xctest
status=0
# VividTriggerTests last: its unplug case reloads vivid with the node removed first.
# VividLoopbackCopyTests last: it loads v4l2loopback (/dev/video40, 41: MJPEG and H.264 cameras
# fed by FFmpeg; the module is built by scripts/build-v4l2loopback.sh), which then stays loaded.
# VividLiveStatusTests: the status server's preview of a vivid stream (before the destructive suites);
# its server listens on loopback, which a fresh guest may have down.
ip link set lo up 2>/dev/null || true
for suite in VividDeviceTests VividPermissionTests VividCameraTests VividCommandTests VividLiveStatusTests VividNetworkRootTests VividWarmupStopTests VividDroppedFramesTests VividResilienceTests VividUnplugTests \
    VividModeLookupTests VividReopenTests VividIdleRateTests \
    VividStillPathTests VividRampTests \
    VividTriggerTests \
    VividLoopbackCopyTests; do
  echo "=== $suite"
  "$BIN" --testing-library swift-testing --no-parallel --filter "$suite" || status=1
done
exit $status
