"""Run the command in argv, then print `exit code: N` on stdout.

lit's internal shell has no `$?`, and `not` only says "not zero": tests that
must tell a usage error (2) from an internal error (3) run the tool through
this (`%exitcode nzpass-opt ...`). The command's own output passes through.
"""

import subprocess
import sys

completed = subprocess.run(sys.argv[1:])
print(f"exit code: {completed.returncode}", flush=True)
