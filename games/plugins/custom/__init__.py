"""Any other game, a game package (docs/architecture.md, "Game packages"): a generic scorer for
the card games Scorekeeper has no rules for (Skat, Doppelkopf, Burraco, Rummy...), where the
players or teams enter each hand's points. The engine (pure), the hand entry, templates,
translations and rules page (rules.md)."""
