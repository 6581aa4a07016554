"""LAVA's verdicts against make matrix's, cell by cell (status, every case,
the report through compat-tests/expected-failures) and as one report for
make lab; a mutant cell is compared without compat-tests/randomized's
rows and must be killed in both by scripts/matrix/mutants.py's rule (the
one kill rule, called here, never copied); verdicts are ktap.py's."""
import os
import re
import shutil
import tempfile

from .. import ktap, mutants
from . import common as C, lab


def compare_lab(cells):
    """Each cell's verdicts against make matrix's, then the whole report."""
    root = os.path.join(lab.LAB, "results")
    rc = max([compare(c, root, "make lab") for c in cells] or [C.die("usage: lava.sh compare-lab CELL...")])
    rows = [C.job_cell(c) for c in cells]
    nsuites = sum(len(c["columns"]) for c in rows)
    mutant = any(c["ref"] for c in rows)
    reps = {}
    for name, res in (("matrix", rows[0]["report_root"]), ("lab", root)):
        out = os.path.join(lab.LAB, "compare", "all", name)
        code, _ = C.report(res, out, rows, rows[0]["expected_failures"])
        reps[name] = (code, report_verdicts(open(os.path.join(out, "report.txt")).read()))
    ra, rb = reps["matrix"][1], reps["lab"][1]
    if mutant:
        ra, rb = mutant_view(ra), mutant_view(rb)
    diff = difflib_unified(ra, rb)
    nrows = sum(1 for l in reps["lab"][1] if l and not l.startswith(("cell ", "matrix:", "tree ", "  ")))
    if diff or reps["matrix"][0] != reps["lab"][0]:
        for l in diff[:40]:
            print("    " + l)
        print("lab: report of %d cells (%d suites): differs from make matrix's (exit %d vs %d)"
              % (len(cells), nsuites, reps["matrix"][0], reps["lab"][0]))
        return 1
    print("lab: report of %d cells (%d suites, %d lines): equal to make matrix's, exit %d both"
          % (len(cells), nsuites, nrows, reps["lab"][0]))
    return rc


# --- compare ------------------------------------------------------------------------------
def compare_mutation(argv):
    """BOOTED LOCAL LAB: the cells make mutation booted (its report's
    booted file) on a lab, results under LAB, against the same run's local
    boots under LOCAL, cell by cell as compare does; whether each mutant
    is killed is the report's to say (table.tsv), not required here."""
    if len(argv) != 3:
        C.die("usage: lava.sh compare-mutation BOOTED LOCAL-RESULTS LAB-RESULTS")
    booted, local, labroot = argv
    rc = 0
    for cell in open(booted).read().split():
        c = C.job_cell(cell)
        c = dict(c, results=os.path.join(local, c["row"], c["arch"]), report_root=local)
        if c["ref"]:
            c["ref"] = dict(c["ref"], results=os.path.join(local, c["ref"]["row"], c["arch"]))
        rc = max(rc, compare(cell, labroot, "make mutation on the lab", c, killed=False))
    return rc


def compare(cell, root=None, what_mine="LAVA run", c=None, killed=True):
    """ROOT: where the LAVA results are (default: lava-run's, build/lava/results);
    C: the cell (default: as exported beside its job); KILLED: a mutant
    must be killed in both."""
    c = c or C.job_cell(cell)
    mine_root = root or os.path.join(C.L, "results")
    mine = os.path.join(mine_root, c["row"], c["arch"])
    theirs = c["results"]
    for what, p in ((what_mine, mine), ("make matrix", theirs)):
        if not os.path.exists(os.path.join(p, "status")):
            raise C.Bad("%s: no %s result in %s" % (cell, what, p))
    suites = c["columns"]

    def rows(p):
        out = ["status " + open(os.path.join(p, "status")).read().strip()]
        for s in suites:
            f = os.path.join(p, s + ".ktap")
            if os.path.exists(f):
                out += ["%s %s" % (s, l) for l in ktap.verdict_lines(f)]
        return out

    a, b = rows(theirs), rows(mine)
    # Through the project's report code, same expected-failure table.
    rep = {}
    for name, res in (("matrix", c["report_root"]), ("lava", mine_root)):
        outdir = os.path.join(os.path.dirname(root), "compare", cell, name) if root else \
            os.path.join(C.L, "report", cell, name)
        code, _ = C.report(res, outdir, [c], c["expected_failures"])
        rep[name] = (code, open(os.path.join(outdir, "report.txt")).read())
    # Informational only: two boots print different measured times in
    # their diagnostics ("# ... left {..., 184694 us}"), so the KTAP is
    # compared without "#" lines; verdicts decide (rows and report above).
    def ktap_text(p, s, diag):
        f = os.path.join(p, s + ".ktap")
        if not os.path.exists(f):
            return None
        return [l for l in open(f).read().splitlines() if diag or not re.match(r"^\s*#", l)]
    both = [s for s in suites if ktap_text(mine, s, True) is not None and ktap_text(theirs, s, True) is not None]
    same_ktap = sum(ktap_text(theirs, s, True) == ktap_text(mine, s, True) for s in both)
    same_struct = sum(ktap_text(theirs, s, False) == ktap_text(mine, s, False) for s in both)
    ra, rb = report_verdicts(rep["matrix"][1]), report_verdicts(rep["lava"][1])
    # A mutant is compared without its randomized rows, and must be killed
    # by a row that is not one of them, in both results.
    mutant = bool(c["ref"])
    if mutant:
        a, b, ra, rb = mutant_view(a), mutant_view(b), mutant_view(ra), mutant_view(rb)
    diffs = [l for l in difflib_unified(a, b)]
    rdiff = [l for l in difflib_unified(ra, rb)]
    if mutant and killed:
        # Against its reference cell (the table's ref: its tree's patched).
        patched = c["ref"]["results"]
        if not os.path.exists(os.path.join(patched, "status")):
            raise C.Bad("%s: no patched result in %s to tell a kill from" % (cell, patched))
        for what, res in (("make matrix", theirs), ("LAVA", mine)):
            if not mutant_killed(c["row"], c["ref"]["row"], c["arch"], suites, res, patched):
                rdiff.append("%s: %s: no case that passes on patched fails here (compat-tests/randomized's "
                             "not counted) and no kernel splat: not killed in this cell" % (cell, what))
    print("lava: %s: %d verdict rows from make matrix, %d from LAVA; report exit %d vs %d; "
          "KTAP (informational): %d of %d suites equal without '#' diagnostics, %d byte-identical"
          % (cell, len(a) - 1, len(b) - 1, rep["matrix"][0], rep["lava"][0], same_struct, len(suites), same_ktap))
    if diffs or rdiff or rep["matrix"][0] != rep["lava"][0]:
        for l in (diffs + rdiff)[:40]:
            print("    " + l)
        print("lava: %s: LAVA's verdicts differ from make matrix's" % cell)
        return 1
    print("lava: %s: verdicts equal (status, every case%s, the report through %s)" % (
        cell, (" but compat-tests/randomized's" + (", killed either way" if killed else "")) if mutant else "",
        "compat-tests/expected-failures"))
    return 0


def mutant_view(lines):
    """A mutant cell's rows without those of compat-tests/randomized, and
    without the counts they change (cell lines, the problem count)."""
    tests = tuple(t + "." for t in sorted(mutants.randomized()))
    out = []
    for l in lines:
        w = l.split()
        if any(x.startswith(tests) for x in w[:2]):
            continue
        if l.startswith("cell "):
            l = l.split(";")[0]
        out.append(re.sub(r"^(matrix: \S+) \(\d+ problems?\)$", r"\1", l))
    return out


def mutant_killed(row, ref, arch, suites, mutant_dir, ref_dir):
    """Whether a mutant cell's results (MUTANT_DIR) kill it against its
    reference row's (REF_DIR), by scripts/matrix/mutants.py's rule - the
    one kill rule: a case that passes on REF fails here
    (compat-tests/randomized's not counted), or a kernel splat on the console."""
    t = tempfile.mkdtemp()
    try:
        # mutants.py reads RESULTS/<row>/<arch>/.
        for r, d in ((row, mutant_dir), (ref, ref_dir)):
            os.makedirs(os.path.join(t, r))
            os.symlink(os.path.abspath(d), os.path.join(t, r, arch))
        _, problems = mutants.judge(t, row, ref, [(arch, s) for s in suites],
                                      mutants.randomized())
        return problems == 0
    finally:
        shutil.rmtree(t, ignore_errors=True)


def report_verdicts(text):
    """report.txt without what report.sh echoes of a test's "# summary: "
    diagnostics (the indented lines under a "cell ..." line): those carry
    measured figures that differ between two boots, as the KTAP's do."""
    out, in_summary = [], False
    for l in text.splitlines():
        if l.startswith("cell "):
            in_summary = True
        elif in_summary and l.startswith("    "):
            continue
        else:
            in_summary = False
        out.append(l)
    return out


def difflib_unified(a, b):
    import difflib
    return [l for l in difflib.unified_diff(a, b, "make matrix", "lava", lineterm="", n=0)]
