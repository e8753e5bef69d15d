"""The framework: passes, diagnostics, pipelines, sources and --verify-diagnostics."""
