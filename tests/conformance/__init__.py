"""Tests of the conformance kit: the vectors, their schemas, the deal generator, the runner."""
