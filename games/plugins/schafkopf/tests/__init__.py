"""The schafkopf package's own tests: its kit for the shared suites, and the tests of its
rules and pages."""
