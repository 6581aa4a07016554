"""compare BASE [HEAD] [--gate]: per case, what changed from run BASE to HEAD.

A case is keyed by its cell (row, arch, ABI) and name. Bad is what fails
the matrix: an undeclared failure, a declared failure that passed, a case
missing from a cell that did not finish (ERR); a declared failure that
fails is good. Categories:
  regression      good (or absent) in BASE, bad in HEAD; a guest that
                  finished in BASE and not in HEAD is one too
  fix             bad in BASE, good in HEAD
  still failing   bad in both, with how many runs in a row it has been
  flaky           its verdict changed more than once over the runs from
                  BASE to HEAD, or differs between REPEAT boots of one
  disappeared     in BASE, not in HEAD though HEAD ran its cell
--gate exits 1 on any regression (make matrix BASELINE=).
--as HROW=BROW compares HEAD's row HROW as if it were BASE's row BROW
(HEAD's own BROW cells left out): a mutant's run against patched, e.g.
make compare BASE=<run> HEAD=<run> COMPARE_AS=6.1-mutant-b=6.1-patched, shows the
mutant's killing cases as regressions.
"""
import re

from . import db

GOOD = {("PASS", 0), ("SKIP", 0), ("SKIP", 1), ("FAIL", 1)}


def shown(v, e):
    return {("FAIL", 1): "XFAIL", ("PASS", 1): "XPASS"}.get((v, e), v)


def verdicts(con, run):
    """A pass in a guest that did not finish is not trusted: ERR (as KCIDB's ERROR)."""
    return {(c, a, i, n): ("ERR" if v == "PASS" and s != "ok" else v, e)
            for c, a, i, n, v, e, s in con.execute(
                "SELECT x.cell, x.arch, x.abi, x.name, x.verdict, x.expected, c.status "
                "FROM results x JOIN cells c ON c.run = x.run AND c.cell = x.cell AND "
                "c.arch = x.arch AND c.abi = x.abi WHERE x.run = ? AND x.boot = 0", (run,))}


def cells(con, run):
    return {(c, a, i): (t, s) for c, a, i, t, s in con.execute(
        "SELECT cell, arch, abi, tree, status FROM cells WHERE run = ?", (run,))}


def trees(con, run):
    return dict(con.execute("SELECT tree, sha256 FROM trees WHERE run = ?", (run,)))


def same_trees(con, base, head, bname):
    bt, ht = trees(con, base), trees(con, head)
    common = set(bt) & set(ht)
    if not common:
        raise db.StoreError(f"BASE={bname}: run {base} is of tree(s) "
                            f"{' '.join(sorted(bt)) or 'none'}, HEAD run {head} of "
                            f"{' '.join(sorted(ht)) or 'none'}: nothing to compare")
    for t in sorted(common):
        if bt[t] and ht[t] and bt[t] != ht[t]:
            raise db.StoreError(f"BASE={bname}: tree {t} of run {base} is another tarball "
                                f"(sha256 {bt[t][:12]} vs {ht[t][:12]})")


def window(con, base, head):
    """The runs from BASE to HEAD, oldest first (BASE may be the newer)."""
    s = [r[0] for r in con.execute("SELECT started FROM runs WHERE id IN (?, ?)",
                                   (base, head))]
    lo, hi = min(s), max(s)
    return [r[0] for r in con.execute(
        "SELECT id FROM runs WHERE started BETWEEN ? AND ? ORDER BY started", (lo, hi))]


def streak(con, key, head):
    """How many runs in a row, up to HEAD, the case has been bad."""
    n = 0
    for v, e in con.execute(
            "SELECT x.verdict, x.expected FROM results x JOIN runs r ON r.id = x.run "
            "WHERE x.cell=? AND x.arch=? AND x.abi=? AND x.name=? AND x.boot=0 AND "
            "r.started <= (SELECT started FROM runs WHERE id=?) ORDER BY r.started DESC",
            (*key, head)):
        if (v, e) in GOOD:
            break
        n += 1
    return n


def flaky(con, runs, keys):
    """Keys whose verdict changed more than once over RUNS, or between boots."""
    out = {}
    q = ",".join("?" * len(runs))
    seq = {}
    for c, a, i, n, v, run in con.execute(
            f"SELECT x.cell, x.arch, x.abi, x.name, x.verdict, x.run FROM results x "
            f"JOIN runs r ON r.id = x.run WHERE x.boot = 0 AND x.run IN ({q}) "
            f"ORDER BY r.started", runs):
        seq.setdefault((c, a, i, n), []).append(v)
    for k, vs in seq.items():
        changes = sum(1 for x, y in zip(vs, vs[1:]) if x != y)
        if changes >= 2 and k in keys:
            out[k] = " -> ".join(vs)
    for c, a, i, n, vs in con.execute(
            f"SELECT cell, arch, abi, name, group_concat(verdict, ' ') FROM results "
            f"WHERE boot > 0 AND run IN ({q}) GROUP BY run, cell, arch, abi, name "
            f"HAVING count(DISTINCT verdict) > 1", runs):
        if (c, a, i, n) in keys:
            out[(c, a, i, n)] = f"REPEAT boots: {vs}"
    return out


def rows_as(spec):
    """COMPARE_AS=HROW=BROW -> (HROW, BROW), or one line."""
    if not spec:
        return None
    m = spec.split("=")
    if len(m) != 2 or not all(re.fullmatch(r"[A-Za-z0-9._-]+", x) for x in m):
        raise db.StoreError(f"COMPARE_AS={spec}: HEAD's row=BASE's row, e.g. COMPARE_AS=6.1-mutant-b=6.1-patched")
    return m[0], m[1]


def renamed(d, mapping):
    """HEAD's verdicts or cells with row HROW taken for BROW (BROW's own dropped)."""
    if not mapping:
        return d
    h, b = mapping
    return {((b,) + k[1:] if k[0] == h else k): v for k, v in d.items() if k[0] != b}


def main(pos, gate=False, as_spec=""):
    con = db.open_store()
    bname = pos[0] if pos else ""
    base = db.resolve(con, bname, "BASE")
    head = db.resolve(con, pos[1] if len(pos) > 1 and pos[1] else "latest", "HEAD")
    same_trees(con, base, head, bname)
    mapping = rows_as(as_spec)
    bv, hv = verdicts(con, base), renamed(verdicts(con, head), mapping)
    bc, hc = cells(con, base), renamed(cells(con, head), mapping)
    if mapping and not any(k[0] == mapping[1] for k in hc):
        raise db.StoreError(f"COMPARE_AS={as_spec}: run {head} has no cell of row {mapping[0]}")
    lines = {"regression": [], "fix": [], "still failing": [], "disappeared": []}

    def name(k):
        t = (hc.get(k[:3]) or bc.get(k[:3]))[0]
        return f"{t} {k[0]}-{k[1]} {k[2]} {k[3]}"
    for k in sorted(set(bv) | set(hv)):
        b, h = bv.get(k), hv.get(k)
        if h is None:
            if b is not None and k[:3] in hc:
                lines["disappeared"].append(f"{name(k)}: {shown(*b)} in BASE")
            continue
        hgood = h in GOOD
        if b is None:
            if not hgood:
                lines["regression"].append(f"{name(k)}: new, {shown(*h)}")
        elif b in GOOD and not hgood:
            lines["regression"].append(f"{name(k)}: {shown(*b)} -> {shown(*h)}")
        elif b not in GOOD and hgood:
            lines["fix"].append(f"{name(k)}: {shown(*b)} -> {shown(*h)}")
        elif b not in GOOD:
            lines["still failing"].append(f"{name(k)}: {shown(*h)}, "
                                          f"{streak(con, k, head)} runs in a row")
    for k in sorted(set(bc) & set(hc)):
        if bc[k][1] == "ok" and hc[k][1] != "ok":
            lines["regression"].append(f"{bc[k][0]} {k[0]}-{k[1]} {k[2]} (guest): "
                                       f"ok -> {hc[k][1]}")
    fl = flaky(con, window(con, base, head), set(hv) | set(bv))
    lines["flaky"] = [f"{name(k)}: {v}" for k, v in sorted(fl.items())]
    print(f"compare {db.label(con, base)} -> {db.label(con, head)}"
          + (f" (HEAD's {mapping[0]} as {mapping[1]})" if mapping else ""))
    for cat in ("regression", "fix", "still failing", "flaky", "disappeared"):
        for line in lines[cat]:
            print(f"  {cat}: {line}")
    nrun = len([k for k in hc if k not in bc])
    print(f"compare: {len(lines['regression'])} regressions, {len(lines['fix'])} fixes, "
          f"{len(lines['still failing'])} still failing, {len(lines['flaky'])} flaky, "
          f"{len(lines['disappeared'])} disappeared"
          f"{f', {nrun} cells new in HEAD' if nrun else ''}")
    if gate and lines["regression"]:
        print(f"baseline {db.label(con, base)}: FAIL ({len(lines['regression'])} regressions)")
        return 1
    if gate:
        print(f"baseline {db.label(con, base)}: no regression")
    return 0
