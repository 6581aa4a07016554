"""generate.py REPO FROM TO OUTDIR

Mutants of a series, made mechanically (make mutation; docs/mutation.md):
every line the series (REPO's commits FROM..TO, the tree's base and
patched) adds or changes in kernel code (*.c and *.h outside tools/,
Documentation/ and samples/) is a site list; each operator makes one
mutant per site:

  rel     < <= > >= == != swapped with its boundary neighbour (< and <=,
          > and >=) or its opposite (== and !=)
  bound   an integer constant +1 and -1; a *_MAX bound -1, *_MIN +1,
          type_max() -1
  unit    NSEC_PER_USEC, USEC_PER_SEC, NSEC_PER_SEC, MSEC_PER_SEC: each
          replaced by each of the others
  arith   binary + - * / % and += -=: + and -, * and /, % to /
  neg     an if/while condition or a ?: condition negated
  del     a statement deleted; an if (the branch, its early return) deleted
          whole; a designated initializer left out
  swap    two neighbouring arguments of a call swapped
  ret     a return value replaced (0 by -EINVAL, anything else by 0)

Each mutant is one patch on top of TO (the mutated file's diff, a/ b/
paths, git apply-able); its id is the first 8 hex digits of the sha256 of
that diff, so the same mutant keeps its id between runs and clones. Line
numbers never move (a deleted statement leaves empty lines): what __LINE__
puts into the object stays, and an equivalent mutant's object is
byte-identical to the series'. Writes OUTDIR/<id>.patch and OUTDIR/list
(id, file:line, operator, what changed; tab-separated), and prints a count
per operator. Syntax is not checked here: a mutant that does not compile,
or warns in the file (the build uses -Werror for it), is dropped by the
build and counted.
"""
import difflib
import hashlib
import os
import re
import subprocess
import sys

UNITS = ["NSEC_PER_USEC", "USEC_PER_SEC", "NSEC_PER_SEC", "MSEC_PER_SEC"]
REL = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
ARITH = {"+": "-", "-": "+", "*": "/", "/": "*", "%": "/", "+=": "-=", "-=": "+="}
KEYWORDS = {"if", "while", "for", "switch", "return", "sizeof", "case", "goto", "do",
            "else", "break", "continue", "default", "typeof", "__typeof__"}
TYPES = {"void", "char", "short", "int", "long", "unsigned", "signed", "const", "volatile",
         "struct", "union", "enum", "static", "inline", "__user", "bool", "u8", "u16", "u32",
         "u64", "s8", "s16", "s32", "s64", "time64_t", "size_t", "ssize_t", "compat_size_t",
         "sigset_t", "compat_sigset_t", "fd_set", "compat_ulong_t", "ktime_t", "extern"}
TOKEN = re.compile(r"""
    (?P<ws>\s+) | (?P<com>/\*.*?\*/|//[^\n]*) | (?P<str>"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*')
  | (?P<num>0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*) | (?P<id>[A-Za-z_]\w*)
  | (?P<op>->|\+\+|--|<<=|>>=|<<|>>|<=|>=|==|!=|&&|\|\||\+=|-=|\*=|/=|%=|&=|\|=|\^=|\.\.\.|[-+*/%<>=!~&|^?:;,.(){}\[\]#])
""", re.S | re.X)


def lex(text):
    """Code tokens (kind, text, start, end, line); comments, strings and
    preprocessor lines are not code."""
    toks, pos, line_of = [], 0, []
    for i, c in enumerate(text):
        if c == "\n":
            line_of.append(i)
    starts = [0] + [i + 1 for i in line_of]

    def lineno(p):
        lo, hi = 0, len(starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if starts[mid] <= p:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1
    while pos < len(text):
        # A preprocessor line (with its continuations) is no site.
        if text[pos] == "#" and text[text.rfind("\n", 0, pos) + 1:pos].strip() == "":
            end = pos
            while True:
                end = text.find("\n", end)
                if end < 0 or text[end - 1] != "\\":
                    break
                end += 1
            pos = len(text) if end < 0 else end
            continue
        m = TOKEN.match(text, pos)
        if not m:
            pos += 1
            continue
        kind = m.lastgroup
        if kind not in ("ws", "com", "str"):
            toks.append((kind, m.group(), m.start(), m.end(), lineno(m.start())))
        elif kind == "str":
            toks.append(("str", m.group(), m.start(), m.end(), lineno(m.start())))
        pos = m.end()
    return toks


PAIRS = {"(": ")", "[": "]", "{": "}", ")": "(", "]": "[", "}": "{"}


def matching(toks, i, step):
    """Index of the bracket matching toks[i]: the one closing it (step 1,
    toks[i] an opening bracket) or opening it (step -1, a closing one).
    Unbalanced: the last token, or the first."""
    here, other, d = toks[i][1], PAIRS[toks[i][1]], 0
    for j in range(i, len(toks) if step > 0 else -1, step):
        if toks[j][1] == here:
            d += 1
        elif toks[j][1] == other:
            d -= 1
            if d == 0:
                return j
    return len(toks) - 1 if step > 0 else 0


def binary(toks, i):
    """toks[i] is a binary operator (not unary minus, not a pointer)."""
    if i == 0:
        return False
    k, t = toks[i - 1][0], toks[i - 1][1]
    if t == ")":
        # "if (c) *p = 0": the ")" of a condition, then a pointer.
        o = matching(toks, i - 1, -1)
        return not (o and toks[o - 1][1] in ("if", "while", "for", "switch"))
    if t == "]" or k == "num":
        return True
    if k != "id" or t in KEYWORDS or t in TYPES:
        return False
    # "struct timespec64 *rts": a declaration's pointer.
    return not (i >= 2 and toks[i - 2][1] in ("struct", "union", "enum"))


def brace_kinds(toks):
    """Per token, the kind of its innermost brace: code (a function body
    or a block), init (an initializer or compound literal), type."""
    stack, out = [], []
    for i, t in enumerate(toks):
        out.append(stack[-1] if stack else "top")
        if t[1] == "{":
            p = toks[i - 1][1] if i else ""
            pp = toks[i - 2][1] if i > 1 else ""
            if p == "=" or (p in (",", "{") and stack and stack[-1] == "init"):
                kind = "init"
            elif p in ("struct", "union", "enum") or pp in ("struct", "union", "enum"):
                kind = "type"
            elif p == ")":
                # "(struct timespec64){}" is a compound literal; "f(...) {"
                # and "if (...) {" are code.
                o = matching(toks, i - 1, -1)
                before = toks[o - 1] if o else ("", "", 0, 0, 0)
                kind = "init" if toks[o + 1][1] in TYPES and before[0] != "id" else "code"
            else:
                kind = "code"
            stack.append(kind)
        elif t[1] == "}" and stack:
            stack.pop()
    return out


def stmt_end(toks, i):
    """Index of the token ending the statement that starts at toks[i]."""
    if toks[i][1] in ("if", "while", "for", "switch"):
        j = matching(toks, i + 1, 1)
        body = j + 1
        end = matching(toks, body, 1) if toks[body][1] == "{" else stmt_end(toks, body)
        if toks[i][1] == "if" and end + 1 < len(toks) and toks[end + 1][1] == "else":
            return -1  # with an else: not deleted whole
        return end
    d = 0
    for j in range(i, len(toks)):
        if toks[j][1] in "([{":
            d += 1
        elif toks[j][1] in ")]}":
            d -= 1
        elif toks[j][1] == ";" and d == 0:
            return j
    return len(toks) - 1


def declaration(toks, i):
    t = toks[i]
    return t[1] in TYPES or (t[0] == "id" and i + 1 < len(toks) and toks[i + 1][0] == "id") or \
        (t[0] == "id" and toks[i + 1][1] == "*" and toks[i + 2][0] == "id" and toks[i + 3][1] in ("=", ";", ","))


def sites(toks, added):
    """(operator, [(start, end, replacement)], what, token index) per mutant."""
    out = []
    kinds = brace_kinds(toks)
    on = [t[4] in added for t in toks]
    for i, (k, t, s, e, ln) in enumerate(toks):
        if not on[i]:
            continue
        if t in REL and binary(toks, i):
            out.append(("rel", [(s, e, REL[t])], "%s -> %s" % (t, REL[t]), i))
        if t in ARITH and (t in ("+=", "-=") or binary(toks, i)):
            out.append(("arith", [(s, e, ARITH[t])], "%s -> %s" % (t, ARITH[t]), i))
        if k == "num":
            m = re.match(r"(0[xX][0-9a-fA-F]+|\d+)(.*)", t)
            v = int(m.group(1), 0)
            for d in (1, -1):
                if v + d >= 0:
                    out.append(("bound", [(s, e, "%d%s" % (v + d, m.group(2)))], "%s -> %d" % (t, v + d), i))
        if k == "id" and t in UNITS:
            for u in UNITS:
                if u != t:
                    out.append(("unit", [(s, e, u)], "%s -> %s" % (t, u), i))
        if k == "id" and re.fullmatch(r"[A-Z0-9_]+_(MAX|MIN)", t):
            r = "(%s %s 1)" % (t, "-" if t.endswith("MAX") else "+")
            out.append(("bound", [(s, e, r)], "%s -> %s" % (t, r), i))
        if t == "type_max" and toks[i + 1][1] == "(":
            j = matching(toks, i + 1, 1)
            out.append(("bound", [(s, s, "("), (toks[j][3], toks[j][3], " - 1)")], "type_max() - 1", i))
        if t in ("if", "while") and toks[i + 1][1] == "(" and kinds[i] == "code":
            j = matching(toks, i + 1, 1)
            out.append(("neg", [(toks[i + 1][3], toks[i + 1][3], "!("), (toks[j][2], toks[j][2], ")")],
                        "%s condition negated" % t, i))
        if t == "?":
            j = i - 1
            while j > 0 and toks[j][1] not in ("=", "(", ",", "return"):
                j -= 1
            out.append(("neg", [(toks[j + 1][2], toks[j + 1][2], "!("), (s, s, ") ")], "?: condition negated", i))
        if t == "return" and toks[i + 1][1] != ";":
            j = stmt_end(toks, i)
            val = "".join(x[1] for x in toks[i + 1:j])
            r = "-EINVAL" if val == "0" else "0"
            out.append(("ret", [(toks[i + 1][2], toks[j][2], r)], "return %s -> return %s" % (val, r), i))
        out += statement_deletions(toks, i, kinds)
        if k == "id" and t not in KEYWORDS and t not in TYPES and i + 1 < len(toks) and toks[i + 1][1] == "(" \
                and not (i and (toks[i - 1][1] in TYPES or toks[i - 1][0] == "id" or toks[i - 1][1] == "*")):
            out += swaps(toks, i)
    return out


def statement_deletions(toks, i, kinds):
    t, prev = toks[i], (toks[i - 1][1] if i else "")
    if kinds[i] == "init" and t[1] == "." and prev in ("{", ","):
        j = i
        while j < len(toks) and toks[j][1] not in (",", "}"):
            j = matching(toks, j, 1) + 1 if toks[j][1] in "([{" else j + 1
        end = toks[j][3] if toks[j][1] == "," else toks[j - 1][3]
        return [("del", [(t[2], end, "")], "initializer %s left out" % toks[i + 1][1], i)]
    if kinds[i] != "code" or prev not in (";", "{", "}", ")", "else", ":"):
        return []
    if prev == ")":
        # The body of an unbraced if: the if deleted whole (the branch).
        o = matching(toks, i - 1, -1)
        if o and toks[o - 1][1] == "if" and kinds[o - 1] == "code":
            j = stmt_end(toks, o - 1)
            if j >= 0:
                return [("del", [(toks[o - 1][2], toks[j][3], "")], "if deleted (the branch)", i)]
        return []
    if t[1] in ("return", "case", "default", "break", "else", "{", "}", ";") or declaration(toks, i):
        return []
    if t[0] == "id" and toks[i + 1][1] == ":":
        return []  # a label
    j = stmt_end(toks, i)
    if j < 0:
        return []
    what = "if deleted (the branch)" if t[1] == "if" else "statement deleted"
    return [("del", [(t[2], toks[j][3], "")], what, i)]


def swaps(toks, i):
    j = matching(toks, i + 1, 1)
    args, start, d = [], i + 2, 0
    for k in range(i + 2, j + 1):
        x = toks[k][1]
        if x in "([{" and k < j:
            d += 1
        elif x in ")]}" and k < j:
            d -= 1
        elif (x == "," and d == 0) or k == j:
            if k > start:
                args.append((start, k - 1))
            start = k + 1
    out = []
    for a, b in zip(args, args[1:]):
        ta, tb = toks[a[0]], toks[b[0]]
        if ta[1] in TYPES or tb[1] in TYPES:
            continue
        textify = lambda r: "".join(x[1] for x in toks[r[0]:r[1] + 1])
        if textify(a) == textify(b):
            continue
        sa, ea, sb, eb = ta[2], toks[a[1]][3], tb[2], toks[b[1]][3]
        out.append(("swap", [(sa, ea, "\0B"), (sb, eb, "\0A")],
                    "%s(): arguments %s and %s swapped" % (toks[i][1], textify(a), textify(b)), i))
    return out


def apply(text, edits):
    """The text with the edits (start, end, replacement) made; a changed
    line loses trailing blanks (git apply --whitespace=error-all)."""
    parts = {"\0A": text[edits[0][0]:edits[0][1]]} if len(edits) == 2 else {}
    if len(edits) == 2:
        parts["\0B"] = text[edits[1][0]:edits[1][1]]
    out, pos = [], 0
    for s, e, r in sorted(edits):
        out.append(text[pos:s])
        r = parts.get(r, r)
        # Lines never move: what spanned lines leaves as many.
        out.append(r + "\n" * (text[s:e].count("\n") - r.count("\n")))
        pos = e
    out.append(text[pos:])
    old, new = text.split("\n"), "".join(out).split("\n")
    return "\n".join(n if n == o else n.rstrip() for n, o in zip(new, old))


def write(path, text):
    """Only when it differs: an unchanged mutant keeps its patch's mtime,
    and make its commit."""
    try:
        with open(path, encoding="utf-8", errors="surrogateescape") as f:
            if f.read() == text:
                return
    except OSError:
        pass
    with open(path + ".tmp", "w", encoding="utf-8", errors="surrogateescape") as f:
        f.write(text)
    os.replace(path + ".tmp", path)


def git(repo, *args):
    return subprocess.run(["git", "-C", repo] + list(args), check=True, capture_output=True,
                          text=True, errors="surrogateescape").stdout


def kernel_file(path):
    return path.endswith((".c", ".h")) and not path.startswith(("tools/", "Documentation/", "samples/"))


def added_lines(repo, frm, to):
    """{path: set of line numbers in TO} that FROM..TO adds or changes."""
    out, path = {}, None
    for l in git(repo, "diff", "-U0", "--no-renames", frm, to).splitlines():
        if l.startswith("+++ "):
            path = l[6:] if l.startswith("+++ b/") else None
            if path and not kernel_file(path):
                path = None
        elif l.startswith("@@") and path:
            m = re.search(r"\+(\d+)(?:,(\d+))?", l)
            a, n = int(m.group(1)), int(m.group(2) or 1)
            out.setdefault(path, set()).update(range(a, a + n))
    return out


def main(argv):
    if len(argv) != 4:
        print("generate.py: usage: generate.py REPO FROM TO OUTDIR", file=sys.stderr)
        return 2
    repo, frm, to, outdir = argv
    os.makedirs(outdir, exist_ok=True)
    seen, rows, count = set(), [], {}
    touched = added_lines(repo, frm, to)
    for path, lines in sorted(touched.items()):
        text = git(repo, "show", "%s:%s" % (to, path))
        toks = lex(text)
        old = text.splitlines(keepends=True)
        for op, edits, what, ti in sites(toks, lines):
            new = apply(text, edits).splitlines(keepends=True)
            assert len(new) == len(old), (path, what)
            diff = "".join(difflib.unified_diff(old, new, "a/" + path, "b/" + path))
            if not diff:
                continue
            mid = hashlib.sha256(diff.encode("utf-8", "surrogateescape")).hexdigest()[:8]
            if mid in seen:
                continue
            seen.add(mid)
            write(os.path.join(outdir, mid + ".patch"), diff)
            rows.append("%s\t%s:%d\t%s\t%s\n" % (mid, path, toks[ti][4], op, what.replace("\t", " ")))
            count[op] = count.get(op, 0) + 1
    for f in os.listdir(outdir):
        if f.endswith(".patch") and f[:-6] not in seen:
            os.remove(os.path.join(outdir, f))
    write(os.path.join(outdir, "list"), "".join(rows))
    # The objects of the series' C files: hashed for every mutant and the
    # series (equivalence), built with -Werror (a warning drops a mutant).
    objs = sorted(p[:-2] + ".o" for p in touched if p.endswith(".c"))
    write(os.path.join(outdir, "objs"), " ".join(objs) + "\n")
    print("mutation: %d mutants (%s) from %s..%s" % (
        len(rows), ", ".join("%s %d" % (k, count[k]) for k in sorted(count)), frm, to))
    return 0
