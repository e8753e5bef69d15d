"""Shared fixtures: a fresh MLIR context per test and the in-process CLI."""

import io
import os

import pytest
from hypothesis import settings

from nzpass import new_context
from nzpass.tools.nzpass_opt import NzpassOpt

# The property tests draw the same examples on every run (derandomized, no example
# database), so a run of the suite passes or fails on the code alone: a CI run once drew
# 2**63 : ui64 for the first time and failed a commit that had not touched the reader.
# Exploring is separate: HYPOTHESIS_PROFILE=explore draws fresh examples each run (and
# the bench/fuzz_*.py scripts run the generators longer).
settings.register_profile("deterministic", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "deterministic"))


class CliResult:
    def __init__(self, code: int, out: str, err: str):
        self.code, self.out, self.err = code, out, err


@pytest.fixture
def cli():
    """Run nzpass-opt in-process: cli(args, stdin=None) -> CliResult.

    `stdin` is text (encoded as UTF-8) or raw bytes.
    """

    def run(args, stdin=None):
        out, err = io.StringIO(), io.StringIO()
        data = stdin.encode() if isinstance(stdin, str) else (stdin or b"")
        code = NzpassOpt(list(args), stdin=io.BytesIO(data), stdout=out, stderr=err).run()
        return CliResult(code, out.getvalue(), err.getvalue())

    return run


@pytest.fixture
def ctx():
    """A context set up as nzpass sets it up, entered for the test."""
    with new_context() as context:
        yield context
