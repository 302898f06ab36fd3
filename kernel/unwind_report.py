"""The exact unwinder's reach on any i386 ELF with .debug_frame (issue 33,
item 2): kernel/gen_unwind.py --report classifies every instruction boundary
objdump decodes by the generator's own cross-check (DWARF 5, 6.4): exact, or
why not; with the time and peak memory of each phase.  docs/unwind-linux.md."""
import collections
import json
import re
import resource
import time

import gen_unwind as g

EXAMPLES = 6


def exec_sections(readelf, elf):
    """[(name, addr, size)] of the executable (AX) sections."""
    out = []
    for line in g.run(readelf, "-W", "-S", elf).splitlines():
        m = re.match(r"^\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)\s+\S+\s+(\S+)", line)
        if m and "X" in m.group(4):
            out.append((m.group(1), int(m.group(2), 16), int(m.group(3), 16)))
    return out


def section_of(sections, addr):
    return next((n for n, lo, size in sections if lo <= addr < lo + size), "?")


def reason(v, detail):
    """The histogram's key for one boundary's verdict."""
    if v in (g.V_DISAGREE, g.V_NORULE) and detail:
        return g.VERDICTS[v] + ": " + re.sub(r"\d+", "N", detail)
    return g.VERDICTS[v]


def classify(text, funcs, names, sections):
    """Counts by reason and by section, examples, and the functions most hit."""
    count, by_sec, examples = collections.Counter(), {}, collections.defaultdict(list)
    nops, verdict_of = collections.Counter(), {}
    for t, v in enumerate(text.verdict):
        if v & g.V_NOP:
            nops[g.VERDICTS[v & ~g.V_NOP]] += 1
            continue
        if v == g.V_PAD:
            continue
        r = reason(v, text.detail.get(t))
        count[r] += 1
        verdict_of[r] = g.VERDICTS[v]
        a = text.addr[t]
        s = section_of(sections, a)
        by_sec.setdefault(s, collections.Counter())[g.VERDICTS[v]] += 1
        if len(examples[r]) < EXAMPLES and len(examples[r]) < count[r]:
            fn = names(a).split("+")[0]
            if fn not in [e[1] for e in examples[r]]:
                d = text.detail.get(t)
                examples[r].append(("%08x %s%s" % (a, names(a), ": " + d if d else ""), fn))
    top = collections.defaultdict(collections.Counter)
    whole = 0                             # functions exact at every boundary
    for lo, hi, n in funcs:
        i, j = text.span(lo, hi)
        chunk = text.verdict[i:j]
        whole += chunk.count(g.V_EXACT) + chunk.count(g.V_PAD) + chunk.count(g.V_EXACT | g.V_NOP) \
            + chunk.count(g.V_PAD | g.V_NOP) == j - i and j > i
        for v in g.VERDICTS:
            c = chunk.count(v)
            if c and v not in (g.V_EXACT, g.V_PAD):
                top[g.VERDICTS[v]][n] += c
    return count, by_sec, examples, top, nops, verdict_of, whole


def outside_funcs(text, funcs):
    """Boundaries (not filler) in no function symbol's range."""
    inside, end = 0, -1
    for lo, hi, _ in funcs:
        lo = max(lo, end)
        if hi > lo:
            i, j = text.span(lo, hi)
            inside += j - i - text.kind[i:j].count(1) - text.kind[i:j].count(3)
            end = hi
    total = len(text.addr) - text.kind.count(1) - text.kind.count(3)
    return total - inside


def peak_kb():
    return (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)


def report(a, nm, fdes, lines, phases, t0):
    t = g.cpu()
    edges, detour = g.edges_of(a, nm), g.section_range(a)
    phases["tables"] = g.cpu() - t
    t = g.cpu()
    problems, st = g.audit(nm, fdes, lines, {}, "-", re.compile(a.padding), report=True,
                           edges=edges, detour=detour)
    phases["analysis"] = g.cpu() - t
    text, funcs, names = st["text"], st["funcs"], st["names"]
    sections = exec_sections(a.readelf, a.elf)
    t = g.cpu()
    count, by_sec, examples, top, nops, verdict_of, whole = classify(text, funcs, names, sections)
    phases["report"] = g.cpu() - t
    total = sum(count.values())
    kb = sum(s[2] for s in sections) / 1024.0
    self_kb, tools_kb = peak_kb()
    secs, wall = g.cpu() - t0[1], time.time() - t0[0]
    exact = count[g.VERDICTS[g.V_EXACT]]
    nofde = count[g.VERDICTS[g.V_NOFDE]]
    r = dict(elf=a.elf, text_kb=round(kb, 1), sections=[[n, "%08x" % lo, size] for n, lo, size in sections],
             fdes=len(fdes), functions=len(funcs), functions_exact=whole, boundaries=total,
             in_fde=total - nofde, no_fde=nofde, outside_functions=outside_funcs(text, funcs),
             filler=text.kind.count(1) + text.kind.count(3), filler_reached=dict(nops),
             exact=exact, exact_share=round(100.0 * exact / max(total, 1), 2),
             exact_share_in_fde=round(100.0 * exact / max(total - nofde, 1), 2),
             reasons=[dict(reason=k, count=c, share=round(100.0 * c / total, 2),
                           examples=[e[0] for e in examples[k]],
                           functions=top[verdict_of[k]].most_common(EXAMPLES)
                           if verdict_of[k] in top else [])
                      for k, c in count.most_common()],
             by_section={s: dict(c) for s, c in by_sec.items()},
             generator=dict((k, st.get(k, 0)) for k in ("verified", "unverified", "conflict", "unreached",
                                                           "total", "described", "visits")),
             visits_per_boundary=round(st.get("visits", 0) / max(total, 1), 2),
             jump_table_rounds=st.get("rounds", 0),
             disagreements=sum(1 for p in problems if "no CFI describes" not in p),
             static_branch_sites=len(g.static_branches(a, nm)),
             resuming_trap_sites=len(g.resuming_traps(a, nm)), thunks=len(edges.thunks),
             detour_sites=st["detour_sites"], cross_fde=a.cross_fde,
             phases={k: round(v, 2) for k, v in phases.items()}, seconds=round(secs, 2),
             wall_seconds=round(wall, 1),
             peak_rss_kb=self_kb, tools_peak_rss_kb=tools_kb,
             ms_per_kb=round(1000.0 * secs / max(kb, 1), 2),
             us_per_boundary=round(1e6 * secs / max(total, 1), 2))
    if a.compare:
        o = json.load(open(a.compare))
        r["compared_with"] = dict(elf=o["elf"], text_kb=o["text_kb"], ms_per_kb=o["ms_per_kb"],
                                  peak_rss_kb=o["peak_rss_kb"],
                                  cost_per_kb_ratio=round(r["ms_per_kb"] / o["ms_per_kb"], 2),
                                  text_ratio=round(kb / o["text_kb"], 1))
    json.dump(r, open(a.report, "w"), indent=1)
    print(table(r))
    return 0


def table(r):
    out = ["unwind report: %s" % r["elf"],
           "  text %.1f KB in %d executable sections, %d FDEs, %d function symbols"
           % (r["text_kb"], len(r["sections"]), r["fdes"], r["functions"]),
           "  %d instruction boundaries (%d filler not counted): %d in an FDE, %d in none "
           "(%d of them outside any function symbol)"
           % (r["boundaries"], r["filler"], r["in_fde"], r["no_fde"], r["outside_functions"]),
           "  followed both ways: %d static branch sites (asm goto); after their ud2: %d WARN sites; "
           "%d retpoline thunks as jmp *%%reg; %d jumps through detour stubs; cross-FDE jumps %s"
           % (r["static_branch_sites"], r["resuming_trap_sites"], r["thunks"], r["detour_sites"],
              "followed" if r["cross_fde"] else "not followed"),
           "  exact, cross-checked: %d = %.2f%% of all boundaries, %.2f%% of those in an FDE; "
           "%d of %d functions exact at every boundary"
           % (r["exact"], r["exact_share"], r["exact_share_in_fde"], r["functions_exact"], r["functions"]),
           "  reasons for the rest:"]
    for x in r["reasons"]:
        if x["reason"] == g.VERDICTS[g.V_EXACT]:
            continue
        out.append("    %8d %6.2f%%  %s" % (x["count"], x["share"], x["reason"]))
        out.append("                     e.g. " + "; ".join(x["examples"][:3]))
        if x["functions"]:
            out.append("                     most: " + ", ".join("%s(%d)" % f for f in x["functions"][:4]))
    out.append("  by section: " + "; ".join("%s %d/%d exact" % (s, c.get(g.VERDICTS[g.V_EXACT], 0),
                                                               sum(c.values()))
                                          for s, c in r["by_section"].items()))
    if r["filler_reached"]:
        out.append("  filler the analysis reached (executed nops, not counted): " +
                   ", ".join("%s %d" % kv for kv in r["filler_reached"].items()))
    out.append("  CPU time %.1f s (%s; wall %.0f s), peak memory %d MB (tools %d MB): %.2f ms per KB of text, "
               "%.1f us per boundary, %.2f dataflow visits per boundary" % (r["seconds"], ", ".join("%s %.1f" % kv for kv in r["phases"].items()),
                                         r["wall_seconds"],
                                         r["peak_rss_kb"] // 1024, r["tools_peak_rss_kb"] // 1024,
                                         r["ms_per_kb"], r["us_per_boundary"], r["visits_per_boundary"]))
    c = r.get("compared_with")
    if c:
        out.append("  against %s (%.0f KB of text, %.2f ms per KB, %d MB): %.1fx the text, "
                   "%.2fx the cost per KB" % (c["elf"], c["text_kb"], c["ms_per_kb"],
                                               c["peak_rss_kb"] // 1024, c["text_ratio"],
                                               c["cost_per_kb_ratio"]))
    return "\n".join(out)
