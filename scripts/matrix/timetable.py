"""timetable.py TIMES [RUN_ID]: the time table that ends the report.

TIMES is scripts/steps/timed.sh's directory: one line per stage, "stage<TAB>
seconds<TAB>run<TAB>note". The stages of this run (RUN_ID) come first, in
pipeline order, then those it found up to date (their time is from the
run that made them). Also what the report asks of it: a cell's boot line
(its seconds, whether it was reused or is an earlier run's result).
"""
import os
import re
import sys

ORDER = "deps tree headers programs overlay initramfs kernel boot"
NUM = re.compile(r"^[ \t\n\f\r\v]*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?")


def awknum(s):
    """A string's value as awk takes it: its leading number, else 0."""
    m = NUM.match(s)
    return float(m.group(0)) if m else 0.0


def same(a, b):
    """awk's ==: numbers when both look like numbers, else strings."""
    if NUM.fullmatch(a.strip(" \t\n")) and NUM.fullmatch(b.strip(" \t\n")):
        return awknum(a) == awknum(b)
    return a == b


def read_text(path):
    with open(path, encoding="utf-8", errors="surrogateescape", newline="") as f:
        return f.read()


def boot_fields(times, cell):
    """The fields of CELL's boot line (row-arch) in TIMES; [] when none."""
    if not times:
        return []
    f = re.sub(r"[^A-Za-z0-9_./-]", "_", times + "/boot_" + cell)
    try:
        line = read_text(f).split("\n")[0]
    except OSError:
        return []
    return line.split("\t") if line else []


def how(times, run, cell):
    """How a cell got its result this run: "", " (reused)" or " (result of
    an earlier run)"."""
    p = boot_fields(times, cell)
    if not p:
        return ""
    p += ["", "", ""]
    if not same(p[2], run):
        return " (result of an earlier run)"
    return " (reused)" if p[3].startswith("reused") else ""


def seconds(times, cell):
    """A cell's boot seconds as timed.sh wrote them ("" when not known)."""
    p = boot_fields(times, cell)
    return p[1] if len(p) > 1 else ""


def table(times, run):
    """The time table's lines ([] when TIMES holds none)."""
    try:
        names = sorted(n for n in os.listdir(times) if not n.startswith("."))
    except OSError:
        return []
    text = ""
    for n in names:
        try:
            text += read_text(os.path.join(times, n))
        except OSError:
            continue
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    keys, tl, cur = [], {}, 0.0
    for l in lines:
        p = l.split("\t") + ["", "", "", ""] if l else ["", "", "", ""]
        k = p[0].split(" ", 1)[0]
        order = ORDER.find(k) + 1  # awk index(): 1-based, 0 when absent
        now = same(p[2], run)
        key = "%d %03d %s" % (0 if now else 1, order, p[0])
        tl[key] = "  %-34s %7.1f s  %s%s" % (p[0], awknum(p[1]),
                                            "" if now else "up to date, earlier run: ", p[3])
        if now:
            cur += awknum(p[1])
        keys.append(key)
    if not keys:
        return []
    out = ["time table (stage, seconds, what happened):"]
    out += [tl[k] for k in sorted(keys)]
    out.append("  (stages run this time: %.0f s of work, in parallel)" % cur)
    return out


def main(argv):
    if len(argv) not in (1, 2) or not os.path.isdir(argv[0]):
        print("timetable: %s: not a directory of scripts/steps/timed.sh's lines"
              % (argv[0] if argv else "TIMES"), file=sys.stderr)
        return 2
    sys.stdout.buffer.write("".join(l + "\n" for l in table(argv[0], argv[1] if len(argv) > 1 else ""))
                            .encode("utf-8", "surrogateescape"))
    return 0
