"""The made-up race's own tests: its kit for the shared suites."""
