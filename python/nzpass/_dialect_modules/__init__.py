"""Empty op-view modules for the unregistered `pl` and `pto` dialects.

The bindings look up `<prefix>.<dialect>` whenever an op of that dialect is
wrapped in a Python view, and a failed import is not cached: without these
modules a walk over 100k unregistered ops retries the import 100k times.
"""
