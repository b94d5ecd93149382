#!/usr/bin/env bash
# Runs the camera test suites inside the vivid guest (called by `make test-vivid` through
# scripts/vivid-run.sh), in groups whose order keeps destructive cases (disconnect, module
# reload) from disturbing the others; every group runs even if one fails, and the exit status
# is non-zero if any failed.
#
# A group is one run of the test bundle, its suites one test at a time: each start of the
# 225 MB bundle costs the emulated guest about 5 s, so suites that leave vivid as they found it
# (or only disconnect /dev/video4, which the first group's later suites never open) share one.
#
# Arguments, if any, are the numbers of the groups to run, in that order (`make test` boots two
# guests side by side, each with its own vivid: groups 1, 6 and 7 in one, 8 and 2 to 5 in the other);
# without arguments every group runs, in order.
set -u
BIN=.build/debug/camschedPackageTests.xctest
status=0
declare -a timings=()
# 1. Suites that need vivid as loaded (VividDeviceTests disconnects /dev/video4 at its end of use).
#    VividLiveStatusTests' server listens on loopback, which a fresh guest may have down.
# 2. VividResilienceTests (error injection), then 3. VividUnplugTests: unplugs, and reloads vivid.
# 4. Suites that need only a camera that works (the reloaded vivid, or a fresh one).
# 5. VividTriggerTests: its unplug case reloads vivid with the node removed first.
# 6. VividLoopbackCopyTests and VividDamagedFrameTests last: they load v4l2loopback
#    (/dev/video40, 41: MJPEG and H.264 cameras fed by FFmpeg, with damaged JPEGs for the second;
#    the module is built by scripts/build-v4l2loopback.sh), which stays. VividMicrophoneTests
#    with them: ALSAMicrophone on snd-aloop (Debian's kernel has it), which it loads and leaves.
# 7. VividLibcameraTests, VividLibcameraJobTests, VividLibcameraCaptureTests, VividLibcameraUnplugTests (unbinds vimc and binds it again): libcamera (Debian's 0.0.3, through camsched's libcamera module) on
#    vimc, which it loads (built by scripts/build-vimc.sh) and leaves: its /dev/video* and media
#    nodes come after every other group's.
# 8. VividSoundRecordingTests: two minutes of vivid recorded with snd-aloop as its microphone
#    (loads the module and leaves it; needs vivid's first node as loaded or reloaded).
ip link set lo up 2>/dev/null || true
groups=(
  'VividDeviceTests|VividPermissionTests|VividCameraTests|VividCommandTests|VividLiveStatusTests|VividWarmupStopTests|VividDroppedFramesTests'
  'VividResilienceTests'
  'VividUnplugTests'
  'VividModeLookupTests|VividReopenTests|VividIdleRateTests|VividStillPathTests|VividRampTests|VividNetworkRootTests'
  'VividTriggerTests'
  'VividLoopbackCopyTests|VividDamagedFrameTests|VividMicrophoneTests'
  'VividLibcameraTests|VividLibcameraJobTests|VividLibcameraCaptureTests|VividLibcameraUnplugTests'
  'VividSoundRecordingTests'
)
selected=("$@")
[ ${#selected[@]} -gt 0 ] || selected=($(seq 1 ${#groups[@]}))
for number in "${selected[@]}"; do
  if ! [[ $number =~ ^[1-9][0-9]*$ ]] || [ "$number" -gt ${#groups[@]} ]; then
    echo "vivid-suite: no group '$number': give numbers from 1 to ${#groups[@]}" >&2; exit 2
  fi
  group=${groups[$((number - 1))]}
  echo "=== $group"
  start=$SECONDS
  # VividPermissionTests/permissionProbe is not a test of its own here: it runs only inside the
  # run as `nobody` that nodeWithoutPermissionIsReportedWithTheVideoGroupHint starts and checks,
  # so it is left out rather than reported as skipped.
  "$BIN" --testing-library swift-testing --no-parallel --filter "VividTests\\.($group)\\b" \
    --skip 'VividPermissionTests/permissionProbe' || status=1
  timings+=("$(printf '%4d s  %s' $((SECONDS - start)) "$group")")
done
echo "=== vivid groups (total $SECONDS s in the guest)"
printf '  %s\n' "${timings[@]}"
exit $status
