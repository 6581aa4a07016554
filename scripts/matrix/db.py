"""The results store: one SQLite file every run of the matrix appends to.

Opening checks that the file is ours before anything is read or written:
a damaged or foreign file is one line and a non-zero exit, never a new
store in its place. A new store is made whole in a temporary file and
linked into place, so a second writer never sees half a schema.

Every run has a short id beside its long one (RUN_ID, the 19 digits of
date +%s%N): seq, 1, 2, 3... in the order runs were recorded in this
store, unique in it (a UNIQUE index), said as "run 42" and accepted
wherever a run id is. The long id stays the key: runs taken from another
store keep theirs and are given the next free short ones. A store made
before short ids gets them on first open, in the order its runs started.

The format's number is its schema's version; each step up is made on
first open, in one transaction, so a store recorded by an older checkout
still opens, compares and takes new runs: 1 -> 2 (2026-12-07, the
glossary's words) renames cells.flavour, which holds a row's name
(mutant-b), to cells.name, and the view's column to row_name. A store of
a newer format than this checkout's is refused in one line.
"""
import os
import signal
import sqlite3
import sys
import tempfile

from . import TOP

FORMAT = "selectmatrix-results 2"
FORMATS = {"selectmatrix-results 1": 1, FORMAT: 2}
MAGIC = b"SQLite format 3\x00"

SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE runs (
    id TEXT PRIMARY KEY, kinds TEXT NOT NULL, engine TEXT NOT NULL,
    started REAL NOT NULL, ended REAL NOT NULL, host TEXT NOT NULL,
    commit_id TEXT NOT NULL, dirty INTEGER NOT NULL, repeat INTEGER NOT NULL,
    seq INTEGER);
CREATE UNIQUE INDEX runs_seq ON runs (seq);
CREATE TABLE trees (
    run TEXT NOT NULL REFERENCES runs(id), tree TEXT NOT NULL,
    version TEXT NOT NULL, tarball TEXT NOT NULL, sha256 TEXT NOT NULL,
    series TEXT NOT NULL, PRIMARY KEY (run, tree));
CREATE TABLE cells (
    run TEXT NOT NULL REFERENCES runs(id), cell TEXT NOT NULL,
    arch TEXT NOT NULL, abi TEXT NOT NULL, tree TEXT NOT NULL,
    name TEXT NOT NULL, kernel TEXT NOT NULL, series_hash TEXT NOT NULL,
    status TEXT NOT NULL, seconds REAL, started REAL, reused INTEGER NOT NULL,
    engine TEXT NOT NULL, kind TEXT NOT NULL, results TEXT NOT NULL,
    PRIMARY KEY (run, cell, arch, abi));
-- boot 0 is the cell's result; 1..N the boots of REPEAT=N.
CREATE TABLE results (
    run TEXT NOT NULL, cell TEXT NOT NULL, arch TEXT NOT NULL,
    abi TEXT NOT NULL, suite TEXT NOT NULL, name TEXT NOT NULL,
    verdict TEXT NOT NULL, expected INTEGER NOT NULL,
    boot INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (run, cell, arch, abi, name, boot));
-- A case across runs (compare's streaks, flaky).
CREATE INDEX results_case ON results (cell, arch, abi, name);
CREATE TABLE tags (name TEXT PRIMARY KEY, run TEXT NOT NULL REFERENCES runs(id));
"""
# One row per case as the issue lists the fields (row_name: the cell's
# row's name; name: the case's).
VIEW = """
CREATE VIEW rows AS
    SELECT r.id AS run, r.started, r.ended, r.host, r.commit_id, c.tree,
        t.version AS kernel_version, t.sha256 AS tarball_sha256,
        c.series_hash, c.cell, c.name AS row_name, c.arch, c.abi, x.suite, x.name,
        x.verdict, x.expected, c.seconds, c.engine, c.status
    FROM results x JOIN runs r ON r.id = x.run
    JOIN cells c ON c.run = x.run AND c.cell = x.cell AND c.arch = x.arch
        AND c.abi = x.abi
    LEFT JOIN trees t ON t.run = x.run AND t.tree = c.tree
    WHERE x.boot = 0;
"""


class StoreError(Exception):
    """One line for the user; the exit is non-zero."""


def path():
    return os.environ.get("RESULTS_DB") or os.path.join(TOP, "build", "results.db")


def _connect(p):
    # A writer waits for another's transaction instead of failing.
    con = sqlite3.connect(p, timeout=120, isolation_level=None)
    con.execute("PRAGMA busy_timeout = 120000")
    con.execute("PRAGMA foreign_keys = ON")
    return con


def _create(p):
    d = os.path.dirname(p) or "."
    os.makedirs(d, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".results-new.", dir=d)
    os.close(fd)
    # mkstemp's 0600 would keep other users from reading the history.
    mask = os.umask(0)
    os.umask(mask)
    os.chmod(tmp, 0o666 & ~mask)
    try:
        con = _connect(tmp)
        con.executescript(SCHEMA + VIEW)
        con.execute("INSERT INTO meta VALUES ('format', ?)", (FORMAT,))
        con.close()
        try:
            os.link(tmp, p)  # fails if another writer made it first
        except FileExistsError:
            pass
    finally:
        os.unlink(tmp)


def open_store(create=False):
    p = path()
    if not os.path.exists(p):
        if not create:
            raise StoreError(f"results store {p}: empty (no run recorded yet; "
                             "make matrix, make cell or make mutants records one)")
        _create(p)
    try:
        with open(p, "rb") as f:
            head = f.read(16)
    except OSError as e:
        raise StoreError(f"results store {p}: {e.strerror}")
    if head != MAGIC:
        raise StoreError(f"results store {p}: not an SQLite database "
                         "(damaged or foreign); move it away to start a new one")
    try:
        con = _connect(p)
        ok = con.execute("PRAGMA quick_check").fetchone()[0]
        if ok != "ok":
            raise StoreError(f"results store {p}: damaged ({ok})")
        fmt = con.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
    except sqlite3.DatabaseError as e:
        raise StoreError(f"results store {p}: damaged or foreign ({e})")
    if not fmt or fmt[0] not in FORMATS:
        raise StoreError(f"results store {p}: format {fmt[0] if fmt else '?'}, "
                         f"not {FORMAT} (or an older one this checkout steps up)")
    _add_seq(con)
    if fmt[0] != FORMAT:
        _step_up(con)
    return con


def _step_up(con):
    """The schema steps from the store's format to FORMAT, in one
    transaction (a second opener waits, then finds it done)."""
    con.execute("BEGIN IMMEDIATE")
    try:
        fmt = con.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()[0]
        if FORMATS[fmt] < 2:
            con.execute("DROP VIEW IF EXISTS rows")
            con.execute("ALTER TABLE cells RENAME COLUMN flavour TO name")
            con.execute(VIEW.strip().rstrip(";"))
        con.execute("UPDATE meta SET value = ? WHERE key = 'format'", (FORMAT,))
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise


def _add_seq(con):
    """Short ids for a store made before them, in the order runs started."""
    if any(r[1] == "seq" for r in con.execute("PRAGMA table_info(runs)")):
        return
    con.execute("BEGIN IMMEDIATE")
    try:
        if not any(r[1] == "seq" for r in con.execute("PRAGMA table_info(runs)")):
            con.execute("ALTER TABLE runs ADD COLUMN seq INTEGER")
            for i, (run,) in enumerate(con.execute(
                    "SELECT id FROM runs ORDER BY started, id").fetchall(), 1):
                con.execute("UPDATE runs SET seq = ? WHERE id = ?", (i, run))
            con.execute("CREATE UNIQUE INDEX runs_seq ON runs (seq)")
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise


def next_seq(con, run):
    """The short id of run: its own if recorded, else the next free one
    (inside the writer's transaction)."""
    row = con.execute("SELECT seq FROM runs WHERE id = ?", (run,)).fetchone()
    if row and row[0] is not None:
        return row[0]
    return con.execute("SELECT coalesce(max(seq), 0) + 1 FROM runs").fetchone()[0]


def resolve(con, name, what="RUN"):
    """A run id, a short id (seq), a tag, or 'latest'/'previous' -> a run id."""
    if not name:
        raise StoreError(f"{what}=: name a run id or tag (make history lists them)")
    if not con.execute("SELECT 1 FROM runs LIMIT 1").fetchone():
        raise StoreError(f"results store {path()}: empty (no run recorded yet)")
    if name in ("latest", "previous"):
        ids = [r[0] for r in con.execute(
            "SELECT id FROM runs ORDER BY started DESC LIMIT 2")]
        i = 0 if name == "latest" else 1
        if len(ids) <= i:
            raise StoreError(f"{what}={name}: the store has only one run")
        return ids[i]
    row = con.execute("SELECT run FROM tags WHERE name = ?", (name,)).fetchone()
    if row:
        return row[0]
    if con.execute("SELECT 1 FROM runs WHERE id = ?", (name,)).fetchone():
        return name
    # A short id: fewer digits than any long one (date +%s%N).
    if name.isdigit() and len(name) < 10:
        row = con.execute("SELECT id FROM runs WHERE seq = ?", (int(name),)).fetchone()
        if row:
            return row[0]
    raise StoreError(f"{what}={name}: no such run id, short run id or tag in {path()}")


def label(con, run):
    tags = [r[0] for r in con.execute(
        "SELECT name FROM tags WHERE run = ? ORDER BY name", (run,))]
    seq = con.execute("SELECT seq FROM runs WHERE id = ?", (run,)).fetchone()
    return (f"#{seq[0]} " if seq and seq[0] is not None else "") + run + (
        f" ({', '.join(tags)})" if tags else "")


def counts(con, run, cell, arch, abi):
    """pass, expected failures, failed, skipped: as the report counts them."""
    p = x = f = s = 0
    for v, e in con.execute("SELECT verdict, expected FROM results WHERE run=? AND cell=? "
                            "AND arch=? AND abi=? AND boot=0", (run, cell, arch, abi)):
        if v == "PASS" and not e:
            p += 1
        elif v == "FAIL" and e:
            x += 1
        elif v == "SKIP":
            s += 1
        else:
            f += 1
    return p, x, f, s


def main(fn):
    # "matrix.py store history, piped to head" ends quietly, as a shell tool does.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    try:
        sys.exit(fn() or 0)
    except StoreError as e:
        print(e, file=sys.stderr)
        sys.exit(2)
    except sqlite3.DatabaseError as e:
        # Damage that quick_check did not see shows up on use: one line too.
        print(f"results store {path()}: damaged or foreign ({e})", file=sys.stderr)
        sys.exit(2)
