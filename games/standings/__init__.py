"""League arithmetic in pure Python: standings, skill ratings, settlement and chart geometry.

Like ``games.scoring`` it imports no Django: plain values in, plain values out.
"""
