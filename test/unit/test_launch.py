"""The console scripts' entry points (nzpass.tools.launch): each names a launcher
that exists, and a launcher imports its tool with the collector paused, then
leaves the caller's setting as it found it."""

import gc
from importlib import metadata

import pytest

from nzpass.tools import launch

# The console scripts of the installed package, as pip wrote them from pyproject.toml.
SCRIPTS = {entry.name: entry for entry in metadata.distribution("nzpass").entry_points
           if entry.group == "console_scripts"}


def test_the_package_installs_both_tools():
    assert sorted(SCRIPTS) == ["nzpass-opt", "nzpass-sim"]


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_every_console_script_names_a_launcher(name):
    entry = SCRIPTS[name]
    assert entry.module == "nzpass.tools.launch"
    assert callable(entry.load())


@pytest.mark.parametrize("collecting", [True, False])
def test_a_tool_is_imported_with_the_collector_paused(collecting):
    seen = []

    def load():
        seen.append(gc.isenabled())
        return lambda: None

    was = gc.isenabled()
    try:
        (gc.enable if collecting else gc.disable)()
        launch._imported_paused(load)
        assert seen == [False]
        assert gc.isenabled() is collecting
    finally:
        (gc.enable if was else gc.disable)()


def test_the_collector_comes_back_when_the_import_fails():
    def load():
        raise ImportError("no such tool")

    assert gc.isenabled()
    with pytest.raises(ImportError):
        launch._imported_paused(load)
    assert gc.isenabled()


def test_the_launcher_runs_the_main_of_the_tool_it_imports(monkeypatch):
    from nzpass.tools import nzpass_sim

    ran = []
    monkeypatch.setattr(nzpass_sim, "main", lambda: ran.append("nzpass-sim"))
    launch.nzpass_sim()
    assert ran == ["nzpass-sim"]
