"""The registry of reference tables: what each table tabulates, on which exact grid.

A table is a quantity (a certified function of exact parameters) evaluated on a parameter grid
whose points are written as exact strings: ``1/3``, ``log(2)``, ``1e-30`` (a decimal literal
means the decimal as written, so ``1e-30`` is exactly 10^-30). Each row is a pure function of
(table name, row parameters): :func:`compute_row` parses the strings, evaluates the quantity
with symdp and certifies it, so a row is the same bytes in every process and on every machine.

The choice of families follows Steinke, *Composition of DP & privacy amplification by
subsampling*, and what accountant implementations (dp_accounting, prv_accountant, Opacus,
autodp, OpenDP) compute: Gaussian profiles and calibration, pure-DP optimal composition,
Poisson-subsampled Gaussian Rényi divergences, zCDP conversions, and the (ε, δ, η) composition
of Ghazi–Issa, *Total variation meets differential privacy*.
"""

from __future__ import annotations

import importlib
import itertools
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Iterable, Sequence

import sympy

from ..errors import ParameterError
from ..numbers import Real, Value, certify

#: Significant digits certified in every row unless a spec says otherwise.
DIGITS = 25
#: Closed forms longer than this are left out of the CSV (the value and bounds stay exact).
MAX_EXACT_CHARS = 400

# An exact parameter: numbers, + - * / ** ( ), and a few elementary functions by name.
_PARAM = re.compile(r"^(?:[0-9.eE+\-*/() ]|log|exp|sqrt|pi)+$")
_LONG_EXPONENT = re.compile(r"[eE][-+]?\d{5,}")
#: Longest table parameter (the grids' longest is 12 characters).
MAX_PARAM_CHARS = 100


def _too_long(expr: sympy.Expr) -> bool:
    """A closed form whose rationals alone exceed the CSV limit (printing them could exceed
    Python's integer-to-string limit before the length is known)."""
    bits = max((max(int(r.p).bit_length(), int(r.q).bit_length()) for r in expr.atoms(sympy.Rational)), default=0)
    return bits * 0.30103 > MAX_EXACT_CHARS


def parse_param(text: str) -> sympy.Expr:
    """The exact value of a table parameter string (``1/3``, ``log(2)``, ``1e-30``).

    Decimal literals are read as the decimal written (``sympify(..., rational=True)``); only
    arithmetic and ``log``, ``exp``, ``sqrt``, ``pi`` are accepted, so a table file cannot
    make the reader evaluate anything else.
    """
    if not isinstance(text, str) or not _PARAM.match(text):
        raise ParameterError(f"table parameter must be an exact arithmetic expression, got {text[:60]!r}")
    # What a grid holds is short, with decimal exponents of a few digits and no powers; anything
    # else could make sympy build 9**9**9**9 or 10^(10⁹) (1e-999999999) while parsing.
    if len(text) > MAX_PARAM_CHARS or "**" in text or _LONG_EXPONENT.search(text):
        raise ParameterError(f"table parameter must have at most {MAX_PARAM_CHARS} characters, no '**' and decimal "
                             f"exponents of at most 4 digits, got {text[:60]!r}")
    return sympy.sympify(text, rational=True)


@dataclass(frozen=True)
class Param:
    """One grid axis: its name, meaning, and kind (``"exact"`` numbers or ``"choice"`` labels)."""

    name: str
    meaning: str
    kind: str = "exact"


@dataclass(frozen=True)
class TableSpec:
    """A reference table: `quantity(**params)` on every point of `grid`, certified to `digits`.

    `side` says what a library's number means against this truth: ``"upper"`` for privacy
    parameters a library reports as guarantees (δ, ε, Rényi ε, a calibrated σ), which must never
    be below the truth; ``"both"`` for quantities that are neither (divergences, coefficients).
    """

    name: str
    title: str
    quantity: str
    source: str
    params: tuple[Param, ...]
    grid: tuple[tuple[str, ...], ...]
    compute: Callable[..., Value] = field(compare=False, repr=False)
    module: str = "symdp.central.pairs"
    side: str = "upper"
    digits: int = DIGITS
    #: The quantity is a certified bracket (lower ≤ value ≤ upper, of some relative width)
    #: rather than a value certified to `digits` digits; the value column is then empty.
    bracket: bool = False

    def as_json(self) -> dict:
        """The spec as written to ``<name>.spec.json`` (everything but the code)."""
        return {
            "name": self.name,
            "title": self.title,
            "quantity": self.quantity,
            "source": self.source,
            "params": [{"name": p.name, "meaning": p.meaning, "kind": p.kind} for p in self.params],
            "columns": [p.name for p in self.params] + list(VALUE_COLUMNS),
            "digits": self.digits,
            "side": self.side,
            "module": self.module,
            **({"bracket": True} if self.bracket else {}),
            "grid": [list(row) for row in self.grid],
        }

    def available(self) -> bool:
        """True when the symdp module computing this table is importable."""
        try:
            importlib.import_module(self.module)
        except ImportError:
            return False
        return True


#: The value columns after the parameter columns of every CSV.
VALUE_COLUMNS = ("value", "lower", "upper", "exact")


def product(*axes: Iterable[str], keep: Callable[..., bool] | None = None) -> tuple[tuple[str, ...], ...]:
    """The grid of all combinations of the axes, in axis order (optionally filtered)."""
    rows = (tuple(r) for r in itertools.product(*axes))
    return tuple(r for r in rows if keep is None or keep(*r))


# --------------------------------------------------------------------------------------------
# Quantities. Each takes exact sympy parameters and returns an exact value or a Real.


def gaussian_delta(sigma: sympy.Expr, eps: sympy.Expr) -> Value:
    from ..central.pairs import gaussian
    return gaussian(sigma).delta(eps)


def gaussian_epsilon(sigma: sympy.Expr, delta: sympy.Expr) -> Value:
    from ..central.pairs import gaussian
    return gaussian(sigma).epsilon(delta)


def gaussian_composed_epsilon(sigma: sympy.Expr, k: sympy.Expr, delta: sympy.Expr) -> Value:
    from ..central.pairs import gaussian
    return (gaussian(sigma) ** int(k)).epsilon(delta)


@lru_cache(maxsize=64)
def _rr_power(eps0: sympy.Expr, k: int):
    # Pure cache: the k-fold lattice convolution is shared by the rows of one (ε₀, k).
    from ..central.pairs import randomized_response
    return randomized_response(eps0) ** k


def kov_delta(eps0: sympy.Expr, k: sympy.Expr, eps: sympy.Expr) -> Value:
    from ..numbers import sign
    if sign(eps - k * eps0) >= 0:
        # Basic composition (Steinke, Theorem 1): the product is kε₀-DP, so δ is exactly 0;
        # the certified route could only enclose 0, never certify it.
        return sympy.Integer(0)
    return _rr_power(eps0, int(k)).delta(eps)


def kov_epsilon(eps0: sympy.Expr, k: sympy.Expr, delta: sympy.Expr) -> Value:
    return _rr_power(eps0, int(k)).epsilon(delta)


@lru_cache(maxsize=64)
def _theorem2_deltas(eps: sympy.Expr, delta: sympy.Expr, eta: sympy.Expr, k: int) -> list[Value]:
    from ..central.composition import composed_deltas
    return composed_deltas(eps, delta, eta, k)


def theorem2_delta(eps: sympy.Expr, delta: sympy.Expr, eta: sympy.Expr, k: sympy.Expr, j: sympy.Expr) -> Value:
    return _theorem2_deltas(eps, delta, eta, int(k))[int(j)]


def rr_delta(eps0: sympy.Expr, k: sympy.Expr, eps: sympy.Expr) -> Value:
    from ..central.pairs import randomized_response
    return randomized_response(eps0, int(k)).delta(eps)


def _phi_bar(x: sympy.Expr) -> sympy.Expr:
    return sympy.erfc(x / sympy.sqrt(2)) / 2


def subsampled_gaussian_delta(q: sympy.Expr, sigma: sympy.Expr, eps: sympy.Expr) -> Value:
    """δ(ε) of one Poisson-subsampled Gaussian step, add/remove neighbours, both directions.

    P = (1−q)N(0,σ²) + qN(1,σ²), Q = N(0,σ²). Its likelihood ratio 1 − q + q·e^{(2y−1)/2σ²}
    is increasing in y, so each hockey-stick divergence is attained on a half-line (Steinke,
    Proposition 7 with S* = {f > ε}):

    * remove, E_{e^ε}(P‖Q): y* = σ² log((e^ε − 1 + q)/q) + 1/2,
      δ = q Φ̄((y*−1)/σ) + (1−q) Φ̄(y*/σ) − e^ε Φ̄(y*/σ);
    * add, E_{e^ε}(Q‖P): 0 when e^{−ε} ≤ 1 − q, else with y** = σ² log((e^{−ε} − 1 + q)/q) + 1/2,
      δ = Φ(y**/σ) − e^ε ((1−q) Φ(y**/σ) + q Φ((y**−1)/σ)).

    The value is the larger of the two, which is what PLD accountants report for
    ``PoissonSampledDpEvent(q, GaussianDpEvent(σ))``.
    """
    from ..numbers import maximum, sign
    x = sympy.exp(eps)
    y = sigma ** 2 * sympy.log((x - 1 + q) / q) + sympy.Rational(1, 2)
    remove = q * _phi_bar((y - 1) / sigma) + (1 - q) * _phi_bar(y / sigma) - x * _phi_bar(y / sigma)
    if eps == 0 or sign(1 / x - (1 - q)) <= 0:
        # At ε = 0 both directions are the total variation.
        return remove
    y2 = sigma ** 2 * sympy.log((1 / x - 1 + q) / q) + sympy.Rational(1, 2)
    add = (_phi_bar(-y2 / sigma) - x * ((1 - q) * _phi_bar(-y2 / sigma) + q * _phi_bar((1 - y2) / sigma)))
    return maximum(remove, add)


def subsampled_gaussian_rdp(q: sympy.Expr, sigma: sympy.Expr, alpha: sympy.Expr) -> Value:
    from ..central.subsampled_renyi import subsampled_gaussian_rdp as rdp
    return rdp(alpha, q, sigma)


def zcdp_delta(rho: sympy.Expr, eps: sympy.Expr) -> Value:
    from ..central.renyi import zcdp
    return zcdp(rho).delta(eps)


def zcdp_epsilon(rho: sympy.Expr, delta: sympy.Expr) -> Value:
    from ..central.renyi import zcdp
    return zcdp(rho).epsilon(delta)


def gaussian_sigma(eps: sympy.Expr, delta: sympy.Expr) -> Value:
    from ..central.renyi import minimal_gaussian_sigma
    return minimal_gaussian_sigma(eps, delta, digits=DIGITS + 5).sigma


def laplace_composed_delta(eps0: sympy.Expr, k: sympy.Expr, eps: sympy.Expr) -> Value:
    from ..central.laplace_composition import laplace_composition_delta
    return laplace_composition_delta(eps0, int(k), eps)


def staircase_tv(eps: sympy.Expr, gamma: sympy.Expr) -> Value:
    from ..central.staircase import staircase
    return staircase(eps, gamma).tv()


def dpsgd_epsilon(q: sympy.Expr, sigma: sympy.Expr, steps: sympy.Expr, delta: sympy.Expr, h: sympy.Expr):
    from ..accounting import dpsgd_epsilon as bracket
    return bracket(q, sigma, int(steps), delta, h=h)


def dpsgd_delta(q: sympy.Expr, sigma: sympy.Expr, steps: sympy.Expr, eps: sympy.Expr, h: sympy.Expr):
    from ..accounting import dpsgd_delta as bracket
    return bracket(q, sigma, int(steps), eps, h=h)


def rr_contraction(eps: sympy.Expr, k: sympy.Expr, kind: str) -> Value:
    from ..local.channel import randomized_response
    from ..local.contraction import contraction
    return contraction(randomized_response(eps, int(k)), kind)


def _ldp_instances() -> dict[str, tuple]:
    """The named input laws of the ``ldp_optimum`` table (Kairouz–Oh–Viswanath test instances)."""
    Q = sympy.Rational
    return {
        "A": ((Q(4, 10), Q(3, 10), Q(2, 10), Q(1, 10)), (Q(1, 10), Q(2, 10), Q(3, 10), Q(4, 10))),
        "B": ((Q(6, 10), Q(25, 100), Q(1, 10), Q(5, 100)), (Q(1, 10), Q(2, 10), Q(3, 10), Q(4, 10))),
        "tie": ((Q(6, 10), Q(1, 10), Q(3, 10)), (Q(2, 10), Q(5, 10), Q(3, 10))),
        "ratio": ((Q(1, 2), Q(1, 4), Q(1, 4)), (Q(1, 4), Q(3, 8), Q(3, 8))),
        "binary": ((Q(1, 5), Q(4, 5)), (Q(2, 5), Q(3, 5))),
        "C": ((Q(4, 10), Q(3, 10), Q(2, 10), Q(1, 10)),),
        "D": ((Q(5, 10), Q(3, 10), Q(2, 10)),),
        "uniform3": ((Q(1, 3),) * 3,),
        "uniform5": ((Q(1, 5),) * 5,),
    }


def ldp_optimum(instance: str, utility: str, eps: sympy.Expr) -> Value:
    from ..local import optimal_mechanism
    from ..local import utility as U
    laws = _ldp_instances()[instance]
    u = U.mutual_information(*laws) if utility == "mi" else getattr(U, utility)(*laws)
    return optimal_mechanism(eps, u).value


# --------------------------------------------------------------------------------------------
# The registry

_SIGMA = Param("sigma", "Gaussian noise standard deviation (sensitivity 1)")
_EPS = Param("eps", "the ε at which δ(ε) is evaluated")
_DELTA = Param("delta", "the target δ")
_DELTAS = ("1e-3", "1e-5", "1e-6", "1e-9", "1e-12", "1e-20", "1e-30", "1e-50", "1e-100")

def bac_capacity(e0: sympy.Expr, e1: sympy.Expr) -> Value:
    from ..local import bac_capacity as capacity
    return capacity(e0, e1)


def zchannel_crossover(mu: sympy.Expr) -> Value:
    from ..local import zchannel_crossover as crossover
    return crossover(mu)


def lmidp_ldp_delta(mu: sympy.Expr, eps: sympy.Expr) -> Value:
    from ..local import lmidp_to_ldp
    return lmidp_to_ldp(mu, eps)


def lmidp_lip_delta(mu: sympy.Expr, eps: sympy.Expr) -> Value:
    from ..local import cd_lmidp_to_lip
    return cd_lmidp_to_lip(mu, eps)


_LMIDP = "Ngo–Östman–Graell i Amat, Local mutual-information differential privacy"
_MU_EPS = product(("1/100", "1/10", "1/2"), ("0", "1/4", "1/2", "1", "3/2", "2", "5/2", "3", "4", "5"))
_DPSGD_PARAMS = (Param("q", "Poisson sampling rate"), Param("sigma", "noise multiplier σ (sensitivity 1)"),
                 Param("steps", "number of steps T"))
_DPSGD_SOURCE = ("Steinke, Proposition 7 and Theorem 9 (δ from the composed privacy-loss law); dominating "
                 "connect-the-dots (Doroshenko et al., PETS 2022) and dominated balanced-cell discretisations "
                 "composed exactly (symdp.accounting)")
#: DP-SGD settings (q, σ, T): Abadi et al. 2016 (MNIST q = 600/60000 with σ = 2, 4; CIFAR-10
#: q = 2000/50000, σ = 6 is above the σ range, σ = 5 stands in), the Opacus MNIST example
#: (q = 240/60000, σ = 1, 10 epochs) and CIFAR-10 tutorial (q = 512/50000, σ = 1.1, 20 epochs),
#: the TF Privacy MNIST tutorial (q = 250/60000, σ = 1.1, 60 epochs), and a sweep of q in
#: 10⁻³..10⁻¹ and σ in 1/2..5 up to T = 10⁵. The grid width h of each row is fixed so that the
#: row recomputes identically (and in seconds). The small-q and small-δ rows (q = 10⁻⁴, and
#: δ = 10⁻¹⁸ at q = 3.3·10⁻⁴, where prv_accountant reports contradictory bounds) rely on the
#: fine-grid-then-coarsen ladder (symdp.accounting.ladder): their per-step losses are narrower
#: than h.
_DPSGD_SETTINGS = (
    ("1/100", "2", "10000", "1/600"), ("1/100", "4", "10000", "1/800"), ("1/25", "5", "10000", "1/600"),
    ("1/250", "1", "2500", "1/800"), ("64/6250", "11/10", "1960", "1/600"), ("1/240", "11/10", "14400", "1/700"),
    ("1e-2", "1", "1000", "1/800"), ("1e-2", "1", "10000", "1/600"), ("1e-2", "5", "10000", "1/1000"),
    ("1e-3", "1", "100000", "1/2500"), ("1e-2", "1/2", "1000", "1/300"),
    ("1e-1", "1", "1000", "1/200"), ("1e-1", "2", "100", "1/200"), ("1e-1", "5", "1000", "1/400"),
)

SPECS: tuple[TableSpec, ...] = (
    TableSpec(
        name="gaussian_delta",
        title="Gaussian mechanism: exact δ(ε)",
        quantity="δ(ε) = Φ(1/(2σ) − εσ) − e^ε Φ(−1/(2σ) − εσ) for N(0,σ²) vs N(1,σ²)",
        source="Steinke, Composition of DP & privacy amplification by subsampling, Corollary 8; "
               "Balle–Wang, Improving the Gaussian mechanism, Theorem 8",
        params=(_SIGMA, _EPS),
        grid=product(("1/10", "1/4", "1/2", "4/5", "1", "2", "5", "10", "20"),
                     ("0", "1/10", "1/2", "1", "2", "3", "5", "10", "20")),
        compute=gaussian_delta),
    TableSpec(
        name="gaussian_epsilon",
        title="Gaussian mechanism: exact ε(δ)",
        quantity="the least ε ≥ 0 with δ(ε) ≤ delta for N(0,σ²) vs N(1,σ²)",
        source="Steinke, Corollary 8 (inverted); Balle–Wang, Theorem 8",
        params=(_SIGMA, _DELTA),
        grid=product(("1/2", "4/5", "1", "2", "5", "10", "50"), _DELTAS),
        compute=gaussian_epsilon),
    TableSpec(
        name="gaussian_composed_epsilon",
        title="k-fold Gaussian composition: exact ε(δ)",
        quantity="ε(δ) of the k-fold product of N(0,σ²) vs N(1,σ²), i.e. of N(0,σ²/k) vs N(1,σ²/k)",
        source="Steinke, Theorem 9 and Corollary 10",
        params=(_SIGMA, Param("k", "number of compositions"), _DELTA),
        grid=product(("1", "5", "20", "100"), ("1", "10", "100", "1000", "10000"), ("1e-5", "1e-10")),
        compute=gaussian_composed_epsilon),
    TableSpec(
        name="gaussian_sigma",
        title="Analytic Gaussian mechanism: minimal σ for (ε, δ)",
        quantity="the least σ with δ_Gaussian(ε; σ) ≤ delta, sensitivity 1",
        source="Balle–Wang, Improving the Gaussian mechanism, Theorem 8 and Algorithm 1; Steinke, Corollary 8",
        params=(Param("eps", "target ε"), _DELTA),
        grid=product(("1/10", "1/2", "1", "2", "5", "10"), ("1e-3", "1e-5", "1e-6", "1e-9", "1e-12", "1e-20", "1e-30")),
        module="symdp.central.renyi",
        compute=gaussian_sigma),
    TableSpec(
        name="kov_delta",
        title="Optimal composition of k ε₀-DP mechanisms: δ(ε)",
        quantity="δ(ε) of the k-fold product of binary randomized response with parameter ε₀",
        source="Kairouz–Oh–Viswanath, The composition theorem for DP, Theorem 3.3; "
               "Ghazi–Issa eq. (6); Steinke, Section 7",
        params=(Param("eps0", "per-mechanism ε"), Param("k", "number of compositions"), _EPS),
        grid=product(("1/10", "log(11/10)", "log(2)"), ("1", "10", "100", "1000"),
                     ("0", "1/2", "1", "2", "5", "10")),
        compute=kov_delta),
    TableSpec(
        name="kov_epsilon",
        title="Optimal composition of k ε₀-DP mechanisms: ε(δ)",
        quantity="the least ε with δ(ε) ≤ delta for the k-fold product of binary randomized response",
        source="Kairouz–Oh–Viswanath, Theorem 3.3; Steinke, Section 7 and Figure 1",
        params=(Param("eps0", "per-mechanism ε"), Param("k", "number of compositions"), _DELTA),
        grid=product(("log(11/10)", "log(2)"), ("1", "10", "100", "1000"), ("1e-3", "1e-6", "1e-10")),
        compute=kov_epsilon),
    TableSpec(
        name="theorem2_delta",
        title="Composition of k (ε, δ)-DP mechanisms with total variation η: δ at ε' = jε",
        quantity="δ'_j = 1 − (1−δ)^k (1 − δ_j): the least δ' with (jε, δ')-DP after k-fold composition",
        source="Ghazi–Issa, Total variation meets differential privacy, Theorem 2 (eq. (5))",
        params=(Param("eps", "per-mechanism ε"), Param("delta", "per-mechanism δ"),
                Param("eta", "per-mechanism total variation η"), Param("k", "number of compositions"),
                Param("j", "ε' = j·ε")),
        grid=tuple(row for eps, delta, eta in (("log(2)", "0", "1/5"), ("log(2)", "1/100", "1/5"),
                                               ("log(3)", "1e-3", "1/4"), ("1", "1e-6", "1/10"))
                   for k in ("1", "5", "20", "100")
                   for j in ("0", "1", "2", "5", "10") if int(j) <= int(k)
                   for row in [(eps, delta, eta, k, j)]),
        compute=theorem2_delta),
    TableSpec(
        name="rr_delta",
        title="k-ary randomized response: δ(ε)",
        quantity="max(E_{e^ε}(P‖Q), E_{e^ε}(Q‖P)) for two rows of k-ary randomized response with parameter ε₀",
        source="Warner; Kairouz–Oh–Viswanath, Extremal mechanisms for local differential privacy",
        params=(Param("eps0", "randomized-response parameter"), Param("k", "alphabet size"), _EPS),
        grid=product(("1/10", "1/2", "1", "log(2)", "log(3)", "2", "5"), ("2", "3", "10", "100"),
                     ("0", "1/10", "1/2", "1")),
        compute=rr_delta),
    TableSpec(
        name="subsampled_gaussian_delta",
        title="Poisson-subsampled Gaussian, one step: δ(ε) (add/remove, both directions)",
        quantity="max over remove/add of E_{e^ε} for P = (1−q)N(0,σ²) + qN(1,σ²), Q = N(0,σ²)",
        source="Steinke, Proposition 7 applied to the subsampled Gaussian (Section 6, Theorem 29's pair)",
        params=(Param("q", "sampling rate"), _SIGMA, _EPS),
        grid=product(("1e-3", "1e-2", "1/10", "1/2", "99/100"), ("1/2", "1", "2", "10"),
                     ("0", "1e-3", "1e-2", "1/10", "1", "3")),
        compute=subsampled_gaussian_delta),
    TableSpec(
        name="subsampled_gaussian_rdp",
        title="Poisson-subsampled Gaussian: Rényi divergence at integer orders",
        quantity="D_α((1−q)N(0,σ²) + qN(1,σ²) ‖ N(0,σ²)) for integer α ≥ 2",
        source="Steinke, Theorem 34 (exact for integer orders); Mironov–Talwar–Zhang, Section 3.3",
        params=(Param("q", "sampling rate"), _SIGMA, Param("alpha", "Rényi order")),
        grid=product(("1e-3", "1e-2", "1/10", "1/2", "99/100"), ("1/2", "1", "2", "10"),
                     ("2", "4", "8", "16", "32", "64", "128", "256", "1024")),
        module="symdp.central.subsampled_renyi",
        compute=subsampled_gaussian_rdp),
    TableSpec(
        name="subsampled_gaussian_rdp_fractional",
        title="Poisson-subsampled Gaussian: Rényi divergence at fractional orders",
        quantity="D_α((1−q)N(0,σ²) + qN(1,σ²) ‖ N(0,σ²)) for non-integer α > 1 (certified integration)",
        source="Steinke, Definition 32 and Section 6; Mironov–Talwar–Zhang, Section 3.3",
        params=(Param("q", "sampling rate"), _SIGMA, Param("alpha", "Rényi order")),
        grid=product(("1e-2", "1/10", "1/2"), ("1", "2"), ("3/2", "5/2", "21/2")),
        module="symdp.central.subsampled_renyi",
        compute=subsampled_gaussian_rdp),
    TableSpec(
        name="zcdp_delta",
        title="ρ-zCDP to (ε, δ): δ(ε) by the improved conversion",
        quantity="δ = inf_{t>0} e^{t(t+1)ρ − εt} (1/(t+1)) (1 − 1/(t+1))^t",
        source="Steinke, Proposition 14",
        params=(Param("rho", "zCDP parameter ρ"), _EPS),
        grid=product(("1/1000", "1/100", "1/10", "1/2", "1", "5"), ("1/10", "1/2", "1", "2", "5", "10", "20")),
        module="symdp.central.renyi",
        compute=zcdp_delta),
    TableSpec(
        name="zcdp_epsilon",
        title="ρ-zCDP to (ε, δ): ε(δ) by the improved conversion",
        quantity="the least ε with Proposition 14's δ(ε) ≤ delta",
        source="Steinke, Proposition 14",
        params=(Param("rho", "zCDP parameter ρ"), _DELTA),
        grid=product(("1/1000", "1/100", "1/10", "1/2", "1", "5"), ("1e-3", "1e-6", "1e-10", "1e-20", "1e-30")),
        module="symdp.central.renyi",
        compute=zcdp_epsilon),
    TableSpec(
        name="laplace_composed_delta",
        title="k-fold Laplace composition: exact δ(ε)",
        quantity="δ(ε) of the k-fold product of Lap(0, 1/ε₀) vs Lap(1, 1/ε₀)",
        source="Steinke, Section 2.1 and Theorem 9 (the privacy loss is a sum of clipped Laplace variables)",
        params=(Param("eps0", "per-mechanism ε"), Param("k", "number of compositions"), _EPS),
        grid=product(("1/10", "1/2", "1"), ("1", "2", "5", "10", "20"), ("0", "1/2", "1", "2", "5")),
        module="symdp.central.laplace_composition",
        compute=laplace_composed_delta),
    TableSpec(
        name="staircase_tv",
        title="Staircase mechanism: total variation",
        quantity="d_TV of the staircase mechanism's pair",
        source="Ghazi–Issa, Total variation meets differential privacy, Section VI",
        params=(Param("eps", "privacy parameter ε"), Param("gamma", "staircase shape γ ∈ [0, 1]")),
        grid=product(("1/10", "1/2", "1", "2", "5"), ("0", "1/4", "1/2", "3/4", "1")),
        module="symdp.central.staircase",
        side="both",
        compute=staircase_tv),
    TableSpec(
        name="dpsgd_epsilon",
        title="DP-SGD: certified ε(δ) brackets (Poisson-subsampled Gaussian, add/remove, T steps)",
        quantity="[lower, upper] ∋ the least ε with δ(ε) ≤ delta for T-fold composition of "
                 "((1−q)N(0,σ²) + qN(1,σ²), N(0,σ²)) and its reverse, on a loss grid of width h",
        source=_DPSGD_SOURCE,
        params=_DPSGD_PARAMS + (_DELTA, Param("h", "loss grid width of the discretisation")),
        grid=tuple((q, s, t, d, h) for q, s, t, h in _DPSGD_SETTINGS for d in ("1e-5", "1e-8"))
        + (("1e-4", "1", "100000", "1e-5", "1/3500"), ("33/100000", "4", "10000", "1e-18", "1/54000")),
        module="symdp.accounting",
        bracket=True,
        compute=dpsgd_epsilon),
    TableSpec(
        name="dpsgd_delta",
        title="DP-SGD: certified δ(ε) brackets (Poisson-subsampled Gaussian, add/remove, T steps)",
        quantity="[lower, upper] ∋ δ(ε) = max over both directions of the T-fold hockey-stick divergence "
                 "at e^ε, on a loss grid of width h",
        source=_DPSGD_SOURCE,
        params=_DPSGD_PARAMS + (_EPS, Param("h", "loss grid width of the discretisation")),
        grid=tuple((q, s, t, e, h) for q, s, t, h in _DPSGD_SETTINGS[:9] for e in ("1", "4")),
        module="symdp.accounting",
        bracket=True,
        compute=dpsgd_delta),
    TableSpec(
        name="rr_contraction",
        title="k-ary randomized response channel: contraction coefficients",
        quantity="η_f(Q) for f = TV (Dobrushin), KL and χ² (equal) of the k-ary randomized-response channel",
        source="Ghazi–Issa, Section VII (eqs. 23, 36–38, 52); Asoodeh–Aliakbarpour–Calmon, Theorem 3",
        params=(Param("eps", "LDP parameter ε"), Param("k", "alphabet size"),
                Param("kind", "divergence: tv, kl or chi2", kind="choice")),
        grid=product(("1/10", "1/2", "1", "log(2)", "2", "5"), ("2", "3", "10"), ("tv", "kl", "chi2")),
        module="symdp.local.contraction",
        side="both",
        compute=rr_contraction),
    TableSpec(
        name="ldp_optimum",
        title="Optimal ε-LDP mechanisms: certified optimal utility (KL, TV, mutual information)",
        quantity="max over ε-LDP mechanisms Q of D_kl(P0Q‖P1Q), ‖P0Q − P1Q‖_TV, or I(X;Y) for X ~ P (nats), by the "
                 "certified staircase LP (11); e^ε rational, so values are exact (TV rational, KL/MI rational "
                 "combinations of logarithms)",
        source="Kairouz–Oh–Viswanath, Extremal mechanisms for local differential privacy, Theorem 4 and LP (11). "
               "Instances (P0; P1) or (P): A = (.4,.3,.2,.1; .1,.2,.3,.4), B = (.6,.25,.1,.05; .1,.2,.3,.4), "
               "tie = (.6,.1,.3; .2,.5,.3), ratio = (1/2,1/4,1/4; 1/4,3/8,3/8), binary = (1/5,4/5; 2/5,3/5), "
               "C = (.4,.3,.2,.1), D = (.5,.3,.2), uniform3, uniform5",
        params=(Param("instance", "named input law(s), see source", kind="choice"),
                Param("utility", "kl, tv or mi", kind="choice"),
                Param("eps", "LDP parameter ε = log r with r rational")),
        grid=product(("A", "B", "tie", "ratio", "binary", "C", "D", "uniform3", "uniform5"), ("kl", "tv", "mi"),
                     ("log(101/100)", "log(11/10)", "log(3/2)", "log(2)", "log(3)", "log(5)", "log(10)", "log(100)"),
                     keep=lambda inst, u, e: (u == "mi") == (inst in ("C", "D", "uniform3", "uniform5"))),
        module="symdp.local.extremal",
        side="both",
        compute=ldp_optimum),
    TableSpec(
        name="bac_capacity",
        title="Binary asymmetric channel: capacity in bits",
        quantity="C_BAC(e0, e1) with P(B=1|A=0) = e0, P(B=0|A=1) = e1 (bits)",
        source=f"{_LMIDP}, eq. (7) (Moser–Chen–Lin)",
        params=(Param("e0", "crossover P(B=1|A=0)"), Param("e1", "crossover P(B=0|A=1)")),
        grid=product(("0", "1/20", "1/10", "1/4", "1/2", "7/10", "1"), ("0", "1/10", "3/10", "1/2", "9/10")),
        module="symdp.local.information",
        side="both",
        compute=bac_capacity),
    TableSpec(
        name="zchannel_crossover",
        title="Z-channel crossover p̄_μ (the ε → ∞ limit of δ^LDP_μ)",
        quantity="p̄_μ ∈ (0,1) with H_b(p̄)/p̄ = −log₂(2^μ − 1), μ in bits",
        source=f"{_LMIDP}, remark after Theorem 1",
        params=(Param("mu", "CI-LMIDP parameter μ (bits)"),),
        grid=product(("1/1000", "1/100", "1/10", "1/4", "1/2", "9/10")),
        module="symdp.local.information",
        side="both",
        compute=zchannel_crossover),
    TableSpec(
        name="lmidp_ldp_delta",
        title="μ-CI-LMIDP ⇒ LDP: δ^LDP_μ(ε)",
        quantity="δ^LDP_μ(ε) of eq. (6): the least δ with every μ-CI-LMIDP mechanism (ε,δ)-LDP (μ in bits)",
        source=f"{_LMIDP}, Theorem 1(a), eq. (6)",
        params=(Param("mu", "CI-LMIDP parameter μ (bits)"), Param("eps", "LDP parameter ε")),
        grid=_MU_EPS,
        module="symdp.local.lmidp",
        compute=lmidp_ldp_delta),
    TableSpec(
        name="lmidp_lip_delta",
        title="Eq. (9) as printed: δ^LIP_μ(ε) (Theorem 2(a) is false; see proofs/lmidp.py)",
        quantity="max p0 − e^ε p1, e^{−ε} p1 − p0 s.t. KL(Ber(p1)‖Ber(p0)) ≤ μ bits (eq. 9 as printed; not a valid LIP guarantee)",
        source=f"{_LMIDP}, Theorem 2(a), eq. (9)",
        params=(Param("mu", "CD-LMIDP parameter μ (bits)"), Param("eps", "LIP parameter ε")),
        grid=_MU_EPS,
        module="symdp.local.lmidp",
        side="both",
        compute=lmidp_lip_delta),
)

_BY_NAME = {s.name: s for s in SPECS}


def spec(name: str) -> TableSpec:
    """The registered spec called `name`."""
    try:
        return _BY_NAME[name]
    except KeyError:
        raise ParameterError(f"no table named {name!r}; known: {', '.join(sorted(_BY_NAME))}") from None


def row_arguments(table: TableSpec, row: Sequence[str]) -> dict[str, object]:
    """The keyword arguments of `table.compute` for one grid row (exact values, choice labels)."""
    return {p.name: (v if p.kind == "choice" else parse_param(v)) for p, v in zip(table.params, row)}


def compute_row(name: str, row: Sequence[str]) -> tuple[str, ...]:
    """The CSV cells of one row: the parameters as given, then value, lower, upper, exact.

    A pure function of its arguments: the same strings in every process and on every machine.
    """
    table = spec(name)
    value = table.compute(**row_arguments(table, row))
    if table.bracket:
        return tuple(row) + ("",) + value.decimals(15) + ("",)
    c = certify(value, table.digits)
    closed = c.exact if c.exact is not None else (value.exact if isinstance(value, Real) else None)
    text = "" if closed is None or _too_long(closed) else sympy.sstr(closed)
    if len(text) > MAX_EXACT_CHARS:
        text = ""
    return tuple(row) + (c.decimal, c.lower, c.upper, text)
