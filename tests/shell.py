#!/usr/bin/env python3
"""`make shell`: boot the kernel into its interactive shell (scenario=shell)
with the serial console on this terminal.

  shell.py [--cpus N] [--load] [--iso] [--mode singlestep] [--args 'key=value ...']

Type `help` at the `kpatch>` prompt.  `quit` ends the run (isa-debug-exit);
Ctrl-A X quits QEMU at once, Ctrl-A C switches to the QEMU monitor and back.
The session is also written to results/<stamp>/shell/console.log."""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import runner  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cpus", type=int, default=4)
    ap.add_argument("--load", action="store_true", help="start the background load at boot")
    ap.add_argument("--iso", action="store_true", help="boot through GRUB (its menu entry 'shell')")
    ap.add_argument("--args", default="", help="more boot parameters")
    ap.add_argument("--mode", choices=("default", "singlestep", "icount"), default="default",
                    help="QEMU mode (singlestep: every boundary preemptible, as the tortures want; slow)")
    a = ap.parse_args()
    sc = dict(runner.find("shell"), mode=a.mode)
    rundir = os.path.join(runner.new_resdir(), "shell")
    os.makedirs(rundir)
    extra = " ".join(x for x in (a.args, "shell_load=1" if a.load else "") if x)
    iso = runner.build_iso(sc, rundir, a.cpus, extra) if a.iso else None
    cmd = runner.qemu_cmd(sc, rundir, a.cpus, extra, iso)
    i = cmd.index("-serial")
    # the console on this terminal, multiplexed with the monitor (Ctrl-A C);
    # signal=off: Ctrl-C goes to the shell, not to QEMU
    cmd[i:i + 2] = ["-chardev", "stdio,id=con0,mux=on,signal=off,logfile=%s" % os.path.join(rundir, "console.log"),
                    "-serial", "chardev:con0", "-mon", "chardev=con0,mode=readline"]
    i = cmd.index("-monitor")
    del cmd[i:i + 2]
    open(os.path.join(rundir, "qemu.cmd"), "w").write(" ".join(runner.shlex_quote(c) for c in cmd) + "\n")
    print("shell: %d CPUs%s; quit ends the run, Ctrl-A X quits QEMU; log in %s" % (
        a.cpus, ", background load" if a.load else "", os.path.relpath(rundir, runner.ROOT)), flush=True)
    rc = subprocess.call(cmd)
    print("\nshell: QEMU exit status %d (%s)" % (rc, "quit from QEMU, or a guest reset" if rc == 0 else runner.EXIT_CLASS.get(rc, "?")))
    return 0 if rc in (0, 33) else 1


if __name__ == "__main__":
    sys.exit(main())
