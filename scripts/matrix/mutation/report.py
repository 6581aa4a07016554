"""mutation check-ids LIST [ID...]
mutation report [--kselftest GLOBS] TABLE RESULTS MDIR OUTDIR ARCHES T0 REF [ID ROW]...

make mutation's verdict (mk/mutation.mk). check-ids: every ID is a mutant
of LIST (generate.py's), else one line and exit 2.
report: per arch, each generated mutant (MDIR/list, MDIR/<id>.patch) is
"not compiling" or "equivalent" (its cell's status, scripts/mutation/cell.sh:
never booted) or was booted and is judged by the kill rule of
mutants.py (judge(): a case that passes on REF, the tree's patched, fails
on it, in the same arch and ABI) on that arch's cells alone. ROW is the
mutant's row of the cell table TABLE (its cells, suites and reference).
Score per arch: killed / booted (the non-equivalent mutants that compiled).
Writes OUTDIR/mutation.txt (counts, score, wall time since T0, mutants per
hour, every survivor with its diff and the rows it passed),
OUTDIR/survivors/<id>.txt (every case it passed), OUTDIR/table.tsv (id,
site, operator, change, verdict per arch) and OUTDIR/booted (the cells of
the booted mutants and of REF, for the report and the results store).
Exits 1 when a mutant survives or a booted cell did not finish.
--kselftest GLOBS (a tree whose mutants its series' kselftest judges,
TREE_<t>_MUTANT_TESTS): the cells also ran compat-tests, and each killed
mutant is judged again by the same rule with the cases of the test
programs GLOBS alone: killed by the kselftest, or only by the other
tests - a gap in the kselftest, listed with the cases that killed it
(issue 38). Not a failure: the kselftest is what upstream runs, the
gap is reported, not gated.
"""
import os
import sys
import time

from .. import cells as cells_table, ktap, mutants

NOT_BOOTED = ("not compiling", "equivalent")


def read_list(path):
    rows = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            w = line.rstrip("\n").split("\t")
            if len(w) >= 4:
                rows[w[0]] = w[1:4]
    return rows


def check_ids(argv):
    if not argv:
        print("mutation: usage: mutation check-ids LIST [ID...]", file=sys.stderr)
        return 2
    try:
        known = read_list(argv[0])
    except OSError as e:
        print("mutation: %s: %s" % (argv[0], e.strerror), file=sys.stderr)
        return 2
    bad = [m for m in argv[1:] if m not in known]
    if bad:
        print("MUTATION_IDS=%s: no such mutant in %s" % (" ".join(bad), argv[0]), file=sys.stderr)
        return 2
    return 0


def passed(results, row, ref, arch, abi):
    """The cases of a suite of ROW's cell on ARCH that pass there and on REF."""
    p = lambda x: {w[0] for w in (ktap.fields(l) for l in mutants.verdicts(results, x, arch, abi))
                   if len(w) > 1 and w[1] == "PASS"}
    return sorted(p(row) & p(ref))


def judge_arch(results, row, ref, cells, arch, skip, only=None):
    """verdict of one mutant on one arch: not run, not compiling,
    equivalent, killed, survived or unfinished; and the judge's lines.
    ONLY (test program globs): a killed mutant that the cases of those
    programs alone do not kill is "killed by other tests"."""
    st = mutants.status(os.path.join(results, row, arch, "status"))
    if st in NOT_BOOTED or st == "not run":
        return st, []
    suites = mutants.suites_of([c for c in cells if c["arch"] == arch])
    out, _ = mutants.judge(results, row, ref, suites, skip)
    if out and ": killed" in out[-1] and only is not None:
        alone, _ = mutants.judge(results, row, ref, suites, skip, only)
        if not (alone and ": killed" in alone[-1]):
            return "killed by other tests", out
    if out and ": killed" in out[-1]:
        return "killed", out
    # A guest that did not finish (its own or the reference's) is no verdict.
    return ("unfinished" if any(" guest: " in l for l in out) else "survived"), out


KILLED = ("killed", "killed by other tests")


def report(argv):
    only = None
    if argv[:1] == ["--kselftest"]:
        only, argv = argv[1].split(), argv[2:]
    table = cells_table.Table(argv[0])
    results, mdir, outdir, arches, t0, refrow = argv[1:7]
    # ID ROW pairs: the mutant of MDIR/list and its row of the table.
    specs = []
    for mid, row in zip(argv[7::2], argv[8::2]):
        cells = table.of_row(row)
        specs.append((mid, row, cells[0]["ref"]["row"] if cells and cells[0]["ref"] else refrow, cells))
    arches = arches.split()
    listed = read_list(os.path.join(mdir, "list"))
    os.makedirs(os.path.join(outdir, "survivors"), exist_ok=True)
    skip = mutants.randomized()
    verdict, lines, booted = {}, {}, [c["id"] for c in table.of_row(refrow)]
    for mid, row, ref, cells in specs:
        for a in arches:
            v, out = judge_arch(results, row, ref, cells, a, skip, only)
            verdict[mid, a] = v
            lines[mid, a] = out
            if v not in NOT_BOOTED and v != "not run":
                booted += [c["id"] for c in cells if c["arch"] == a]
    ids = [s[0] for s in specs]
    ops = {}
    for m in ids:
        ops[listed[m][1]] = ops.get(listed[m][1], 0) + 1
    txt = ["mutation: %d mutants of the series (%s), generated from %s" % (
        len(ids), ", ".join("%s %d" % (k, ops[k]) for k in sorted(ops)), os.path.join(mdir, "list"))]
    bad = 0
    for a in arches:
        n = {k: sum(1 for m in ids if verdict[m, a] == k) for k in
             ("not run", "not compiling", "equivalent", "survived", "unfinished") + KILLED}
        killed = n["killed"] + n["killed by other tests"]
        live = killed + n["survived"] + n["unfinished"]
        pct = lambda k: "%d/%d = %.1f%%" % (k, live, 100.0 * k / live) if live else "none booted"
        txt.append("%s: %d generated, %d not compiling, %d equivalent, %d booted: %d killed, %d survived, "
                   "%d did not finish, %d not run; score (killed / non-equivalent) %s" % (
                       a, len(ids), n["not compiling"], n["equivalent"], live, killed,
                       n["survived"], n["unfinished"], n["not run"], pct(killed)))
        if only is not None:
            txt.append("%s: by the kselftest (%s) alone: %d killed, %d killed only by the other tests "
                       "(a gap in the kselftest); score %s" % (
                           a, " ".join(only), n["killed"], n["killed by other tests"], pct(n["killed"])))
        bad += n["survived"] + n["unfinished"] + n["not run"]
    every = lambda k: sum(1 for m in ids if all(verdict[m, a] == k for a in arches))
    txt.append("on every arch run (%s): %d not compiling, %d equivalent" % (
        " ".join(arches), every("not compiling"), every("equivalent")))
    if t0:
        secs = max(time.time() - float(t0), 1)
        nb = sum(1 for m in ids if any(verdict[m, a] not in NOT_BOOTED + ("not run",) for a in arches))
        txt.append("wall time %d s: %.0f mutants per hour (%.0f booted per hour)" % (
            secs, len(ids) * 3600 / secs, nb * 3600 / secs))
    tsv, surv, gaps = [], [], []
    for m, row, ref, cells in specs:
        tsv.append("\t".join([m] + listed[m] + ["%s:%s" % (a, verdict[m, a]) for a in arches]) + "\n")
        for a in arches:
            if verdict[m, a] == "killed by other tests":
                gaps += ["%s %s %s: %s (%s)" % (m, listed[m][0], listed[m][1], listed[m][2], a)]
                gaps += ["  " + l.strip() for l in lines[m, a][-1].split("\n")[1:]]
        if not any(verdict[m, a] in ("survived", "unfinished") for a in arches):
            continue
        with open(os.path.join(mdir, m + ".patch"), encoding="utf-8", errors="surrogateescape") as f:
            diff = f.read()
        head = "%s %s %s: %s (%s)" % (m, listed[m][0], listed[m][1], listed[m][2], ", ".join(
            "%s %s" % (a, verdict[m, a]) for a in arches))
        detail, rows = [head, diff], []
        for a, abi in mutants.suites_of(cells):
            if verdict[m, a] not in ("survived", "unfinished"):
                continue
            arch, ok = a, passed(results, row, ref, a, abi)
            rows.append("%s %s %d" % (arch, abi, len(ok)))
            detail.append("%s %s: passed as on %s: %s" % (arch, abi, ref, " ".join(ok) or "none"))
        for a in arches:
            detail += lines[m, a]
        with open(os.path.join(outdir, "survivors", m + ".txt"), "w", encoding="utf-8",
                  errors="surrogateescape") as f:
            f.write("\n".join(detail) + "\n")
        surv += ["", head, "  cases passed as on %s (arch ABI count): %s" % (ref, ", ".join(rows)),
                 "  " + diff.rstrip("\n").replace("\n", "\n  ")]
    txt.append("survivors (and mutants whose guest did not finish): %d; every case each passed: %s" % (
        sum(1 for l in surv if l.startswith(tuple(ids))), os.path.join(outdir, "survivors/")))
    txt += surv
    if only is not None:
        txt += ["", "killed only by tests other than the kselftest (%s), with the cases that killed them: %d" % (
            " ".join(only), sum(1 for l in gaps if not l.startswith(" ")))] + gaps
    txt.append("mutation: %s" % ("PASS" if bad == 0 else "FAIL (%d survivors, unfinished or not run)" % bad))
    with open(os.path.join(outdir, "table.tsv"), "w", encoding="utf-8") as f:
        f.writelines(tsv)
    with open(os.path.join(outdir, "booted"), "w", encoding="utf-8") as f:
        f.write("\n".join(booted) + "\n")
    text = "\n".join(txt) + "\n"
    with open(os.path.join(outdir, "mutation.txt"), "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)
    sys.stdout.write(text)
    return 0 if bad == 0 else 1


def main(argv):
    if argv[:1] == ["check-ids"]:
        return check_ids(argv[1:])
    if argv[:1] == ["report"] and len(argv) >= 8 and len(argv) % 2 == 0:
        try:
            return report(argv[1:])
        except cells_table.Bad as e:
            print("mutation: %s" % e, file=sys.stderr)
            return 2
    print("mutation: usage: mutation check-ids LIST [ID...] | mutation report TABLE RESULTS MDIR OUTDIR "
          "ARCHES T0 REF [ID ROW]...", file=sys.stderr)
    return 2
