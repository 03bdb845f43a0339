"""Benchmarks of frogspec: speed measured and reported as figures and ratios, never asserted."""
