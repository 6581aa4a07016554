"""store COMMAND ...: the results store (RESULTS_DB, default build/results.db).

  ingest --kind K --report DIR --results DIR --table CELLS.json
         [--engine local|lab]   record the report's verdicts.tsv/cells.tsv, each
                                cell's kernel and patches and the trees' facts
                                from the cell table
  record (as ingest)            ingest, then for a matrix its dashboard
                                (DASHBOARD_DIR) and, with BASELINE=, the gate
  tag NAME [RUN]                name a run (default: the latest)
  history [N] [CELL]            the last N runs of each cell
  runs                          every run, newest first
  check-baseline NAME TREE=TARBALL...   before a gated run: one line if bad
  check GOAL ARGS...            a make goal's bad input, before any work
                                (GOAL store: RESULTS_DB itself)
  compare BASE [HEAD] [--gate] [--as HROW=BROW]  see compare.py
  kcidb [RUN] OUT               see kcidb.py
  dashboard [RUN] OUTDIR        see dashboard.py

Verdicts come from report.py (the one place expectations are applied) and,
for REPEAT boots, from cell.sh's run<k>/verdicts (ktap.py).
"""
import hashlib
import os
import re
import socket
import subprocess
import tempfile
import time

from . import TOP, db
# cells.py: the one sha256-of-a-file helper (LAVA's export uses it too).
from . import cells as cell_table
from .cells import sha256_file


def series_hash(patches):
    """KCIDB's patchset_hash: sha256 over each patch's sha256 and a newline."""
    if not patches:
        return ""
    return hashlib.sha256("".join(sha256_file(os.path.join(TOP, p)) + "\n"
                                  for p in patches).encode()).hexdigest()


def tree_rows(table):
    """The cell table's trees with facts -> {tree: the store's fields}."""
    out = {}
    for t, tr in table.trees.items():
        f = tr.get("facts")
        if f:
            out[t] = {"version": f["version"], "tarball": tr["tarball"], "sha256": f.get("sha256", ""),
                      "series": "" if tr.get("imported") else cell_table.series_text(tr)}
    return out


def git(*args):
    r = subprocess.run(["git", "-C", TOP, *args], capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else ""


def tsv(p):
    if not os.path.exists(p):
        raise db.StoreError(f"ingest: {p} missing (the report writes it)")
    return [line.rstrip("\n").split("\t") for line in open(p) if line.strip()]


def ingest(a):
    cells = tsv(os.path.join(a["report"], "cells.tsv"))
    verdicts = tsv(os.path.join(a["report"], "verdicts.tsv"))
    table = cell_table.Table(a["table"])
    trees = tree_rows(table)
    hashes = {}
    run = os.environ.get("RUN_ID") or str(time.time_ns())
    try:
        started = int(run) / 1e9
    except ValueError:
        started = time.time()
    commit = git("rev-parse", "HEAD") or "unknown"
    dirty = 1 if git("status", "--porcelain", "--untracked-files=no") else 0
    con = db.open_store(create=True)
    # One transaction: a concurrent writer waits (busy timeout), none is lost.
    con.execute("BEGIN IMMEDIATE")
    try:
        old = con.execute("SELECT kinds FROM runs WHERE id = ?", (run,)).fetchone()
        kinds = ",".join(sorted(set((old[0].split(",") if old else []) + [a["kind"]])))
        seq = db.next_seq(con, run)
        con.execute("INSERT OR REPLACE INTO runs (id, kinds, engine, started, ended, host, "
                    "commit_id, dirty, repeat, seq) VALUES (?,?,?,?,?,?,?,?,?,?)",
                    (run, kinds, a["engine"], started, time.time(),
                     socket.gethostname(), commit, dirty,
                     int(os.environ.get("REPEAT", "1") or 1), seq))
        for t, f in trees.items():
            con.execute("INSERT OR REPLACE INTO trees VALUES (?,?,?,?,?,?)",
                        (run, t, f["version"], f["tarball"], f["sha256"], f["series"]))
        for c in cells:
            cell, arch, abi, tree, name, status, secs, reused = (c + [""] * 8)[:8]
            res = os.path.join(a["results"], cell, arch)
            st = os.path.join(res, "status")
            seconds = float(secs) if secs else None
            t0 = os.path.getmtime(st) - (seconds or 0) if os.path.exists(st) else None
            tc = table.at(cell, arch)
            kernel = tc["kernel"]["row"] if tc else cell
            if kernel not in hashes:
                hashes[kernel] = series_hash(tc["kernel"]["patchset"] if tc else [])
            shash = hashes[kernel]
            con.execute("INSERT OR REPLACE INTO cells VALUES "
                        "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                        (run, cell, arch, abi, tree, name, kernel, shash,
                         status, seconds, t0, int(reused or 0), a["engine"],
                         a["kind"], os.path.abspath(res)))
            con.execute("DELETE FROM results WHERE run=? AND cell=? AND arch=? AND abi=?",
                        (run, cell, arch, abi))
        expected = {}
        for v in verdicts:
            cell, arch, abi, name, verdict, exp = v[:6]
            expected[cell, arch, abi, name] = int(exp)
            con.execute("INSERT OR REPLACE INTO results VALUES (?,?,?,?,?,?,?,?,0)",
                        (run, cell, arch, abi, name.split(".")[0], name, verdict, int(exp)))
        nboot = ingest_boots(con, run, cells, a["results"], expected)
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    print(f"    results: run {seq} ({run}): {len(verdicts)} verdicts of {len(cells)} cells"
          f"{f', {nboot} repeat boots' if nboot else ''} into {db.path()}")


def record(a):
    """After ingest: a matrix's dashboard (DASHBOARD_DIR, a lab's beside
    its report) and, with BASELINE=, the gate against that run."""
    if a["kind"] != "matrix":
        return 0
    from . import compare, dashboard
    run = os.environ.get("RUN_ID") or "latest"
    dash = os.environ.get("DASHBOARD_DIR") or a["report"]
    dashboard.main([run, dash if a["engine"] == "local" else a["report"]])
    if os.environ.get("BASELINE"):
        return compare.main([os.environ["BASELINE"], run], True, "")
    return 0


def ingest_boots(con, run, cells, results, expected):
    """REPEAT=N: cell.sh's run<k>/verdicts ("<abi>.ktap test.case VERDICT")."""
    n = 0
    for c in cells:
        cell, arch, abi = c[:3]
        base = os.path.join(results, cell, arch)
        k = 1
        while os.path.isdir(os.path.join(base, f"run{k}")):
            p = os.path.join(base, f"run{k}", "verdicts")
            for line in open(p) if os.path.exists(p) else []:
                w = line.split()
                if len(w) == 3 and w[0] == abi + ".ktap":
                    con.execute("INSERT OR REPLACE INTO results VALUES (?,?,?,?,?,?,?,?,?)",
                                (run, cell, arch, abi, w[1].split(".")[0], w[1], w[2],
                                 expected.get((cell, arch, abi, w[1]), 0), k))
                    n += 1
            k += 1
    return n


def tag(name, run=None):
    if not re.fullmatch(r"[A-Za-z][A-Za-z0-9._-]*", name or "") or name in ("latest", "previous"):
        raise db.StoreError(f"NAME={name}: a tag is a letter then letters, digits, . _ - "
                            "(not latest or previous)")
    con = db.open_store()
    r = db.resolve(con, run or "latest")
    old = con.execute("SELECT run FROM tags WHERE name = ?", (name,)).fetchone()
    con.execute("INSERT OR REPLACE INTO tags VALUES (?, ?)", (name, r))
    moved = f" (moved from {old[0]})" if old and old[0] != r else ""
    print(f"tag {name}: run {r}{moved}")


def history(n=5, only=""):
    con = db.open_store()
    db.resolve(con, "latest")
    keys = con.execute("SELECT DISTINCT tree, name, arch, abi, cell FROM cells "
                       "ORDER BY tree, cell, arch, abi").fetchall()
    for tree, name, arch, abi, cell in keys:
        if only and only not in (cell, f"{cell}-{arch}"):
            continue
        print(f"cell {cell}-{arch} {abi} (tree {tree}, {name}):")
        for run, started, status, secs, eng in con.execute(
                "SELECT c.run, r.started, c.status, c.seconds, c.engine FROM cells c "
                "JOIN runs r ON r.id = c.run WHERE c.cell=? AND c.arch=? AND c.abi=? "
                "ORDER BY r.started DESC LIMIT ?", (cell, arch, abi, n)):
            p, x, f, s = db.counts(con, run, cell, arch, abi)
            when = time.strftime("%Y-%m-%d %H:%M", time.localtime(started))
            dur = f"{secs:7.1f} s" if secs is not None else "      - s"
            print(f"  {when}  {db.label(con, run):<32} {dur}  {p:4} passed {x:3} xfail "
                  f"{f:3} failed {s:3} skipped  guest: {status} [{eng}]")


def runs():
    con = db.open_store()
    for run, kinds, eng, started, host, commit, dirty in con.execute(
            "SELECT id, kinds, engine, started, host, commit_id, dirty FROM runs "
            "ORDER BY started DESC"):
        n = con.execute("SELECT count(*) FROM cells WHERE run=?", (run,)).fetchone()[0]
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(started))
        print(f"{when}  {db.label(con, run):<32} {kinds:<14} {eng:<5} {n:3} cells  "
              f"{host} {commit[:12]}{'+' if dirty else ''}")


def check_baseline(name, pairs):
    """Before any work: BASELINE names a run of the same trees."""
    con = db.open_store()
    r = db.resolve(con, name, "BASELINE")
    have = {t: s for t, s in con.execute("SELECT tree, sha256 FROM trees WHERE run=?", (r,))}
    for p in pairs:
        t, _, tarball = p.partition("=")
        if t not in have:
            raise db.StoreError(f"BASELINE={name}: run {r} is of tree(s) "
                                f"{' '.join(sorted(have)) or 'none'}, not {t}")
        if tarball and os.path.exists(tarball) and have[t] and sha256_file(tarball) != have[t]:
            raise db.StoreError(f"BASELINE={name}: tree {t} of run {r} is another tarball "
                                f"(sha256 {have[t][:12]}, {tarball} is not)")


def check_store():
    """RESULTS_DB before a goal that records: ours, or a file that can be made."""
    p = db.path()
    try:
        if os.path.exists(p):
            db.open_store()
            return
        d = os.path.dirname(os.path.abspath(p))
        while not os.path.exists(d):
            d = os.path.dirname(d)
        try:  # as root os.access() says yes to /proc: try a file there
            os.unlink(tempfile.mkstemp(prefix=".results-probe.", dir=d)[1])
        except OSError as e:
            raise db.StoreError(f"results store {p}: cannot be made in {d} ({e.strerror})")
    except db.StoreError as e:
        raise db.StoreError(str(e).replace(f"results store {p}: ", f"RESULTS_DB={p}: ", 1))


def check_case(args):
    """make culprit's CASE before any build: a case the cell's tests have.
    ARGS: CASE CELL ROW BASE_ROW ARCH "RESULTS_DIR..." "PROGRAM_GLOB..." KSELFTEST_TREE
    The names come from the last KTAP of the cell or of its tree's base
    cell (what culprit.sh reads), else from the store's runs of those rows
    on that arch; with neither, the test before the dot must be one of the
    cell's programs (its payload's; a kselftest folder's are its .c files
    once the tree is unpacked)."""
    import fnmatch
    import glob
    from . import ktap
    case, cell, row, base, arch, dirs, progs, kst = (args + [""] * 8)[:8]
    dirs, progs = dirs.split(), progs.split()
    if not re.fullmatch(r"[^.\s]+\.[^\s]+", case):
        raise db.StoreError(f"CASE={case}: test.case, as the report names it")
    known, where = set(), ""
    for d in dirs:
        for f in sorted(glob.glob(os.path.join(d, "*.ktap"))):
            known |= {line.rsplit(" ", 1)[0] for line in ktap.verdict_lines(f)}
    if known:
        where = "the last KTAP of " + " and ".join(dirs)
    elif os.path.exists(db.path()):
        con = db.open_store()
        known = {r[0] for r in con.execute(
            "SELECT DISTINCT name FROM results WHERE cell IN (?, ?) AND arch = ?", (row, base, arch))}
        where = f"the runs of {row} and {base} on {arch} in {db.path()}"
    if known:
        if case not in known:
            raise db.StoreError(f"CASE={case}: no such case of {cell} ({len(known)} cases in {where})")
        return
    test = case.split(".")[0]
    if not any(fnmatch.fnmatchcase(test, p) for p in progs):
        more = f"; its kselftests are listed once tree {kst} is unpacked: make trees TREES={kst}" if kst else ""
        raise db.StoreError(f"CASE={case}: {test} is not a test of {cell} (its tests: {' '.join(progs)}{more})")


def check(goal, args):
    """The make goals' bad input, before any work: one line, non-zero exit."""
    a = (args + ["", ""])[:2]
    if goal == "store":
        return check_store()
    if goal == "case":
        return check_case(args)
    if goal == "tag-run" and not re.fullmatch(r"[A-Za-z][A-Za-z0-9._-]*", a[0]):
        return tag(a[0])
    if goal == "kcidb":
        from . import kcidb
        kcidb.origin()
    if goal == "history" and (not a[0].isdigit() or int(a[0]) < 1):
        raise db.StoreError(f"N={a[0]}: a count of runs, 1 or more")
    con = db.open_store()
    if goal == "compare":
        from . import compare
        base = db.resolve(con, a[0], "BASE")
        compare.same_trees(con, base, db.resolve(con, a[1] or "latest", "HEAD"), a[0])
        compare.rows_as(args[2] if len(args) > 2 else "")
    elif goal in ("tag-run", "kcidb", "dashboard"):
        db.resolve(con, (a[1] if goal == "tag-run" else a[0]) or "latest", "RUN")
    else:
        db.resolve(con, "latest")


def opts(argv):
    a, pos = {"engine": "local"}, []
    it = iter(argv)
    for w in it:
        if w.startswith("--") and w not in ("--gate",):
            a[w[2:]] = next(it, "")
        else:
            pos.append(w)
    return a, pos


def run(argv):
    cmd, rest = (argv[0] if argv else ""), argv[1:]
    a, pos = opts(rest)
    if cmd in ("ingest", "record"):
        for k in ("kind", "report", "results", "table"):
            if not a.get(k):
                raise db.StoreError(f"{cmd}: --{k} missing")
        try:
            ingest(a)
        except cell_table.Bad as e:
            raise db.StoreError(f"{cmd}: {e}")
        return record(a) if cmd == "record" else 0
    if cmd == "tag":
        return tag(pos[0] if pos else "", pos[1] if len(pos) > 1 else None)
    if cmd == "history":
        n = pos[0] if pos else "5"
        if not n.isdigit() or int(n) < 1:
            raise db.StoreError(f"N={n}: a count of runs, 1 or more")
        return history(int(n), pos[1] if len(pos) > 1 else "")
    if cmd == "runs":
        return runs()
    if cmd == "check":
        return check(pos[0] if pos else "", pos[1:])
    if cmd == "check-baseline":
        return check_baseline(pos[0] if pos else "", pos[1:])
    if cmd == "compare":
        from . import compare
        return compare.main(pos, "--gate" in rest, a.get("as", ""))
    if cmd == "kcidb":
        from . import kcidb
        return kcidb.main(pos)
    if cmd == "dashboard":
        from . import dashboard
        return dashboard.main(pos)
    raise db.StoreError(f"store: unknown command '{cmd}' (see its head)")
