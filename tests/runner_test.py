#!/usr/bin/env python3
"""Self-test of the runner's verdict logic (tests/runner.py judge()): each
rule is shown to fail on the console log it exists to reject, and to pass
the log next to it.  Run by `make test` before any scenario boots."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import runner  # noqa: E402
import scenario  # noqa: E402

CMD = "command line: /boot/kernel.elf scenario=x sched_bug=clobber_flags cpus=2\n"


def sc(**kw):
    s = dict(scenario.DEFAULTS, name="t")
    s.update(kw)
    return s


def check(what, want_ok, s, rc, log):
    ok, got, why = runner.judge(s, rc, False, log)
    if ok != want_ok:
        sys.exit("runner_test: %s: judged %s (%s), want %s" % (what, ok, why, want_ok))
    print("ok - %s (%s)" % (what, why))


def main():
    good = CMD + "sched-torture: t=1ms\nEnd of test: SUCCESS\n"
    check("a clean passing run passes", True, sc(), 33, good)
    warn = CMD + "WARN: lapic: error interrupt on cpu 1, ESR=0x40\nEnd of test: SUCCESS\n"
    check("a passing run with a WARN: line fails", False, sc(), 33, warn)
    err = CMD + "ERR: smp: CPU with APIC ID 3 did not come online\nEnd of test: SUCCESS\n"
    check("a passing run with an ERR: line fails", False, sc(), 33, err)
    check("a WARN: line the scenario allows passes", True, sc(allow=r"^WARN: lapic: error"), 33, warn)
    check("allow names only its own lines", False, sc(allow=r"^WARN: kprobe: FORCED"), 33, warn)
    neg = sc(expect="fail", verdict="failure", match=r"clobber_flags")
    failed = CMD + "End of test: FAILURE (2 errors)\n"
    check("a reason found only in the command line is not the reason", False, neg, 35, failed)
    neg = sc(expect="fail", verdict="failure", match=r"asm block results differ")
    failed = CMD + "End of test: FAILURE (3 asm block results differ from the model)\n"
    check("a reason after the command line is the reason", True, neg, 35, failed)
    check("no command-line echo: the reason cannot be checked", False, neg, 35,
          "End of test: FAILURE (3 asm block results differ from the model)\n")
    check("a negative control that passed fails", False, neg, 33, good)
    check("a guest reset (triple fault) fails a pass scenario", False, sc(), 0, CMD)
    check("a guest reset fails a control that does not name it", False, neg, 0, CMD)
    reset = sc(expect="fail", verdict="panic|reset", match=r"EIP is inside")
    check("a guest reset is caught where the control names it", True, reset, 0, CMD)
    print("runner_test: all verdict rules fail and pass as they should")


if __name__ == "__main__":
    main()
