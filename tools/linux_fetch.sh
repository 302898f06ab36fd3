#!/bin/sh
# linux_fetch.sh CACHE PKG - Debian's i386 Linux image with symbols for
# make linux-report (issue 33): the .deb downloaded once into CACHE (skipped
# when one is there), its vmlinux extracted, CACHE/vmlinux linked to it.  If
# PKG is gone from the archive, the linux-image-686-dbg metapackage's
# current dependency is taken.  Never part of make test (about 760 MB).
set -e
CACHE=$1 PKG=$2
SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
mkdir -p "$CACHE"
cd "$CACHE"
if ! ls linux-image-*-dbg_*_i386.deb >/dev/null 2>&1; then
    dpkg --print-foreign-architectures | grep -qx i386 || $SUDO dpkg --add-architecture i386
    $SUDO apt-get update
    if ! apt-get download "$PKG:i386"; then
        PKG=$(apt-cache depends linux-image-686-dbg:i386 | sed -n 's/^ *Depends: \(linux-image-[^:]*\).*/\1/p' | head -1)
        echo "linux_fetch: taking $PKG (the metapackage's dependency)"
        apt-get download "$PKG:i386"
    fi
fi
DEB=$(ls -t linux-image-*-dbg_*_i386.deb | head -1)
V=$(ls usr/lib/debug/boot/vmlinux-* 2>/dev/null | head -1)
if [ -z "$V" ]; then
    dpkg-deb --fsys-tarfile "$DEB" | tar -x --wildcards './usr/lib/debug/boot/vmlinux-*'
    V=$(ls usr/lib/debug/boot/vmlinux-* | head -1)
fi
ln -sf "$V" vmlinux
echo "linux_fetch: $CACHE/vmlinux -> $V"
