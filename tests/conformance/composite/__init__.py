"""Composite engines: test fixtures with two or three unrelated faults at once.

:mod:`.twins` builds them from the broken twins (the reference with several twins swapped
in together), in process or as a program; the independent engines of ``../engines/`` give
the others, with several ``--fault`` switches.
"""
