#!/usr/bin/env python3
"""Host test of tests/linux_check.py on made-up figures (make test has no
Linux image): an equal count passes, a count off by one fails and is named,
a count gone fails, a cost 3x its baseline fails, 1.5x passes."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import linux_check  # noqa: E402


def figs(h4=203557, exact=2783000, cost=1.1, drop=None):
    c = {"refused H4": h4, "boundaries": 2847802, "unwind exact": exact}
    if drop:
        del c[drop]
    return {"counts": c, "costs": {"analysis cost per KB, Linux / this kernel": cost}}


def main():
    base, fails = figs(), 0
    for name, cur, want in (("equal", figs(), 0), ("H4 +1", figs(h4=203558), 1),
                            ("unwind exact -1", figs(exact=2782999), 1), ("cost x1.5", figs(cost=1.65), 0),
                            ("cost x3", figs(cost=3.3), 1), ("count gone", figs(drop="refused H4"), 1)):
        lines, bad = linux_check.judge(cur, base)
        if bad != want:
            print("FAIL: %s: %d bad (want %d)\n%s" % (name, bad, want, "\n".join(lines)))
            fails += 1
        elif want and not any(x.startswith(("CHANGED", "REGRESSION", "GONE")) for x in lines):
            print("FAIL: %s: the failing figure is not named" % name)
            fails += 1
    print("linux_check_test: %s" % ("ok" if not fails else "%d failed" % fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
