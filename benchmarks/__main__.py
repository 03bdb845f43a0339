"""Run every benchmark: ``python -m benchmarks``."""

from benchmarks import conform, engine

engine.main()
print()
conform.main()
