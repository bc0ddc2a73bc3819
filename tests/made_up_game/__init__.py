"""The made-up race, a game package made up for the tests (tests/test_made_up_game.py): added
exactly as docs/architecture.md ("Adding a game") says, with no file outside this folder, so the
shared suites prove the steps named there are all a new game needs. Only a test registers it."""
