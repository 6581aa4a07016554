"""mutants TABLE RESULTS OUTDIR MUTANT...: the one kill rule (make
mutants; make mutation, a posted series and LAVA's crosscheck judge by it).

Every mutant kernel (the series plus one plausible wrong change, from
patches/mutants/) must be killed: at least one case that passes on its
reference row REF (its tree's patched) fails on the mutant, in the same
arch and ABI, outside compat-tests/randomized; a console splat, or a
guest that began its tests and then hung or died, is one more killing
case. MUTANT is a row of the cell table TABLE (cells.py): its cells there
(those of the arches run), their suites, and each one's reference (its
"ref"). Prints the killing cases per mutant and per
cell, writes OUTDIR/mutants.txt, and fails when a mutant survives or a
cell of it did not finish. A mutant with no cell (its defect cannot occur
on the arches run) is named as not run.
"""
import fnmatch
import os
import sys

from . import TOP, cells as cell_table, ktap

SPLAT = "kernel splat on the console"


def status(path):
    """A status file as $(cat F || echo "not run") gives it."""
    try:
        with open(path, encoding="utf-8", errors="surrogateescape", newline="") as f:
            return f.read().rstrip("\n")
    except OSError:
        return "not run"


def verdicts(results, row, arch, abi):
    """The sorted "test.case VERDICT" lines of a cell's suite (none: [])."""
    f = os.path.join(results, row, arch, abi + ".ktap")
    return sorted(ktap.verdict_lines(f)) if os.path.isfile(f) else []


def started(results, row, arch):
    """The cell's guest reached its tests (guests/init's first line)."""
    try:
        with open(os.path.join(results, row, arch, "console.log"), "rb") as f:
            return any(l.startswith(b"matrix: begin") for l in f)
    except OSError:
        return False


def randomized():
    """compat-tests/randomized: tests whose rows kill a mutant by chance."""
    words = [ktap.fields(l) for l in ktap.read_lines(os.path.join(TOP, "compat-tests/randomized"))]
    return {w[0] for w in words if w and not w[0].startswith("#")}


def program(case):
    """The test program of a "test.case" verdict name."""
    return case[:max(case.find("."), 0)]


def counts(case, skip, only):
    """A failing case may kill: not of a randomized test, and of one of
    the programs ONLY (fnmatch patterns) when given."""
    prog = program(case)
    return prog not in skip and (only is None or any(fnmatch.fnmatchcase(prog, g) for g in only))


def killing(ref_lines, mut_lines, skip, only=None):
    """The cases that pass on the reference and fail on the mutant,
    sorted (fields as awk splits the lines: a name with a blank never
    counts); ONLY: of those test programs alone."""
    p = [w[0] for w in (ktap.fields(l) for l in ref_lines) if len(w) > 1 and w[1] == "PASS"]
    m = [w[0] for w in (ktap.fields(l) for l in mut_lines)
         if len(w) > 1 and w[1] == "FAIL" and counts(w[0], skip, only)]
    both = sorted(p + m)
    return sorted({x for i, x in enumerate(both) if i and both[i - 1] == x})


def judge(results, row, ref, suites, skip, only=None):
    """One mutant row's lines and its problems: a cell that did not finish
    (its own or its reference's), and the mutant surviving. SUITES: the
    (arch, abi) pairs judged. ONLY: the cases of those test programs
    alone kill (a tree's kselftest: what it kills without compat-tests);
    a splat or a hung guest does not (another test may have caused it; a
    kselftest case that hangs fails at its own bound)."""
    m = row
    killers, problems, line, out = 0, 0, "", []
    for arch, abi in suites:
        st = status(os.path.join(results, row, arch, "status"))
        pst = status(os.path.join(results, ref, arch, "status"))
        if st != "ok" and st != SPLAT and not started(results, row, arch):
            out.append("%s %s %s: guest: %s" % (m, arch, abi, st))
            problems += 1
            continue
        if pst != "ok":
            out.append("%s %s %s: %s guest: %s" % (m, arch, abi, ref, pst))
            problems += 1
            continue
        k = killing(verdicts(results, ref, arch, abi), verdicts(results, row, arch, abi), skip, only)
        n = len(k)
        # A splat kills too, and so does a guest that ran the tests and
        # then hung or died where the reference's finished: one more case.
        if st != "ok" and only is None:
            n += 1
            k = k[:-1] + [(k[-1] if k else "") + " (%s: %s)" % ("console" if st == SPLAT else "guest", st)]
        killers += n
        named = ""
        if n:
            b = (" ".join(k) + " ").replace("\n", " ").encode("utf-8", "surrogateescape")[:300]
            named = ": " + b.decode("utf-8", "surrogateescape")
        line += "\n    %s %s: %d killing cases%s" % (arch, abi, n, named)
    if killers > 0:
        out.append("mutant %s: killed (%d cases)%s" % (m, killers, line))
        return out, problems
    out.append("mutant %s: SURVIVED%s" % (m, line))
    return out, problems + 1


def suites_of(cells):
    """The (arch, abi) pairs of a row's cells, in the report's order."""
    return [(c["arch"], abi) for c in cells for abi in cell_table.listed_columns(c)]


def main(argv):
    if len(argv) < 3:
        print("mutants: usage: mutants TABLE RESULTS OUTDIR MUTANT...", file=sys.stderr)
        return 2
    table = cell_table.load(argv[0], "mutants")
    results, outdir, mrows = argv[1], argv[2], argv[3:]
    os.makedirs(outdir, exist_ok=True)
    skip = randomized()
    survivors = skipped = 0
    lines = []
    for m in mrows:
        cells = table.of_row(m)
        # A defect that cannot occur on the arches run (patches/mutants/series).
        if not cells:
            lines.append("mutant %s: not run: none of the arches where it can occur is in ARCHES" % m)
            skipped += 1
            continue
        out, bad = judge(results, m, cells[0]["ref"]["row"], suites_of(cells), skip)
        lines += out
        survivors += bad
    if survivors == 0:
        lines.append("mutants: PASS (%d killed, %d not run here)" % (len(mrows) - skipped, skipped))
    else:
        lines.append("mutants: FAIL (%d problems)" % survivors)
    text = "".join(l + "\n" for l in lines).encode("utf-8", "surrogateescape")
    with open(os.path.join(outdir, "mutants.txt"), "wb") as f:
        f.write(text)
    sys.stdout.buffer.write(text)
    return 0 if survivors == 0 else 1
