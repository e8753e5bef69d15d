"""Shared fixtures: a fresh MLIR context per test and the in-process CLI."""

import io

import pytest

from nzpass.tools.nzpass_opt import NzpassOpt


class CliResult:
    def __init__(self, code: int, out: str, err: str):
        self.code, self.out, self.err = code, out, err


@pytest.fixture
def cli():
    """Run nzpass-opt in-process: cli(args, stdin_text=None) -> CliResult."""

    def run(args, stdin_text=None):
        out, err = io.StringIO(), io.StringIO()
        stdin = io.BytesIO((stdin_text or "").encode())
        code = NzpassOpt(list(args), stdin=stdin, stdout=out, stderr=err).run()
        return CliResult(code, out.getvalue(), err.getvalue())

    return run
