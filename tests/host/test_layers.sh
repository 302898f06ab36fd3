#!/bin/sh
# Host test of the source layering: nothing outside kernel/shell/ includes a
# shell header, the shell reaches patch/ only through public headers (never
# a *_int.h), and the decoder in patch/insn/ includes only itself.
# Run from the repository root (make host-test does).
bad=0
inc() { grep -HnE '^[[:space:]]*#[[:space:]]*include[[:space:]]+"' "$@" 2>/dev/null; }
src() { find "$@" -name '*.[chS]' 2>/dev/null; }
out=$(inc $(src boot kernel smp patch user tests | grep -v '^kernel/shell/') | grep '"kernel/shell/')
[ -z "$out" ] || { echo "test_layers: below the shell, a shell header is included:"; echo "$out"; bad=1; }
out=$(inc $(src kernel/shell) | grep -E '"patch/.*_int\.h"')
[ -z "$out" ] || { echo "test_layers: the shell includes an internal patch header:"; echo "$out"; bad=1; }
out=$(inc $(src patch/insn) | grep -vE '"(patch/insn/|kernel/types\.h|kernel/noprobe\.h|insn_tables\.h)')
[ -z "$out" ] || { echo "test_layers: patch/insn/ includes outside the decoder:"; echo "$out"; bad=1; }
[ $bad = 0 ] && echo "test_layers: 3 checks, 0 failed"
exit $bad
