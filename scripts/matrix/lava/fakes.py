"""What lava.sh selfcheck's checks (selfcheck.py, selfcheck_lab.py) share:
a guest console and a row of the cell table, both fake."""
import os

from .. import TOP

# A guest console as the matrix's guest prints it (\n lines; LAVA's pty
# and QEMU's serial add the \r's).
# The suites in the guest's order: guests/init globs /tests/*/, so i386
# comes before x86_64 although the arch's ABIs are "x86_64 i386".
KTAP_OK = """matrix: begin Linux 6.1 x86_64 row=6.1-base
matrix: abi i386 begin
KTAP version 1
1..1
    1..1
    ok 1 a
ok 1 hres
matrix: abi i386 end
matrix: abi x86_64 begin
KTAP version 1
1..2
    TAP version 13
    1..3
    ok 1 Select-Plain
    not ok 2 poll sticky
    ok 3 epoll_pwait2 # SKIP no epoll_pwait2
[    1.234567] some kernel line ok 9 not_a_case
ok 1 restart
    TAP version 13
    1..1
    # summary: figures
    ok 1 carry
not ok 2 overflow # exit status 1
matrix: abi x86_64 end
matrix: done
[    2.0] reboot: Restarting system
"""


def fake_cell(**kw):
    """A row of the cell table (build/cells.json) for the checks."""
    c = {"id": "6.1-base-x86_64", "row": "6.1-base", "arch": "x86_64", "tree": "6.1", "name": "base",
         "judge": "base", "judgetree": "6.1",
         "kernel": {"row": "6.1-base", "image": "/k", "obj": "/o", "tree": "6.1/base", "branch": "base",
                    "repo": "/r", "kbuild": [], "patchset": []},
         "initramfs": "/i", "payload": "tests-6.1", "abis": ["x86_64", "i386"], "columns": ["i386", "x86_64"],
         "cmdline": "c", "boot_append": "panic=-1 fake.append=1", "qemu": "q", "clock": "virtual", "timeout": 900,
         "results": "/res", "report_root": "/", "ref": None,
         "expected_failures": os.path.join(TOP, "compat-tests/expected-failures")}
    c.update(kw)
    return c
