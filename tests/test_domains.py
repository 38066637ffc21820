"""Machine-readable domains (symdp.verify.domains) and the decision "the proof covers the paper's
domain" (symdp.verify.status), each against an independent oracle: enumeration of the integers in
a range, an exact witness point, a concrete channel checked with exact rationals, the semantic
rule of each typed item written out again here."""

from fractions import Fraction

import pytest
import sympy
from hypothesis import given, settings, strategies as st

from symdp.errors import ParameterError
from symdp.verify import (Channel, ConvexF, DPPair, Evidence, Integer, LDPChannel, Laws, Points, ProbabilityVector,
                          SameSupport, ZCDPMechanism, combine, domains, establish)
from symdp.verify.goals import goal
from symdp.verify.runner import ClaimReport
from symdp.verify.status import domain_coverage, implies

X = sympy.Symbol("x", real=True)
E = sympy.Symbol("epsilon", real=True)
D = sympy.Symbol("delta", real=True)


def _covers(stated, proved):
    return domain_coverage(domains.items(stated), domains.items(proved))


def _round_trip(items):
    return domains.from_json(domains.to_json(domains.items(items)))


# --------------------------------------------------------------------------------------------
# integers: z3 against enumeration


@settings(max_examples=40, deadline=None)
@given(st.integers(-6, 6), st.integers(0, 8), st.sampled_from([-3, -2, -1, 1, 2, 3]), st.integers(-9, 9),
       st.sampled_from([-3, -2, -1, 1, 2, 3]), st.integers(-9, 9))
def test_integer_domains_agree_with_enumeration(lo, width, a, b, c, d):
    """Stated: k ∈ ℤ, lo ≤ k ≤ hi, a·k ≥ b; proved: c·k ≥ d. Whole iff every integer of the range
    meeting a·k ≥ b meets c·k ≥ d (counted one by one); a real k would have points in between."""
    hi = lo + width
    k = sympy.Symbol("k")
    inside = [n for n in range(lo, hi + 1) if a * n >= b]
    truth = bool(inside) and all(c * n >= d for n in inside)  # an empty paper domain decides nothing
    coverage, why, by = _covers([Integer("k", lo, hi), a * k >= b], [c * k >= d])
    assert (coverage == "whole") == truth, (lo, hi, a, b, c, d, why)
    if not inside:
        assert "empty" in why
        return
    assert by in ("z3", "exact")
    if not truth:
        assert "z3: a point" in why  # decided, with a counterexample


def test_integer_proof_domains_need_integer_papers():
    k = sympy.Symbol("k")
    # the paper: every real k ≥ 1; the proof: integers k ≥ 1 only (k = 3/2 is missed)
    assert _covers([k >= 1], [Integer("k", 1)])[0] == "restricted"
    assert _covers([k > 1], [Integer("k")])[0] == "restricted"  # integrality alone is a hypothesis too
    assert _covers([Integer("k", 2)], [Integer("k", 1)])[0] == "whole"
    assert _covers([Integer("k", 1)], [Integer("k", 2)])[0] == "restricted"
    assert _covers([Integer("k", 1)], [Integer("k", 1)])[::2] == ("whole", "exact")
    # k ∈ ℤ, k > 1 is k ≥ 2: true for integers, false for reals (k = 3/2)
    assert _covers([Integer("k"), k > 1], [k >= 2])[0] == "whole"
    assert _covers([k > 1], [k >= 2])[0] == "restricted"
    # the integrality of a symbol typed integer=True is part of a relation's domain too
    n = sympy.Symbol("n", integer=True)
    assert implies([n > 1], [n >= 2])[0] and not implies([sympy.Symbol("n", real=True) > 1], [n >= 2])[0]


# --------------------------------------------------------------------------------------------
# both sides' assumptions, unknown answers, empty papers


def test_the_assumptions_of_both_sides_count():
    """A positive symbol in the proof's domain is a hypothesis the paper must imply: x = −1/2
    satisfies −1 < x < 5 and is not positive."""
    p = sympy.Symbol("x", positive=True)
    assert not implies([X > -1, X < 5], [p < 5])[0]
    assert _covers([X > -1, X < 5], [p < 5])[0] == "restricted"
    point = Fraction(-1, 2)
    assert -1 < point < 5 and not point > 0  # the witness, by hand
    # and in the paper's domain it is a premise: positive x with x ≤ 1 implies x > 0
    assert _covers([p <= 1], [X > 0])[0] == "whole"


def test_z3_unknown_is_not_implied(monkeypatch):
    """x³ + y³ + z³ = 33 has an integer solution (Booker, 2019) that z3 does not find in time:
    "no integers with x³ + y³ + z³ = 33" must come out undecided, never implied."""
    from symdp.verify import status
    x, y, z = (8866128975287528, -8778405442862239, -2736111468807040)
    assert x ** 3 + y ** 3 + z ** 3 == 33  # the oracle, in Python integers
    monkeypatch.setattr(status, "Z3_TIMEOUT_MS", 300)
    s = sympy.symbols("x y z")
    cube = sum(v ** 3 for v in s)
    holds, why = implies([], [sympy.Or(cube < 33, cube > 33)], [sympy.Symbol(str(v), integer=True) for v in s])
    assert not holds and "could not decide" in why
    coverage, why, by = _covers([Integer("x"), Integer("y"), Integer("z")], [sympy.Or(cube < 33, cube > 33)])
    assert coverage == "restricted" and by is None and "undecided" in why


def test_an_empty_paper_domain_decides_nothing():
    # ε > 1 and ε < 0 contradict: every proof would "cover" it
    assert _covers([E > 1, E < 0], [E > 5])[0] == "restricted"
    assert "empty" in _covers([E > 1, E < 0], [E > 5])[1]
    assert _covers([LDPChannel("K", E, -2)], [Channel("K")])[0] == "restricted"  # δ = −2 is no channel's


# --------------------------------------------------------------------------------------------
# typed items: the rules written out again, and concrete witnesses


def _rr_is_ldp(ratio: Fraction, eps_ratio: Fraction) -> bool:
    """Binary randomized response with likelihood ratio `ratio` is ε-LDP iff ratio ≤ e^ε (given as
    e^ε = `eps_ratio`), checked on every output and pair of inputs with exact rationals."""
    p = ratio / (1 + ratio)
    rows = [(p, 1 - p), (1 - p, p)]
    return all(rows[i][o] <= eps_ratio * rows[j][o] for i in range(2) for j in range(2) for o in range(2))


def test_ldp_channels_and_their_privacy_parameters():
    # a paper's ε-LDP channel is a channel, and an ε'-LDP channel for ε' ≥ ε ...
    assert _covers([E > 0, LDPChannel("K", E)], [Channel("K")])[::2] == ("whole", "structural")
    assert _covers([E > 0, LDPChannel("K", E)], [LDPChannel("K", 2 * E)])[0] == "whole"
    # ... but not for ε/2: randomized response with e^ε = 4 is ε-LDP and not (ε/2)-LDP (e^{ε/2} = 2)
    coverage, why, by = _covers([E > 0, LDPChannel("K", E)], [LDPChannel("K", E / 2)])
    assert coverage == "restricted" and by == "structural" and "z3: a point" in why
    assert _rr_is_ldp(Fraction(4), Fraction(4)) and not _rr_is_ldp(Fraction(4), Fraction(2))
    # δ: (ε, 0) is (ε, δ) for δ ≥ 0, not the converse
    assert _covers([E > 0, D > 0, LDPChannel("K", E, 0)], [LDPChannel("K", E, D)])[0] == "whole"
    assert _covers([E > 0, D > 0, LDPChannel("K", E, D)], [LDPChannel("K", E, 0)])[0] == "restricted"
    # sizes: a proof for 2 outputs does not cover every ℓ; a proof for every size covers all
    assert _covers([LDPChannel("K", E, k="k", l="l")], [Channel("K", l=2)])[0] == "restricted"
    assert _covers([LDPChannel("K", E, k="k", l=2)], [Channel("K", l=2)])[0] == "whole"
    assert _covers([LDPChannel("K", E, k="k", l=2)], [Channel("K")])[0] == "whole"
    # a channel is not an LDP channel; another object is not this one
    assert _covers([Channel("K")], [LDPChannel("K", E)])[0] == "restricted"
    assert _covers([LDPChannel("W", E)], [Channel("K")])[0] == "restricted"
    # a typed item the paper does not mention is a hypothesis nothing implies
    assert "no item of the paper's domain implies" in _covers([E > 0], [ConvexF("f")])[1]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["ldp", "channel"]), st.sampled_from(["ldp", "channel"]),
       st.fractions(0, 3, max_denominator=4), st.fractions(0, 1, max_denominator=4),
       st.fractions(0, 3, max_denominator=4), st.fractions(0, 1, max_denominator=4),
       st.sampled_from([None, 2, 3]), st.sampled_from([None, 2, 3]))
def test_channel_rules_agree_with_their_definition(s_kind, p_kind, se, sd, pe, pd, s_l, p_l):
    """An (ε, δ)-LDP channel is a channel; it is (ε', δ')-LDP for ε' ≥ ε, δ' ≥ δ; a size the proof
    fixes must be the paper's. The rule, as the definitions give it, against the decision."""
    def make(kind, e, d, l):  # noqa: E741
        return LDPChannel("K", sympy.Rational(e), sympy.Rational(d), l=l) if kind == "ldp" else Channel("K", l=l)
    stated, proved = make(s_kind, se, sd, s_l), make(p_kind, pe, pd, p_l)
    sizes_ok = p_l is None or p_l == s_l
    if p_kind == "channel":
        truth = sizes_ok
    else:
        truth = s_kind == "ldp" and sizes_ok and pe >= se and pd >= sd
    assert (_covers([stated], [proved])[0] == "whole") == truth


def test_laws_pairs_and_mechanisms():
    assert _covers([SameSupport("P", "Q")], [Laws("P", "Q")])[0] == "whole"
    assert _covers([SameSupport("Q", "P")], [SameSupport("P", "Q")])[0] == "whole"  # a pair is a set
    assert _covers([Laws("P", "Q")], [SameSupport("P", "Q")])[0] == "restricted"
    assert _covers([Laws("P", "Q", k="k")], [ProbabilityVector("P", "k")])[0] == "whole"
    assert _covers([Laws("P", "Q")], [ProbabilityVector("P", 3)])[0] == "restricted"
    assert _covers([E >= 0, DPPair("P", "Q", E)], [Laws("P", "Q"), DPPair("P", "Q", E + 1, D), D >= 0])[0] == "restricted"
    assert _covers([E >= 0, D >= 0, DPPair("P", "Q", E, D)], [DPPair("P", "Q", E + 1, 2 * D)])[0] == "whole"
    rho = sympy.Symbol("rho", real=True)
    assert _covers([ZCDPMechanism("M", rho)], [ZCDPMechanism("M", rho + 1)])[0] == "whole"
    assert _covers([ConvexF("f")], [ConvexF("f")])[0] == "whole"


def test_points():
    """A claim stated at finitely many points: each point is checked exactly against the proof's
    relations; a proof at some points does not cover the others."""
    assert _covers([Points([E], [1, 2, 3])], [E >= 1])[0] == "whole"
    assert _covers([Points([E], [0, 2])], [E >= 1])[0] == "restricted"
    assert _covers([Points((E, D), [(1, 0), (2, sympy.Rational(1, 10))])],
                   [Points((E, D), [(2, sympy.Rational(1, 10)), (1, 0), (5, 5)])])[0] == "whole"
    assert _covers([Points((E, D), [(1, 0), (2, 1)])], [Points((E, D), [(1, 0)])])[0] == "restricted"
    assert _covers([E >= 0], [Points([E], [1])])[0] == "restricted"


def test_domains_round_trip_and_refuse_what_they_cannot_read():
    items = [E > 0, LDPChannel("K", E, D, k="k", l=2), Integer("k", 2), SameSupport("P", "Q"), ConvexF("f"),
             Points((E, D), [(1, 0)]), Laws("P", "Q", k=3), DPPair("P", "Q", E), ZCDPMechanism("M", 1)]
    assert _round_trip(items) == tuple(items)
    assert domains.text(domains.items(items)).startswith("epsilon > 0; K: an (epsilon, delta)-LDP channel, k inputs")
    for bad in ([{"kind": "oracle", "objects": []}], "not a list", [{"kind": "relation", "srepr": "Integer(1)"}]):
        with pytest.raises(ValueError):
            domains.from_json(bad)
    for bad in (lambda: Channel("K", k=0), lambda: Channel("K", k=sympy.Rational(3, 2)), lambda: Laws(),
                lambda: LDPChannel("K", sympy.Float(0.5)), lambda: Points([E], []), lambda: Points((E, D), [(1,)]),
                lambda: domains.items(["words"]), lambda: domains.items("words"), lambda: SameSupport("P", "P")):
        with pytest.raises(ParameterError):
            bad()


# --------------------------------------------------------------------------------------------
# several pieces: a combination proves the intersection


def _certified() -> Evidence:
    g = goal(X ** 2 >= 0).to_json()
    return Evidence("decision", "proved", "s", {"goals": [g], "certificate": {"kind": "smtlib", "digest": g["digest"]}})


def _graded(ev: Evidence, stated) -> ClaimReport:
    return ClaimReport("tv-dp", "Theorem 1", "tv-dp:t1", "s", ev.status, ev.kind, 0.1, ev.detail, ev.data,
                       domain=domains.to_json(domains.items(stated)), quote_found=True)


@pytest.mark.parametrize("order", [0, 1])
def test_combined_pieces_cover_only_their_intersection(order):
    """ε = 1/2 lies in the paper's ε > 0 and in the first piece's ε > 0 but not in the second's ε > 1:
    the combination is proved for ε > 1 only, in whichever order the pieces come."""
    pieces = [establish(_certified(), domain=[E > 0]), establish(_certified(), domain=[E > 1])]
    if order:
        pieces.reverse()
    assert 0 < Fraction(1, 2) and not Fraction(1, 2) > 1  # the witness
    r = _graded(combine(*pieces), [E > 0])
    assert r.coverage == "restricted" and r.proof_status == "restricted"
    both = _graded(combine(establish(_certified(), domain=[E > 0]), establish(_certified(), domain=[E >= 0])), [E > 0])
    assert both.coverage == "whole"
    # a piece whose domain is only words leaves the combination's domain unrecorded
    words = [establish(_certified(), domain=[E > 0]), establish(_certified(), domain="every ε > 0")]
    if order:
        words.reverse()
    assert _graded(combine(*words), [E > 0]).coverage == "unrecorded"
    # the older domain_relations join the pieces the same way
    old = [establish(_certified(), domain="ε > 0", domain_relations=[E > 0]),
           establish(_certified(), domain="ε > 1", domain_relations=[E > 1])]
    assert _graded(combine(*old), [E > 0]).coverage == "restricted"


# --------------------------------------------------------------------------------------------
# CI-LMIDP mechanisms (Ngo–Östman–Graell i Amat, Definition 1)


def test_ci_lmidp_mechanism_inclusion():
    from symdp.verify.domains import CILMIDPMechanism
    mu, nu = sympy.symbols("mu nu", real=True)
    stated = [CILMIDPMechanism("M", mu), mu > 0]
    # a proof for every channel, or for every mechanism with a larger μ, covers the paper's μ-CI-LMIDP mechanisms
    assert domain_coverage(stated, [Channel("M")])[0] == "whole"
    assert domain_coverage(stated, [CILMIDPMechanism("M", mu)])[0] == "whole"
    assert domain_coverage(stated + [nu >= mu], [CILMIDPMechanism("M", nu)])[0] == "whole"
    # a smaller μ, another mechanism, or a fixed size the paper leaves free does not
    assert domain_coverage(stated, [CILMIDPMechanism("M", mu / 2)])[0] == "restricted"
    assert domain_coverage(stated, [CILMIDPMechanism("N", mu)])[0] == "restricted"
    assert domain_coverage(stated, [Channel("M", k=2)])[0] == "restricted"
    # a channel is not a CI-LMIDP mechanism, and the item's μ ≥ 0 is a premise the stated domain gives
    assert domain_coverage([Channel("M")], [CILMIDPMechanism("M", mu)])[0] == "restricted"
    assert domain_coverage([CILMIDPMechanism("M", mu)], [mu >= 0])[0] == "whole"
    assert domains.from_json(domains.to_json([CILMIDPMechanism("M", mu)]))[0] == CILMIDPMechanism("M", mu)


# --------------------------------------------------------------------------------------------
# RDP mechanisms and extended orders (Steinke, Theorem 34 and Lemma 33)


def test_rdp_mechanism_inclusion():
    from symdp.verify.domains import RDPMechanism
    a, e, f = sympy.symbols("alpha epsilon eps2", real=True)
    stated = [RDPMechanism("M", a, e), a > 1]
    # the same order with a larger ε is a weaker hypothesis: covered; a smaller one, or another order, is not
    assert domain_coverage(stated, [RDPMechanism("M", a, e)])[0] == "whole"
    assert domain_coverage(stated + [f >= e], [RDPMechanism("M", a, f)])[0] == "whole"
    assert domain_coverage(stated, [RDPMechanism("M", a, e / 2)])[0] == "restricted"
    assert domain_coverage(stated, [RDPMechanism("M", 2, e)])[0] == "restricted"
    # a curve (every order, some ε(α)) covers only a proof for a curve; a proof for a fixed order is restricted
    assert domain_coverage([RDPMechanism("M")], [RDPMechanism("M")])[0] == "whole"
    assert domain_coverage([RDPMechanism("M")], [RDPMechanism("M", a, e)])[0] == "restricted"
    # the item entails α > 1 where its order is given
    assert domain_coverage(stated[:1], [a > 1])[0] == "whole"
    assert domains.from_json(domains.to_json(stated))[0] == stated[0]


def test_extended_order_entails_no_real_relation():
    from symdp.verify.domains import ExtendedOrder
    a = sympy.Symbol("alpha", real=True)
    stated = [ExtendedOrder("alpha", 1)]
    # α = ∞ is in the paper's domain: no proof over the reals covers it, not even α ≥ 1
    assert domain_coverage(stated, [a >= 1])[0] == "restricted"
    assert domain_coverage(stated, [ExtendedOrder("alpha", 1)])[0] == "whole"
    assert domain_coverage(stated, [ExtendedOrder("alpha", 2)])[0] == "restricted"
    assert domains.from_json(domains.to_json(stated))[0] == stated[0]
    with pytest.raises(ParameterError):
        ExtendedOrder("alpha", None)


def test_absolutely_continuous_is_ordered_and_wider_than_same_support():
    from symdp.verify.domains import AbsolutelyContinuous
    stated = [AbsolutelyContinuous("P", "Q")]
    assert domain_coverage(stated, [AbsolutelyContinuous("P", "Q")])[0] == "whole"
    assert domain_coverage(stated, [Laws("P", "Q")])[0] == "whole"  # a proof for every pair of laws covers it
    # P ≪ Q is not Q ≪ P, and a proof for laws with the same support (mutually continuous) is narrower
    assert domain_coverage(stated, [AbsolutelyContinuous("Q", "P")])[0] != "whole"
    assert domain_coverage(stated, [SameSupport("P", "Q")])[0] != "whole"
    assert domains.from_json(domains.to_json(stated))[0] == stated[0]


# privacy curves (Ngo–Östman–Graell i Amat, Theorems 1(b) and 2(b))


def test_privacy_curve_mechanisms():
    from symdp.verify.domains import LDPCurveMechanism, LIPCurveMechanism
    ldp, lip = LDPCurveMechanism("M", "delta"), LIPCurveMechanism("M", "P_X", "delta")
    # the same mechanism and curve: covered structurally; the item is about M, which is a channel
    assert _covers([ldp], [LDPCurveMechanism("M", "delta")])[0] == "whole"
    assert _covers([ldp], [Channel("M")])[0] == "whole"
    assert _covers([lip], [LIPCurveMechanism("M", "P_X", "delta")])[0] == "whole"
    # another curve, mechanism or law, or the other notion, is not covered; a channel is not an LDP-curve mechanism
    assert _covers([ldp], [LDPCurveMechanism("M", "eta")])[0] == "restricted"
    assert _covers([ldp], [LDPCurveMechanism("N", "delta")])[0] == "restricted"
    assert _covers([lip], [LIPCurveMechanism("M", "Q", "delta")])[0] == "restricted"
    assert _covers([lip], [LIPCurveMechanism("P_X", "M", "delta")])[0] == "restricted"
    assert _covers([lip], [ldp])[0] == "restricted"
    assert _covers([ldp], [lip])[0] == "restricted"
    assert _covers([Channel("M")], [ldp])[0] == "restricted"
    # LIP depends on the data law: the item is not a claim about the channel alone
    assert _covers([lip], [Channel("M")])[0] == "restricted"
    assert _round_trip([ldp, lip]) == (ldp, lip)
    for bad in (sympy.Symbol("delta"), 0, None):
        with pytest.raises(ParameterError):
            LDPCurveMechanism("M", bad)


def test_privacy_loss_covers_only_the_same_loss():
    """Z the privacy loss of P with respect to Q (Steinke, Definition 2) is about Z, P, Q in this order; it is no other kind
    (not laws, not P ≪ Q, not same support: those are other items), and no other item is it."""
    from symdp.verify.domains import AbsolutelyContinuous, PrivacyLoss
    loss = PrivacyLoss("Z", "P", "Q")
    assert _covers([loss], [PrivacyLoss("Z", "P", "Q")])[0] == "whole"
    for other in (PrivacyLoss("Z", "Q", "P"), PrivacyLoss("W", "P", "Q"), PrivacyLoss("Z", "P", "R"), Laws("P", "Q"),
                  SameSupport("P", "Q"), AbsolutelyContinuous("P", "Q"), Laws("Z")):
        assert _covers([loss], [other])[0] == "restricted", other
        assert _covers([other], [loss])[0] == "restricted", other
    assert _covers([loss, SameSupport("P", "Q")], [loss, Laws("P", "Q")])[0] == "whole"
    assert _round_trip([loss]) == (loss,)
    with pytest.raises(ParameterError):
        PrivacyLoss("Z", "P", "P")


# --------------------------------------------------------------------------------------------
# utilities of a mechanism (Kairouz–Oh–Viswanath, Assumption 1 and Section 5)


def test_utility_items_inclusion():
    from symdp.verify.domains import ConvexUtility, DPIUtility, Sublinear
    # each covers itself, with the paper's relations beside it
    assert domain_coverage([ConvexUtility("U"), E >= 0], [ConvexUtility("U")])[0] == "whole"
    assert domain_coverage([DPIUtility("U"), LDPChannel("Q", E, D, k=2)], [DPIUtility("U"), Channel("Q", k=2)])[0] \
        == "whole"
    # another utility, or the other property, does not: convexity with Assumption 1 is not the data-processing
    # inequality, nor the converse
    assert domain_coverage([ConvexUtility("U")], [ConvexUtility("V")])[0] == "restricted"
    assert domain_coverage([ConvexUtility("U")], [DPIUtility("U")])[0] == "restricted"
    assert domain_coverage([DPIUtility("U")], [ConvexUtility("U")])[0] == "restricted"
    assert domain_coverage([Sublinear("U")], [DPIUtility("U")])[0] == "restricted"
    # a proof that needs the property does not cover a paper that does not assume it
    assert domain_coverage([E >= 0], [ConvexUtility("U")])[0] == "restricted"
    for item in (ConvexUtility("U"), DPIUtility("U")):
        assert domains.from_json(domains.to_json([item]))[0] == item
        assert item.kind in domains.VOCABULARY


def test_per_outcome_and_moment_items_cover_only_themselves_with_their_orders():
    """DPOutcomes, ZCDPMoments, ZCDPLaws, RDPLaws (round 5): the same item covers itself; a larger privacy parameter (ρ, ε:
    a ρ-zCDP mechanism is ρ'-zCDP for ρ' ≥ ρ, the semantic rule written out) is covered where the order is decided, a
    smaller one or another order t / α, size or family is not; each round-trips through JSON and refuses a missing size."""
    from symdp.verify.domains import DPOutcomes, PrivacyLoss, RDPLaws, ZCDPLaws, ZCDPMoments

    t, r, a = sympy.symbols("t rho alpha", real=True)
    k = sympy.Symbol("k", integer=True, positive=True)
    assert _covers([DPOutcomes("p", "q", "e", k="k")], [DPOutcomes("p", "q", "e", k="k")])[0] == "whole"
    assert _covers([DPOutcomes("p", "q", "e", k="k")], [DPOutcomes("p", "q", "e", k=k + 1)])[0] == "restricted"
    assert _covers([DPOutcomes("p", "q", "e", k="k")], [DPOutcomes("q", "p", "e", k="k")])[0] == "restricted"
    assert _covers([ZCDPMoments("g", "r", t, k="k")], [ZCDPMoments("g", "r", 2 * t, k="k")])[0] == "restricted"
    laws = ZCDPLaws("P", "Q", "Z", r, t, k="m")
    assert _covers([laws, r >= 0], [ZCDPLaws("P", "Q", "Z", 2 * r, t, k="m")])[0] == "whole"   # 2ρ ≥ ρ for ρ ≥ 0
    assert _covers([laws, r >= 0], [ZCDPLaws("P", "Q", "Z", r / 2, t, k="m")])[0] == "restricted"
    assert _covers([laws], [ZCDPLaws("P", "Q", "Z", r, t, k="m", rows="n")])[0] == "restricted"
    assert _covers([RDPLaws("P", "Q", "Z", a, E, k="m")], [RDPLaws("P", "Q", "Z", a + 1, E, k="m")])[0] == "restricted"
    assert _covers([PrivacyLoss("Z", "P", "Q")], [PrivacyLoss("Z", "P", "Q", k="m")])[0] == "restricted"
    assert _covers([PrivacyLoss("Z", "P", "Q", k="m")], [PrivacyLoss("Z", "P", "Q")])[0] == "whole"  # every point covers 1..m
    items = [DPOutcomes("p", "q", "e", k="k"), ZCDPMoments("g", "r", t, k="k"), laws,
             RDPLaws("P'", "Q'", "Z'", a, E, k="n", rows="m"), PrivacyLoss("Z", "P", "Q", k="m")]
    assert _round_trip(items) == domains.items(items)
    assert all(i.kind in domains.VOCABULARY for i in items)
    for bad in (lambda: DPOutcomes("p", "q", "e", k=None), lambda: ZCDPMoments("g", "r", None, k="k"),
                lambda: ZCDPLaws("P", "Q", "Z", r, t, k=None), lambda: RDPLaws("P", "Q", "Z", None, E, k="m")):
        with pytest.raises(ParameterError):
            bad()
    assert sympy.Ge(a, 1 + 1) not in RDPLaws("P", "Q", "Z", a, E, k="m").facts()
    assert sympy.Gt(a, 1) in RDPLaws("P", "Q", "Z", a, E, k="m").facts()
