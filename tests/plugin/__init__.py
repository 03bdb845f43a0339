"""Tests of the pytest plugin (frogspec.pytest_plugin)."""
