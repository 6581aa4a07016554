"""python3 -m matrix COMMAND ARGS... (scripts/matrix.py COMMAND ARGS...):
the project's one command-line entry; each command's arguments are told
by its module's head.

  cells TABLE info CELL | ids        the cell table (cells.py)
  ktap verdicts|plans|kunit ...      the one KTAP reader (ktap.py)
  report ...                         the matrix's report (report.py)
  mutants ...                        the one kill rule (mutants.py)
  series ..., defects ...            a posted series, distribution kernels
  timetable TIMES [RUN]              what a run's stages took
  store ingest|record|history|...    the results store (store.py)
  lava export|validate|run|...       the cells as LAVA jobs (lava/cli.py)
  mutation generate|check-ids|report make mutation (mutation/)
  imports                            the package's import graph; fails on a cycle
"""
import signal
import sys


def main(argv):
    cmd, args = (argv[0] if argv else ""), argv[1:]
    if cmd == "cells":
        from . import cells
        return cells.main(args)
    if cmd == "ktap":
        from . import ktap
        try:
            return ktap.main(args)
        except BrokenPipeError:
            return 1
    if cmd == "report":
        from . import report
        return report.main(args)
    if cmd == "mutants":
        from . import mutants
        return mutants.main(args)
    if cmd == "series":
        from . import series
        return series.main(args)
    if cmd == "defects":
        from . import defects
        return defects.main(args[0] if args else "", args[1:])
    if cmd == "timetable":
        from . import timetable
        return timetable.main(args)
    if cmd == "store":
        from . import db, store
        return db.main(lambda: store.run(args))
    if cmd == "lava":
        from .lava import cli
        return cli.main(args)
    if cmd == "imports":
        from . import imports
        return imports.main(args)
    if cmd == "mutation" and args[:1] == ["generate"]:
        from .mutation import generate
        return generate.main(args[1:])
    if cmd == "mutation":
        from .mutation import report as mreport
        return mreport.main(args)
    print("matrix: no command %r (%s)" % (cmd, "cells, ktap, report, mutants, series, defects, "
                                          "timetable, store, lava, mutation, imports"), file=sys.stderr)
    return 2


if __name__ == "__main__":
    # No __pycache__ in the checkout; "... | head" ends quietly, as a shell tool does.
    sys.dont_write_bytecode = True
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    sys.exit(main(sys.argv[1:]))
