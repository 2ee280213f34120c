"""Benchmarks, run by hand: `python -m bench.storage`."""
