"""kcidb [RUN] OUT: one run as a KCIDB I/O v5.3 document, validated.

Checkouts: one per tree and patch set (the tarball's version and sha256,
the series as the patch set with KCIDB's patchset_hash; base has none).
Builds: one per tree x kernel row x arch. Tests: one per case and cell
ABI (path select.<test>.<case>), plus select.boot per guest. A guest that
did not finish is never PASS: its boot test is ERROR (kernel splat) or
MISS (hang, unfinished, not run), its missing cases MISS, and cases that
passed before it failed ERROR. The document is checked against
KCIDB_SCHEMA (a JSON schema file; default kcidb-v5.schema.json here, this
project's statement of the parts of v5.3 it emits) and then renamed into
place: no partial file is left looking complete.
"""
import datetime
import json
import os
import re
import tempfile

from . import db

HERE = os.path.dirname(os.path.abspath(__file__))
VERSION = {"major": 5, "minor": 3}
MISSED = re.compile(r"^(timeout|guest ended without finishing|not run)")


def iso(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).isoformat(
        timespec="seconds")


def origin():
    o = os.environ.get("KCIDB_ORIGIN") or "selectmatrix"
    if not re.fullmatch(r"[a-z0-9_]+", o):
        raise db.StoreError(f"KCIDB_ORIGIN={o}: KCIDB allows only a-z, 0-9 and _")
    return o


def path(name):
    return "select." + ".".join(re.sub(r"[^A-Za-z0-9_-]", "_", s) or "_"
                                for s in name.split("."))


def case_status(verdict, cell_status):
    if verdict == "ERR":
        return "MISS" if MISSED.match(cell_status) else "ERROR"
    if cell_status != "ok" and verdict == "PASS":
        return "ERROR"
    return verdict


def boot_status(cell_status):
    if cell_status == "ok":
        return "PASS"
    return "MISS" if MISSED.match(cell_status) else "ERROR"


def document(con, run, o):
    started = con.execute("SELECT started FROM runs WHERE id=?", (run,)).fetchone()[0]
    trees = {t: (v, tb, sha, ser) for t, v, tb, sha, ser in con.execute(
        "SELECT tree, version, tarball, sha256, series FROM trees WHERE run=?", (run,))}
    checkouts, builds, tests = {}, {}, []
    boots = set()
    for (cell, arch, abi, tree, name, kernel, shash, status, secs, t0,
         engine, results) in con.execute(
            "SELECT cell, arch, abi, tree, name, kernel, series_hash, status, seconds, "
            "started, engine, results FROM cells WHERE run=? ORDER BY cell, arch, abi",
            (run,)):
        v, tb, sha, ser = trees.get(tree, ("", "", "", ""))
        cid = f"{o}:{run}-{tree}-{shash[:16] or 'base'}"
        checkouts.setdefault(cid, {
            "id": cid, "origin": o, "tree_name": f"linux-source-{tree}",
            "git_commit_name": v, "patchset_hash": shash, "start_time": iso(started),
            "valid": True,
            "comment": f"{os.path.basename(tb) or tree} {v}"
                       f"{' + series' if shash else ''}",
            "misc": {"tarball": tb, "tarball_sha256": sha, "kernel_version": v,
                     "series": ser if shash else ""}})
        bid = f"{o}:{run}-{tree}-{kernel}-{arch}"
        builds.setdefault(bid, {
            "id": bid, "origin": o, "checkout_id": cid, "architecture": arch,
            "config_name": kernel, "start_time": iso(started), "status": "PASS",
            "misc": {"tree": tree, "kernel_row": kernel}})
        env = {"comment": f"{arch} guest, {abi} ABI", "misc": {"arch": arch, "abi": abi}}
        when = {"start_time": iso(t0 if t0 else started)}
        # misc "flavour" (the row's name) keeps the key exported documents have.
        misc = {"cell": f"{cell}-{arch}", "flavour": name, "tree": tree,
                "engine": engine, "run": run, "guest": status,
                "console_log": os.path.join(results, "console.log")}
        if (cell, arch) not in boots:
            boots.add((cell, arch))
            b = {"id": f"{bid}-{cell}-boot", "origin": o, "build_id": bid,
                 "path": "select.boot", "status": boot_status(status),
                 "environment": {"comment": f"{arch} guest", "misc": {"arch": arch}},
                 "misc": misc, **when}
            if secs is not None:
                b["duration"] = secs
            tests.append(b)
        for name, verdict, exp in con.execute(
                "SELECT name, verdict, expected FROM results WHERE run=? AND cell=? "
                "AND arch=? AND abi=? AND boot=0 ORDER BY name", (run, cell, arch, abi)):
            t = {"id": f"{bid}-{cell}-{abi}-{name}", "origin": o, "build_id": bid,
                 "path": path(name), "status": case_status(verdict, status),
                 "environment": env, **when,
                 "misc": {**misc, "abi": abi, "verdict": verdict,
                          "expected_failure": bool(exp)}}
            if t["status"] != verdict:
                t["comment"] = f"{verdict} in a guest that did not finish: {status}"
            tests.append(t)
    return {"version": VERSION, "checkouts": list(checkouts.values()),
            "builds": list(builds.values()), "tests": tests}


def validate(doc):
    import jsonschema
    sp = os.environ.get("KCIDB_SCHEMA") or os.path.join(HERE, "kcidb-v5.schema.json")
    try:
        schema = json.load(open(sp))
    except (OSError, ValueError) as e:
        raise db.StoreError(f"KCIDB_SCHEMA={sp}: cannot be read as JSON ({e})")
    v = jsonschema.Draft7Validator(schema, format_checker=jsonschema.FormatChecker())
    errs = sorted(v.iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errs:
        e = errs[0]
        where = "/".join(str(p) for p in e.absolute_path)
        raise db.StoreError(f"kcidb: not valid against {sp}: {where}: {e.message} "
                            f"({len(errs)} errors)")
    return sp


def main(pos):
    o = origin()
    con = db.open_store()
    run = db.resolve(con, pos[0] if len(pos) > 1 and pos[0] else "latest")
    out = pos[-1] if pos else ""
    if not out:
        raise db.StoreError("kcidb: no output file named")
    doc = document(con, run, o)
    sp = validate(doc)
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".kcidb.", dir=os.path.dirname(os.path.abspath(out)))
    try:
        with os.fdopen(fd, "w") as f:
            json.dump(doc, f, indent=1, sort_keys=True)
        os.replace(tmp, out)
    except BaseException:
        os.unlink(tmp)
        raise
    print(f"    kcidb: {out}: run {run}, {len(doc['checkouts'])} checkouts, "
          f"{len(doc['builds'])} builds, {len(doc['tests'])} tests, origin {o}; "
          f"valid against {os.path.basename(sp)}")
