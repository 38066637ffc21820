"""The safe evaluator of ``symdp eval``: exact arithmetic, and refusal before anything runs."""

import json

import mpmath
import pytest
import sympy

import symdp
from symdp import evaluator
from symdp.cli import main
from symdp.evaluator import RefusedExpression, evaluate
from symdp.numbers import MAX_DIGITS


class Sentinel:
    """Stands in for an API function and records whether an expression reached it."""

    def __init__(self):
        self.calls = 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return sympy.Integer(1)


@pytest.fixture
def sentinel(monkeypatch):
    s = Sentinel()
    names = dict(evaluator.SYMPY_NAMES, laplace=s, gaussian=s)
    monkeypatch.setattr(evaluator, "namespace", lambda: names)
    return s


INJECTIONS = [
    "__import__('os').system('x')",
    "().__class__",
    "laplace(1).__class__",
    "laplace(1).__class__.__bases__",
    "open('f')",
    "[x for x in ()]",
    "lambda: 1",
    "exec('1')",
    "eval('1')",
    "getattr(laplace, 'x')",
    "laplace(1)._private",
    '"a"*10**9',
    "9**9**9",
    "laplace(1) if 1 else 2",
    "laplace(*[1])",
    "laplace(**{'eps': 1})",
    "(y := laplace(1))",
    "f'{laplace(1)}'",
    "laplace(1)[0]",
    "laplace(1) < 2",
    "laplace(1)(2)",
    "laplace('__import__')",
    "exp('x+1')",
    "laplace(1).delta.__globals__",
    "__builtins__",
    "laplace(1); laplace(2)",
    "1j",
    "x" * 3000,
    "(" * 300 + "1" + ")" * 300,
]


@pytest.mark.parametrize("text", INJECTIONS, ids=range(len(INJECTIONS)))
def test_injection_is_refused_before_anything_runs(text, sentinel, capsys):
    assert main(["eval", text]) == 2
    err = capsys.readouterr().err
    assert err.startswith("symdp: error: refused") and err.count("\n") == 1
    assert sentinel.calls == 0


def test_huge_power_is_refused_without_calling_anything(sentinel):
    with pytest.raises(RefusedExpression, match="exponent"):
        evaluate("laplace(1) + 2**100000")
    with pytest.raises(RefusedExpression, match="bits"):
        evaluate("(10**9000)**9000")
    with pytest.raises(RefusedExpression, match="column 12"):
        evaluate("laplace(1)._x")


def test_integers_and_decimals_are_exact():
    assert evaluate("1/3") == sympy.Rational(1, 3)
    assert evaluate("0.1 + 0.2") == sympy.Rational(3, 10)
    assert evaluate("1e-3") == sympy.Rational(1, 1000)
    assert evaluate("-2**-2") == sympy.Rational(-1, 4)
    assert evaluate("7//2") == 3
    assert evaluate("binomial(10, 3)") == 120
    assert evaluate("[1/2, (1, 2/3)]") == [sympy.Rational(1, 2), (1, sympy.Rational(2, 3))]


def test_eval_json_is_exact(capsys):
    assert main(["eval", "1/3", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["exact"] == "1/3" and obj["expr"] == "1/3" and obj["digits"] == 30
    assert obj["decimal"] == "0." + "3" * 30
    assert set(obj) == {"expr", "exact", "decimal", "digits", "lower", "upper"}


def test_eval_digits_match_mpmath(capsys):
    assert main(["eval", "exp(1)", "--digits", "50"]) == 0
    printed = capsys.readouterr().out.strip()
    with mpmath.workdps(60):
        reference = mpmath.e
        assert abs(mpmath.mpf(printed) - reference) < mpmath.mpf(10) ** -49


@pytest.mark.parametrize("digits", ["0", "-3", str(MAX_DIGITS + 1)])
def test_digits_out_of_range_are_refused_before_evaluation(digits, sentinel, capsys):
    assert main(["eval", "laplace(1)", "--digits", digits]) == 2
    assert sentinel.calls == 0
    err = capsys.readouterr().err
    assert "digits" in err and err.count("\n") == 1


def test_lists_and_symbols(capsys):
    assert main(["eval", "[1/3, 1/7]", "--json"]) == 0
    items = json.loads(capsys.readouterr().out)
    assert [i["exact"] for i in items] == ["1/3", "1/7"]
    assert main(["eval", 'exp("x")', "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["exact"] == "exp(x)" and obj["decimal"] is None


def test_values_too_long_to_print_exactly_still_certify(capsys):
    assert main(["eval", "2**10000 * 3**5000", "--digits", "5", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    with mpmath.workdps(30):
        reference = mpmath.mpf(2) ** 10000 * mpmath.mpf(3) ** 5000
        assert abs(mpmath.mpf(obj["decimal"]) / reference - 1) < mpmath.mpf(10) ** -4
    assert obj["exact"] is None


def test_undefined_values_are_evaluation_errors(capsys):
    assert main(["eval", "1/0"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("symdp: error:") and err.count("\n") == 1


def test_bad_parameters_print_one_line(capsys):
    if not hasattr(symdp, "laplace"):
        pytest.skip("symdp.laplace is not built yet")
    assert main(["eval", "laplace(-1)"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("symdp: error:") and "eps" in err and err.count("\n") == 1
    assert main(["eval", "laplace()"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_public_api_expressions():
    if not hasattr(symdp, "randomized_response"):
        pytest.skip("symdp.randomized_response is not built yet")
    # independent route: (e^ε, 1)/(e^ε+1) vs (1, e^ε)/(e^ε+1) has TV (e^ε−1)/(e^ε+1)
    assert sympy.simplify(evaluate("randomized_response(log(3)).tv()") - sympy.Rational(1, 2)) == 0


def test_calculator_functions_are_reachable_and_right():
    """The calibrations and conversions users check numbers with, each against a second route."""
    import mpmath
    from symdp.numbers import certify
    rdp = certify(evaluate("subsampled_gaussian_rdp(2, 1/10, 1)"), 30)
    closed = certify(sympy.log(1 + sympy.Rational(1, 100) * (sympy.E - 1)), 30)  # log E[(mixture/Q)²]
    assert rdp.decimal == closed.decimal
    sigma = evaluate("minimal_gaussian_sigma(1, 1/10**5).sigma")
    with mpmath.workdps(50):
        s = mpmath.mpf(certify(sigma, 40).decimal)
        delta = mpmath.ncdf(-s + 1 / (2 * s)) - mpmath.e * mpmath.ncdf(-s - 1 / (2 * s))  # Balle–Wang, Theorem 8
        assert abs(delta / mpmath.mpf("1e-5") - 1) < mpmath.mpf(10) ** -25
    kov = evaluate("kov_delta(log(2), 0, 10, 1)")
    # Kairouz–Oh–Viswanath's δ is that of the 10-fold randomized-response pair (exact convolution)
    assert certify(kov, 30).decimal == certify(evaluate("(randomized_response(log(2)) ** 10).delta(1)"), 30).decimal
@pytest.mark.parametrize("text", [
    "laplace(1).eps.func", "laplace(1).eps.args", "gaussian(1).mu.subs", "laplace(1).eps.evalf(5)",
    "randomized_response(1).p.count(1)", "certify(1).exact.func", "local.Channel([[1, 0], [0, 1]]).matrix.index(1)",
    "laplace(1).delta(0).atoms()", "gaussian(2).mu.expand()",
])
def test_public_but_non_api_attributes_are_refused_before_evaluation(text):
    """Attributes that exist on public objects (sympy's .func, .args, .subs; tuple methods) but are
    not part of the API: only the allow-list stops them (the '_' rule would let them through)."""
    with pytest.raises(RefusedExpression, match="the attribute '[a-z]+' is not allowed"):
        evaluator.parse(text, evaluator.namespace(), evaluator.allowed_attributes())


def test_the_nesting_limit_is_a_setting():
    """``limits.function_nesting`` bounds nested functions: nine tanh are refused by default,
    naming the setting, and evaluate once it is raised (against tanh iterated in mpmath)."""
    from symdp import limits
    expr = "tanh(" * 9 + "1" + ")" * 9
    with pytest.raises(RefusedExpression, match=r"symdp.limits.set\(function_nesting="):
        evaluate(expr)
    with limits.raised(function_nesting=9):
        value = sympy.N(evaluate(expr), 30)
    with mpmath.workdps(40):
        x = mpmath.mpf(1)
        for _ in range(9):
            x = mpmath.tanh(x)
        assert abs(value - sympy.Float(mpmath.nstr(x, 35), 30)) < 1e-25


def test_the_node_limit_is_a_setting():
    """``limits.value_nodes`` bounds the size of an intermediate value: four nested bac_capacity
    build 49 629 nodes (10 nested functions), refused naming value_nodes, then, with that raised,
    naming function_nesting; with both raised the capacity (bits, of a binary channel) is in [0, 1]."""
    from symdp import limits
    expr = "local.bac_capacity(1/3, " * 4 + "1/3" + ")" * 4
    with pytest.raises(RefusedExpression, match=r"49629 nodes.*symdp.limits.set\(value_nodes="):
        evaluate(expr)
    with limits.raised(value_nodes=60_000), pytest.raises(RefusedExpression, match=r"set\(function_nesting="):
        evaluate(expr)
    with limits.raised(value_nodes=60_000, function_nesting=10):
        value = symdp.certify(evaluate(expr), 10)
    assert 0 <= sympy.Rational(value.lower) and sympy.Rational(value.upper) <= 1


_P0, _P1 = [sympy.Rational(1, 3), sympy.Rational(2, 3)], [sympy.Rational(1, 2), sympy.Rational(1, 2)]
_UTILITY_ARGS = {"e_gamma": (2, _P0, _P1), "mutual_information": (_P0,)}


@pytest.mark.parametrize("name", [n for n in symdp.local.utility.__all__ if n != "f_divergence"])
def test_every_utility_repr_is_read_back_by_eval(name):
    """The repr a user sees (``local.utility.reverse_kl([1/3, 2/3], [1/2, 1/2])``) evaluates to the
    same utility: the same repr, and the same exact value on a binary randomized response.
    (f_divergence prints its f as a lambda, which the grammar refuses.)"""
    u = getattr(symdp.local.utility, name)(*_UTILITY_ARGS.get(name, (_P0, _P1)))
    back = evaluate(repr(u))
    assert repr(back) == repr(u)
    channel = symdp.local.randomized_response(sympy.log(3), 2)
    assert sympy.simplify(back(channel) - u(channel)) == 0
