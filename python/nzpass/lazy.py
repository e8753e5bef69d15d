"""Public names of a package imported on first use (a PEP 562 module `__getattr__`):
a tool that needs one name pays for that name's modules only."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any


def lazy_names(package: str, exports: Mapping[str, str],
               namespace: dict[str, Any]) -> Callable[[str], Any]:
    """The `__getattr__` of `package`: `exports` maps each public name to the
    (relative) module that defines it; a name once imported is stored in the
    package's `namespace`, so the next access is a plain attribute."""

    def __getattr__(name: str) -> Any:
        module = exports.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(module, package), name)
        namespace[name] = value
        return value

    return __getattr__
