"""report TABLE RESULTS EXPECTED OUTDIR CELL...: the matrix's report.

CELL is a cell id of the cell table TABLE (build/cells.json, cells.py):
its row, arch, columns (ABIs, the overlay last), tree and name, and the
flavour and tree whose expected failures apply (judge, judgetree); the
table's trees' facts head the report. Reads
RESULTS/row/arch/{status,abi.ktap} (ktap.py), applies the declared
expected failures, prints one table (rows: tests, columns: tree x name
x ABI), writes OUTDIR/report.txt and OUTDIR/junit.xml, and exits 1 if any
cell failed, an expected failure passed, or an expectation names no test
in the cells run. An expectation's ABI glob without ":" matches the ABI
under every arch; "arch:abi" (globs) only under that guest arch (a native
32-bit kernel vs compat on a 64-bit one). With TIMES (scripts/steps/timed.sh's
directory) it marks reused cells and ends with the time table
(timetable.py), this make run's stages (RUN_ID) apart from those it found
up to date. OUTDIR/verdicts.tsv and OUTDIR/cells.tsv are the same verdicts
for machines (store.py): expectations are applied here only.
"""
import os
import re
import sys

from . import cells as cell_table, ktap, timetable


def glob2re(g):
    return re.compile("".join(".*" if c == "*" else "." if c == "?" else re.escape(c) for c in g))


def read_first(path):
    """The first line of PATH, None when it has none (awk's getline)."""
    try:
        text = timetable.read_text(path)
    except OSError:
        return None
    return text.split("\n")[0] if text else None


def read_lines(path):
    try:
        return ktap.read_lines(path)
    except OSError:
        return []


class Expectation:
    """"[tree:]flavour [arch:]abi-glob row-glob": holds for a cell of that
    flavour, of that tree or (no tree) of every tree; an ABI with an arch
    only under that guest arch."""

    def __init__(self, w):
        self.text = " ".join(w[:3])
        self.tree, self.flavour = w[0].split(":", 1) if ":" in w[0] else ("", w[0])
        self.qualified = ":" in w[1]
        self.abi = glob2re(w[1])
        self.row = glob2re(w[2])
        self.used = 0

    def cell(self, c):
        return (self.flavour == c.judge and (self.tree == "" or self.tree == c.judgetree)
                and bool(self.abi.fullmatch(c.arch + ":" + c.abi if self.qualified else c.abi)))


def expectations(path):
    out = []
    for line in read_lines(path):
        w = ktap.fields(line.split("#", 1)[0])
        if len(w) >= 3:
            out.append(Expectation(w))
    return out


class Cell:
    """One suite of a cell of the table: a column of the report."""

    def __init__(self, c, abi, results, times, run):
        self.row, self.arch, self.abi, self.tree, self.name = c["row"], c["arch"], abi, c["tree"], c["name"]
        self.judge, self.judgetree = c["judge"], c["judgetree"]
        self.status = read_first(os.path.join(results, self.row, self.arch, "status"))
        if self.status is None:
            self.status = "not run"
        self.id = self.row + "-" + self.arch
        self.how = timetable.how(times, run, self.id)
        self.secs = timetable.seconds(times, self.id)
        self.summary = ""
        self.got = {}
        self.res = {}
        self.xf = {}


def xml(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def columns(table, ids):
    """Each cell's columns, in its arch's ABI order and the overlay last."""
    return [(c, abi) for c in (table.cell(i) for i in ids) for abi in cell_table.listed_columns(c)]


def read_cells(results, cols, times, run):
    """The cells and the rows (test.case, in order of first sight)."""
    cells, rows = [], {}
    for tc, abi in cols:
        c = Cell(tc, abi, results, times, run)
        f = os.path.join(results, c.row, c.arch, c.abi + ".ktap")
        if os.path.isfile(f):
            for line in ktap.verdict_lines(f, summaries=True):
                if line.startswith("# summary "):
                    c.summary += "    " + line[len("# summary "):] + "\n"
                    continue
                r = re.sub(r" [A-Z]+$", "", line, count=1)
                rows.setdefault(r, None)
                c.got[r] = line[len(r) + 1:]
        cells.append(c)
    return cells, list(rows)


def judge(cells, rows, exps):
    """Each row of each cell: its verdict with the expectations applied
    (XFAIL, XPASS), "-" not run, ERR missing from a cell that failed.
    Returns the bad rows and their count."""
    bad, badrows = 0, set()
    for r in rows:
        for c in cells:
            if r not in c.got:
                c.res[r] = "-" if c.status == "ok" else "ERR"
                continue
            xf = 0
            for e in exps:
                if e.cell(c) and e.row.fullmatch(r):
                    xf = 1
                    e.used += 1
            g = c.got[r]
            c.xf[r] = xf
            if xf and g == "FAIL":
                g = "XFAIL"
            elif xf and g == "PASS":
                g = "XPASS"
            c.res[r] = g
            if g in ("FAIL", "XPASS"):
                bad += 1
                badrows.add(r)
    return badrows, bad


def text(cells, rows, exps, info, times, run):
    """report.txt's lines and the count of problems."""
    badrows, bad = judge(cells, rows, exps)
    out = list(info)
    w0, cw, wv, wa = 44, 7, 8, 7
    for c in cells:
        cw = max(cw, len(c.abi) + 1, len(c.arch) + 1, len(c.name) + 1)
        wv = max(wv, len(c.row) + 1)
        wa = max(wa, len(c.arch) + 1)
    # Tree and name groups, then arches, then ABIs: a group name spans
    # its columns, longer ones are cut.
    for first, key, name in (("tree", lambda c: (c.tree,), lambda c: c.tree),
                             ("", lambda c: (c.row,), lambda c: c.name),
                             ("", lambda c: (c.row, c.arch), lambda c: c.arch)):
        hdr, i = "%-*s" % (w0, first), 0
        while i < len(cells):
            j = i + 1
            while j < len(cells) and key(cells[j]) == key(cells[i]):
                j += 1
            span = (j - i) * cw
            hdr += "%-*s" % (span, name(cells[i])[:max(span - 1, 0)])
            i = j
        out.append(hdr)
    out.append("%-*s" % (w0, "test.case") + "".join("%-*s" % (cw, c.abi) for c in cells))
    for r in rows:
        out.append("%-*s" % (w0, r[:w0 - 2] + "~" if len(r) >= w0 else r) +
                   "".join("%-*s" % (cw, c.res[r]) for c in cells))
    out.append("")
    for c in cells:
        v = [c.res[r] for r in rows]
        np, nx = v.count("PASS"), v.count("XFAIL")
        nf = sum(v.count(g) for g in ("FAIL", "XPASS", "ERR"))
        out.append("cell %-*s %-*s %-*s guest: %s%s; %d passed, %d expected failures, %d failed"
                   % (wv, c.row, wa, c.arch, cw, c.abi, c.status, c.how, np, nx, nf))
        if c.summary:
            out.append(c.summary[:-1])
        if c.status != "ok":
            bad += 1
    # Stale only if a cell of its flavour and ABI ran (ARCHES= subsets
    # leave the other arches' declarations unchecked).
    for e in exps:
        if not e.used and any(e.cell(c) for c in cells):
            out.append("expectation matches no test: %s" % e.text)
            bad += 1
    # In table order: two reports of the same verdicts print the same lines.
    out += ["FAILED: %s" % r for r in rows if r in badrows]
    if times:
        out += timetable.table(times, run)
    out.append("matrix: FAIL (%d problems)" % bad if bad else "matrix: PASS")
    return out, bad


def tsv(cells, rows):
    """cells.tsv and verdicts.tsv: one line per cell and per row a cell
    ran, the KTAP verdict (ERR: missing from a cell that did not finish)
    and whether the expected-failure table declares it."""
    ct, vt = [], []
    for c in cells:
        ct.append("\t".join([c.row, c.arch, c.abi, c.tree, c.name, c.status, c.secs,
                             "1" if c.how else "0"]))
        for r in rows:
            g = c.res[r]
            if g == "-":
                continue
            v = {"XFAIL": "FAIL", "XPASS": "PASS"}.get(g, g)
            vt.append("\t".join([c.row, c.arch, c.abi, r, v, str(c.xf.get(r, 0))]))
    return ct, vt


def junit(cells, rows, kv):
    """One suite per cell, its boot seconds as its time; its property
    "flavour" (the row's name) keeps the word JUnit readers were given."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>', "<testsuites>"]
    for c in cells:
        t = ' time="%s"' % c.secs if c.secs != "" else ""
        out.append('  <testsuite name="%s.%s.%s"%s>' % (c.row, c.arch, c.abi, t))
        out.append('    <properties><property name="tree" value="%s"/><property name="kernel_version" '
                   'value="%s"/><property name="flavour" value="%s"/><property name="arch" value="%s"/>'
                   '<property name="abi" value="%s"/></properties>'
                   % (xml(c.tree), xml(kv.get(c.tree, "")), xml(c.name), xml(c.arch), xml(c.abi)))
        if c.status != "ok":
            out.append('    <testcase classname="guest" name="boot"%s><failure message="%s"/></testcase>'
                       % (t, xml(c.status)))
        for r in rows:
            g = c.res[r]
            if g == "-":
                continue
            cls, _, nm = r.partition(".")
            l = '    <testcase classname="%s" name="%s">' % (xml(cls), xml(nm or cls))
            if g in ("FAIL", "XPASS", "ERR"):
                l += '<failure message="%s"/>' % g
            elif g == "SKIP":
                l += "<skipped/>"
            elif g == "XFAIL":
                l += "<system-out>expected failure on %s</system-out>" % c.row
            out.append(l + "</testcase>")
        out.append("  </testsuite>")
    out.append("</testsuites>")
    return out


def write(path, lines):
    with open(path, "w", encoding="utf-8", errors="surrogateescape", newline="") as f:
        f.write("".join(l + "\n" for l in lines))


def main(argv):
    if len(argv) < 4:
        print("report: usage: report TABLE RESULTS EXPECTED OUTDIR CELL...", file=sys.stderr)
        return 2
    path, results, expected, outdir = argv[:4]
    table = cell_table.load(path, "report")
    try:
        cols = columns(table, argv[4:])
    except cell_table.Bad as e:
        print("report: %s" % e, file=sys.stderr)
        return 2
    times, run = os.environ.get("TIMES", ""), os.environ.get("RUN_ID", "")
    os.makedirs(outdir, exist_ok=True)
    cells, rows = read_cells(results, cols, times, run)
    exps = expectations(expected)
    info = table.head()
    kv = {t: tr["facts"]["version"] for t, tr in table.trees.items() if tr.get("facts")}
    lines, bad = text(cells, rows, exps, info, times, run)
    write(os.path.join(outdir, "report.txt"), lines)
    ct, vt = tsv(cells, rows)
    write(os.path.join(outdir, "verdicts.tsv"), vt)
    write(os.path.join(outdir, "cells.tsv"), ct)
    write(os.path.join(outdir, "junit.xml"), junit(cells, rows, kv))
    out = sys.stdout.buffer
    out.write("".join(l + "\n" for l in lines).encode("utf-8", "surrogateescape"))
    # Show what a failed guest printed, so the reason is on screen.
    shown = set()
    for tc, _ in cols:
        v, a = tc["row"], tc["arch"]
        p = os.path.join(results, v, a, "problem")
        if os.path.isfile(p) and os.path.getsize(p) > 0 and (v, a) not in shown:
            try:
                st = timetable.read_text(os.path.join(results, v, a, "status")).rstrip("\n")
            except OSError:
                st = ""
            out.write(("--- %s %s: %s\n" % (v, a, st)).encode("utf-8", "surrogateescape"))
            with open(p, "rb") as f:
                out.write(f.read())
            shown.add((v, a))
    out.flush()
    return 1 if bad else 0
