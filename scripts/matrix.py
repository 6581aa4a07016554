#!/usr/bin/python3 -B
"""scripts/matrix.py COMMAND ARGS...: the project's Python (the package
scripts/matrix/, whose __main__.py lists the commands) from make and the
shell scripts, as python3 -m matrix with scripts/ on PYTHONPATH."""
import runpy

runpy.run_module("matrix", run_name="__main__", alter_sys=True)
