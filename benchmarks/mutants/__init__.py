"""Mutants of the soundness-critical code, one file per area (collected by benchmarks/mutation.py)."""
