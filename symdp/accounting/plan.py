"""The grid and truncation budget of one accounting run, and the one rule for cutting a product.

Every product of the composition may cut the window of its result (compose.py): a product
standing for j of the T steps may cut τ·j of scaled P-mass (τ = ``tau_per_step``), because the
mass it sends to +∞ is carried through every later product and has grown about T/j-fold by the
end (inf(A·A) ≈ 2·inf(A)); so each product's share of the final +∞ mass is about τ·T. Every
caller (the single runs of :mod:`symdp.accounting.api`, the training trajectory of
:mod:`symdp.accounting.training`, the fine-grid ladder of :mod:`symdp.accounting.ladder`)
multiplies through :meth:`Plan.multiply` and :meth:`Plan.power`, so the rule is written once.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Callable

from flint import fmpq

from .compose import Limits, Weight, multiply, power
from .discretise import Discrete
from .split import Split

__all__ = ["Plan"]

#: Bits beyond the rounding budget of :meth:`Plan.for_run` (its bound already counts every
#: product at the largest size).
MARGIN_BITS = 6


@dataclass(frozen=True)
class Plan:
    """The loss grid h, the fixed-point bits of the masses, the tail mass ``step_tau`` left out
    of one step's discretisation window, the scaled cut τ per step a product may make, and
    whether the fine-grid ladder may be used."""

    h: fmpq
    bits: int
    step_tau: float
    tau_per_step: int
    #: whether a step too narrow for h goes through a finer grid (:mod:`symdp.accounting.ladder`);
    #: a probe that needs only a rough upper end does without
    fine: bool = True
    #: where the composed δ looks in each step's loss (:meth:`.estimate.Composed.tilt`): sets
    #: how sparse the knots of a step's discretisation may be in its tails
    tilt: float = 0.0
    #: what a unit of mass at a loss is worth to the final δ (:class:`.estimate.CutWeight`):
    #: lets a product cut the low end of its window further; None: the plain rule
    weight: Weight | None = None

    @classmethod
    def for_run(cls, h: fmpq, steps: int, scale: float, rtol: float, points: int,
                products: int | None = None) -> "Plan":
        """Bits and tolerances for a bracket of relative width ~rtol at a value ~scale, over
        `steps` steps whose composition spans about `points` grid points, with at most
        `products` products (2·log₂T + 2 for repeated squaring, the default): the cuts and the
        rounding take a 1/64 share of the width.

        Rounding a product's n coefficients adds at most n units of 2^−bits of mass, carried
        into the T/j copies of a product standing for j steps; the products of a composition
        stand for steps growing geometrically (squares, or a balanced tree of parts), so the sum
        is at most about 2·steps·points units: 2^bits = 4·steps·points/budget, times 2^MARGIN_BITS."""
        budget = max(scale * rtol / 64, 1e-40)  # a δ below 10⁻⁴⁰ is reported as [0, ~10⁻⁴⁰]
        if products is None:
            products = 2 * max(steps, 1).bit_length() + 2
        bits = MARGIN_BITS + math.ceil(math.log2(4 * max(steps, 2) * max(points, 2) / budget))
        # each product may cut τ per step it stands for; grown to T steps, that is budget/(4·products) each
        tau_per_step = int(budget / (4 * products * max(steps, 1)) * 2 ** bits)
        return cls(h, bits, budget / (4 * max(steps, 1)), tau_per_step)

    def cut(self, steps: int) -> int:
        """The scaled mass a product standing for `steps` steps may cut."""
        return self.tau_per_step * steps

    def multiply(self, a: Discrete, b: Discrete, steps: int, limits: Limits) -> Discrete:
        """a·b, a product standing for `steps` steps in all."""
        return multiply(a, b, self.cut(steps), limits, self.weight)

    def multiply_split(self, a: Split, b: Split, steps: int, margin: int, limits: Limits) -> Split:
        """a·b of two split discretisations (:mod:`.split`; bulk bands widened by `margin` fine
        points), a product standing for `steps` steps in all."""
        return a.multiply(b, self.cut(steps), margin, limits, self.weight)

    def power(self, d: Discrete, k: int, limits: Limits, unit: int = 1,
              progress: Callable[[int, int], None] | None = None) -> Discrete:
        """d^k by repeated squaring, d standing for `unit` steps."""
        return power(d, k, self.tau_per_step * unit, limits, progress, self.weight)
