"""Scenario files (tests/scenarios/*.scn): `key: value` lines, '#' comments.

Keys (defaults in DEFAULTS):
  args     kernel command line, e.g. "scenario=selftest test=all"
  cpus     QEMU -smp count (also passed to the kernel as cpus=, which checks it)
  timeout  host-side seconds before the runner declares a hang
  mode     default | singlestep (-singlestep, multi-threaded TCG) | icount
           (-icount shift=<shift>,sleep=off: one vCPU thread, virtual time
           counts instructions, a replay with the same seed is exact)
  shift    for mode icount: 2^shift ns of virtual time per instruction (0-10)
  boot     kernel (QEMU -kernel) | iso (GRUB rescue ISO)
  memory   guest RAM in MiB
  suite    test (make test) | bench | soak (own targets only) | manual (never)
  expect   pass | fail
  verdict  for expect=fail: failure | panic | hang | stall (the exit class; a|b: either),
           or lines: a shell session that passes, but an expect_lines regex is
           missing and match is on the console (a control of what it prints)
  match    for expect=fail: a Python regex that must occur in the console log
           after the kernel's `command line:` echo
  allow    a Python regex: ERR:/WARN: (and !!!) console lines it matches are
           expected (any other such line fails a run that otherwise passed)
  input    a file in tests/scenarios/ typed into the serial console (tests/console_feed.py)
  expect_lines  a file in tests/scenarios/ of regexes that must match the console in order
  xmc      off | on: run under the cross-modifying-code checker (build/xmc.so,
           docs/xmc.md); any violation it reports fails the run, unless the
           scenario is its control: expect fail, verdict xmc, match a regex
           over the checker's report (xmc.log), e.g. '^xmc: X1 '
"""
import os
import re

DEFAULTS = {"args": "scenario=selftest", "cpus": "1", "timeout": "60", "mode": "default",
            "boot": "kernel", "memory": "256", "suite": "test", "expect": "pass",
            "verdict": "", "match": "", "allow": "", "description": "", "input": "", "expect_lines": "", "shift": "3",
            "xmc": "off"}
CHOICES = {"mode": {"default", "singlestep", "icount"}, "boot": {"kernel", "iso"},
           "suite": {"test", "bench", "soak", "manual"}, "expect": {"pass", "fail"},
           "verdict": {"", "failure", "panic", "hang", "stall", "reset", "lines", "xmc"},
           "xmc": {"off", "on"}}


class ScenarioError(Exception):
    pass


def parse(path):
    sc = dict(DEFAULTS)
    sc["name"] = os.path.splitext(os.path.basename(path))[0]
    sc["path"] = path
    for n, line in enumerate(open(path), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if ":" not in line:
            raise ScenarioError("%s:%d: want 'key: value', got %r" % (path, n, line))
        k, v = (x.strip() for x in line.split(":", 1))
        if k not in DEFAULTS:
            raise ScenarioError("%s:%d: unknown key %r (known: %s)" % (path, n, k, ", ".join(DEFAULTS)))
        sc[k] = v
    for k, allowed in CHOICES.items():
        if not all(v in allowed for v in sc[k].split("|")):
            raise ScenarioError("%s: %s=%r, want one of %s" % (path, k, sc[k], sorted(allowed)))
    if not sc["shift"].isdigit() or int(sc["shift"]) > 10:
        raise ScenarioError("%s: shift must be an integer 0-10" % path)
    for k in ("cpus", "timeout", "memory"):
        if not sc[k].isdigit() or int(sc[k]) < 1:
            raise ScenarioError("%s: %s must be a positive integer" % (path, k))
    if sc["expect"] == "fail" and (not sc["verdict"] or not sc["match"]):
        raise ScenarioError("%s: expect: fail needs verdict and match (the reason it must fail for)" % path)
    if sc["verdict"] == "xmc" and sc["xmc"] != "on":
        raise ScenarioError("%s: verdict: xmc needs xmc: on (the checker must run to report)" % path)
    for k in ("match", "allow"):
        if sc[k]:
            try:
                re.compile(sc[k])
            except re.error as e:
                raise ScenarioError("%s: %s is not a valid regex: %s" % (path, k, e))
    for k in ("input", "expect_lines"):
        if sc[k] and not os.path.exists(os.path.join(os.path.dirname(path), sc[k])):
            raise ScenarioError("%s: %s file %s not found next to it" % (path, k, sc[k]))
    return sc


def load_all(folder):
    return [parse(os.path.join(folder, f)) for f in sorted(os.listdir(folder)) if f.endswith(".scn")]
