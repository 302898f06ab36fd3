"""Scripted serial console input for the runner (scenario keys `input` and
`expect_lines`, used by the shell scenarios).

QEMU's serial port is a unix socket chardev (QEMU waits for the Feeder to
connect before it starts the guest); the Feeder writes what the guest sends
to console.log and types the input file into it, paced on that log:

  TEXT          wait for the idle prompt, then type TEXT and Enter (CR)
  @raw STR      wait for the idle prompt, then type STR as it is (Python
                escapes: \\t tab, \\x7f backspace, \\x15 Ctrl-U, \\x1b[A up, \\r Enter)
  @wait REGEX   wait until REGEX appears in the console after the last input
  @key STR      type STR at once (no prompt wait): stops watch or torture
  @sleep SECS   pause
  @fuzz N SEED  N random lines (seeded): words, symbols, numbers, junk and
                control bytes, never a command that may legally end the run
  # comment, blank lines ignored

The idle prompt is the last PROMPT at the start of a line begun since the
last input (a prompt right at the input is the line editor's redraw of the
old one after an asynchronous line, before the input's echo), with nothing after it but whole lines the kernel printed on its own
(an asynchronous line, e.g. `xref: ... direct branches`, can come right
after the prompt: the feeder goes on).  A prompt the line editor redraws in
the middle of a line (Tab with several candidates) is followed by the echo
of what was typed, or by an empty line (Ctrl-U): not idle.
expect_lines names a file of regexes (one a line, '#' comments) that must
all match, in order, the rendered console (backspaces applied, CR LF as LF)."""
import codecs
import os
import random
import re
import socket
import threading
import time

PROMPT = "kpatch> "
# A prompt after a line end since the last input: one right at the input
# (nothing of its echo yet) is the line editor's redraw of the old prompt
# after an asynchronous line, not the prompt that follows the input.
PROMPTS = re.compile(r"\n" + re.escape(PROMPT))


def idle(text, lead=""):
    """Does the console text since the last input end at the idle prompt?
    lead: what the last input typed before its first control byte (its echo
    starts a line the editor redrew in the middle of that input)."""
    m = None
    for m in PROMPTS.finditer(text):
        pass
    if m is None:
        return False
    after = text[m.end():]
    if not after:
        return True
    if not after.endswith("\n"):
        return False                   # a line still being written: its own end will come
    lines = render(after).split("\n")[:-1]
    if any(not l.strip() for l in lines):
        return False                   # the line editor erased a line (Ctrl-U): input still coming
    return not (lead and lines[0].startswith(lead))


class FeedError(Exception):
    pass


def parse_input(path):
    items = []
    for n, line in enumerate(open(path), 1):
        line = line.rstrip("\n")
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line.startswith("@"):
            cmd, _, arg = line[1:].partition(" ")
            if cmd not in ("raw", "wait", "key", "sleep", "fuzz"):
                raise FeedError("%s:%d: unknown directive @%s" % (path, n, cmd))
            if cmd == "wait":
                re.compile(arg)
            if cmd == "fuzz":
                count, seed = (int(x) for x in arg.split())
                items += [("rawline", l) for l in fuzz_lines(count, seed)]
                continue
            items.append((cmd, arg))
        else:
            items.append(("line", line))
    return items


def unescape(s):
    return codecs.decode(s, "unicode_escape").encode("latin-1")


# Words that make up fuzz lines.  Left out on purpose: quit, poweroff (end
# the run), force (guru mode may crash by design), torture, matrix and watch
# (long runs), Tab (it could complete a prefix into one of those).
FUZZ_CMDS = ["help", "sym", "dis", "probe", "probes", "call", "threads", "cpus", "stats",
             "load", "set", "strategies", "park", "frob", "", "probe add", "probe remove", "probe list",
             "probe enable", "probe disable", "dis kt_a", "probe add kt_a", "probe add sh_add+3"]
FUZZ_ARGS = ["kt_a", "kt_b", "kt_a+1", "kt_a+0x3", "sh_add+3", "sh_sum+0x10", "dj_add", "kmain", "no_such_fn",
             "uart_putc", "int3_handle", "0x0", "0xffffffff", "c0100000", "12", "-1", "99999999999", "+", "++3",
             "kt_a+", "kt_a+zz", "optimize", "strategy=", "strategy=safe", "strategy=naive", "strategy=bogus",
             "log", "log=0", "log=65", "log=3", "post", "disabled", "all", "1", "2", "start", "stop",
             "status", "H3", "H9", "duration=", "duration=0", "seed=5", "hz=100", "poke=plain", "x=y", "=",
             "*", "?", "kt_*", "%s%s%n", "\\x01"]
FUZZ_CTRL = ["\x7f", "\x08", "\x15", "\x17", "\x1b[A", "\x1b[B", "\x1b[C", "\x1b", "\x1b[3~", "\x03", "\x00",
             "\xff", "\x1bO"]


class LineSim:
    """What kernel/readline.c makes of typed bytes: the commands it returns."""
    def __init__(self):
        self.hist, self.buf, self.esc, self.h, self.scratch = [], "", 0, 0, ""

    def feed(self, data):
        done = []
        for ch in data:
            if self.esc == 1 and ch in "[O":
                self.esc = 2
                continue
            if self.esc == 1:
                self.esc = 0
            if self.esc == 2 and (ch.isdigit() or ch == ";"):
                continue
            if self.esc == 2 and "\x40" <= ch <= "\x7e":
                self.esc = 0
                if ch == "A" and self.h > 0 and self.h > len(self.hist) - 16:
                    if self.h == len(self.hist):
                        self.scratch = self.buf
                    self.h -= 1
                    self.buf = self.hist[self.h][:159]
                elif ch == "B" and self.h < len(self.hist):
                    self.h += 1
                    self.buf = self.scratch if self.h == len(self.hist) else self.hist[self.h]
                continue
            self.esc = 0
            if ch == "\x1b":
                self.esc = 1
            elif ch in "\r\n":
                if self.buf and (not self.hist or self.hist[-1] != self.buf):
                    self.hist.append(self.buf)
                done.append(self.buf)
                self.buf, self.h = "", len(self.hist)
            elif ch == "\x03":
                self.buf, self.h = "", len(self.hist)
            elif ch in "\x7f\x08":
                self.buf = self.buf[:-1]
            elif ch == "\x15":
                self.buf = ""
            elif ch == "\x17":
                self.buf = re.sub(r"[^ ]*\s*$", "", self.buf)
            elif " " <= ch < "\x7f" and len(self.buf) < 159:
                self.buf += ch
        return done


UNSAFE = re.compile(r"^\s*(quit|exit|q|poweroff|torture|matrix|watch)\b|\bforce\b|\t")


def fuzz_lines(n, seed):
    rnd, sim, out = random.Random(seed), LineSim(), []
    while len(out) < n:
        words = [rnd.choice(FUZZ_CMDS)] + [rnd.choice(FUZZ_ARGS) for _ in range(rnd.randrange(5))]
        if rnd.random() < 0.3:
            words.append("".join(chr(rnd.randrange(33, 127)) for _ in range(rnd.randrange(1, 40))))
        line = " ".join(words)
        if rnd.random() < 0.4:
            i = rnd.randrange(len(line) + 1)
            line = line[:i] + rnd.choice(FUZZ_CTRL) + line[i:]
        if rnd.random() < 0.05:
            line = "x" * rnd.randrange(150, 400)
        # the commands the kernel will run from it (edits and history applied)
        # must not end the run, force a probe or start a long run
        trial = LineSim()
        trial.hist, trial.h = list(sim.hist), len(sim.hist)
        if "\t" in line or any(UNSAFE.search(c) for c in trial.feed(line + "\r")):
            continue
        sim.feed(line + "\r")
        out.append(line)
    return out


def render(log):
    """The console as a terminal would show it: CR LF as LF, backspaces applied."""
    lines = []
    for raw in log.replace("\r\n", "\n").split("\n"):
        buf, cur = [], 0
        for ch in raw:
            if ch == "\b":
                cur = max(0, cur - 1)
            elif ch == "\r":
                cur = 0
            else:
                if cur < len(buf):
                    buf[cur] = ch
                else:
                    buf.append(ch)
                cur += 1
        lines.append("".join(buf).rstrip())
    return "\n".join(lines)


def check_expect(path, log):
    """None if every regex of the file matches in order, else why not."""
    text, pos = render(log), 0
    for n, rx in enumerate(open(path), 1):
        rx = rx.rstrip("\n")
        if not rx.strip() or rx.startswith("#"):
            continue
        m = re.compile(rx, re.M).search(text, pos)
        if not m:
            return "expected line %d /%s/ not found (in order)" % (n, rx)
        pos = m.end()
    return None


class Feeder(threading.Thread):
    def __init__(self, sock_path, log_path, input_path):
        super().__init__(daemon=True)
        self.sock_path, self.log_path = sock_path, log_path
        self.items = parse_input(input_path)
        self.stop = threading.Event()
        self.error = None
        self.sent = 0
        self.drainer = None
        self.waiting = ""               # what the feeder waits for now (feed.txt on a hang)

    def log(self):
        try:
            with open(self.log_path, "rb") as f:
                return f.read().decode("latin-1")
        except FileNotFoundError:
            return ""

    def wait(self, pred):
        while not self.stop.is_set():
            r = pred(self.log())
            if r:
                return r
            time.sleep(0.05)
        raise FeedError("stopped")

    def drain(self, s):
        """Everything the guest writes, into console.log (QEMU's own logfile
        option duplicates a byte now and then: seen with 7.2)."""
        with open(self.log_path, "wb") as f:
            try:
                while True:
                    d = s.recv(65536)
                    if not d:
                        break
                    f.write(d)
                    f.flush()
            except OSError:
                pass

    def run(self):
        try:
            s = None
            for _ in range(200):
                try:
                    s = socket.socket(socket.AF_UNIX)
                    s.connect(self.sock_path)
                    break
                except OSError:
                    s.close()
                    s = None
                    time.sleep(0.05)
            if s is None:
                raise FeedError("cannot connect to %s" % self.sock_path)
            self.drainer = threading.Thread(target=self.drain, args=(s,), daemon=True)
            self.drainer.start()
            # typed: where the console stood at the last input (the idle
            # prompt is looked for after it); pos: where @wait looks from
            typed = pos = 0
            lead = ""
            for kind, arg in self.items:
                if kind in ("line", "raw", "rawline"):
                    self.waiting = "the idle prompt before item %d (%r)" % (self.sent + 1, arg[:40])
                    log = self.wait(lambda l: l if idle(l[typed:], lead) else None)
                    typed = pos = len(log)
                    data = arg.encode("latin-1") if kind == "rawline" else unescape(arg) if kind == "raw" else arg.encode()
                    s.sendall(data + (b"" if kind == "raw" else b"\r"))
                    lead = re.match(r"[ -~]*", data.decode("latin-1")).group(0)
                elif kind == "key":
                    typed = pos = len(self.log())
                    lead = ""
                    s.sendall(unescape(arg))
                elif kind == "wait":
                    self.waiting = "/%s/ (item %d)" % (arg, self.sent + 1)
                    rx = re.compile(arg, re.M)
                    m = self.wait(lambda l: rx.search(render(l[pos:])))
                    pos = len(self.log())
                elif kind == "sleep":
                    time.sleep(float(arg))
                self.sent += 1
        except FeedError as e:
            if str(e) != "stopped":
                self.error = str(e)
        except OSError as e:
            self.error = "console socket: %s" % e
