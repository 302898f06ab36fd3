#!/usr/bin/env python3
"""insn_gen_bytes.py - byte streams for the objdump differential test.

  insn_gen_bytes.py random SEED NBYTES OUT   seeded random bytes, biased to
                                             prefixes and escapes
  insn_gen_bytes.py sweep OUT                every opcode of every map
                                             (legacy, VEX, EVEX, XOP) under
                                             each mandatory prefix, with a
                                             spread of ModRM/SIB forms

Each sweep candidate is padded with NOPs to 16 bytes so objdump resyncs.
The bytes carry no expected answers: objdump decides what they are.
"""
import random
import sys

MODRMS = [0x00, 0x05, 0x04, 0x44, 0x84, 0x46, 0x86, 0x06]  # memory forms
SIB_FOR = {0x04: [0x25, 0x24, 0x88], 0x44: [0x24], 0x84: [0x24]}
TAIL = bytes([0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88])


def modrm_forms():
    """ModRM (+SIB) byte strings: memory forms for every reg, all mod=11."""
    out = []
    for reg in range(8):
        for m in MODRMS:
            b = m | (reg << 3)
            for sib in SIB_FOR.get(m, [None]):
                out.append(bytes([b]) if sib is None else bytes([b, sib]))
    for b in range(0xc0, 0x100):
        out.append(bytes([b]))
    return out


def pad(c):
    return c + TAIL[:max(0, 16 - len(c) - 4)] + b"\x90" * 4


def legacy(out):
    forms = modrm_forms()
    short = [bytes([0x00]), bytes([0x44, 0x24]), bytes([0x84, 0x24]),
             bytes([0xc0]), bytes([0xe8])]
    for esc in [b"", b"\x0f", b"\x0f\x38", b"\x0f\x3a"]:
        for pfx in [b"", b"\x66", b"\xf3", b"\xf2", b"\x67", b"\x66\xf2"]:
            for op in range(256):
                if not esc and op in (0x0f, 0x26, 0x2e, 0x36, 0x3e, 0x64,
                                      0x65, 0x66, 0x67, 0xf0, 0xf2, 0xf3):
                    continue
                fs = forms if pfx in (b"", b"\x66") else short
                for f in fs:
                    out.append(pad(pfx + esc + bytes([op]) + f))


def vex(out):
    rm = [bytes([0x00]), bytes([0x44, 0x24]), bytes([0x84, 0x24]),
          bytes([0xc0]), bytes([0xd1])]
    for pp in range(4):
        for L in range(2):
            for op in range(256):
                for f in rm:
                    out.append(pad(bytes([0xc5, 0xf8 | (L << 2) | pp, op]) + f))
                    for mm in range(0, 5):
                        for W in range(2):
                            p1 = 0x78 | (W << 7) | (L << 2) | pp
                            out.append(pad(bytes([0xc4, 0xe0 | mm, p1, op]) + f))


def evex(out):
    rm = [bytes([0x00]), bytes([0x44, 0x24]), bytes([0x84, 0x24]),
          bytes([0xc0])]
    for mm in range(0, 8):
        for pp in range(4):
            for W in range(2):
                for op in range(256):
                    for f in rm:
                        p0 = 0xf0 | mm
                        p1 = 0x7c | (W << 7) | pp
                        out.append(pad(bytes([0x62, p0, p1, 0x48, op]) + f))


def xop(out):
    rm = [bytes([0x00]), bytes([0x44, 0x24]), bytes([0xc0])]
    for mm in range(7, 12):
        for W in range(2):
            for op in range(256):
                for f in rm:
                    out.append(pad(bytes([0x8f, 0xe0 | mm, 0x78 | (W << 7),
                                          op]) + f))


def rand_bytes(seed, n):
    r = random.Random(seed)
    hot = [0x0f, 0x66, 0x67, 0xf2, 0xf3, 0xf0, 0x26, 0x2e, 0x3e, 0x64,
           0xc4, 0xc5, 0x62, 0x8f, 0x38, 0x3a]
    out = bytearray()
    while len(out) < n:
        out.append(r.choice(hot) if r.random() < 0.15 else r.randrange(256))
    return bytes(out)


def main():
    if len(sys.argv) == 5 and sys.argv[1] == "random":
        data = rand_bytes(int(sys.argv[2]), int(sys.argv[3]))
        path = sys.argv[4]
    elif len(sys.argv) == 3 and sys.argv[1] == "sweep":
        parts = []
        legacy(parts)
        vex(parts)
        evex(parts)
        xop(parts)
        data, path = b"".join(parts), sys.argv[2]
    else:
        sys.exit(__doc__)
    with open(path, "wb") as f:
        f.write(data)


if __name__ == "__main__":
    main()
