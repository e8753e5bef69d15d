"""The NZ domain: layout math, blocked types, windows, coordinates, the offset analysis,
Acc-store limits."""
