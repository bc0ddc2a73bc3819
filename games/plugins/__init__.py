"""Games that live in one package each (docs/architecture.md, "Game packages"): the engine, the
hand entry, templates, static files, translations and rules page of one game, found by the
registry from its line in ``games.scoring.registry.GAME_PACKAGES``."""
