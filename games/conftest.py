"""The shared fixtures (tests/conftest.py) for the tests inside games/: each domain's and each
game package's own.

A conftest reaches only the tests below its folder, and pytest refuses to register
tests/conftest.py a second time as a plugin, so its fixtures are taken up here by name. Its
hooks are left out: they run from tests/conftest.py itself, once."""

from tests import conftest as shared

globals().update(
    {name: value for name, value in vars(shared).items() if not name.startswith(("__", "pytest_"))}
)
