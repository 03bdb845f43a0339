"""Tests of the differential fuzzer (``frogspec fuzz``)."""
