"""Tressette, a game package (docs/architecture.md, "Game packages"): the engine (pure), the hand
entry, templates, translations and rules page (rules.md) of one game."""
