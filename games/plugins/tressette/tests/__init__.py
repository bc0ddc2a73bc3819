"""Tressette's own tests and its kit for the shared suites (tests/kits.py)."""
