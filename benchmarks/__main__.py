"""Run every benchmark: ``python -m benchmarks``."""

from benchmarks import engine

engine.main()
