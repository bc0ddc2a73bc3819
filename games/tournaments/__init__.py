"""Tournament nights: a club's event of several rounds, whose tables each score themselves live
(docs/architecture.md, "Tournaments"). The seat draw and the ranking are pure Python
(``draw.py``, ``ranking.py``); the rest is the Django domain."""
