#!/bin/sh
# Install the Debian packages the build and tests need (Debian 12), or say
# exactly which command to run.  Called by `make run`, `make test`, .ci/run.
PKGS="make gcc binutils gcc-i686-linux-gnu binutils-i686-linux-gnu libc6-dev-i386 lib32gcc-12-dev
      libc6-i386 qemu-system-x86 grub-pc-bin grub-common xorriso mtools python3 clang
      libclang-rt-14-dev gdb qemu-user-static spin python3-matplotlib"
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "deps: missing Debian packages:$missing"
if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "deps: run as root: apt-get update && apt-get install -y$missing"; exit 1
fi
echo "deps: installing with: $SUDO apt-get install -y$missing"
$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null || {
    echo "deps: install failed; run: ${SUDO:+$SUDO }apt-get update && ${SUDO:+$SUDO }apt-get install -y$missing"; exit 1; }
