"""Certified numerics below the mathematics: validated exact parameters (:mod:`.params`), the
decimal text of exact rationals (:mod:`.decimals`), certified roots (:mod:`.roots`), certified
integrals (:mod:`.integration`) and certified linear programs (:mod:`.lp`).

They build on :mod:`symdp.numbers`, :mod:`symdp.errors`, :mod:`symdp.limits` and
:mod:`symdp.certificate` (``decimals`` on python-flint alone) and on nothing else of symdp.
"""
