"""Tests of the broken twins: the swap, the check, the published table."""
