"""The certified accountant behind the interfaces ML code already calls.

* :class:`CertifiedAccountant` is a ``dp_accounting.PrivacyAccountant`` (dp_accounting's
  ``supports`` / ``compose(event, count)`` / ``get_epsilon(delta)`` / ``get_delta(epsilon)``,
  and its ``ledger``) over dp_accounting's events: Gaussian, Laplace, Poisson-sampled Gaussian or
  Laplace, self-composed, composed, randomized response, no-op and non-private. Other events are
  refused by ``supports`` (and ``compose`` raises ``UnsupportedEventError``), as dp_accounting's
  own accountants do. The class is built on first use, because dp_accounting is optional (the
  ``accountants`` extra).
* :class:`CertifiedOpacusAccountant` has Opacus's accountant methods (``step(noise_multiplier=,
  sample_rate=)``, ``get_epsilon(delta)``, ``history``, ``len``, ``mechanism()``,
  ``get_optimizer_hook_fn``, ``state_dict``/``load_state_dict``); :func:`register_with_opacus`
  makes ``PrivacyEngine(accountant="symdp")`` use it.

Both return the **upper end** of a certified bracket (as a float rounded up), so the number an
ML engineer logs is a guarantee; ``epsilon_bracket(delta)`` / ``delta_bracket(eps)`` return the
whole :class:`~symdp.accounting.Bracket`. They add no arithmetic of their own: each event becomes
a symdp pair and the ledger one heterogeneous composition for
:func:`~symdp.accounting.epsilon_bracket` / :func:`~symdp.accounting.delta_bracket`. An evaluation
that runs longer than a second draws a progress bar on stderr when (and only when) stderr is a
terminal.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from typing import Any, Callable, Hashable

import sympy

from ..errors import MissingExtraError, ParameterError, SymdpError, UnsupportedError
from ..numbers import exact
from ..central.pairs import FinitePair, GaussianPair, Pair, gaussian, laplace
from .api import Bracket, check_grid, check_rtol, delta_bracket, epsilon_bracket
from .calibrate import terminal_progress
from .compose import Limits

__all__ = ["CertifiedOpacusAccountant", "register_with_opacus", "float_up"]

#: A pair of the ledger, or None for a non-private step (ε = ∞, δ = 1).
Part = tuple[Hashable, "Pair | None", int]


def float_up(x: sympy.Expr) -> float:
    """The least float ≥ the exact value x (oo → inf): an upper end stays an upper end."""
    if x is sympy.oo:
        return math.inf
    value = float(x)
    return math.nextafter(value, math.inf) if sympy.Rational(value) < x else value


class Ledger:
    """The steps composed so far, as {key: (pair, count)}, and their certified brackets: `h` a
    fixed loss grid width (None: refined until the relative width is `rtol`)."""

    def __init__(self, rtol: object, limits: Limits, h: object = None):
        self.rtol, self.limits, self.h = rtol, limits, h
        self.parts: OrderedDict[Hashable, tuple[Pair, int]] = OrderedDict()
        self.non_private = False
        self._cache: dict[tuple, Bracket] = {}

    def add(self, parts: list[Part]) -> None:
        for key, pair, count in parts:
            if pair is None:
                self.non_private = True
            elif count:
                old = self.parts.get(key, (pair, 0))[1]
                self.parts[key] = (pair, old + count)

    def bracket(self, quantity: str, target: object) -> Bracket:
        """The certified bracket of ε(target δ) or δ(target ε) of everything composed."""
        t = exact(target, "delta" if quantity == "epsilon" else "epsilon")
        if self.non_private or not self.parts:
            return _trivial(quantity, self.non_private)
        key = (quantity, t, tuple((k, c) for k, (_, c) in self.parts.items()))
        if key not in self._cache:
            parts = _merge_gaussians(list(self.parts.values()))
            fn = epsilon_bracket if quantity == "epsilon" else delta_bracket
            with terminal_progress(f"symdp: certified {quantity}") as progress:
                bracket = fn(parts, None, t, self.rtol, h=self.h, limits=self.limits, progress=progress)
            self._cache = {key: bracket}  # keep only the last
        return self._cache[key]


def _merge_gaussians(parts: list[tuple[Pair, int]]) -> list[tuple[Pair, int]]:
    """The Gaussian parts (not subsampled) as one Gaussian step: composing N(0,1) vs N(μ_i,1)
    c_i times each is exactly N(0,1) vs N(μ,1) with μ² = Σ c_i μ_i² (Dong–Roth–Su, Corollary 2.3;
    Steinke, Corollary 10), so it costs one discretised step instead of Σ c_i."""
    gauss = [(p, c) for p, c in parts if isinstance(p, GaussianPair)]
    if len(gauss) <= 1 and all(c == 1 for _, c in gauss):
        return parts
    mu = sympy.sqrt(sum(c * p.mu ** 2 for p, c in gauss))
    return [(p, c) for p, c in parts if not isinstance(p, GaussianPair)] + [(GaussianPair(mu), 1)]


def _trivial(quantity: str, non_private: bool) -> Bracket:
    """Nothing composed: ε = 0 and δ = 0 exactly. A non-private step: the only certain bounds
    are ε ≤ ∞ and δ ≤ 1 (with the trivial lower ends)."""
    zero = sympy.Integer(0)
    upper = (sympy.oo if quantity == "epsilon" else sympy.Integer(1)) if non_private else zero
    return Bracket(quantity, zero, upper, zero, (zero, zero), 0, None, not non_private)


def _number(value: object, name: str) -> sympy.Expr:
    """An event's float parameter as the decimal it prints as (0.01 is 1/100)."""
    v = exact(value, name)
    if not v.is_Rational:
        raise ParameterError(f"{name} must be a finite real number, got {value!r}")
    return v


def _event_number(event: Any, value: object, name: str) -> sympy.Expr:
    """:func:`_number` for an event's field: an event this accountant cannot account (nan, inf, a
    string) is :class:`Unsupported`, so that ``supports`` answers False instead of raising."""
    try:
        return _number(value, name)
    except (SymdpError, TypeError, ValueError, ArithmeticError) as err:
        raise Unsupported(event, f"{type(event).__name__}: {err}") from None


# --------------------------------------------------------------------------------------------
# dp_accounting's events as symdp pairs


class Unsupported(Exception):
    """An event (or a subevent) this accountant does not certify, and why."""

    def __init__(self, event: object, reason: str):
        super().__init__(reason)
        self.event, self.reason = event, reason


def _rr_pair(p: sympy.Expr, k: int) -> FinitePair:
    """dp_accounting's randomized response (output the input w.p. 1 − p, a uniform bucket w.p. p)
    on two different inputs (replace-one): the two true buckets, and the k − 2 others merged into
    one outcome (their masses are equal under both inputs, so merging loses no information)."""
    hit, other = 1 - p + p / k, p / k
    rest = [(k - 2) * other] if k > 2 else []
    return FinitePair([hit, other, *rest], [other, hit, *rest])


def event_parts(event: Any, count: int, relation: Any, dp: Any) -> list[Part]:
    """The ledger parts of `count` applications of `event`, or raise :class:`Unsupported`.
    `dp` is the ``dp_accounting`` module, `relation` the accountant's neighbouring relation.
    Free of side effects, so it serves both ``supports`` (a dry run) and ``compose``."""
    ev, rel = dp.dp_event, dp.NeighboringRelation
    handler = _HANDLERS.get(type(event).__name__) if type(event).__module__ == ev.__name__ else None
    _count(event, count, "count")
    if handler is None:
        raise Unsupported(event, f"{type(event).__name__} is not certified by symdp (supported: "
                                 f"{', '.join(sorted(_HANDLERS))})")
    return handler(event, count, relation, dp, rel)


def _add_remove(event: Any, relation: Any, rel: Any) -> None:
    if relation != rel.ADD_OR_REMOVE_ONE:
        raise Unsupported(event, f"{type(event).__name__} is certified for ADD_OR_REMOVE_ONE neighbours only, "
                                 f"the accountant has {relation}")


def _gaussian(event, count, relation, dp, rel) -> list[Part]:
    _add_remove(event, relation, rel)
    sigma = _event_number(event, event.noise_multiplier, "noise_multiplier")
    if sigma < 0:
        raise Unsupported(event, "noise_multiplier must be ≥ 0")
    return [(("gaussian", sigma), None if sigma == 0 else gaussian(sigma), count)]


def _laplace(event, count, relation, dp, rel) -> list[Part]:
    _add_remove(event, relation, rel)
    b = _event_number(event, event.noise_multiplier, "noise_multiplier")
    if b < 0:
        raise Unsupported(event, "noise_multiplier must be ≥ 0")
    return [(("laplace", b), None if b == 0 else laplace(1 / b), count)]


def _poisson(event, count, relation, dp, rel) -> list[Part]:
    _add_remove(event, relation, rel)
    q = _event_number(event, event.sampling_probability, "sampling_probability")
    if not 0 <= q <= 1:
        raise Unsupported(event, "sampling_probability must be in [0, 1]")
    inner = type(event.event).__name__
    if inner not in ("GaussianDpEvent", "LaplaceDpEvent"):
        raise Unsupported(event, f"the subevent of PoissonSampledDpEvent must be GaussianDpEvent or LaplaceDpEvent, "
                                 f"got {inner}")
    (key, pair, _), = _HANDLERS[inner](event.event, count, relation, dp, rel)
    if q == 0:
        return []
    if pair is None or q == 1:
        return [(key, pair, count)]
    return [(("poisson", q, key), pair.subsample(q), count)]


def _randomized_response(event, count, relation, dp, rel) -> list[Part]:
    if relation != rel.REPLACE_ONE:
        raise Unsupported(event, f"RandomizedResponseDpEvent is certified for REPLACE_ONE neighbours only, "
                                 f"the accountant has {relation}")
    p, k = _event_number(event, event.noise_parameter, "noise_parameter"), event.num_buckets
    if not 0 <= p <= 1 or not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise Unsupported(event, "noise_parameter must be in [0, 1] and num_buckets an integer ≥ 1")
    if k == 1:
        return []
    return [(("rr", p, k), None if p == 0 else _rr_pair(p, k), count)]


def _self_composed(event, count, relation, dp, rel) -> list[Part]:
    _count(event, event.count, "SelfComposedDpEvent.count")
    return event_parts(event.event, count * event.count, relation, dp)


def _count(event: Any, count: object, name: str) -> int:
    """A composition count: an integer ≥ 0 (dp_accounting's own accountants ask the same)."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise Unsupported(event, f"{name} must be an integer ≥ 0, got {count!r}")
    return count


def _composed(event, count, relation, dp, rel) -> list[Part]:
    return [part for e in event.events for part in event_parts(e, count, relation, dp)]


_HANDLERS: dict[str, Callable[..., list[Part]]] = {
    "NoOpDpEvent": lambda event, count, relation, dp, rel: [],
    "NonPrivateDpEvent": lambda event, count, relation, dp, rel: [(("non-private",), None, count)],
    "GaussianDpEvent": _gaussian,
    "LaplaceDpEvent": _laplace,
    "PoissonSampledDpEvent": _poisson,
    "RandomizedResponseDpEvent": _randomized_response,
    "SelfComposedDpEvent": _self_composed,
    "ComposedDpEvent": _composed,
}


def _dp_accounting():
    try:
        import dp_accounting
    except ImportError:
        raise MissingExtraError("CertifiedAccountant needs dp_accounting, from the extra 'accountants': "
                                "pip install 'symdp[accountants]'") from None
    return dp_accounting


def _certified_accountant_class() -> type:
    """dp_accounting's PrivacyAccountant, certified (built once dp_accounting is importable)."""
    dp = _dp_accounting()
    base = dp.PrivacyAccountant

    class CertifiedAccountant(base):
        """A ``dp_accounting.PrivacyAccountant`` whose ``get_epsilon``/``get_delta`` are the upper
        ends of certified brackets (floats rounded up); ``epsilon_bracket(delta)`` and
        ``delta_bracket(epsilon)`` give the brackets.

        The positional arguments are ``PLDAccountant``'s: `neighboring_relation` and
        `value_discretization_interval`, the width of the privacy-loss grid (a fixed grid, as
        there; None, the default, refines the grid until the bracket's relative width is `rtol`).
        `rtol` and `limits` (the time and memory of one evaluation) are keyword-only."""

        def __init__(self, neighboring_relation: Any = dp.NeighboringRelation.ADD_OR_REMOVE_ONE,
                     value_discretization_interval: object = None, *, rtol: object = sympy.Rational(1, 100),
                     limits: Limits = Limits()):
            if not isinstance(neighboring_relation, dp.NeighboringRelation):
                raise ParameterError("neighboring_relation must be a dp_accounting.NeighboringRelation "
                                     f"(as for PLDAccountant), got {neighboring_relation!r}")
            try:
                h = check_grid(value_discretization_interval)
            except ParameterError:
                raise ParameterError("value_discretization_interval must be None (refine to rtol) or a "
                                     f"rational in (0, 1/4], got {value_discretization_interval!r}") from None
            check_rtol(rtol)
            if not isinstance(limits, Limits):
                raise ParameterError(f"limits must be a symdp.accounting.Limits, got {limits!r}")
            super().__init__(neighboring_relation)
            self._book = Ledger(rtol, limits, h)

        def _maybe_compose(self, event: Any, count: int, do_compose: bool) -> Any:
            try:
                parts = event_parts(event, count, self.neighboring_relation, dp)
            except Unsupported as why:
                return base.CompositionErrorDetails(invalid_event=why.event, error_message=why.reason)
            if do_compose:
                self._book.add(parts)
            return None

        def epsilon_bracket(self, target_delta: object) -> Bracket:
            """The certified ε(δ) bracket of everything composed."""
            return self._book.bracket("epsilon", target_delta)

        def delta_bracket(self, target_epsilon: object) -> Bracket:
            """The certified δ(ε) bracket of everything composed."""
            return self._book.bracket("delta", target_epsilon)

        def get_epsilon(self, target_delta: float) -> float:
            """The certified upper end of ε(target_delta), rounded up to a float."""
            return float_up(self.epsilon_bracket(target_delta).upper)

        def get_delta(self, target_epsilon: float) -> float:
            """The certified upper end of δ(target_epsilon), rounded up to a float."""
            return float_up(self.delta_bracket(target_epsilon).upper)

    CertifiedAccountant.__module__ = __name__
    return CertifiedAccountant


_built: dict[str, type] = {}


def __getattr__(name: str) -> Any:
    """``CertifiedAccountant`` is built on first access: it subclasses an optional dependency."""
    if name == "CertifiedAccountant":
        if name not in _built:
            _built[name] = _certified_accountant_class()
        return _built[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# --------------------------------------------------------------------------------------------
# Opacus


class CertifiedOpacusAccountant:
    """Opacus's accountant interface (``opacus.accountants.IAccountant``), certified: ``history``
    is Opacus's list of (noise_multiplier, sample_rate, steps), ``get_epsilon(delta)`` the upper
    end of the certified bracket of the Poisson-subsampled Gaussian steps in it (a float rounded
    up), ``epsilon_bracket(delta)`` the bracket, ``len()`` the number of steps taken."""

    def __init__(self, *, rtol: object = sympy.Rational(1, 100), limits: Limits = Limits()):
        check_rtol(rtol)
        self.history: list[tuple[float, float, int]] = []
        self.rtol, self.limits = rtol, limits
        self._ledger_key: tuple | None = None
        self._ledger: Ledger | None = None

    @classmethod
    def mechanism(cls) -> str:
        return "symdp"

    def step(self, *, noise_multiplier: float, sample_rate: float) -> None:
        """One optimiser step; consecutive equal steps share one history entry (as Opacus does)."""
        if self.history and self.history[-1][:2] == (noise_multiplier, sample_rate):
            self.history[-1] = (noise_multiplier, sample_rate, self.history[-1][2] + 1)
        else:
            self.history.append((noise_multiplier, sample_rate, 1))

    def __len__(self) -> int:
        """The number of steps taken (what IAccountant documents)."""
        return sum(int(n) for _, _, n in self.history)

    def _book(self) -> Ledger:
        """The ledger of the current history (Opacus code assigns ``history`` directly)."""
        key = tuple(self.history)
        if key != self._ledger_key:
            ledger = Ledger(self.rtol, self.limits)
            for sigma, q, n in self.history:
                s, r = _number(sigma, "noise_multiplier"), _number(q, "sample_rate")
                if s < 0 or not 0 <= r <= 1 or not isinstance(n, int) or n < 0:
                    raise ParameterError(f"a history entry must be (noise_multiplier ≥ 0, sample_rate in [0, 1], "
                                         f"steps ≥ 0), got {(sigma, q, n)!r}")
                if r == 0 or n == 0:
                    continue
                pair = None if s == 0 else gaussian(s) if r == 1 else gaussian(s).subsample(r)
                ledger.add([(("dpsgd", s, r), pair, n)])
            self._ledger_key, self._ledger = key, ledger
        return self._ledger

    def epsilon_bracket(self, delta: object) -> Bracket:
        """The certified ε(δ) bracket of the steps in ``history``."""
        return self._book().bracket("epsilon", delta)

    def get_epsilon(self, delta: float, *args: Any, **kwargs: Any) -> float:
        """The certified upper end of ε(δ), rounded up to a float. Other accountants' tuning
        arguments (``eps_error``, ``alphas``, …) are accepted and have no effect: the answer is
        a bound, whatever they say."""
        return float_up(self.epsilon_bracket(delta).upper)

    def get_optimizer_hook_fn(self, sample_rate: float) -> Callable[[Any], None]:
        """The hook Opacus's PrivacyEngine attaches to its DPOptimizer: one step per optimiser
        step, at the sample rate times the accumulated iterations (as Opacus's own accountants)."""
        def hook_fn(optim: Any) -> None:
            self.step(noise_multiplier=optim.noise_multiplier,
                      sample_rate=sample_rate * optim.accumulated_iterations)
        return hook_fn

    def state_dict(self, destination: dict | None = None) -> dict:
        destination = OrderedDict() if destination is None else destination
        destination["history"] = list(self.history)
        destination["mechanism"] = self.mechanism()
        return destination

    def load_state_dict(self, state_dict: dict) -> None:
        if not state_dict or "history" not in state_dict or state_dict.get("mechanism") != self.mechanism():
            raise ParameterError(f"state_dict must hold 'history' and mechanism {self.mechanism()!r}, "
                                 f"got keys {sorted(state_dict or {})}")
        self.history = list(state_dict["history"])


def register_with_opacus() -> None:
    """Register :class:`CertifiedOpacusAccountant` in Opacus's accountant registry under its
    mechanism name, so that ``PrivacyEngine(accountant="symdp")`` (and
    ``make_private_with_epsilon``, which builds a fresh accountant by that name) use it."""
    try:
        import opacus.accountants as accountants
    except ImportError:
        raise MissingExtraError("register_with_opacus needs opacus, from the extra 'compare': "
                                "pip install 'symdp[compare]'") from None
    # the registry moved from opacus.accountants into opacus.accountants.registry
    try:
        from opacus.accountants.registry import register_accountant
    except ImportError:
        register_accountant = getattr(accountants, "register_accountant", None)
    if register_accountant is None:
        raise UnsupportedError("this Opacus has no accountant registry: set engine.accountant = "
                               "CertifiedOpacusAccountant() after creating the PrivacyEngine")
    try:  # a second registration (the README's block, then a test, in one process) is not an error
        register_accountant(CertifiedOpacusAccountant.mechanism(), CertifiedOpacusAccountant, force=True)
    except TypeError:  # an Opacus whose register_accountant has no `force`
        register_accountant(CertifiedOpacusAccountant.mechanism(), CertifiedOpacusAccountant)
