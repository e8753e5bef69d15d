"""The progress bar of bench/run.py and bench/fuzz_*.py (bench/progress.py), and the
README's test command being exactly what .ci/run runs."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from progress import Progress  # noqa: E402


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_in_a_log_a_line_per_tenth_of_the_work():
    log = io.StringIO()
    progress = Progress(200, "fuzz", stream=log)
    for number in range(200):
        progress.advance(1, f"{number + 1} inputs")
    progress.finish("200 inputs")
    lines = log.getvalue().splitlines()
    assert len(lines) == 11  # the empty bar, then 10% ... 100%, once each
    assert lines[0].startswith("fuzz [------------------------------]   0%  0s")
    assert re.fullmatch(r"fuzz \[#{15}-{15}\]  50%  \d+s(, ~\d+s left)?  100 inputs", lines[5])
    assert lines[-1].startswith("fuzz [" + "#" * 30 + "] 100%  ")
    assert lines[-1].endswith("  200 inputs") and "left" not in lines[-1]


def test_on_a_terminal_the_bar_is_redrawn_in_place():
    screen = Terminal()
    progress = Progress(4, "bench", stream=screen)
    progress.say("mlir-opt: found")
    progress.advance(2)
    progress.clear()
    progress.finish()
    text = screen.getvalue()
    assert "\n" not in text.replace("mlir-opt: found\n", "").rstrip("\n")  # one line, redrawn
    assert text.count("\r\x1b[K") >= 3
    assert text.endswith("] 100%  0s  done\n")


def test_weights_move_the_bar_in_proportion():
    log = io.StringIO()
    progress = Progress(1000, "bench", stream=log)
    progress.advance(600)
    assert progress.line().startswith("bench [" + "#" * 18 + "-" * 12 + "]  60%")
    progress.advance(10_000)  # never past the end
    assert progress.line().startswith("bench [" + "#" * 30 + "] 100%")


def test_the_readme_test_command_is_what_ci_runs():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text().strip().splitlines()[-1]
    assert f"```sh\n{ci}\n```" in readme
    assert "/lit -s" in ci  # -s: lit's progress bar
