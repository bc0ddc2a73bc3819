"""Schafkopf, a game package (docs/architecture.md, "Game packages"): the engine (pure), the hand
entry, templates, static files, translations, demo and rules page (rules.md) of one game."""
