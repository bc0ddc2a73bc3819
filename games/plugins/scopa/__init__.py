"""The Scopa family (Scopa, Scopone, Pirate Scopa), a game package (docs/architecture.md, "Game
packages"): the engine (pure) and its capture rules, the hand entry, the referees, templates,
translations, demo and rules pages (rules.md, pirate-scopa.md) of three games."""
