#!/usr/bin/env bash
# Boots the Debian kernel (from .cache/kernel, see install-deps.sh) under QEMU with the vivid
# V4L2 test driver loaded, and runs a command in the guest in this folder.
# The host's file system is visible read-only (with a throw-away overlay); .cache/guest is
# writable and shared back to the host. Exit status is the command's.
#   scripts/vivid-run.sh 'v4l2-ctl --list-devices'
#   VIVID_DEVS=4 scripts/vivid-run.sh './.build/debug/camsched devices'
#   VIVID_CPUS=1 (emulated CPUs; default: the host's cores), VIVID_MEMORY=3G,
#   VIVID_VNG_OPTS='--disk IMAGE' (more options for vng)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f .cache/kernel/KVER ] || scripts/install-deps.sh test
KVER=$(cat .cache/kernel/KVER)
mkdir -p .cache/guest
DEVS="${VIVID_DEVS:-3}"
# In the guest: load vivid, give the nodes the usual group, mark that vivid is present.
PRELUDE="modprobe vivid n_devs=$DEVS && udevadm settle 2>/dev/null; chgrp video /dev/video* 2>/dev/null; chmod 660 /dev/video*; export CAMSCHED_VIVID=1 HOME=/tmp; cd $(pwd)"
# QEMU opens the guest's console outputs by /proc/self/fd/1 and /proc/self/fd/2, truncating
# them when they are files: a log such as `make test > log` would lose everything printed
# before the guest started. Pipes keep it.
exec > >(cat) 2> >(cat >&2)
exec vng --run ".cache/kernel/root/boot/vmlinuz-$KVER" --disable-kvm --force-9p \
    --memory "${VIVID_MEMORY:-3G}" --cpus "${VIVID_CPUS:-$(nproc)}" --rwdir "$(pwd)/.cache/guest" \
    ${VIVID_VNG_OPTS:-} \
    --exec "$PRELUDE && $*"
