"""ktap.py: the one reader of the matrix's KTAP.

  ktap.py verdicts [-s] FILE...  one "test.case PASS|FAIL|SKIP" line per
                                 case (scripts/matrix.py ktap verdicts)
  ktap.py plans FILE...          the plans (1..N at every level) against
                                 the results under them; exit 1 on a problem
  ktap.py kunit TREE FILE...     our rows against those of TREE's (an
                                 unpacked kernel source) kunit_parser.py

A suite is a list of test programs, each with its cases indented one
level; a case is named test.case, as the report names its rows. A program
that failed without a failing case (a crash, a short plan) is a FAIL row
of its own; cases after the last program's result line (a guest that
died mid-program) name no row: the report shows them as ERR, since that
cell's status is not ok. -s also gives each program's "# summary: "
lines as "# summary <text>".

Why not the kernel's tools/testing/kunit/kunit_parser.py: docs/pipeline.md.
"""
import os
import re
import sys

NESTED = re.compile(r"^    (not )?ok [0-9]+ ")
TOP = re.compile(r"^(not )?ok [0-9]+ ")
SUMMARY = "    # summary: "


def read_lines(path):
    """The lines of PATH as awk reads them: split on \\n, bytes kept."""
    with open(path, encoding="utf-8", errors="surrogateescape", newline="") as f:
        text = f.read()
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def fields(s):
    """S split as awk's default FS and sh's IFS split it: on blanks, tabs
    and newlines only (a \r stays part of a word)."""
    return [w for w in re.split(r"[ \t\n]+", s) if w]


def items(lines, summaries=False):
    """(name, verdict) per case of LINES, in order; with SUMMARIES also
    ("# summary", text) where a program printed "# summary: text"."""
    out, cases = [], []
    for line in lines:
        if line.startswith(SUMMARY):
            if summaries:
                out.append(("# summary", line[len(SUMMARY):]))
            continue
        if NESTED.match(line):
            r = line[4:]
            v = "FAIL" if r.startswith("not ok") else ("SKIP" if "# SKIP" in r else "PASS")
            r = TOP.sub("", r, count=1).split(" #", 1)[0]
            cases.append((r, v))
            continue
        if TOP.match(line):
            bad = line.startswith("not ok")
            t = TOP.sub("", line, count=1).split(" #", 1)[0]
            anyfail = False
            for name, v in cases:
                out.append((t + "." + name, v))
                anyfail = anyfail or v == "FAIL"
            if bad and not anyfail:
                out.append((t, "FAIL"))
            cases = []
    return out


def verdict_lines(path, summaries=False):
    """ktap verdicts' lines of one file."""
    return [a + " " + b for a, b in items(read_lines(path), summaries)]


def verdicts(path):
    """{test.case: verdict} of one file; None when there is no such file."""
    if not os.path.exists(path):
        return None
    return dict(l.rsplit(" ", 1) for l in verdict_lines(path) if " " in l)


RESULT = re.compile(r"^(not ok|ok) \d+ ([^#]*?)\s*(#.*)?$")
PLAN = re.compile(r"^1\.\.(\d+)")


def plan_problems(path):
    """KTAP plans (1..N at every nesting level) against the results under
    them; [] when every plan is met. A stream cut short (a guest that died)
    leaves a plan unmet."""
    probs, levels = [], {}  # indent -> [plan, count]
    suite = os.path.basename(path)[:-5]

    def close(depth_min, name):
        # A program's result line comes after its block: NAME (the line
        # that closes the block) names it.
        for d in sorted([d for d in levels if d >= depth_min], reverse=True):
            plan, count = levels.pop(d)
            if plan is not None and count != plan:
                where = "top level" if d == 0 else name
                probs.append("%s: %s has %d of %d results" % (suite, where, count, plan))

    seen_plan0 = False
    for line in read_lines(path):
        body = line.lstrip(" ")
        ind = len(line) - len(body)
        m = PLAN.match(body)
        if m:
            close(ind, "a block before this plan")
            levels[ind] = [int(m.group(1)), 0]
            seen_plan0 = seen_plan0 or ind == 0
            continue
        m = RESULT.match(body)
        if m:
            close(ind + 1, m.group(2))
            levels.setdefault(ind, [None, 0])[1] += 1
    close(0, "end of suite")
    if not seen_plan0:
        probs.append("%s: no KTAP plan" % suite)
    return probs


def flat(path):
    """Every result line of every nesting level, in order (as LAVA
    flattens them): (name, pass|fail|skip)."""
    out = []
    for line in read_lines(path):
        m = re.match(r"^\s*(not ok|ok) \d+ ([^#\n]*?)\s*(#.*)?$", line)
        if m:
            r = "fail" if m.group(1) == "not ok" else ("skip" if "# SKIP" in (m.group(3) or "") else "pass")
            out.append((m.group(2), r))
    return out


def kunit_rows(tree, path):
    """PATH read by the kernel tree's own tools/testing/kunit/kunit_parser.py
    (TREE: an unpacked source), as our rows; and its count of parse errors.
    Only to compare (docs/pipeline.md says why it is not the reader)."""
    import importlib.util
    mods = {}
    # kunit_parser imports kunit_printer by name: loaded first, under that name.
    for name in ("kunit_printer", "kunit_parser"):
        spec = importlib.util.spec_from_file_location(
            name, os.path.join(tree, "tools/testing/kunit", name + ".py"))
        mods[name] = sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mods[name])
    kp, kunit_printer = mods["kunit_parser"], mods["kunit_printer"]
    quiet = kunit_printer.stdout
    quiet._output = open(os.devnull, "w")
    lines = [l + "\n" for l in read_lines(path)]
    takes_printer = "printer" in kp.parse_run_tests.__code__.co_varnames
    t = kp.parse_run_tests(lines, quiet) if takes_printer else kp.parse_run_tests(lines)
    ok = {kp.TestStatus.SUCCESS: "PASS", kp.TestStatus.SKIPPED: "SKIP"}
    rows = []
    for prog in t.subtests:
        cases = [(prog.name + "." + c.name, ok.get(c.status, "FAIL")) for c in prog.subtests]
        rows += cases
        if prog.status not in ok and not any(v == "FAIL" for _, v in cases):
            rows.append((prog.name, "FAIL"))
    return ["%s %s" % r for r in rows], t.counts.errors


def kunit_compare(tree, files):
    for f in files:
        ours, (theirs, errors) = verdict_lines(f), kunit_rows(tree, f)
        only = [("-" + l) for l in ours if l not in set(theirs)] + \
            [("+" + l) for l in theirs if l not in set(ours)]
        write("%s: %d rows, kunit_parser %d rows, %d parse errors, %d rows differ%s\n"
              % (f, len(ours), len(theirs), errors, len(only), " (%s)" % " | ".join(only[:2]) if only else ""))
    return 0


def write(text):
    sys.stdout.buffer.write(text.encode("utf-8", "surrogateescape"))


def main(argv):
    usage = "usage: ktap.py verdicts [-s] FILE... | plans FILE... | kunit TREE FILE..."
    if not argv or argv[0] not in ("verdicts", "plans", "kunit"):
        print(usage, file=sys.stderr)
        return 2
    cmd, args = argv[0], argv[1:]
    if cmd == "kunit":
        tree = args[0] if args else ""
        if not os.path.isfile(os.path.join(tree, "tools/testing/kunit/kunit_parser.py")):
            print("ktap: %s: no tools/testing/kunit/kunit_parser.py there (an unpacked kernel tree)" % tree,
                  file=sys.stderr)
            return 2
        args = args[1:]
    summaries = cmd == "verdicts" and args[:1] == ["-s"]
    files = args[1:] if summaries else args
    for f in files:
        if not os.path.isfile(f) or not os.access(f, os.R_OK):
            print("ktap: %s: no such KTAP file" % f, file=sys.stderr)
            return 2
    if cmd == "kunit":
        return kunit_compare(tree, files)
    if cmd == "plans":
        probs = [p for f in files for p in plan_problems(f)]
        write("".join(p + "\n" for p in probs))
        return 1 if probs else 0
    # One stream, as awk reads its files (none: stdin): cases left open at
    # the end of a file join the next file's first program.
    lines = [l for f in files or ["/dev/stdin"] for l in read_lines(f)]
    write("".join(a + " " + b + "\n" for a, b in items(lines, summaries)))
    return 0
