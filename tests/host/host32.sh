#!/bin/sh
# Runs the host tests that execute 32-bit code (HOST32_TESTS in the Makefile):
# natively where the host kernel can run i386 programs, else under QEMU's
# user-mode emulator.  The way is decided once per call by running a tiny
# 32-bit program (PROBE), never guessed from uname.
#   host32.sh way  MODE PROBE          print native|qemu (MODE: auto|native|qemu)
#   host32.sh run  MODE PROBE TEST...  run each TEST that way, saying which
QEMU32=qemu-i386-static
INSTALL="apt-get install -y qemu-user-static"

native_ok() { [ "$("$1" 2>/dev/null)" = "i386 ok" ]; }
qemu_ok()   { command -v $QEMU32 >/dev/null 2>&1 && [ "$($QEMU32 "$1" 2>/dev/null)" = "i386 ok" ]; }
die()       { echo "host32: $*" >&2; exit 1; }

way() {   # mode probe
    case $1 in
    native) native_ok "$2" || die "HOST32=native but this host cannot execute 32-bit programs (no IA-32 emulation in its kernel); use HOST32=qemu after: $INSTALL"
            echo native ;;
    qemu)   qemu_ok "$2" || die "HOST32=qemu but $QEMU32 is missing or cannot run $2; install it with: $INSTALL"
            echo qemu ;;
    auto)   if native_ok "$2"; then echo native
            elif qemu_ok "$2"; then echo qemu
            else die "this host cannot execute 32-bit programs and $QEMU32 is missing; install it with: $INSTALL"
            fi ;;
    *)      die "HOST32=$1: expected native, qemu or auto" ;;
    esac
}

cmd=$1 mode=$2 probe=$3
shift 3 || die "usage: host32.sh way|run MODE PROBE [TEST...]"
w=$(way "$mode" "$probe") || exit 1
[ "$cmd" = way ] && { echo "$w"; exit 0; }
for t in "$@"; do
    echo "== $t (32-bit, $w)"
    if [ "$w" = qemu ]; then $QEMU32 "./$t"; else "./$t"; fi || exit 1
done
