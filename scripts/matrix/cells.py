"""The cell table, build/cells.json, that make writes from its rows
(mk/cells.mk, "the cell table"): one object per cell, "run" (the cells of
`make cells`), "trees" (each tree of TREES: where it is made from, and its
facts: version, package, tarball sha256, the series) and "distro" (the
Debian kernels booted). Every consumer reads it here: the report, the kill
rule, the store, make cell-info and culprit, the LAVA jobs; nothing parses
a cell id or a row name, nothing else reads a tree's facts from git or a
text file: every field is in the table.

  cells TABLE info CELL   make cell-info's lines for CELL
  cells TABLE ids         the cells of `make cells`
  cells TABLE facts       the trees' and kernels' facts into TABLE (make,
                          once the trees are made; no tree made: none)

Also the one sha256-of-a-file helper (store.py, LAVA).
"""
import hashlib
import json
import os
import subprocess
import sys


class Bad(Exception):
    """One line naming the cell (or the table) and the cause."""


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# What every cell object has (a table from another version of the Makefile
# is refused with its name rather than failing later with a KeyError).
FIELDS = ("id", "row", "arch", "tree", "name", "kernel", "initramfs", "payload", "abis",
          "columns", "cmdline", "boot_append", "qemu", "clock", "timeout", "results",
          "report_root", "judge", "judgetree", "ref", "expected_failures")
KERNEL_FIELDS = ("row", "image", "obj", "tree", "branch", "repo", "kbuild", "patchset")


class Table:
    def __init__(self, path):
        self.path = path
        try:
            with open(path) as f:
                data = json.load(f)
        except OSError as e:
            raise Bad("-: no cell table %s (%s; make writes it: make lava, make cell-info)"
                      % (path, e.strerror))
        except ValueError as e:
            raise Bad("-: cell table %s is not JSON: %s" % (path, e))
        self.data = data
        self.run = list(data.get("run", []))
        self.trees = data.get("trees", {})
        self.distro = data.get("distro", [])
        self.cells = {}
        for c in data.get("cells", []):
            missing = [k for k in FIELDS if k not in c] + \
                ["kernel." + k for k in KERNEL_FIELDS if k not in c.get("kernel", {})]
            if missing:
                raise Bad("%s: cell table %s lacks %s" % (c.get("id", "-"), path, " ".join(missing)))
            self.cells[c["id"]] = c

    def cell(self, cid):
        if cid not in self.cells:
            raise Bad("%s: no such cell (make cells lists them)" % cid)
        return self.cells[cid]

    def of_row(self, row):
        """The cells of a row, in the table's (its arches') order."""
        return [c for c in self.cells.values() if c["row"] == row]

    def at(self, row, arch):
        """The cell of ROW on ARCH, or None."""
        return next((c for c in self.cells.values() if c["row"] == row and c["arch"] == arch), None)

    def head(self):
        """What every report starts with: per tree its version, package,
        tarball and series; per Debian kernel booted its package."""
        out = []
        for t, tr in self.trees.items():
            f = tr.get("facts")
            if not f:
                continue
            if tr.get("imported"):
                out += f["lines"]
                continue
            out.append("tree %s: %s from %s, %s" % (t, f["version"], tr["tarball"], f["package"]))
            out.append("  tarball sha256: %s" % f["sha256"])
            out.append("  series: %s" % series_text(tr))
        for d in self.distro:
            if "none" in d:
                out.append("distro %s %s: none: %s" % (d["row"], d["arch"], d["none"]))
            elif "text" in d:
                out.append("distro %s %s: %s" % (d["kernel"], d["arch"], d["text"]))
        return out


def series_text(tr):
    """A tree's series as the report and the store name it."""
    f = tr["facts"]
    return "%s patches (%s/), patched HEAD %s" % (f["patches"], tr["patchdir"], f["patched_head"])


# --- the facts, read once when make writes the table -------------------------------
def _out(*cmd):
    env = dict(os.environ)
    env.pop("MAKEFLAGS", None)
    env.pop("MFLAGS", None)
    r = subprocess.run(cmd, capture_output=True, text=True, env=env)
    return r.stdout.strip() if r.returncode == 0 else ""


def _first_line(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read().split("\n")[0]
    except OSError:
        return ""


def tree_facts(tr):
    """A made tree's facts, None while it is not made."""
    if not os.path.isfile(tr["stamp"]):
        return None
    version = _out("make", "-s", "-C", tr["src"], "kernelversion")
    if tr.get("imported"):
        try:
            with open(tr["imported"], encoding="utf-8", errors="replace") as f:
                lines = f.read().splitlines()
        except OSError:
            return None
        return {"version": version or "unknown", "lines": lines}
    if not os.path.isfile(tr["patched_stamp"]):
        return None
    return {"version": version, "package": _first_line(tr["package_info"]),
            "sha256": sha256_file(tr["tarball"]),
            "patches": _out("git", "-C", tr["patched"], "rev-list", "--count", "base..HEAD"),
            "patched_head": _out("git", "-C", tr["patched"], "rev-parse", "--short", "HEAD"),
            "patched_commit": _out("git", "-C", tr["patched"], "rev-parse", "HEAD"),
            "base_commit": _out("git", "-C", tr["patched"], "rev-parse", "base^{commit}")}


def kernel_facts(k):
    """A cell's kernel: its release (once built) and its commit (its branch,
    or the tag "base", in the tree's base repository) over the base."""
    f = {}
    try:
        with open(os.path.join(k["obj"], "include/config/kernel.release")) as fh:
            f["release"] = fh.read().strip()
    except OSError:
        pass
    commit = _out("git", "-C", k["repo"], "rev-parse", k["branch"] + "^{commit}")
    if commit:
        f["commit"] = commit
        f["base_commit"] = _out("git", "-C", k["repo"], "rev-parse", "base^{commit}")
        f["patches"] = _out("git", "-C", k["repo"], "rev-list", "--count", "base.." + commit)
    return f


def add_facts(path):
    """The facts of TABLE's trees, kernels and Debian kernels into it."""
    with open(path) as f:
        data = json.load(f)
    for tr in data.get("trees", {}).values():
        facts = tree_facts(tr)
        if facts:
            tr["facts"] = facts
    for d in data.get("distro", []):
        if "info" in d and os.path.isfile(d["info"]):
            d["text"] = _first_line(d["info"])
    seen = {}
    for c in data.get("cells", []):
        k = c["kernel"]
        key = (k["repo"], k["branch"], k["obj"])
        if key not in seen:
            seen[key] = kernel_facts(k)
        k["facts"] = seen[key]
    with open(path + ".facts", "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    os.replace(path + ".facts", path)


def load(path, prog):
    """The table for command PROG, or one line "PROG: ..." and exit 2."""
    try:
        return Table(path)
    except Bad as e:
        print("%s: %s" % (prog, e), file=sys.stderr)
        raise SystemExit(2)


def listed_columns(c):
    """The columns in the arch's ABI order, the overlay last (make cell-info's
    and the LAVA manifest's order; the guest runs them as c["columns"])."""
    return c["abis"] + [s for s in c["columns"] if s not in c["abis"]]


def info_text(c):
    """make cell-info's lines (what a lab needs to boot the cell itself)."""
    k = c["kernel"]
    columns = listed_columns(c)
    lines = [("cell", c["id"]), ("kernel", k["image"]), ("initramfs", c["initramfs"]),
             ("cmdline", c["cmdline"]), ("qemu", c["qemu"]), ("columns", " ".join(columns)),
             ("timeout", str(c["timeout"])), ("row", c["row"]), ("arch", c["arch"]),
             ("treeid", c["tree"]), ("name", c["name"]),
             ("ref", c["ref"]["row"] if c["ref"] else ""), ("results", c["results"]),
             ("tree", k["tree"]), ("kernel_row", k["row"]), ("kobj", k["obj"]),
             ("kbuild", " ".join(k["kbuild"])), ("branch", k["branch"]), ("repo", k["repo"])]
    return "".join("%s %s\n" % kv for kv in lines) + "\n"


def main(argv):
    if len(argv) < 2 or argv[1] not in ("info", "ids", "facts") or (argv[1] == "info") != (len(argv) == 3):
        print("cells: usage: cells TABLE info CELL | cells TABLE ids | cells TABLE facts", file=sys.stderr)
        return 2
    try:
        if argv[1] == "facts":
            add_facts(argv[0])
            return 0
        t = Table(argv[0])
        if argv[1] == "ids":
            print("\n".join(t.run))
        else:
            sys.stdout.write(info_text(t.cell(argv[2])))
    except Bad as e:
        print("cells: %s" % e, file=sys.stderr)
        return 2
    return 0
