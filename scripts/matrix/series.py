"""series TABLE RESULTS OUT BASE PATCHED SERIES [-- MUTANT...]

What a posted series (make matrix SERIES=) does, per case, next to the
tree's base and patched rows: the expected failures of base it fixes and
those it leaves failing, the cases that pass on base and fail on it (it
breaks them), and the mutant-killing cases it fails - the cases that
pass on patched and fail on a mutant of the tree (when that mutant's cells
ran; mutants.py's kill rule, compat-tests/randomized's
rows not counted):
a series that fails exactly a mutant's killing cases has that mutant's
defect. A case the series' cell did not report (its guest hung or died:
ERR; else missing) counts as failed there, so a series whose guest timed
out is never "0 broken"; the guest's status is named. The cells are the
SERIES row's of the cell table TABLE (each arch's ABIs); verdicts come from ktap.py (the one KTAP reader). Writes OUT, prints it; exits 0 (the matrix's own
report decides pass or fail).
"""
import os
import sys

from . import cells as cell_table, ktap
from . import mutants  # the one kill rule


def verdicts(results, row, arch, abi):
    return ktap.verdicts(os.path.join(results, row, arch, abi + ".ktap"))


def as_lines(v):
    """A {case: verdict} as the "case VERDICT" lines the kill rule reads."""
    return ["%s %s" % cv for cv in sorted(v.items())]


def main(argv):
    if "--" in argv:
        i = argv.index("--")
        argv, mrows = argv[:i], argv[i + 1:]
    else:
        mrows = []
    if len(argv) != 6:
        print("series: usage: series TABLE RESULTS OUT BASE PATCHED SERIES [-- MUTANT...]", file=sys.stderr)
        return 2
    table = cell_table.load(argv[0], "series")
    results, out, base, patched, series = argv[1:6]
    # The series row's cells: each arch's ABIs.
    cells = [(c["arch"], abi) for c in table.of_row(series) for abi in c["abis"]]
    skip = mutants.randomized()
    fixed, left, broken, killers = [], [], [], {}
    missing, guests = [], []
    for arch, abi in cells:
        b, p, s = (verdicts(results, r, arch, abi) for r in (base, patched, series))
        if b is None:
            missing.append("%s:%s" % (arch, abi))
            continue
        # A case the series' cell did not report is no better than a failed
        # one: ERR when its guest did not finish (a hang, a panic), else
        # missing. Never "0 broken" for a guest that died.
        st = mutants.status(os.path.join(results, series, arch, "status"))
        if st != "ok" and (arch, st) not in guests:
            guests.append((arch, st))
        s = s or {}
        gone = "ERR" if st != "ok" else "missing"
        for case in sorted(set(b) | set(s)):
            v, bv = s.get(case, gone), b.get(case)
            what = "%s %s %s" % (arch, abi, case) + ("" if v == "FAIL" else " (%s)" % v)
            # Without a patched row that ran (KSRC=: the tree has no
            # series of ours), every case failing on base counts.
            if bv == "FAIL" and (p.get(case) == "PASS" if p else True):
                (fixed if v == "PASS" else left).append(what)
            elif bv == "PASS" and v not in ("PASS", "SKIP"):
                broken.append(what)
        for m in mrows:
            mv = verdicts(results, m, arch, abi)
            if mv is None or p is None:
                continue
            # The mutant's killing cases (mutants.py's rule), and the
            # series judged by the same rule on the cases the mutant's
            # cell ran (one the series did not report counts as failed).
            k = set(mutants.killing(as_lines(p), as_lines(mv), skip))
            sv = {x: ("FAIL" if s.get(x, "FAIL") not in ("PASS", "SKIP") else s[x]) for x in mv}
            sf = set(mutants.killing(as_lines(p), as_lines(sv), skip))
            ks = killers.setdefault(m, [set(), set(), set()])
            ks[0] |= {"%s %s %s" % (arch, abi, case) for case in k}
            ks[1] |= {"%s %s %s" % (arch, abi, case) for case in k & sf}
            ks[2] |= {"%s %s %s" % (arch, abi, case) for case in sf}
    lines = ["series %s on %s: %d expected failures of base fixed, %d left failing, "
             "%d cases that pass on base broken" % (series, base, len(fixed), len(left), len(broken))]
    lines += ["  guest %s: %s" % g for g in guests]
    lines += ["  left failing: " + x for x in left]
    lines += ["  broken: " + x for x in broken]
    for m, (k, f, sf) in sorted(killers.items()):
        lines.append("  mutant %s: the series fails %d of its %d killing cases, and %d other cases of its cells"
                     % (m, len(f), len(k), len(sf - k)))
    if killers:
        exact = [m for m, (k, f, sf) in killers.items() if k and k == sf]
        lines.append("  fails exactly the killing cases of: %s" % (" ".join(sorted(exact)) or "no mutant"))
    else:
        lines.append("  no mutant results to compare with (make mutants, then make report SERIES=)")
    for c in missing:
        lines.append("  %s: no result of base to compare with" % c)
    text = "\n".join(lines) + "\n"
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w") as f:
        f.write(text)
    sys.stdout.write(text)
    return 0
