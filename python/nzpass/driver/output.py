"""Printing a module with MLIR's own C++ printer into a file.

The bindings' `print(file=...)` and `get_asm` call back into Python for every
text fragment (1.4 s for a 28 MB module); the only path on which the C++
printer writes a file itself is the pass manager's IR printing into a
directory tree. So a pass that does nothing is run with that printing on, and
the dump, once its header line and the two trailing newlines the dump adds
are dropped, is byte for byte what `print` gives (0.45 s).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import BinaryIO

from ..ir.bindings import ir, passmanager

# Below this input size the bindings' printer is the faster one: the C++ printer's
# fixed cost (a pass manager, a directory, a file) outweighs the callbacks it saves
# (one kernel: 0.57 ms against 0.28 ms, and importing tempfile costs 3 ms more).
NATIVE_MIN_INPUT_BYTES = 64 * 1024
# What the IR dump adds after the op it prints.
_DUMP_TRAILER = b"\n\n"


def _nothing(op: ir.Operation, pass_) -> None:
    """The pass the output is printed after: it leaves the IR as it is."""


@contextmanager
def printed(module: ir.Operation, *, generic: bool,
            debug_info: bool) -> Iterator[tuple[BinaryIO, int]]:
    """The module printed by C++ into a temporary file: the open file, at the
    first byte of the module's text, and the text's length in bytes. Without
    `generic`, invalid IR is printed in generic form (as `print` does when not
    told the IR was verified)."""
    import shutil
    import tempfile

    directory = tempfile.mkdtemp(prefix="nzpass-print-")
    try:
        pm = passmanager.PassManager()
        pm.add(_nothing, name="output", argument="output")
        pm.enable_verifier(False)
        pm.enable_ir_printing(print_before_all=False, print_after_all=True,
                              print_module_scope=True, enable_debug_info=debug_info,
                              print_generic_op_form=generic, tree_printing_dir_path=directory)
        pm.run(module)
        del pm
        with open(_only_file(directory), "rb") as f:
            f.readline()  # the dump's header: `// -----// IR Dump After output ...`
            start = f.tell()
            end = f.seek(0, os.SEEK_END)
            f.seek(max(start, end - len(_DUMP_TRAILER)))
            if f.read() == _DUMP_TRAILER:
                end -= len(_DUMP_TRAILER)
            f.seek(start)
            yield f, end - start
    finally:
        shutil.rmtree(directory, ignore_errors=True)


def _only_file(directory: str) -> str:
    """The one dump the printing wrote (in a folder named after the module)."""
    found = [os.path.join(root, name) for root, _, names in os.walk(directory)
             for name in names]
    if len(found) != 1:
        raise RuntimeError(f"the IR printer wrote {len(found)} files, expected one")
    return found[0]


def read_printed(module: ir.Operation, *, generic: bool, debug_info: bool) -> bytes:
    """The module's text as `print` gives it, from the C++ printer."""
    with printed(module, generic=generic, debug_info=debug_info) as (f, size):
        return f.read(size)


def copy_printed(module: ir.Operation, out: BinaryIO, *, generic: bool,
                 debug_info: bool) -> bytes:
    """Print the module into `out` (an open binary file); its last byte is
    returned, so the caller can end the file with a newline."""
    with printed(module, generic=generic, debug_info=debug_info) as (f, size):
        copy_range(f, out, size)
        if not size:
            return b""
        f.seek(f.tell() - 1)
        return f.read(1)


def copy_range(source: BinaryIO, target: BinaryIO, size: int) -> None:
    """Copy `size` bytes from `source`'s position to `target`, in the kernel
    where it can."""
    target.flush()
    offset = source.tell()
    kernel_copy = getattr(os, "copy_file_range", None)
    if kernel_copy is not None:
        try:
            while size:
                done = kernel_copy(source.fileno(), target.fileno(), size, offset)
                if not done:
                    break
                offset += done
                size -= done
        except OSError:
            pass
    source.seek(offset)
    while size:
        block = source.read(min(size, 1 << 22))
        if not block:
            break
        target.write(block)
        size -= len(block)
    target.flush()
