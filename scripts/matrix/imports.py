"""imports [--dot]: the package's import graph, from its modules' own
import statements (ast, nothing is run): one line per module with what it
imports of the package, then a cycle if there is one (exit 1; make lint).
Relative imports only (the package imports nothing of itself by name)."""
import ast
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def modules():
    """{dotted name relative to the package: file}"""
    out = {}
    for d, _, files in os.walk(HERE):
        for f in files:
            if f.endswith(".py"):
                rel = os.path.relpath(os.path.join(d, f), HERE)[:-3].replace(os.sep, ".")
                out[rel[:-len(".__init__")] if rel.endswith(".__init__") else rel] = os.path.join(d, f)
    return out


def edges(mods):
    """{module: sorted package modules it imports (at any depth in it)}"""
    g = {}
    for m, path in mods.items():
        pkg = m.split(".")[:-1] if not path.endswith("__init__.py") else m.split(".")
        if m == "__init__":
            pkg = []
        got = set()
        with open(path) as f:
            tree = ast.parse(f.read(), path)
        for n in ast.walk(tree):
            if isinstance(n, ast.ImportFrom) and n.level:
                base = pkg[:len(pkg) - (n.level - 1)] if n.level > 1 else pkg
                stem = base + (n.module.split(".") if n.module else [])
                for a in n.names:
                    cand = ".".join(stem + [a.name])
                    got.add(cand if cand in mods else ".".join(stem) or "__init__")
        got.discard(m)
        g[m] = sorted(x for x in got if x in mods)
    return g


def cycle(g):
    """One import cycle as a list of modules, or None."""
    state = {}

    def visit(m, path):
        state[m] = 1
        for n in g[m]:
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state:
                c = visit(n, path + [n])
                if c:
                    return c
        state[m] = 2
        return None
    for m in sorted(g):
        if m not in state:
            c = visit(m, [m])
            if c:
                return c
    return None


def main(argv):
    g = edges(modules())
    for m in sorted(g):
        print("%-22s %s" % (m, " ".join(n for n in g[m] if n != "__init__")))
    c = cycle(g)
    if c:
        print("imports: a cycle: %s" % " -> ".join(c))
        return 1
    print("imports: %d modules, no cycle" % len(g))
    return 0
