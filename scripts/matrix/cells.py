"""cells.py: the cell table, build/cells.json, that make writes from its
rows (Makefile, "the cell table"): one object per cell, and "run", the
cells of `make cells`. Read here for every consumer (make cell-info and
culprit through this script, scripts/lava/ as a module); nothing parses a
cell id or a row name: every field is in the table.

  cells.py TABLE info CELL   make cell-info's lines for CELL
  cells.py TABLE ids         the cells of `make cells`

Also the one sha256-of-a-file helper (scripts/results/store.py, LAVA).
"""
import hashlib
import json
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
FIELDS = ("id", "row", "arch", "tree", "flavour", "kernel", "initramfs", "payload", "abis",
          "suites", "cmdline", "boot_append", "qemu", "clock", "timeout", "results",
          "report_root", "report_cells", "ref", "expected_failures")
KERNEL_FIELDS = ("row", "image", "obj", "tree", "branch", "repo", "kbuild")


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
        self.run = list(data.get("run", []))
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


def listed_suites(c):
    """The suites in the arch's ABI order, the overlay last (make cell-info's
    and the LAVA manifest's order; the guest runs them as c["suites"])."""
    return c["abis"] + [s for s in c["suites"] if s not in c["abis"]]


def info_text(c):
    """make cell-info's lines (what a lab needs to boot the cell itself)."""
    k = c["kernel"]
    suites = listed_suites(c)
    lines = [("cell", c["id"]), ("kernel", k["image"]), ("initramfs", c["initramfs"]),
             ("cmdline", c["cmdline"]), ("qemu", c["qemu"]), ("suites", " ".join(suites)),
             ("timeout", str(c["timeout"])), ("row", c["row"]), ("arch", c["arch"]),
             ("treeid", c["tree"]), ("flavour", c["flavour"]),
             ("ref", c["ref"]["row"] if c["ref"] else ""), ("results", c["results"]),
             ("tree", k["tree"]), ("kernel_row", k["row"]), ("kobj", k["obj"]),
             ("kbuild", " ".join(k["kbuild"])), ("branch", k["branch"]), ("repo", k["repo"])]
    return "".join("%s %s\n" % kv for kv in lines) + "\n"


def main(argv):
    if len(argv) < 2 or argv[1] not in ("info", "ids") or (argv[1] == "info") != (len(argv) == 3):
        print("cells: usage: cells.py TABLE info CELL | cells.py TABLE ids", file=sys.stderr)
        return 2
    try:
        t = Table(argv[0])
        if argv[1] == "ids":
            print("\n".join(t.run))
        else:
            sys.stdout.write(info_text(t.cell(argv[2])))
    except Bad as e:
        print("cells: %s" % e, file=sys.stderr)
        return 2
    return 0
