"""Mutants of the certified local-privacy routes: the irrational-e^ε bracket of the staircase LP
(symdp/local/extremal.py), the capacity certificate (symdp/local/information.py) and the Gaussian
mixture's LIP curve and eq. (10) bracket (symdp/local/gaussian_mixture.py). Collected by
``benchmarks/mutation.py``; run them with ``-k "local:"``."""

EXTREMAL = "symdp/local/extremal.py"
INFORMATION = "symdp/local/information.py"
SEARCH = "symdp/local/capacity_search.py"
MIXTURE = "symdp/local/gaussian_mixture.py"
X = ("tests/test_local_extremal.py::test_irrational_bracket_refuses_every_basis_that_is_not_primal_and_dual_feasible",
     "tests/test_local_extremal.py::test_irrational_bracket_failing_falls_back_to_the_monotone_bracket",
     "tests/test_local_extremal.py::test_irrational_eps_ties_and_the_monotone_bracket")
C = ("tests/test_information.py::test_capacity_4x4_thirty_digits_and_duality",
     "tests/test_information.py::test_capacity_without_newton_falls_back_to_the_blahut_arimoto_law",
     "tests/test_information.py::test_capacity_ends_against_blahut_arimoto",
     "tests/test_information.py::test_capacity_degenerate_channels",
     "tests/test_capacity.py")
G = ("tests/test_gaussian_mixture.py::test_both_lip_terms_are_their_certified_quadratures",
     "tests/test_gaussian_mixture.py::test_a_root_ball_is_checked_on_both_sides",
     "tests/test_gaussian_mixture.py::test_lip_delta_is_the_certified_quadrature")

MUTANTS = [
    ("local: irrational-e^eps bracket: primal-feasibility check deleted", EXTREMAL,
     "        if any(theta1[i, 0] < 0 for i in range(k)):\n            raise lp.LPError(\"the basis is not primal feasible below e^eps\")\n",
     "", X),
    ("local: irrational-e^eps bracket: dual-feasibility check deleted", EXTREMAL,
     "        if not all(s - m > 0 for s, m in zip(slack, mu)):\n            raise lp.LPError(\"the perturbed dual is not certifiably feasible at e^eps\")\n",
     "", X),
    ("local: irrational-e^eps bracket: the dual's perturbation eta dropped", EXTREMAL,
     "eta = arb(2) ** (-(prec // 2))", "eta = arb(0)", X),
    ("local: irrational-e^eps bracket: lower end from weights θ + 1 (not a feasible point)", EXTREMAL,
     "lower = sum((mu1[j] * theta1[i, 0] for i, j in enumerate(basis)), arb(0))",
     "lower = sum((mu1[j] * alpha_ for i, j in enumerate(basis) for alpha_ in [theta1[i, 0] + 1]), arb(0))", X),
    ("local: monotone bracket with E1 and E2 swapped", EXTREMAL,
     "E1, E2 = max(Eb.lower().fmpq(), fmpq(1)), Eb.upper().fmpq()", "E2, E1 = max(Eb.lower().fmpq(), fmpq(1)), Eb.upper().fmpq()", X),
    ("local: monotone bracket's ends from OPT(E1) only", EXTREMAL,
     "        return hull(lo, hi, \"the monotone", "        return hull(lo, lo, \"the monotone", X),
    ("local: the fallback never reached (a failing bracket re-raised)", EXTREMAL,
     "        except lp.LPError:\n            continue\n        value = Real(", "        except lp.LPError:\n            raise\n        value = Real(", X),
    ("local: a certificate ball built from the inner ends of its bounds", INFORMATION,
     "    ball = arb(lower.lower()).union(arb(upper.upper()))", "    ball = arb(lower.upper()).union(arb(upper.lower()))", C + X),
    ("local: capacity certificate's bounds passed swapped", INFORMATION,
     "        return hull(lower, upper, \"the capacity", "        return hull(upper, lower, \"the capacity", C),
    ("local: capacity upper bound min_x D instead of max_x D", INFORMATION,
     "                top = top.max(d)", "                top = top.min(d)", C),
    ("local: capacity input law not normalised", INFORMATION,
     "    out[big] = 1 - sum(out, fmpq(0))", "    out[big] = 1 - 2 * sum(out, fmpq(0))", C),
    ("local: capacity 0 when any row equals the first", INFORMATION,
     "    if all(row == k.rows[0] for row in k.rows):", "    if any(row == k.rows[0] for row in k.rows):", C),
    ("local: capacity lower bound I(p;W) weighted by p twice", INFORMATION,
     "    info = sum((px * d for px, d in zip(p, ds) if not px == 0), arb(0))",
     "    info = sum((px * px * d for px, d in zip(p, ds) if not px == 0), arb(0))", C),
    ("local: capacity law's floor 1 instead of 2^-bits (not a probability vector)", INFORMATION,
     "    floor = fmpq(1, fmpz(1) << bits)", "    floor = fmpq(1)", C),
    ("local: capacity search ignores Kuhn–Tucker violations (no input ever enters)", SEARCH,
     "                if x is None or not D[x] > lam + face.tol * (1 + abs(lam)):",
     "                if True:", C),
    ("local: an unreachable output given divergence 0 instead of +inf", INFORMATION,
     "                d = arb(\"inf\")\n                break", "                continue", C),
    ("local: backward LIP term loses its e^-eps factor", MIXTURE,
     "bwd = arb(0) if T == \"empty\" else (_mass(*one, s, *T) - g * _mass(xs, ps, s, *T)) / g",
     "bwd = arb(0) if T == \"empty\" else (_mass(*one, s, *T) - g * _mass(xs, ps, s, *T))", G),
    ("local: forward LIP term loses gamma", MIXTURE,
     "fwd = _tails(xs, ps, s, *S) - g * _tails(*one, s, *S)", "fwd = _tails(xs, ps, s, *S) - _tails(*one, s, *S)", G),
    ("local: backward LIP term with gamma on the wrong law", MIXTURE,
     "(_mass(*one, s, *T) - g * _mass(xs, ps, s, *T)) / g", "(g * _mass(*one, s, *T) - _mass(xs, ps, s, *T)) / g", G),
    ("local: Gaussian lower tail through the wrong side", MIXTURE,
     "    return (-z / arb(2).sqrt()).erfc() / 2", "    return (z / arb(2).sqrt()).erfc() / 2", G),
    ("local: backward set at an edge point declared empty the wrong way round", MIXTURE,
     "sign(sympy.exp(-e) - inp.p[i]) > 0  # −ε > ln P_i", "sign(sympy.exp(-e) - inp.p[i]) < 0  # −ε > ln P_i", G),
    ("local: a root ball accepted without the sign on its outer side", MIXTURE,
     "        if L.value(outer) > c and L.value(inner) < c:", "        if L.value(inner) < c:", G),
    ("local: shell calibration at d = 1 aims at half the transformed target", "symdp/local/gaussian_info.py",
     "f, target = (lambda r: -(1 - info(r)).log()), -sympy.log(1 - m)",
     "f, target = (lambda r: -(1 - info(r)).log()), -sympy.log(1 - m) / 2",
     ("tests/test_information.py::test_shell_calibration_at_d_1_against_the_two_point_mixture",)),
    ("local: shell calibration at d = 1 solves −log(1 − I) = μ (target not transformed)", "symdp/local/gaussian_info.py",
     "f, target = (lambda r: -(1 - info(r)).log()), -sympy.log(1 - m)",
     "f, target = (lambda r: -(1 - info(r)).log()), m",
     ("tests/test_information.py::test_shell_calibration_at_d_1_against_the_two_point_mixture",)),
]

EQUIVALENT: dict[str, str] = {
    "local: an unreachable output given divergence 0 instead of +inf":
        "unreachable: every input passed to _divergences has p(x) > 0 (the capacity's dyadic law puts "
        "≥ 2^-bits on each input; mutual_information passes only the live ones), so an output that a row "
        "reaches has q(y) ≥ p(x)W(y|x), a product of certainly positive balls of exact positive numbers",
}
