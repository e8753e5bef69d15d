"""The CMake package (cmake/NzPassConfig.cmake): a consumer project finds it,
runs a pipeline as a build step and a lit suite through nzpass_add_lit_testsuite."""

import os
import re
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import nzpass
from nzpass.cmake_dir import CONFIG_FILE, get_cmake_dir

CMAKE = shutil.which("cmake")
needs_cmake = pytest.mark.skipif(CMAKE is None, reason="cmake not installed")

INPUT_MLIR = """\
func.func @consumer_fn(%a: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %r = arith.addi %a, %c0 : i32
  return %r : i32
}
"""

LIT_CFG = """\
import os

import lit.formats

config.name = "consumer"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = lit_config.params.get("nzpass_test_exec_root")
"""

LIT_TEST = """\
// RUN: nzpass-opt %s -p canonicalize | FileCheck %s
// CHECK-LABEL: func.func @consumer_fn
// CHECK-NEXT: return %arg0 : i32
""" + INPUT_MLIR


def _env_without_nzpass_on_path():
    """The environment of a non-activated venv: no directory holding nzpass-opt on
    PATH, so only the NzPass_PYTHON hint can lead CMake to it."""
    env = dict(os.environ)
    keep = [d for d in env.get("PATH", "").split(os.pathsep)
            if d and not os.path.exists(os.path.join(d, "nzpass-opt"))]
    env["PATH"] = os.pathsep.join(keep)
    env.pop("VIRTUAL_ENV", None)
    return env


def _cmake(*args, cwd):
    assert CMAKE is not None  # the tests calling this are marked needs_cmake
    return subprocess.run([CMAKE, *args], cwd=cwd, env=_env_without_nzpass_on_path(),
                          capture_output=True, text=True, timeout=120)


def _configure(project_dir, *extra):
    return _cmake("-S", str(project_dir), "-B", str(project_dir / "build"),
                  f"-DNzPass_DIR={get_cmake_dir()}", f"-DNzPass_PYTHON={sys.executable}",
                  *extra, cwd=project_dir)


def _write_project(root, find_args, body=""):
    root.mkdir(parents=True, exist_ok=True)
    (root / "CMakeLists.txt").write_text(textwrap.dedent(f"""\
        cmake_minimum_required(VERSION 3.16)
        project(consumer NONE)
        find_package(NzPass {find_args})
        message(STATUS "NzPass_FOUND=${{NzPass_FOUND}}")
        """) + textwrap.dedent(body))
    return root


def test_version_file_matches_package():
    text = (get_cmake_dir() / "NzPassConfigVersion.cmake").read_text()
    match = re.search(r'set\(PACKAGE_VERSION "([^"]+)"\)', text)
    assert match and match.group(1) == nzpass.__version__


def test_cmake_dir_module_prints_config_dir():
    run = subprocess.run([sys.executable, "-m", "nzpass.cmake_dir"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    printed = Path(run.stdout.strip())
    assert (printed / CONFIG_FILE).is_file()
    assert (printed / "NzPassFunctions.cmake").is_file()
    assert printed == get_cmake_dir()


@needs_cmake
def test_consumer_project_pipeline_and_lit_suite(tmp_path):
    project = _write_project(tmp_path / "consumer", "0.1 REQUIRED", """\
        nzpass_add_pipeline(out/canon.mlir
          INPUT input.mlir
          PIPELINE "builtin.module(canonicalize)"
          TARGET consumer-pipeline)
        nzpass_add_lit_testsuite(check-consumer test DEPENDS consumer-pipeline)
        """)
    (project / "input.mlir").write_text(INPUT_MLIR)
    (project / "test").mkdir()
    (project / "test" / "lit.cfg.py").write_text(LIT_CFG)
    (project / "test" / "canon.mlir").write_text(LIT_TEST)

    configure = _configure(project)
    assert configure.returncode == 0, configure.stdout + configure.stderr
    assert "NzPass_FOUND=1" in configure.stdout
    cache = (project / "build" / "CMakeCache.txt").read_text()
    expected_opt = os.path.join(os.path.dirname(sys.executable), "nzpass-opt")
    assert f"NZPASS_OPT_EXECUTABLE:FILEPATH={expected_opt}" in cache

    build = _cmake("--build", "build", "--target", "consumer-pipeline", cwd=project)
    assert build.returncode == 0, build.stdout + build.stderr
    output = project / "build" / "out" / "canon.mlir"
    assert output.is_file()
    canonical = output.read_text()
    assert "func.func @consumer_fn" in canonical
    assert "arith.addi" not in canonical  # canonicalize folded the add of 0

    check = _cmake("--build", "build", "--target", "check-consumer", cwd=project)
    assert check.returncode == 0, check.stdout + check.stderr
    assert re.search(r"Passed\s*:\s*1", check.stdout), check.stdout
    # lit's outputs went to the build tree, not next to the tests.
    assert (project / "build" / "check-consumer.lit").is_dir()

    # A failing lit test fails the check target.
    (project / "test" / "canon.mlir").write_text(
        LIT_TEST.replace("CHECK-NEXT: return", "CHECK-NEXT: no-such-line"))
    failing = _cmake("--build", "build", "--target", "check-consumer", cwd=project)
    assert failing.returncode != 0


@needs_cmake
def test_incompatible_version_fails_to_configure(tmp_path):
    project = _write_project(tmp_path / "too-new", "9.0 REQUIRED")
    configure = _configure(project)
    assert configure.returncode != 0
    assert 'requested version "9.0"' in configure.stderr, configure.stderr
    assert "version: 0.1.0" in configure.stderr, configure.stderr


@needs_cmake
def test_missing_tool_respects_required_and_quiet(tmp_path):
    missing = "-DNZPASS_OPT_EXECUTABLE=/nonexistent/nzpass-opt"

    required = _configure(_write_project(tmp_path / "required", "REQUIRED"), missing)
    assert required.returncode != 0
    assert "/nonexistent/nzpass-opt does not exist" in required.stderr, required.stderr

    quiet = _configure(_write_project(tmp_path / "quiet", "QUIET"), missing)
    assert quiet.returncode == 0, quiet.stderr
    assert "NzPass_FOUND=0" in quiet.stdout
    assert "nzpass-opt" not in quiet.stderr


ROOT = Path(__file__).resolve().parents[2]
README_BUILD_DIR = "build/cmake-example"


def _readme_cmake_command() -> str:
    """The README's CMake command: the shell block that configures examples/cmake."""
    blocks = re.findall(r"```sh\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    (command,) = [b for b in blocks if "nzpass.cmake_dir" in b and "cmake -S" in b]
    return command


@needs_cmake
@pytest.mark.skipif(not (ROOT / ".venv" / "bin" / "python").exists(),
                    reason="the README's set-up command has not made .venv")
def test_the_readme_cmake_command_works_as_written(tmp_path):
    # As written, from the repository root, with no venv activated (no nzpass-opt on PATH);
    # only the build directory moves into the test's own directory.
    command = _readme_cmake_command()
    assert command.count(README_BUILD_DIR) >= 2 and "$(python " not in command
    done = subprocess.run(["bash", "-ec", command.replace(README_BUILD_DIR, str(tmp_path))],
                          cwd=ROOT, env=_env_without_nzpass_on_path(), capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    lowered = (tmp_path / "matmul_nz.pto.mlir").read_text()
    assert '"pto.tload"' in lowered and "nz_tensor_views_blocked" in lowered
