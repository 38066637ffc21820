"""A domain in machine-readable form: where a paper states a result, and where a proof covers it.

A domain is a list of *items*, read as their conjunction:

- **relations** over real parameters (sympy relations or And/Or/Not of them, exact): ``eps > 0``;
- **typed items** for what is not a set of reals, each naming its objects and parameters:

  ========================================== ==============================================================
  ``Laws("P", "Q", k=None)``                 P, Q are probability laws on one space (an alphabet of k
                                             symbols when `k` is given; any measurable space otherwise)
  ``ProbabilityVector("P", k)``              P is a probability vector on k symbols (``Laws("P", k=k)``)
  ``SameSupport("P", "Q")``                  P, Q are probability laws with the same support
  ``DPPair("P", "Q", eps, delta=0)``         P(A) ≤ e^ε Q(A) + δ and Q(A) ≤ e^ε P(A) + δ for every event A
  ``Channel("K", k=None, l=None)``           K is a channel (Markov kernel) from k inputs to l outputs
  ``LDPChannel("K", eps, delta=0, …)``       K is an (ε, δ)-LDP channel, k × l (``k=``, ``l=``)
  ``DPMechanism("M", eps, delta=0)``         M is an (ε, δ)-differentially private mechanism
  ``ZCDPMechanism("M", rho)``                M is a ρ-zCDP mechanism
  ``ConvexF("f")``                           f: (0, ∞) → ℝ is convex with f(1) = 0
  ``Sublinear("mu")``                        μ: ℝ^k₊ → ℝ is sublinear (μ(γx) = γμ(x) for γ ≥ 0, μ(x + y) ≤ μ(x) + μ(y))
  ``Integer("k", lo=None, hi=None)``         k is an integer, lo ≤ k ≤ hi where given
  ``Points((x, y), [(1, 2), …])``            the parameters take one of the listed (exact) values
  ``CILMIDPMechanism("M", mu)``              M is μ-CI-LMIDP: sup over input laws P_X of I(X; M(X)) ≤ μ bits
  ``RDPMechanism("M", alpha, eps)``          M is (α, ε)-RDP (None: any order / some ε(α), a curve)
  ``ExtendedOrder("alpha", lo)``             α ∈ [lo, ∞], ∞ included (entails no relation over the reals)
  ``AbsolutelyContinuous("P", "Q")``         P, Q are probability laws with P ≪ Q (ordered)
  ``ConvexUtility("U")``                     U is a convex utility of the mechanism that satisfies Kairouz–Oh–
                                             Viswanath's Assumption 1 (an all-zero output column adds nothing)
  ``DPIUtility("U")``                        U is a utility of the mechanism that obeys the data-processing
                                             inequality: U(Q·W) ≤ U(Q) for every channel W
  ``LDPCurveMechanism("M", "delta")``        M is (ε, δ(ε))-LDP for every ε > 0, δ a function named "delta"
  ``LIPCurveMechanism("M", "P_X", "delta")`` M is (ε, δ(ε))-LIP for the data law P_X for every ε > 0
  ``PrivacyLoss("Z", "P", "Q", k=None)``     Z is the privacy loss of P with respect to Q: P_i = e^{Z_i} Q_i for every i
                                             (of 1..k when given)
  ``DPOutcomes("p", "q", "eps", k)``         p_j, q_j (j ≤ k): an output's probabilities under k mechanisms, each ε_j-DP
  ``ZCDPMoments("g", "rho", t, k)``          g_j = E[e^{tZ_j}] (j ≤ k) of k mechanisms, each ρ_j-zCDP: g_j ≤ e^{t(t+1)ρ_j}
  ``ZCDPLaws("P", "Q", "Z", rho, t, k=)``    laws of a ρ-zCDP mechanism, Z their loss: Σ e^{tZ_i} P_i ≤ e^{t(t+1)ρ}
  ``RDPLaws("P", "Q", "Z", a, eps, k=)``     laws of an (α, ε)-RDP mechanism: Σ e^{(α−1)Z_i} P_i ≤ e^{(α−1)ε}
  ========================================== ==============================================================

  A parameter is a sympy expression, a number, or a name (``"k"``: the symbol of that name; a
  size k or ℓ given by name is a positive integer). ``None`` leaves a parameter free: ``Channel("K")``
  is every channel of every size.

**Inclusion** ("the proof covers the paper's domain", proved ⊇ stated) holds when every item of
the proved domain is implied by the stated one. :func:`requirements` reduces that to relations:

- a relation, an ``Integer`` or a ``Points`` item of the proof is a relation the stated domain must
  imply (with the integrality of the integers it declares);
- a typed item of the proof must follow *structurally* from one typed item of the paper about the
  same objects: the same kind, or a narrower kind (an LDP channel is a channel; laws with the same
  support, or an (ε, δ)-pair, are laws on one space), with each parameter the proof fixes related to
  the paper's by its order: sizes equal, privacy parameters ε, δ, ρ at least the paper's (a
  mechanism that is ε-DP is ε′-DP for every ε′ ≥ ε), bounds of an integer at least as wide;
- the stated domain contributes as premises its relations, its integers and points, and what each of
  its typed items entails (an (ε, δ)-LDP channel has ε ≥ 0 and 0 ≤ δ ≤ 1; sizes are integers ≥ 1).

The side relations are then decided by :func:`symdp.verify.status.domain_coverage` (syntactically
among the premises, or by z3). Words decide nothing: a domain given only in words is not recorded.
"""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

import sympy

from ..errors import ParameterError

#: A parameter's order between the paper's value s and the proof's value p for the proof to cover
#: the paper: EQ p = s; UP p ≥ s (a larger privacy parameter is a weaker hypothesis).
EQ, UP = "eq", "up"


def _param(value: object, name: str, size: bool = False) -> sympy.Expr | None:
    if value is None:
        return None
    if isinstance(value, str):
        if not value.strip() or not value.strip().isidentifier():
            raise ParameterError(f"{name} must be a sympy expression, a number or a parameter's name such as 'k', "
                                 f"got {value!r}")
        return sympy.Symbol(value.strip(), integer=True, positive=True) if size else sympy.Symbol(value.strip())
    if isinstance(value, (float, bool)):
        raise ParameterError(f"{name} must be exact (a float reads its binary value), got {value!r}")
    try:
        expr = sympy.sympify(value, strict=True)
    except (sympy.SympifyError, TypeError):
        raise ParameterError(f"{name} must be a sympy expression, a number or a parameter's name, got {value!r}") \
            from None
    if not isinstance(expr, sympy.Expr) or expr.has(sympy.Float):
        raise ParameterError(f"{name} must be an exact sympy expression, got {value!r}")
    if size and expr.is_number and not (expr.is_integer and expr >= 1):
        raise ParameterError(f"{name} must be an integer ≥ 1 (a size), got {value!r}")
    return expr


def _object(name: object, what: str) -> str:
    text = str(name).strip() if isinstance(name, (str, sympy.Symbol)) else ""
    if not text:
        raise ParameterError(f"{what} must be named by a non-empty string such as 'K', got {name!r}")
    return text


def show(condition: sympy.Basic) -> str:
    """A relation in the report's notation (``ε ≥ 0``, ``k ≠ 1``)."""
    from .goals import _show
    return _show(condition)


class Typed:
    """A typed item of a domain: objects (names) of one kind, and parameters (sympy expressions,
    None where free). Subclasses set ``kind``, ``orders`` (each parameter's :data:`EQ`/:data:`UP`),
    ``narrows`` (the kinds an item of this kind also is, with the parameters they share),
    ``symmetric`` (the objects are a set, not a sequence) and ``phrase``."""

    kind = ""
    orders: Mapping[str, str] = {}
    sizes: tuple[str, ...] = ()
    narrows: Mapping[str, tuple[str, ...]] = {}
    symmetric = False
    phrase = ""

    def __init__(self, objects: Sequence[object], **params: object) -> None:
        self.objects = tuple(_object(o, f"{type(self).__name__}'s objects") for o in objects)
        if len(set(self.objects)) != len(self.objects):
            raise ParameterError(f"{type(self).__name__} names an object twice: {self.objects}")
        unknown = set(params) - set(self.orders)
        if unknown:
            raise ParameterError(f"{type(self).__name__} takes the parameters {', '.join(self.orders)}, got {sorted(unknown)}")
        self.params = {p: _param(params.get(p), f"{type(self).__name__}'s {p}", p in self.sizes) for p in self.orders}

    def _key(self) -> tuple:
        objects = tuple(sorted(self.objects)) if self.symmetric else self.objects
        return self.kind, objects, tuple((p, sympy.srepr(v) if v is not None else None) for p, v in self.params.items())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Typed) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.text()!r})"

    def facts(self) -> list[sympy.Basic]:
        """Relations every item of this kind satisfies (premises when the item is the paper's):
        a size is at least 1 (a size given by name is a positive integer symbol, whose assumptions
        say so: :func:`conditions` declares it)."""
        out = [sympy.Ge(v, 1) for v in (self.params[p] for p in self.sizes) if v is not None]
        return [r for r in out if r is not sympy.true]

    def declared(self) -> list[sympy.Symbol]:
        """The symbols whose assumptions are part of this item (sizes named by a symbol)."""
        return [v for v in (self.params[p] for p in self.sizes) if isinstance(v, sympy.Symbol)]

    def text(self) -> str:
        shown = {p: ("·" if v is None else sympy.sstr(v)) for p, v in self.params.items()}
        return f"{', '.join(self.objects)}: " + self.phrase.format(**shown)

    def to_json(self) -> dict:
        return {"kind": self.kind, "objects": list(self.objects),
                "params": {p: (None if v is None else sympy.srepr(v)) for p, v in self.params.items()},
                "text": self.text()}

    def covers(self, proved: "Typed") -> list[sympy.Basic] | None:
        """The relations under which this (paper's) item implies the `proved` item, or None when it
        cannot (another kind it does not narrow to, other objects, a parameter the paper leaves free
        that the proof fixes)."""
        shared = self.orders if proved.kind == self.kind else None
        if shared is None:
            names = self.narrows.get(proved.kind)
            if names is None:
                return None
            shared = {p: proved.orders[p] for p in names}
        if proved.symmetric or self.symmetric:
            if not set(proved.objects) <= set(self.objects):
                return None
        elif proved.objects != self.objects:
            return None
        side = []
        for p, v in proved.params.items():
            if v is None:
                continue
            mine = self.params.get(p) if p in shared else None
            if mine is None:
                return None
            side.append(sympy.Eq(v, mine) if shared[p] == EQ else sympy.Ge(v, mine))
        return side


class Laws(Typed):
    kind, orders, sizes, symmetric = "laws", {"k": EQ}, ("k",), True

    def __init__(self, *names: object, k: object = None) -> None:
        if not names:
            raise ParameterError("Laws needs the names of the laws, e.g. Laws('P', 'Q')")
        super().__init__(names, k=k)

    def text(self) -> str:
        k = self.params["k"]
        where = "one measurable space" if k is None else f"one alphabet of {sympy.sstr(k)} symbols"
        what = "a probability law" if len(self.objects) == 1 else "probability laws"
        return f"{', '.join(self.objects)}: {what} on {where}"


def ProbabilityVector(name: object, k: object = None) -> Laws:  # noqa: N802 (reads as the vocabulary's noun)
    """`name` is a probability vector on `k` symbols: ``Laws(name, k=k)``."""
    return Laws(name, k=k)


class SameSupport(Typed):
    kind, symmetric, narrows = "same_support", True, {"laws": ()}
    phrase = "probability laws with the same support"

    def __init__(self, p: object, q: object) -> None:
        super().__init__((p, q))


class DPPair(Typed):
    kind, symmetric, narrows = "dp_pair", True, {"laws": ()}
    orders = {"eps": UP, "delta": UP}
    phrase = "an ({eps}, {delta})-indistinguishable pair (P(A) ≤ e^ε Q(A) + δ both ways)"

    def __init__(self, p: object, q: object, eps: object, delta: object = 0) -> None:
        super().__init__((p, q), eps=eps, delta=delta)

    def facts(self) -> list[sympy.Basic]:
        return _privacy_facts(self.params)


class Channel(Typed):
    kind, orders, sizes = "channel", {"k": EQ, "l": EQ}, ("k", "l")
    phrase = "a channel (Markov kernel), {k} inputs × {l} outputs"

    def __init__(self, name: object, k: object = None, l: object = None) -> None:  # noqa: E741 (the paper's ℓ)
        super().__init__((name,), k=k, l=l)


class LDPChannel(Typed):
    kind, orders, sizes = "ldp_channel", {"eps": UP, "delta": UP, "k": EQ, "l": EQ}, ("k", "l")
    narrows = {"channel": ("k", "l")}
    phrase = "an ({eps}, {delta})-LDP channel, {k} inputs × {l} outputs"

    def __init__(self, name: object, eps: object, delta: object = 0, *, k: object = None,
                 l: object = None) -> None:  # noqa: E741 (the paper's ℓ)
        super().__init__((name,), eps=eps, delta=delta, k=k, l=l)

    def facts(self) -> list[sympy.Basic]:
        return _privacy_facts(self.params) + super().facts()


class DPMechanism(Typed):
    kind, orders = "dp_mechanism", {"eps": UP, "delta": UP}
    phrase = "an ({eps}, {delta})-differentially private mechanism"

    def __init__(self, name: object, eps: object, delta: object = 0) -> None:
        super().__init__((name,), eps=eps, delta=delta)

    def facts(self) -> list[sympy.Basic]:
        return _privacy_facts(self.params)


class ZCDPMechanism(Typed):
    kind, orders = "zcdp_mechanism", {"rho": UP}
    phrase = "a {rho}-zCDP mechanism"

    def __init__(self, name: object, rho: object) -> None:
        super().__init__((name,), rho=rho)

    def facts(self) -> list[sympy.Basic]:
        return _nonnegative([self.params["rho"]])


class ConvexF(Typed):
    kind = "convex_f"
    phrase = "a convex function on (0, ∞) with f(1) = 0"

    def __init__(self, name: object) -> None:
        super().__init__((name,))


class Sublinear(Typed):
    kind = "sublinear"
    phrase = "a sublinear function on ℝ^k₊ (positively homogeneous, subadditive)"

    def __init__(self, name: object) -> None:
        super().__init__((name,))


def _nonnegative(values: Iterable[sympy.Expr | None]) -> list[sympy.Basic]:
    out = [sympy.Ge(v, 0) for v in values if v is not None]
    return [r for r in out if r is not sympy.true]


def _privacy_facts(params: Mapping[str, sympy.Expr | None]) -> list[sympy.Basic]:
    """ε ≥ 0 and 0 ≤ δ ≤ 1 (where given)."""
    delta = params.get("delta")
    at_most_one = [] if delta is None or sympy.Le(delta, 1) is sympy.true else [sympy.Le(delta, 1)]
    return _nonnegative([params.get("eps"), delta]) + at_most_one


class Integer(Typed):
    """`name` is an integer with lo ≤ name ≤ hi where given. Its conditions are relations over the
    integer symbol of that name (z3 reads them with the integrality)."""

    kind, orders = "integer", {"lo": EQ, "hi": EQ}

    def __init__(self, name: object, lo: object = None, hi: object = None) -> None:
        super().__init__((name,), lo=lo, hi=hi)

    @property
    def symbol(self) -> sympy.Symbol:
        return sympy.Symbol(self.objects[0], integer=True)

    def relations(self) -> list[sympy.Basic]:
        lo, hi = self.params["lo"], self.params["hi"]
        return ([] if lo is None else [sympy.Ge(self.symbol, lo)]) + ([] if hi is None else [sympy.Le(self.symbol, hi)])

    def text(self) -> str:
        lo, hi = self.params["lo"], self.params["hi"]
        bounds = " ≤ ".join([*([sympy.sstr(lo)] if lo is not None else []), self.objects[0],
                             *([sympy.sstr(hi)] if hi is not None else [])])
        return f"{self.objects[0]} ∈ ℤ" + (f", {bounds}" if lo is not None or hi is not None else "")


class Points(Typed):
    """The parameters `names` take one of the listed exact values (a claim checked or stated at
    finitely many points)."""

    kind = "points"

    def __init__(self, names: Sequence[object], points: Sequence[Sequence[object]]) -> None:
        names = [names] if isinstance(names, (str, sympy.Symbol)) else list(names)
        self.variables = tuple(n if isinstance(n, sympy.Symbol) else sympy.Symbol(_object(n, "Points' names"))
                               for n in names)
        super().__init__([str(v) for v in self.variables])
        rows = []
        for point in points:
            point = [point] if not isinstance(point, (list, tuple)) else list(point)
            if len(point) != len(self.variables):
                raise ParameterError(f"each point must give {len(self.variables)} values ({', '.join(self.objects)}), "
                                     f"got {point!r}")
            rows.append(tuple(_param(v, "a point's value") for v in point))
        if not rows:
            raise ParameterError("Points needs at least one point")
        self.points = tuple(dict.fromkeys(rows))

    def _key(self) -> tuple:
        return self.kind, tuple(sympy.srepr(v) for v in self.variables), tuple(
            tuple(sympy.srepr(v) for v in row) for row in self.points)

    def relations(self) -> list[sympy.Basic]:
        return [sympy.Or(*[sympy.And(*[sympy.Eq(v, x) for v, x in zip(self.variables, row)]) for row in self.points])]

    def text(self) -> str:
        shown = "; ".join("(" + ", ".join(sympy.sstr(x) for x in row) + ")" for row in self.points)
        return f"({', '.join(self.objects)}) ∈ {{{shown}}}"

    def to_json(self) -> dict:
        return {"kind": self.kind, "objects": [sympy.srepr(v) for v in self.variables],
                "points": [[sympy.srepr(x) for x in row] for row in self.points], "text": self.text()}


class CILMIDPMechanism(Typed):
    """M is μ-CI-LMIDP (Ngo–Östman–Graell i Amat, Definition 1): sup over the input laws of I(X; M(X)) ≤ μ bits.
    A mechanism is a channel (Markov kernel); a μ-CI-LMIDP mechanism is μ'-CI-LMIDP for every μ' ≥ μ (UP)."""

    kind, orders, narrows = "ci_lmidp_mechanism", {"mu": UP}, {"channel": ()}
    phrase = "a {mu}-CI-LMIDP mechanism (sup over input laws of I(X; M(X)) ≤ {mu} bits)"

    def __init__(self, name: object, mu: object) -> None:
        super().__init__((name,), mu=mu)

    def facts(self) -> list[sympy.Basic]:
        return _nonnegative([self.params["mu"]])


class RDPMechanism(Typed):
    """M is (α, ε)-RDP (Mironov; Steinke, Definition 30): D_α(M(x)‖M(x')) ≤ ε for neighbouring x, x'. A parameter left
    free (None) is any value: ``RDPMechanism("M")`` is a mechanism with some RDP curve α ↦ ε(α), as Steinke's Theorem 34
    assumes. An (α, ε)-RDP mechanism is (α, ε')-RDP for every ε' ≥ ε (UP); the order α is the same (EQ)."""

    kind, orders = "rdp_mechanism", {"alpha": EQ, "eps": UP}
    phrase = "an ({alpha}, {eps})-RDP mechanism"

    def __init__(self, name: object, alpha: object = None, eps: object = None) -> None:
        super().__init__((name,), alpha=alpha, eps=eps)

    def facts(self) -> list[sympy.Basic]:
        alpha = self.params["alpha"]
        out = [] if alpha is None else [sympy.Gt(alpha, 1)]
        return [r for r in out if r is not sympy.true]


class ExtendedOrder(Typed):
    """The order `name` ranges over [lo, ∞] of the extended reals, ∞ included (Rényi divergences of order ∞: Steinke,
    Lemma 33, "for all α ∈ [1, ∞]"). ∞ is no real number, so the item entails no relation (a relation α ≥ lo says nothing
    at α = ∞): only an ExtendedOrder item of the proof with the same lower end covers it, and a proof over the reals
    (α ≥ lo as a relation) is restricted against it."""

    kind, orders = "extended_order", {"lo": EQ}

    def __init__(self, name: object, lo: object) -> None:
        super().__init__((name,), lo=lo)
        if self.params["lo"] is None:
            raise ParameterError("ExtendedOrder needs its lower end lo, e.g. ExtendedOrder('alpha', 1)")

    def text(self) -> str:
        return f"{self.objects[0]} ∈ [{sympy.sstr(self.params['lo'])}, ∞] (∞ included)"


class AbsolutelyContinuous(Typed):
    """P is absolutely continuous with respect to Q (P ≪ Q: Q(S) = 0 ⇒ P(S) = 0), so the Radon–Nikodym derivative P/Q
    exists (Steinke, Definition 32 and Lemma 33). Ordered: P ≪ Q is not Q ≪ P. Laws with the same support are mutually
    absolutely continuous, but a paper's P ≪ Q is wider than a proof's same support: only this kind (or plain laws, which it
    narrows to) covers it."""

    kind, narrows = "absolutely_continuous", {"laws": ()}
    phrase = "probability laws with P ≪ Q (absolutely continuous)"

    def __init__(self, p: object, q: object) -> None:
        super().__init__((p, q))

    def text(self) -> str:
        return f"{self.objects[0]} ≪ {self.objects[1]}: probability laws, the first absolutely continuous with respect to the second"


class LDPCurveMechanism(Typed):
    """M satisfies (ε, δ(ε))-LDP for every ε > 0 (Ngo–Östman–Graell i Amat, Theorem 1(b)): one hypothesis
    about the whole curve δ: (0, ∞) → [0, 1], not about one ε (a domain's ε would be one point of it).
    The curve is a function, named: two items agree only on the same mechanism and the same curve (EQ;
    nothing orders two functions here). A mechanism is a channel (Markov kernel)."""

    kind, orders, narrows = "ldp_curve_mechanism", {"delta": EQ}, {"channel": ()}
    phrase = "a mechanism that is (ε, {delta}(ε))-LDP for every ε > 0 ({delta}: (0, ∞) → [0, 1])"

    def __init__(self, name: object, delta: object) -> None:
        super().__init__((name,), delta=_curve(delta))


class LIPCurveMechanism(Typed):
    """M satisfies (ε, δ(ε))-LIP for the data law P_X for every ε > 0 (Ngo–Östman–Graell i Amat,
    Definition 4 and Theorem 2(b)): objects M and P_X (in this order), the curve δ named as in
    :class:`LDPCurveMechanism`. LIP depends on P_X, so the item does not narrow to a plain channel."""

    kind, orders = "lip_curve_mechanism", {"delta": EQ}
    phrase = "a mechanism and a data law; the mechanism is (ε, {delta}(ε))-LIP for that law for every ε > 0"

    def __init__(self, name: object, law: object, delta: object) -> None:
        super().__init__((name, law), delta=_curve(delta))


def _curve(delta: object) -> object:
    """A curve is given by its name ('delta'): a function, not an expression in the domain's reals."""
    if not isinstance(delta, str):
        raise ParameterError(f"a privacy curve must be named by a string such as 'delta', got {delta!r}")
    return delta


class PrivacyLoss(Typed):
    """Z is the privacy loss of P with respect to Q (Steinke, "Composition of differential privacy & privacy
    amplification by subsampling", Definition 2: Z = f_{P‖Q}(Y) = log(P(Y)/Q(Y))), by its defining property on the laws'
    alphabet: ``Every(Eq(P[i], exp(Z[i])*Q[i]), i)`` — P_i = e^{Z_i}·Q_i at every point i (the only relation the item
    states; :meth:`symdp.verify.covering.Premises.entails` accepts exactly that one, literally, Z, P, Q at one index).
    Objects Z, P, Q in this order (the loss of Q with respect to P is another item). It states nothing else: that P, Q
    are laws, their supports or P ≪ Q, bounds on Z are other items or relations; so it narrows to no other kind, and only
    an item naming the same Z, P, Q in the same order covers it (or is covered by it). With `k` given, the points are
    1..k (an alphabet of k symbols, or the outputs of k mechanisms: Steinke, Theorem 9); a premise over a range is
    entailed only inside the alphabet of P (a law's k) or this k."""

    kind, orders, sizes = "privacy_loss", {"k": EQ}, ("k",)

    def __init__(self, z: object, p: object, q: object, k: object = None) -> None:
        super().__init__((z, p, q), k=k)

    def text(self) -> str:
        z, p, q = self.objects
        k = self.params.get("k")
        where = "at every point i" if k is None else f"at every point i of 1..{sympy.sstr(k)}"
        return f"{z} is the privacy loss of {p} with respect to {q}: {p}_i = e^({z}_i)·{q}_i {where}"


_KINDS = {cls.kind: cls for cls in (Laws, SameSupport, DPPair, Channel, LDPChannel, DPMechanism, ZCDPMechanism,
                                    ConvexF, Sublinear, Integer, Points, CILMIDPMechanism, RDPMechanism, ExtendedOrder,
                                    AbsolutelyContinuous, LDPCurveMechanism, LIPCurveMechanism, PrivacyLoss)}
#: The typed items' kinds, for the report and the docs.
VOCABULARY = tuple(_KINDS)

def items(domain: object, name: str = "domain") -> tuple | None:
    """`domain` checked: a sequence of relations and typed items (one item alone is accepted);
    None stays None. Words are refused here: they go to ``stated_domain`` (display only)."""
    from .facts import relations

    if domain is None:
        return None
    if isinstance(domain, (sympy.Basic, Typed)):
        domain = [domain]
    if isinstance(domain, (str, bytes)) or not isinstance(domain, Iterable):
        raise ParameterError(f"{name} must be a list of sympy relations and typed items (symdp.verify.domains), "
                             f"got {domain!r}")
    out = []
    for item in domain:
        if isinstance(item, Typed):
            out.append(item)
        elif isinstance(item, str):
            raise ParameterError(f"{name} holds relations and typed items, not words ({item!r}): words decide "
                                 "nothing; give them as stated_domain='...' for the reader")
        else:
            out.extend(relations([item], name))
    return tuple(dict.fromkeys(out))


def text(domain: Sequence | None) -> str | None:
    """The domain in words for the reader: its items' texts joined by '; '."""
    if domain is None:
        return None
    return "; ".join(show(i) if not isinstance(i, Typed) else i.text() for i in domain) or "no hypotheses"


def to_json(domain: Sequence | None) -> list | None:
    """Each item as JSON: ``{"kind": "relation", "srepr", "text"}`` or the typed item's
    ``{"kind", "objects", "params" | "points", "text"}``; None stays None."""
    if domain is None:
        return None
    return [i.to_json() if isinstance(i, Typed) else {"kind": "relation", "srepr": sympy.srepr(i), "text": show(i)}
            for i in domain]


def from_json(obj: Sequence | None) -> tuple | None:
    """The items :func:`to_json` wrote, read without eval (a report is a file anyone may hand
    over); raises ValueError on anything else."""
    from .recheck import parse_expression

    if obj is None:
        return None
    if not isinstance(obj, list):
        raise ValueError(f"a domain must be a list of items, got {type(obj).__name__}")
    out = []
    for entry in obj:
        if not isinstance(entry, Mapping) or entry.get("kind") not in ("relation", *_KINDS):
            raise ValueError(f"not a domain item this version reads: {str(entry)[:80]}")
        kind = entry["kind"]
        if kind == "relation":
            rel = parse_expression(entry["srepr"])
            if not isinstance(rel, sympy.logic.boolalg.Boolean):
                raise ValueError(f"a relation item holds {rel!r}")
            out.append(rel)
        elif kind == "points":
            out.append(Points([parse_expression(v) for v in entry["objects"]],
                              [[parse_expression(x) for x in row] for row in entry["points"]]))
        else:
            cls, objects = _KINDS[kind], [str(o) for o in entry["objects"]]
            params = {p: (None if v is None else parse_expression(v)) for p, v in dict(entry.get("params", {})).items()}
            out.append(_rebuilt(cls, objects, params))
    return tuple(out)


def _rebuilt(cls: type, objects: list[str], params: dict) -> Typed:
    item = cls.__new__(cls)  # the subclasses' constructors differ; the recorded symbols are kept as they are
    Typed.__init__(item, objects, **params)
    return item


def _as_relations(item: object) -> tuple[list[sympy.Basic], list[sympy.Symbol]] | None:
    """(relations, declared symbols) of an item that is a set of reals — a relation, an integer
    (its bounds, and its integrality, which holds even without bounds), points — else None."""
    if isinstance(item, Integer):
        return item.relations(), [item.symbol]
    if isinstance(item, Points):
        return item.relations(), []
    if isinstance(item, Typed):
        return None
    return [item], []


def conditions(domain: Sequence) -> tuple[list[sympy.Basic], list[sympy.Symbol]]:
    """(relations, declared symbols) the domain states as premises: its relations, its integers'
    and points' relations, and what its typed items entail; declared symbols carry assumptions
    that are premises too (the integers, the sizes named by a symbol)."""
    rels: list = []
    declared: list = []
    for item in domain:
        found = _as_relations(item)
        if found is None:
            rels += item.facts()
            declared += item.declared()
        else:
            rels += found[0]
            declared += found[1]
    return rels, declared


def requirements(stated: Sequence, proved: Sequence) -> tuple[list[sympy.Basic], list[sympy.Symbol], list[str], bool]:
    """What the stated domain must imply for the proved one to contain it:
    (relations, declared integer symbols, items no stated item covers, whether a typed item was
    matched structurally)."""
    rels: list = []
    declared: list = []
    unmatched: list[str] = []
    structural = False
    stated_typed = [s for s in stated if _as_relations(s) is None]
    for item in proved:
        found = _as_relations(item)
        if found is not None:
            rels += found[0]
            declared += found[1]
            continue
        sides = [side for s in stated_typed if (side := s.covers(item)) is not None]
        if not sides:
            unmatched.append(item.text())
            continue
        structural = True
        # any one of the stated items that cover it will do
        rels.append(sympy.Or(*[sympy.And(*side) for side in sides]))
    return rels, declared, unmatched, structural


class ConvexUtility(Typed):
    """U is a convex function of the mechanism Q that satisfies Assumption 1 of Kairouz–Oh–Viswanath
    (Section 7.1: appending an all-zero output column to Q leaves U(Q) unchanged). A property of one
    object, with no parameter: covered only by the same item (or a narrower kind, none yet)."""

    kind = "convex_utility"
    phrase = "a convex utility of the mechanism with Assumption 1 (an all-zero output column adds nothing)"

    def __init__(self, name: object) -> None:
        super().__init__((name,))


class DPIUtility(Typed):
    """U is a utility of the mechanism that obeys the data-processing inequality, U(Q·W) ≤ U(Q) for
    every channel W (Kairouz–Oh–Viswanath, Section 5). No parameter: covered only by the same item."""

    kind = "dpi_utility"
    phrase = "a utility of the mechanism obeying the data-processing inequality (U(Q·W) ≤ U(Q) for every channel W)"

    def __init__(self, name: object) -> None:
        super().__init__((name,))


_KINDS.update({cls.kind: cls for cls in (ConvexUtility, DPIUtility)})
VOCABULARY = tuple(_KINDS)


class DPOutcomes(Typed):
    """Outcomes of k mechanisms M_1, …, M_k, each pure ε_j-DP (Steinke, Theorem 1: "M_j is ε_j-DP for each j ∈ [k]"),
    at neighbouring inputs x, x' and any outputs y_j: p_j = P[M_j(x) = y_j], q_j = P[M_j(x') = y_j]. Pure DP at the
    singleton event {y_j} gives, for every j ∈ 1..k, ``p[j] ≥ 0, q[j] ≥ 0, p[j] ≤ e^{ε[j]}·q[j], q[j] ≤ e^{ε[j]}·p[j]``
    (ε the sequence of the mechanisms' parameters, an object of the item): the only relations it states
    (:meth:`symdp.verify.covering.Premises.entails` reads them at each index of 1..k, never outside it). Objects p, q, ε
    in this order; the size k (EQ). It narrows to no other kind: only the same item covers it."""

    kind, orders, sizes = "dp_outcomes", {"k": EQ}, ("k",)

    def __init__(self, p: object, q: object, eps: object, k: object) -> None:
        super().__init__((p, q, eps), k=k)
        if self.params["k"] is None:
            raise ParameterError("DPOutcomes needs the number k of mechanisms, e.g. DPOutcomes('p', 'q', 'epsilon_j', k='k')")

    def at(self, j: sympy.Basic) -> list[sympy.Basic]:
        """The relations the item states at index j (1 ≤ j ≤ k)."""
        p, q, e = (sympy.IndexedBase(o) for o in self.objects)
        return [sympy.GreaterThan(p[j], 0), sympy.GreaterThan(q[j], 0),
                sympy.LessThan(p[j], sympy.exp(e[j]) * q[j]), sympy.LessThan(q[j], sympy.exp(e[j]) * p[j])]

    def text(self) -> str:
        p, q, e = self.objects
        k = sympy.sstr(self.params["k"])
        return (f"{p}_j, {q}_j (j = 1..{k}): the probabilities of an output of mechanisms M_j, each {e}_j-DP, at neighbouring "
                f"inputs: {p}_j, {q}_j ≥ 0, {p}_j ≤ e^({e}_j)·{q}_j and {q}_j ≤ e^({e}_j)·{p}_j")


class ZCDPMoments(Typed):
    """Moments of k mechanisms M_1, …, M_k, each ρ_j-zCDP (Steinke, Definition 11 and Theorem 13): g_j = E[e^{tZ_j}]
    for Z_j the privacy loss of M_j at neighbouring inputs. ρ_j-zCDP is E[e^{tZ_j}] ≤ e^{t(t+1)ρ_j} for every t > 0 (and
    at t = 0, where E[e^{0}] = 1 = e^0); a moment is ≥ 0. So for every j ∈ 1..k and the order t (a parameter ≥ 0):
    ``g[j] ≥ 0, g[j] ≤ e^{t(t+1)ρ[j]}`` — the only relations it states, read at each index of 1..k. Objects g, ρ (the
    sequence of the mechanisms' parameters) in this order; parameters t (EQ) and the size k (EQ)."""

    kind, orders, sizes = "zcdp_moments", {"t": EQ, "k": EQ}, ("k",)

    def __init__(self, g: object, rho: object, t: object, k: object) -> None:
        super().__init__((g, rho), t=t, k=k)
        if self.params["k"] is None or self.params["t"] is None:
            raise ParameterError("ZCDPMoments needs the order t and the number k of mechanisms, "
                                 "e.g. ZCDPMoments('g', 'rho_j', t, k='k')")

    def facts(self) -> list[sympy.Basic]:
        return _nonnegative([self.params["t"]]) + super().facts()

    def at(self, j: sympy.Basic) -> list[sympy.Basic]:
        """The relations the item states at index j (1 ≤ j ≤ k)."""
        g, r = (sympy.IndexedBase(o) for o in self.objects)
        t = self.params["t"]
        return [sympy.GreaterThan(g[j], 0), sympy.LessThan(g[j], sympy.exp(t * (t + 1) * r[j]))]

    def text(self) -> str:
        g, r = self.objects
        t, k = sympy.sstr(self.params["t"]), sympy.sstr(self.params["k"])
        return (f"{g}_j = E[e^({t}·Z_j)] (j = 1..{k}), Z_j the privacy loss of a {r}_j-zCDP mechanism M_j at neighbouring "
                f"inputs: 0 ≤ {g}_j ≤ e^({t}({t} + 1)·{r}_j), {t} ≥ 0")


_KINDS.update({cls.kind: cls for cls in (DPOutcomes, ZCDPMoments)})
VOCABULARY = tuple(_KINDS)


class _LossMoment(Typed):
    """P, Q the laws of a mechanism at neighbouring inputs, on k outcomes, and Z the privacy loss of P with respect to Q;
    the mechanism's privacy hypothesis is a bound on a moment of the loss: Σ_{i=1}^{k} e^{c·Z_i}·P_i ≤ e^{E} (c, E below).
    With `rows` given, a family of mechanisms M(·, y) indexed by y ∈ 1..rows (Steinke, Proposition 19: "for all y₁ the
    algorithm x ↦ M(x, y₁) is …"): P[y, i], Q[y, i], Z[y, i], the bound for every y. The relation it states is matched
    literally (:meth:`states`: the same sequences, the alphabet 1..k, rows 1..rows, c and E equal as expressions)."""

    moment = ""

    def bound(self) -> tuple[sympy.Expr, sympy.Expr]:
        """(c, E): the moment's order and the bound's exponent."""
        raise NotImplementedError

    def states(self, rel: sympy.Basic) -> bool:
        """Is `rel` the item's moment bound (for every row, when the item has rows)?"""
        from .recheck.terms import Every

        rows = self.params["rows"]
        if rows is not None:
            if not isinstance(rel, Every):
                return False
            y, lo, hi = rel.limits
            if not (lo == 1 and _same(hi, rows)):
                return False
            rel, at = rel.condition, (y,)
        else:
            at = ()
        if not isinstance(rel, sympy.LessThan) or not isinstance(rel.rhs, sympy.exp) or not isinstance(rel.lhs, sympy.Sum):
            return False
        total = rel.lhs
        if len(total.limits) != 1:
            return False
        i, lo, hi = total.limits[0]
        if lo != 1 or not _same(hi, self.params["k"]):
            return False
        p_name, _, z_name = self.objects
        factors = sympy.Mul.make_args(total.function)
        law = [f for f in factors if isinstance(f, sympy.Indexed)]
        power = [f for f in factors if isinstance(f, sympy.exp)]
        if len(factors) != 2 or len(law) != 1 or len(power) != 1:
            return False
        (p,), (e,) = law, power
        if str(p.base) != p_name or p.indices != (*at, i):
            return False
        z = [t for t in e.args[0].atoms(sympy.Indexed)]
        if len(z) != 1 or str(z[0].base) != z_name or z[0].indices != (*at, i):
            return False
        c, exponent = self.bound()
        coefficient = sympy.cancel(e.args[0] / z[0])
        return not coefficient.has(z[0]) and _same(coefficient, c) and _same(rel.rhs.args[0], exponent)

    def text(self) -> str:
        p, q, z = self.objects
        c, e = self.bound()
        rows = self.params["rows"]
        family = "" if rows is None else f" (for every y ∈ 1..{sympy.sstr(rows)}: {p}[y, ·], {q}[y, ·], {z}[y, ·])"
        return (f"{p}, {q}: the laws of a {self.moment} mechanism at neighbouring inputs on {sympy.sstr(self.params['k'])} "
                f"outcomes{family}, {z} the privacy loss: Σ_i e^(({sympy.sstr(c)})·{z}_i)·{p}_i ≤ e^({sympy.sstr(e)})")


def _same(a: sympy.Basic, b: sympy.Basic | None) -> bool:
    """Equal as expressions (their difference expands to 0), symbols compared by name."""
    if b is None:
        return False
    names = {s: sympy.Symbol(s.name) for s in (a.free_symbols | b.free_symbols) if isinstance(s, sympy.Symbol)}
    return sympy.expand(a.xreplace(names) - b.xreplace(names)) == 0


class ZCDPLaws(_LossMoment):
    """P, Q the laws of a ρ-zCDP mechanism at neighbouring inputs (Steinke, Definition 11: E[e^{tZ}] ≤ e^{t(t+1)ρ} for
    t > 0; at t = 0 both sides are 1), Z their privacy loss: Σ_i e^{tZ_i}·P_i ≤ e^{t(t+1)ρ} at the order t. Objects P, Q, Z;
    parameters ρ (UP: a ρ-zCDP mechanism is ρ'-zCDP for ρ' ≥ ρ), t (EQ), k (EQ), rows (EQ)."""

    kind, orders, sizes = "zcdp_laws", {"rho": UP, "t": EQ, "k": EQ, "rows": EQ}, ("k", "rows")
    moment = "ρ-zCDP"

    def __init__(self, p: object, q: object, z: object, rho: object, t: object, *, k: object, rows: object = None) -> None:
        super().__init__((p, q, z), rho=rho, t=t, k=k, rows=rows)
        if any(self.params[n] is None for n in ("rho", "t", "k")):
            raise ParameterError("ZCDPLaws needs rho, the order t and the size k, e.g. ZCDPLaws('P', 'Q', 'Z', rho, t, k='m')")

    def facts(self) -> list[sympy.Basic]:
        return _nonnegative([self.params["rho"], self.params["t"]]) + super().facts()

    def bound(self) -> tuple[sympy.Expr, sympy.Expr]:
        t = self.params["t"]
        return t, t * (t + 1) * self.params["rho"]


class RDPLaws(_LossMoment):
    """P, Q the laws of an (α, ε)-RDP mechanism at neighbouring inputs (Steinke, Definition 30: D_α(P‖Q) ≤ ε, i.e.
    E_P[e^{(α−1)Z}] ≤ e^{(α−1)ε} for α > 1), Z their privacy loss: Σ_i e^{(α−1)Z_i}·P_i ≤ e^{(α−1)ε}. Objects P, Q, Z;
    parameters α (EQ), ε (UP), k (EQ), rows (EQ)."""

    kind, orders, sizes = "rdp_laws", {"alpha": EQ, "eps": UP, "k": EQ, "rows": EQ}, ("k", "rows")
    moment = "(α, ε)-RDP"

    def __init__(self, p: object, q: object, z: object, alpha: object, eps: object, *, k: object, rows: object = None) -> None:
        super().__init__((p, q, z), alpha=alpha, eps=eps, k=k, rows=rows)
        if any(self.params[n] is None for n in ("alpha", "eps", "k")):
            raise ParameterError("RDPLaws needs alpha, eps and the size k, e.g. RDPLaws('P', 'Q', 'Z', alpha, eps, k='m')")

    def facts(self) -> list[sympy.Basic]:
        out = [sympy.Gt(self.params["alpha"], 1)] + super().facts()
        return [r for r in out if r is not sympy.true]

    def bound(self) -> tuple[sympy.Expr, sympy.Expr]:
        a = self.params["alpha"]
        return a - 1, (a - 1) * self.params["eps"]


_KINDS.update({cls.kind: cls for cls in (ZCDPLaws, RDPLaws)})
VOCABULARY = tuple(_KINDS)


class PushedLoss(Typed):
    """W is the privacy loss of the laws K(P), K(Q) that a channel K pushes P, Q to (Steinke, Lemma 20: the
    post-processed pair of a privacy loss; K(P)_y = Σ_x P_x·K(y|x)), by its defining property at every output y of K:
    Σ_x P[x]·K[x, y] = e^{W[y]}·Σ_x Q[x]·K[x, y], the sums over K's k inputs (:meth:`symdp.verify.covering.Premises.entails`
    accepts exactly that relation, inside an ``Every`` over K's outputs 1..l, with P, Q laws on K's k inputs and K a
    channel of the domain; sizes from those items). Objects W, P, Q, K in this order; it states nothing else (that P, Q
    are laws, K a channel, are other items), so it narrows to no other kind and only an item naming the same W, P, Q, K
    in the same order covers it."""

    kind = "pushed_loss"

    def __init__(self, w: object, p: object, q: object, channel: object) -> None:
        super().__init__((w, p, q, channel))

    def text(self) -> str:
        w, p, q, k = self.objects
        return (f"{w} is the privacy loss of {k}({p}) with respect to {k}({q}): "
                f"Σ_x {p}_x·{k}(y|x) = e^({w}_y)·Σ_x {q}_x·{k}(y|x) at every output y of {k}")


_KINDS.update({PushedLoss.kind: PushedLoss})
VOCABULARY = tuple(_KINDS)
