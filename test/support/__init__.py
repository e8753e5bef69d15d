"""Test support shared by the unit tests and the bench scripts: the fuzz program
generator (fuzz_programs), the CLI fuzzer's cases and runner (fuzz_mutations,
fuzz_runner) and the kernel-text helpers (lowering).

Importable as `support` with `test/` on the path: pytest puts it there
(`pythonpath` in pyproject's [tool.pytest.ini_options]); the bench scripts add it.
"""
