"""Fuzzing every public constructor, method and CLI command across magnitudes.

Each hypothesis example is a *batch* of cases run in one forked child (tests/sandbox.py) under a
memory cap and a time limit. A case passes when it returns a value (which is then certified and
printed, so lazy evaluation runs too) or raises a one-line ``SymdpError``; it fails when it
raises anything else, kills the process (segfault, FLINT or GMP abort, OOM) or overruns.

The tables below are the whole configuration: a new API is one line (a name and a callable of
drawn arguments), e.g. ``"local.optimal_mechanism": (lambda e, u: ..., (NUMBER, UTILITY))``.

Run length: ``SYMDP_FUZZ_EXAMPLES`` cases in all (default 240, seeded: about 60-90 s);
``SYMDP_FUZZ_EXAMPLES=20000 SYMDP_FUZZ_SEED=random`` for the long local run;
``SYMDP_FUZZ_ONLY=mixture`` draws only the cases whose name contains that text.
"""

from __future__ import annotations

import functools
import io
import math
import os
import random
import signal
import time
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

import mpmath
import numpy as np
import pytest
import sympy
from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

import symdp
import symdp.accounting
from symdp import limits
from symdp.cli import main
from symdp.numbers import Real, certify, exact
from sandbox import run_case, run_cases, safe_repr

BATCH = 40
DEFAULT_EXAMPLES = 240
TOTAL = int(os.environ.get("SYMDP_FUZZ_EXAMPLES", str(DEFAULT_EXAMPLES)))
N_BATCHES = max(1, TOTAL // BATCH)
SEED = os.environ.get("SYMDP_FUZZ_SEED", "20261123")
#: Per-case limits inside the fuzz children: a case must answer or refuse well within them.
CASE_TIMEOUT = float(os.environ.get("SYMDP_FUZZ_TIMEOUT", "60"))
LOG = os.environ.get("SYMDP_FUZZ_LOG")
ONLY = os.environ.get("SYMDP_FUZZ_ONLY", "")
#: Smaller budgets than the defaults keep each case short; the defaults' own sizes are covered
#: by tests/test_robustness.py.
FUZZ_LIMITS = dict(max_prec=1 << 15, lattice_points=200_000, lattice_bits=1 << 28, composition_terms=100_000,
                   binomial_n=10 ** 5)

# --------------------------------------------------------------------------------------------
# Numbers across magnitudes, in every accepted type


def _magnitudes() -> st.SearchStrategy[int]:
    return st.sampled_from([0, 1, 2, 5, 10, 20, 50, 100, 300, 307, 308, 323, 400])


@st.composite
def _decimal_text(draw) -> str:
    """A number as text for the evaluator (``10**-300``, ``3/7``, ``1e308``, ``log(2)``)."""
    e = draw(_magnitudes())
    sign_ = draw(st.sampled_from(["", "", "", "-"]))
    form = draw(st.sampled_from(["pow", "sci", "frac", "int", "expr"]))
    if form == "pow":
        return f"{sign_}10**{draw(st.sampled_from(['', '-']))}{e}"
    if form == "sci":
        return f"{sign_}{draw(st.integers(1, 9))}e{draw(st.sampled_from(['', '-']))}{e}"
    if form == "frac":
        return f"{sign_}{draw(st.integers(0, 10 ** 6))}/{draw(st.integers(1, 10 ** 6))}"
    if form == "int":
        return f"{sign_}{draw(st.integers(0, 100))}"
    return draw(st.sampled_from(["log(2)", "sqrt(2)", "exp(-10**6)", "1/oo", "pi", "exp(10**4)", "log(3)/7",
                                 "tanh(1/3)", "2**-1074", "(1/2)**2000", "1 - 10**-300"]))


@st.composite
def _float(draw) -> float:
    return draw(st.one_of(
        st.sampled_from([0.0, -0.0, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, 1e-300, 1e300,
                         math.nan, math.inf, -math.inf, 0.5, 1.0, 2.0, 1e-16, 1 - 1e-16]),
        st.floats(allow_nan=False, allow_infinity=False, width=64)))


@st.composite
def _huge_rational(draw):
    bits = draw(st.sampled_from([64, 1000, 10_000, 100_000]))
    p = draw(st.integers(1, 3)) * 2 ** bits + draw(st.integers(-5, 5))
    q = draw(st.integers(1, 3)) * 2 ** draw(st.sampled_from([1, 64, 1000, bits])) + 1
    return draw(st.sampled_from([Fraction(p, q), Fraction(q, p), sympy.Rational(p, q), sympy.Integer(p)]))


def _numpy(x: float):
    return st.sampled_from([np.float64(x), np.float32(x) if abs(x) < 3e38 else np.float64(x),
                            np.int64(int(x)) if abs(x) < 2 ** 62 and x == x else np.float64(x)])


@st.composite
def _any_number(draw):
    """One value from every family the issue lists."""
    kind = draw(st.sampled_from(["power", "power", "float", "numpy", "int", "huge_int", "rational", "sympy", "text"]))
    if kind == "power":
        e = draw(_magnitudes())
        v = sympy.Integer(10) ** (e * draw(st.sampled_from([1, -1])))
        return v * draw(st.sampled_from([1, 3, sympy.Rational(1, 7), -1]))
    if kind == "float":
        return draw(_float())
    if kind == "numpy":
        return draw(_float().flatmap(lambda x: _numpy(x) if x == x and abs(x) != math.inf else st.just(np.float64(x))))
    if kind == "int":
        return draw(st.integers(-3, 100))
    if kind == "huge_int":
        return draw(st.sampled_from([2 ** 64, 10 ** 400, 2 ** 100_000 + 1, -(10 ** 50)]))
    if kind == "rational":
        return draw(_huge_rational())
    if kind == "sympy":
        return draw(st.sampled_from([sympy.log(2), sympy.sqrt(2), sympy.exp(-sympy.Integer(10) ** 6), sympy.pi,
                                     sympy.exp(sympy.Integer(10) ** 4), sympy.Rational(1, 3), sympy.oo, sympy.nan,
                                     sympy.Symbol("x"), sympy.I, sympy.zoo, sympy.E ** -700]))
    return draw(st.sampled_from(["1/2", "abc", None, True, [1, 2], b"1"]))


NUMBER = _any_number()
NUMERIC = NUMBER.filter(lambda v: not isinstance(v, (str, list, bytes, type(None), bool)))


def _complement(a: object) -> sympy.Expr:
    """1 − a, with a checked by symdp's own conversion first (a refusal is the outcome)."""
    return 1 - exact(a, "a")
#: Valid-looking parameters (mostly in range) reach deeper into the computations.
POSITIVE = st.one_of(
    st.sampled_from([sympy.Rational(1, 10), sympy.Rational(1, 2), 1, 2, sympy.log(2), 3, 10, 0.5, np.float64(0.25)]),
    st.sampled_from([0, 1, 2, 3, 5, 10, 20, 50, 100, 300, 400]).map(lambda e: sympy.Integer(10) ** -e),
    st.sampled_from([1, 2, 3, 5, 10, 20, 50, 100, 300, 400]).map(lambda e: sympy.Integer(10) ** e),
    NUMBER)
PROBABILITY = st.one_of(
    st.sampled_from([0, 1, sympy.Rational(1, 2), sympy.Rational(1, 1000), 0.1, 1 - sympy.Rational(1, 10 ** 9)]),
    st.sampled_from([3, 6, 9, 12, 20, 50, 100, 300, 400]).map(lambda e: sympy.Integer(10) ** -e),
    NUMBER)
#: Integer parameters at their limits (issue: every integer parameter at 10⁹, 2⁶⁴ and 10¹⁰⁰).
HUGE_INTEGERS = [10 ** 9, 2 ** 64, 10 ** 100]
COUNT = st.one_of(st.sampled_from([1, 2, 3, 10, 100, 1000, 10 ** 4, 10 ** 6, 10 ** 12, 0, -1] + HUGE_INTEGERS), NUMBER)
#: DP-SGD's steps without the huge ones: those run away in the accounting (issue 21, its own item).
STEPS = st.one_of(st.sampled_from([1, 2, 3, 10, 100, 1000, 10 ** 4, 10 ** 6, 10 ** 12, 0, -1]), NUMBER)
ALPHABET = st.sampled_from([2, 3, 5, 100] + HUGE_INTEGERS)

# --------------------------------------------------------------------------------------------
# The tables: constructors of pairs and guarantees, their methods, and everything else

PAIRS: dict[str, tuple[Callable, tuple]] = {
    "laplace": (lambda e: symdp.laplace(e), (POSITIVE,)),
    "gaussian": (lambda s: symdp.gaussian(s), (POSITIVE,)),
    "gaussian_sens": (lambda s, d: symdp.gaussian(s, d), (POSITIVE, POSITIVE)),
    "randomized_response": (lambda e, k: symdp.randomized_response(e, k), (POSITIVE, ALPHABET)),
    "dominating": (lambda e, d: symdp.dominating(e, d), (POSITIVE, PROBABILITY)),
    "dominating_eta": (lambda e, d, n: symdp.dominating(e, d, n), (POSITIVE, PROBABILITY, PROBABILITY)),
    "staircase": (lambda e, g: symdp.staircase(e, g), (POSITIVE, PROBABILITY)),
    "finite": (lambda a, b: symdp.FinitePair([a, _complement(a)], [b, _complement(b)]), (PROBABILITY, PROBABILITY)),
    "rr_power": (lambda e, k: symdp.randomized_response(e) ** k, (POSITIVE, COUNT)),
    "rr_power_power": (lambda e, a, b: (symdp.randomized_response(e) ** a) ** b, (POSITIVE, COUNT, COUNT)),
    "laplace_power": (lambda e, k: symdp.laplace(e) ** k, (POSITIVE, COUNT)),
    "dominating_power": (lambda e, d, k: symdp.dominating(e, d) ** k, (POSITIVE, PROBABILITY, COUNT)),
    "subsampled_rr": (lambda e, q: symdp.randomized_response(e).subsample(q), (POSITIVE, PROBABILITY)),
}

METHODS: dict[str, tuple[Callable, tuple]] = {
    "delta": (lambda p, x: p.delta(x), (POSITIVE,)),
    "epsilon": (lambda p, x: p.epsilon(x), (PROBABILITY,)),
    "hockey_stick": (lambda p, x: p.hockey_stick(x), (POSITIVE,)),
    "tv": (lambda p: p.tv(), ()),
    "kl": (lambda p: p.kl(), ()),
    "chi2": (lambda p: p.chi2(), ()),
    "renyi": (lambda p, a: p.renyi(a), (POSITIVE,)),
    "tradeoff": (lambda p, a: p.tradeoff(a), (PROBABILITY,)),
    "subsample_delta": (lambda p, q, x: p.subsample(q).delta(x), (PROBABILITY, POSITIVE)),
    "power_delta": (lambda p, k, x: (p ** k).delta(x), (COUNT, POSITIVE)),
}

OTHER: dict[str, tuple[Callable, tuple]] = {
    "zcdp.delta": (lambda r, e: symdp.zcdp(r).delta(e), (POSITIVE, POSITIVE)),
    "zcdp.epsilon": (lambda r, d: symdp.zcdp(r).epsilon(d), (POSITIVE, PROBABILITY)),
    "gdp.delta": (lambda m, e: symdp.gdp(m).delta(e), (POSITIVE, POSITIVE)),
    "gdp.epsilon": (lambda m, d: symdp.gdp(m).epsilon(d), (POSITIVE, PROBABILITY)),
    "certify": (lambda v, d: certify(v, d), (NUMBER, st.sampled_from([1, 15, 30, 300, 5000, 0, 5001]))),
    "Real": (lambda v: Real(v), (st.sampled_from([symdp.gaussian, 3, None, "x", lambda p: "x", lambda p: 1]),)),
    # Python's own TypeError for a Real times a list is the operator protocol, not a finding: numbers only.
    "Real.arith": (lambda v, w: certify(symdp.gaussian(1).delta(1) * v + w, 10), (NUMERIC, NUMERIC)),
    "composed_deltas": (lambda e, d, k: symdp.composed_deltas(e, d, None, k), (POSITIVE, PROBABILITY, COUNT)),
    "composed_tv": (lambda e, d, k: symdp.composed_tv(e, d, None, k), (POSITIVE, PROBABILITY, COUNT)),
    "local.Channel": (lambda a, b: symdp.local.Channel([[a, _complement(a)], [b, _complement(b)]]).dobrushin(),
                      (PROBABILITY, PROBABILITY)),
    "local.randomized_response": (lambda e, k: symdp.local.randomized_response(e, k).ldp_epsilon(),
                                  (POSITIVE, ALPHABET)),
    "local.contraction": (lambda e, kind: symdp.local.randomized_response(e, 2).contraction(kind),
                          (POSITIVE, st.sampled_from(["tv", "kl", "chi2", "bogus"]))),
    # Kairouz–Oh–Viswanath: the certified staircase LP
    "local.optimal_mechanism": (lambda e, a, b: symdp.local.optimal_mechanism(
        e, symdp.local.utility.tv([a, _complement(a)], [b, _complement(b)])).value, (POSITIVE, PROBABILITY, PROBABILITY)),
    # Asoodeh–Aliakbarpour–Calmon
    "local.phi": (lambda e, d, n: symdp.local.phi(e, d, n), (POSITIVE, PROBABILITY, COUNT)),
    "local.worst_case_contraction": (lambda e, d, kind: symdp.local.worst_case_contraction(e, d, kind),
                                     (POSITIVE, PROBABILITY, st.sampled_from(["tv", "kl", "chi2", "bogus"]))),
    "Channel.is_ldp": (lambda e, f, d: symdp.local.randomized_response(e, 2).is_ldp(f, d),
                       (POSITIVE, POSITIVE, PROBABILITY)),
    "Channel.e_gamma_information": (lambda e, a, g: symdp.local.randomized_response(e, 2).e_gamma_information(
        [a, _complement(a)], g), (POSITIVE, PROBABILITY, POSITIVE)),
    # Ngo–Östman–Graell i Amat (bits)
    "local.bac_capacity": (lambda a, b: symdp.local.bac_capacity(a, b), (PROBABILITY, PROBABILITY)),
    "local.zchannel_crossover": (lambda m: symdp.local.zchannel_crossover(m), (POSITIVE,)),
    "local.lmidp_to_ldp": (lambda m, e: symdp.local.lmidp_to_ldp(m, e), (POSITIVE, POSITIVE)),
    "local.ldp_to_lmidp": (lambda s: symdp.local.ldp_to_lmidp(symdp.gaussian(s)), (POSITIVE,)),
    "Channel.capacity": (lambda a, b: symdp.local.Channel([[a, _complement(a)], [b, _complement(b)]]).capacity(),
                         (PROBABILITY, PROBABILITY)),
    "Channel.mutual_information": (lambda a, p: symdp.local.Channel([[a, _complement(a)], [_complement(a), a]])
                                   .mutual_information([p, _complement(p)]), (PROBABILITY, PROBABILITY)),
    "Channel.lip_delta": (lambda e, p, f: symdp.local.randomized_response(e, 2).lip_delta([p, _complement(p)], f),
                          (POSITIVE, PROBABILITY, POSITIVE)),
    # the Gaussian mechanism with a discrete input (points 0 and x)
    "local.mixture_lip_delta": (lambda x, p, s2, e: symdp.local.mixture_lip_delta([0, x], [p, _complement(p)], s2, e),
                                (NUMBER, PROBABILITY, POSITIVE, POSITIVE)),
    "local.mixture_information": (lambda x, p, s2: symdp.local.mixture_information([0, x], [p, _complement(p)], s2),
                                  (NUMBER, PROBABILITY, POSITIVE)),
    "local.mixture_calibration": (lambda m, x: symdp.local.mixture_calibration(m, [0, x], [sympy.Rational(1, 2)] * 2),
                                  (POSITIVE, NUMBER)),
    "local.mixture_lip_to_lmidp": (lambda x, s2: symdp.local.mixture_lip_to_lmidp([0, x], [sympy.Rational(1, 3),
                                                                                          sympy.Rational(2, 3)], s2,
                                                                                   rtol=sympy.Rational(1, 2), max_panels=40),
                                   (NUMBER, POSITIVE)),
    # certified DP-SGD accounting (a coarse rtol keeps each case within the budget)
    "accounting.dpsgd_delta": (lambda q, s, t, e: symdp.accounting.dpsgd_delta(q, s, t, e, rtol=sympy.Rational(1, 2)),
                               (PROBABILITY, POSITIVE, STEPS, POSITIVE)),
}


def _cli(*argv: str) -> tuple[int, str]:
    """Run the command line in-process. A finding: an exit code other than 0/1/2, an exception
    escaping main(), a traceback, an "internal error" or "out of memory" (a cost not bounded
    before it was spent), or a usage error (exit 2) that is not one line."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    text = err.getvalue()
    assert code in (0, 1, 2), f"exit code {code}"
    for bad in ("Traceback", "internal error", "out of memory"):
        assert bad not in text, f"{bad}: {text[-300:]!r}"
    if code == 2:
        lines = [line for line in text.splitlines() if line.strip()]
        assert len(lines) == 1 and lines[0].startswith("symdp: error: "), f"not a one-line error: {text!r}"
    return code, (text or out.getvalue())[:200]


@st.composite
def _expression(draw) -> str:
    """An expression for ``symdp eval``: a constructor, a method, nesting and arithmetic."""
    n = _decimal_text()
    ctor = draw(st.sampled_from(["laplace", "gaussian", "randomized_response", "dominating", "staircase"]))
    args = ", ".join(draw(n) for _ in range(draw(st.integers(1, 2))))
    pair = f"{ctor}({args})"
    if draw(st.booleans()):
        pair = f"({pair} ** {draw(st.sampled_from(['2', '10', '1000', '10**6', '0', '-1', '1/2']))})"
    method = draw(st.sampled_from(["delta", "epsilon", "tv", "kl", "hockey_stick", "renyi", "tradeoff", "chi2"]))
    call = f"{pair}.{method}({'' if method in ('tv', 'kl', 'chi2') else draw(n)})"
    return draw(st.sampled_from([
        call, f"-{call}", f"{call} * {draw(n)} + {draw(n)}", f"exp({draw(n)})", f"log({draw(n)})",
        "exp(" * draw(st.integers(1, 40)) + draw(n) + ")" * 0, f"binomial({draw(n)}, {draw(n)})",
        f"zcdp({draw(n)}).delta({draw(n)})", f"gdp({draw(n)}).epsilon({draw(n)})", f"{draw(n)}",
        f"{call}.func", f"laplace(1).eps.{draw(st.sampled_from(['func', 'args', 'evalf', 'subs', 'p']))}",
    ]))


def _signatures() -> dict[str, list[str]]:
    """Every function ``symdp eval`` offers (top-level names and ``local.*``) → its required
    positional parameters."""
    import inspect
    from symdp.evaluator import namespace
    out = {}
    names = namespace()
    candidates = [(n, v) for n, v in names.items() if n != "local"]
    candidates += [(f"local.{n}", getattr(symdp.local, n)) for n in symdp.local.__all__]
    for name, fn in candidates:
        if not callable(fn) or name.split(".")[-1][0].isupper():
            continue  # classes take structured input (matrices, lattices), drawn elsewhere
        try:
            params = inspect.signature(fn).parameters.values()
        except (TypeError, ValueError):
            continue
        out[name] = [p.name for p in params if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY,
                                                                                    p.POSITIONAL_OR_KEYWORD)]
    return out


SIGNATURES = _signatures()
#: Parameters that are integers (counts, alphabet sizes, orders of composition).
INTEGER_NAMES = {"k", "n", "m", "steps", "count"}


@st.composite
def _nested_call(draw) -> str:
    """A public function nested in one of its own parameters 1 to 40 times; the other parameters
    small numbers, integers also at 10⁹, 2⁶⁴ and 10¹⁰⁰ (the cost of what the depth builds)."""
    name = draw(st.sampled_from(sorted(n for n, ps in SIGNATURES.items() if ps)))
    params = SIGNATURES[name]
    slot = draw(st.integers(0, len(params) - 1))
    levels = draw(st.sampled_from([1, 2, 3, 5, 8, 13, 20, 40]))

    def value(p: str) -> str:
        if p in INTEGER_NAMES:
            return draw(st.sampled_from(["1", "2", "3", "10", "10**9", "2**64", "10**100"]))
        return draw(st.sampled_from(["1/3", "1/2", "2", "1", "10**-9", "10**9", "log(2)", "0"]))
    inner = value(params[slot])
    before = "".join(value(p) + ", " for p in params[:slot])
    after = "".join(", " + value(p) for p in params[slot + 1:])
    return f"{name}({before}" * levels + inner + f"{after})" * levels


def _balanced(text: str) -> str:
    return text + ")" * (text.count("(") - text.count(")"))


# Files the command line reads, with oversized, truncated and malformed content, and paths and
# paper keys at their limits. Each case builds its folder in a fresh temporary directory.

TABLE = "zchannel_crossover"  # the smallest committed table: a full check recomputes 6 rows
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


_JSON_SHAPES = [b"[]", b"null", b'{"tables": []}', b'{"format": "x", "tables": {"a": 1}}', b'{"columns": 3, "grid": "x"}',
                b"1e999999", b'"' + b"a" * 10 ** 6 + b'"']


@dataclass(frozen=True)
class Mutation:
    """A change to a file's bytes: truncated, emptied, oversized (a 200 000-character cell, a
    million rows, a 2-million-comma line, 10⁵ nested JSON brackets), or malformed (garbage,
    invalid UTF-8, NUL bytes, JSON of the wrong shape, rows of the wrong width)."""

    kind: str
    at: float = 0.5
    junk: bytes = b"?"

    def __call__(self, b: bytes) -> bytes:
        cut = int(len(b) * self.at)
        if self.kind == "truncate":
            return b[:cut]
        if self.kind == "empty":
            return b""
        if self.kind == "cell":  # inside the first JSON string, or the first CSV cell
            return b.replace(b'"', b'"' + b"x" * 200_000, 1) if b.startswith(b"{") else \
                b.replace(b",", b"," + b"7" * 200_000, 1)
        if self.kind == "rows":
            return b + (b.splitlines(keepends=True) or [b"\n"])[-1] * 1_000_000
        if self.kind == "line":
            return b + b"," * 2_000_000 + b"\n"
        if self.kind == "nested":
            return b"[" * 100_000 + b"]" * 100_000
        if self.kind == "garbage":
            return b[:cut] + self.junk + b[cut:]
        if self.kind == "utf8":
            return b"\xff\xfe" + b
        if self.kind == "nul":
            return b.replace(b",", b"\x00,", 3)
        if self.kind == "width":
            return b.replace(b"\n", b",extra\n", 2)
        return _JSON_SHAPES[int(self.at * (len(_JSON_SHAPES) - 1))]  # "shape"


MUTATION = st.builds(Mutation, st.sampled_from(["truncate", "empty", "cell", "rows", "line", "nested", "garbage", "utf8",
                                                "nul", "width", "shape"]),
                     st.floats(0, 1), st.binary(min_size=1, max_size=64))


def _table_folder(victim: str, mutate: Callable[[bytes], bytes]) -> str:
    """A temporary copy of the manifest and one table, with the file `victim` changed."""
    import shutil
    import tempfile
    folder = tempfile.mkdtemp(prefix="symdp-fuzz-")
    for name in ("MANIFEST.json", f"{TABLE}.csv", f"{TABLE}.spec.json"):
        shutil.copy(os.path.join(REPO, "tables", name), folder)
    path = os.path.join(folder, victim)
    with open(path, "rb") as f:
        data = f.read()
    with open(path, "wb") as f:
        f.write(mutate(data))
    return folder


def _check_tables(victim: str, mutate: Callable[[bytes], bytes], *options: str):
    return _cli("tables", "check", _table_folder(victim, mutate), TABLE, *options)


def _load_table(victim: str, mutate: Callable[[bytes], bytes]):
    from symdp.testing import load_table
    try:
        table = load_table(TABLE, _table_folder(victim, mutate))
    except FileNotFoundError:
        return "missing"  # documented: a table that is not there
    return [row.decimal for row in table][:3]


CLAIM_MODULES = [
    "from symdp.verify import claim, identity\n@claim(paper='lmidp', label='Theorem 1', statement='x')\n"
    "def t():\n    import sympy\n    return identity(sympy.Integer(1), sympy.Integer(1), 'one')\n",
    "def broken(:\n",
    "\x00\x01garbage",
    "# " + "x" * 2_000_000 + "\n",
    "from symdp.verify import register_paper\nregister_paper('" + "k" * 300 + "', 'A title')\n",
    "from symdp.verify import claim\n@claim(paper='lmidp', label='Theorem 1', statement='x')\ndef t():\n    return 42\n",
    "import a_module_that_does_not_exist\n",
    "from symdp.verify import claim\n@claim(paper='lmidp', label='" + "L" * 5000 + "', statement='x')\ndef t():\n    pass\n",
    "raise SystemExit(3)\n",
]


def _verify_folder(modules: list[str], *options: str):
    import tempfile
    folder = tempfile.mkdtemp(prefix="symdp-fuzz-claims-")
    for i, text in enumerate(modules):
        with open(os.path.join(folder, f"claims_{i}.py"), "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(text)
    return _cli("verify", folder, "--out", os.path.join(folder, "out"), "--timeout", "20", *options)


PATHS = st.sampled_from(["/nonexistent/x", "", ".", "/dev/null", "/proc/self/status", "a" * 300, "/" + "b/" * 3000,
                         "x\x00y", "../" * 50, "tables/MANIFEST.json", "\udcff"])
KEYS = st.sampled_from(["bogus", "", "TV-DP", "tv_dp", "k" * 300, "lmidp" * 1000, "ü", "a b", "-x", "lmidp\n"])


CLI: dict[str, tuple[Callable, tuple]] = {
    "eval": (lambda e, d: _cli("eval", _balanced(e), "--digits", d),
             (_expression(), st.sampled_from(["1", "15", "30", "4400", "5000", "0", "-3", "5001", "x", "10**9",
                                              str(2 ** 64), "1" + "0" * 100]))),
    "eval.json": (lambda e: _cli("eval", _balanced(e), "--json"), (_expression(),)),
    "eval.nested": (lambda e: _cli("eval", e, "--digits", "10"), (_nested_call(),)),
    "tables.check": (lambda name, n: _cli("tables", "check", name, "--sample", n),
                     (st.sampled_from(["gausian_delta", "nope", "../x", "tables/"]),
                      st.sampled_from(["-1", "0", "10**9", "1e3", "99999999999999999999", "abc"]))),
    "tables.check.file": (_check_tables, (st.sampled_from(["MANIFEST.json", f"{TABLE}.csv", f"{TABLE}.spec.json"]),
                                          MUTATION)),
    "tables.load.file": (_load_table, (st.sampled_from([f"{TABLE}.csv", f"{TABLE}.spec.json"]), MUTATION)),
    "tables.options": (lambda o, v: _cli("tables", "build", "nope", o, v),
                       (st.sampled_from(["--jobs", "--seed", "--sample"]),
                        st.sampled_from(["0", "-1", "10**9", str(10 ** 9), str(2 ** 64), "1" + "0" * 100, "x"]))),
    "tables.path": (lambda p: _cli("tables", "check", p), (PATHS,)),
    "verify.paper": (lambda key: _cli("verify", "--paper", key), (KEYS,)),
    "verify.path": (lambda p, k: _cli("verify", p, "--paper", k, "--out", "/nonexistent/out"),
                    (PATHS, st.sampled_from(["lmidp", "bogus"]))),
    "verify.folder": (_verify_folder, (st.lists(st.sampled_from(CLAIM_MODULES), min_size=1, max_size=3),)),
    "verify.timeout": (lambda t: _cli("verify", "/nonexistent", "--timeout", t),
                       (st.sampled_from(["0", "-1", "nan", "inf", "1e308", "x", str(2 ** 64)]),)),
    "figures.paper": (lambda key, out: _cli("figures", "--paper", key, "--out", out),
                      (st.sampled_from(["bogus", "", "lmidp2", "k" * 300]), PATHS)),
    "compare.out": (lambda name, out: _cli("compare", name, "--out", out),
                    (st.sampled_from(["nope", "k" * 300, ""]), PATHS)),
    # Whole commands that legitimately run for minutes and write files (verify, figures, tables
    # build without names) are left out: their inputs are drawn by the families above.
    "argv": (lambda a: _cli(*a), (st.lists(st.sampled_from(["eval", "--digits", "-", "--json", "--", "-1", "tables",
                                                            "check", "-x", "1/3", "--paper", "account",
                                                            "x" * 5000]), max_size=4),)),
}

# --------------------------------------------------------------------------------------------
# Cases


def _exercise(value: object) -> object:
    """Force what a user would force: certify numbers (lazy Reals run here) and print."""
    if isinstance(value, (list, tuple)):
        return [_exercise(v) for v in value[:5]]
    if isinstance(value, (Real, sympy.Basic)) and not isinstance(value, sympy.Symbol):
        expr = value if isinstance(value, Real) else sympy.sympify(value)
        if isinstance(expr, Real) or (expr.is_number and expr not in (sympy.oo, -sympy.oo, sympy.zoo, sympy.nan)):
            return certify(expr, 15).decimal
    return safe_repr(value, 100)


def _all_cases() -> dict[str, tuple[Callable, tuple]]:
    table = dict(OTHER)
    table.update({f"cli.{k}": v for k, v in CLI.items()})
    for pname, (make, pargs) in PAIRS.items():
        for mname, (method, margs) in METHODS.items():
            def call(*xs, make=make, method=method, n=len(pargs)):
                return method(make(*xs[:n]), *xs[n:])
            table[f"{pname}.{mname}"] = (call, pargs + margs)
    return table


CASES = _all_cases()


@st.composite
def _case(draw):
    name = draw(st.sampled_from(sorted(n for n in CASES if ONLY in n)))
    fn, strategies = CASES[name]
    args = tuple(draw(s) for s in strategies)
    return name, fn, args


def _runner(fn, args) -> Callable[[], object]:
    def run():
        # in the child only: symdp's own time limit speaks before the sandbox's
        with limits.raised(**FUZZ_LIMITS, seconds=max(1, int(CASE_TIMEOUT / 2))):
            return _exercise(fn(*args))
    return run


def _describe(name: str, args: tuple) -> str:
    return f"{name}({', '.join(safe_repr(a, 80) for a in args)})"


def _seed() -> int:
    return random.SystemRandom().randrange(2 ** 32) if SEED == "random" else int(SEED)


BASE_SEED = _seed()


@functools.cache
def _batches() -> tuple[list, ...]:
    """The run's batches of BATCH cases each, drawn by hypothesis from BASE_SEED (generation
    only, drawn once; the cases run outside hypothesis, so each runs once)."""
    drawn = []

    @seed(BASE_SEED)
    @settings(max_examples=N_BATCHES, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(st.lists(_case(), min_size=BATCH, max_size=BATCH))
    def draw(batch):
        drawn.append(batch)

    draw()
    return tuple(drawn)


_COUNTS: dict[str, int] = {}


def _failures(batch: list) -> list[str]:
    """Run a batch of (name, fn, args) cases in the sandbox; one line per case that crashed,
    overran or raised anything but a one-line SymdpError. Outcomes are tallied and logged."""
    outcomes = run_cases([_runner(fn, args) for _, fn, args in batch], timeout=CASE_TIMEOUT)
    for o in outcomes:
        _COUNTS[o.kind] = _COUNTS.get(o.kind, 0) + 1
    failures = [f"{_describe(name, args)} -> {o.kind}: {o.detail}"
                for (name, _, args), o in zip(batch, outcomes) if o.failed]
    if LOG:  # a long run leaves a running record (counts, then each finding) in SYMDP_FUZZ_LOG
        with open(LOG, "a") as log:
            log.write(f"seed {BASE_SEED}: {sum(_COUNTS.values())} cases {dict(sorted(_COUNTS.items()))}\n")
            log.writelines(f"FAIL {f}\n" for f in failures)
    return failures


@pytest.mark.parametrize("number", range(N_BATCHES))
def test_no_public_call_crashes_overruns_or_raises_a_non_symdp_error(number):
    """One batch: every case answers or refuses with a one-line symdp error, within the limits.
    Each batch is its own test, so a finding fails it (and the run goes on to the next batch)."""
    failures = _failures(_batches()[number])
    assert not failures, f"{len(failures)} failing case(s) (seed {BASE_SEED}, batch {number}):\n" + "\n".join(failures)


def _segfault():
    os.kill(os.getpid(), signal.SIGSEGV)


def test_a_batch_reports_each_kind_of_finding_and_nothing_else():
    """The batch check itself can fail: an exception that is not a SymdpError, a refusal of
    several lines, a killed process and an overrun are each reported, with their case named;
    a value and a one-line refusal are not."""
    from symdp.errors import ParameterError
    bad_message = ParameterError("two\nlines")

    def refuse(error):
        raise error
    batch = [("value", lambda: 1, ()), ("refusal", refuse, (ParameterError("x must be ≥ 0, got -1"),)),
             ("error", refuse, (TypeError("boom"),)), ("two_lines", refuse, (bad_message,)),
             ("crash", _segfault, ()), ("overrun", time.sleep, (30,)), ("after", lambda: 2, ())]
    global CASE_TIMEOUT, LOG
    saved, CASE_TIMEOUT, LOG = (CASE_TIMEOUT, LOG), 2.0, None  # not counted in a campaign's log
    try:
        failures = _failures(batch)
    finally:
        CASE_TIMEOUT, LOG = saved
    assert [f.split("(")[0] for f in failures] == ["error", "two_lines", "crash", "overrun"]
    assert "TypeError: boom" in failures[0] and "SIGSEGV" in failures[2] and "timeout" in failures[3]


# --------------------------------------------------------------------------------------------
# The files the command line reads: a campaign of its own. Each case puts one drawn form where
# the command expects a file (the manifest, a table's CSV or spec, a claim module, the report
# that --recheck replays) and runs the command in the sandbox: its answer or one-line refusal
# must come within the case's time limit and memory cap, whatever stands there.

FILE_BATCH = 16
DEFAULT_FILE_EXAMPLES = 32
FILE_TOTAL = int(os.environ.get("SYMDP_FUZZ_FILE_EXAMPLES", str(DEFAULT_FILE_EXAMPLES)))


@dataclass(frozen=True)
class FileForm:
    """What stands where a file is expected: its own bytes changed by a :class:`Mutation`, a link
    to /dev/zero (size 0, endless: tables check once read 3.7 GB of it) or /dev/null, a FIFO
    (opening it blocks until a writer comes), a folder, a dangling link, or a 10 GB sparse file."""

    kind: str
    mutation: Mutation

    def put(self, path: str, original: bytes) -> None:
        import shutil
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        elif os.path.lexists(path):
            os.remove(path)
        if self.kind == "bytes":
            with open(path, "wb") as f:
                f.write(self.mutation(original))
        elif self.kind in ("dev_zero", "dev_null", "dangling"):
            os.symlink({"dev_zero": "/dev/zero", "dev_null": "/dev/null"}.get(self.kind, path + ".gone"), path)
        elif self.kind == "fifo":
            os.mkfifo(path)
        elif self.kind == "folder":
            os.mkdir(path)
        else:  # "sparse": a regular file whose size alone is beyond every limit
            with open(path, "wb") as f:
                f.truncate(10 << 30)


FILE_FORM = st.builds(FileForm, st.sampled_from(["bytes", "bytes", "bytes", "dev_zero", "dev_null", "fifo", "folder",
                                                 "dangling", "sparse"]), MUTATION)
_GOOD_CLAIMS = (
    "import sympy\nfrom symdp.verify import claim, identity, inequality_on_box\nx = sympy.Symbol('x')\n"
    "@claim(paper='tv-dp', label='Theorem 1', statement='x + x = 2x')\n"
    "def t1():\n    return identity(x + x, 2 * x, 'sympy')\n"
    "@claim(paper='lmidp', label='Lemma 2', statement='e^x >= 1 + x on [-1, 1]')\n"
    "def l2():\n    return inequality_on_box(sympy.exp(x) - 1 - x, [(-1, 1)], 'branch and bound')\n")


@functools.cache
def _good_report() -> bytes:
    """The JSON report of a real ``symdp verify`` run (an identity and a box proof), made once
    per process, before the children fork (they inherit it)."""
    import tempfile
    folder = tempfile.mkdtemp(prefix="symdp-fuzz-report-")
    os.mkdir(os.path.join(folder, "claims"))
    with open(os.path.join(folder, "claims", "good.py"), "w", encoding="utf-8") as f:
        f.write(_GOOD_CLAIMS)
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        assert main(["verify", os.path.join(folder, "claims"), "--out", os.path.join(folder, "out")]) == 0
    with open(os.path.join(folder, "out", "verify.json"), "rb") as f:
        return f.read()


def _tables_file(victim: str, form: FileForm, load: bool):
    folder = _table_folder(victim, lambda b: b)
    with open(os.path.join(REPO, "tables", victim), "rb") as f:
        form.put(os.path.join(folder, victim), f.read())
    if load:
        from symdp.testing import load_table
        try:
            return [row.decimal for row in load_table(TABLE, folder)][:3]
        except FileNotFoundError:
            return "missing"  # documented: a table that is not there
    return _cli("tables", "check", folder, TABLE, "--sample", "2")


def _claims_file(module: str, form: FileForm):
    import tempfile
    folder = tempfile.mkdtemp(prefix="symdp-fuzz-claims-")
    os.mkdir(os.path.join(folder, "claims"))
    form.put(os.path.join(folder, "claims", "drawn.py"), module.encode("utf-8", "surrogateescape"))
    return _cli("verify", os.path.join(folder, "claims"), "--out", os.path.join(folder, "out"), "--timeout", "20")


def _recheck_file(form: FileForm, paper: str | None, as_json: bool):
    import tempfile
    out = os.path.join(tempfile.mkdtemp(prefix="symdp-fuzz-recheck-"), "out")
    os.mkdir(out)
    form.put(os.path.join(out, f"verify-{paper}.json" if paper else "verify.json"), _good_report())
    return _cli("verify", "--recheck", "--out", out, *(["--paper", paper] if paper else []),
                *(["--json"] if as_json else []))


_SCHEDULE = b"q,sigma,steps\n0.01,1,10\n1/50,2,5\n"


def _schedule_file(form: FileForm, as_json: bool):
    import tempfile
    path = os.path.join(tempfile.mkdtemp(prefix="symdp-fuzz-schedule-"), "schedule.json" if as_json else "schedule.csv")
    form.put(path, b'[[0.01, 1, 10], ["1/50", "2", 5]]' if as_json else _SCHEDULE)
    return _cli("account", "dpsgd", "--schedule", path, "--delta", "1e-5", "--rtol", "1/2")


FILE_CASES: dict[str, tuple[Callable, tuple]] = {
    "account.schedule": (_schedule_file, (FILE_FORM, st.booleans())),
    "tables.check": (lambda v, f: _tables_file(v, f, load=False),
                     (st.sampled_from(["MANIFEST.json", f"{TABLE}.csv", f"{TABLE}.spec.json"]), FILE_FORM)),
    "tables.load": (lambda v, f: _tables_file(v, f, load=True),
                    (st.sampled_from([f"{TABLE}.csv", f"{TABLE}.spec.json"]), FILE_FORM)),
    "verify.claims": (_claims_file, (st.sampled_from(CLAIM_MODULES + [_GOOD_CLAIMS]), FILE_FORM)),
    "verify.recheck": (_recheck_file, (FILE_FORM, st.sampled_from([None, "tv-dp"]), st.booleans())),
}


@functools.cache
def _file_batches() -> tuple[list, ...]:
    drawn = []

    @seed(BASE_SEED)
    @settings(max_examples=max(1, FILE_TOTAL // FILE_BATCH), deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(st.lists(st.sampled_from(sorted(FILE_CASES)).flatmap(
        lambda name: st.tuples(st.just(name), st.tuples(*FILE_CASES[name][1]))), min_size=FILE_BATCH, max_size=FILE_BATCH))
    def draw(batch):
        drawn.append([(name, FILE_CASES[name][0], args) for name, args in batch])

    draw()
    return tuple(drawn)


@pytest.mark.parametrize("number", range(max(1, FILE_TOTAL // FILE_BATCH)))
def test_no_file_the_cli_reads_crashes_overruns_or_raises_a_non_symdp_error(number):
    """One batch of the file campaign: manifests, tables' CSV and spec files, claim modules, the
    reports given to --recheck and DP-SGD schedules, each replaced by a drawn form, answered or refused on one
    line within the case's limits (the sandbox's 60 s and 2 GB)."""
    _good_report()  # in the parent, before the children fork
    failures = _failures(_file_batches()[number])
    assert not failures, f"{len(failures)} failing file case(s) (seed {BASE_SEED}, batch {number}):\n" + "\n".join(failures)


# --------------------------------------------------------------------------------------------
# Inputs that ran away: each answers or refuses on one line within the limit, in a sandbox so
# that a regression is a failing test rather than a hung run.


def _ran_within_limit(case: Callable[[], object]) -> object:
    """The value of `case`, run in a sandboxed child; fails unless it answered within 60 s."""
    outcome = run_case(case, timeout=60)
    assert outcome.kind in ("ok", "refused"), outcome
    return outcome


def _phi_tail(n: int) -> tuple[str, str]:
    """(certified decimal of φ_n(1, 1/10), certified 10-digit decimal of 1 − φ_n(1, 1/10))."""
    value = symdp.local.phi(1, sympy.Rational(1, 10), n)
    return certify(value, 20).decimal, certify(1 - value, 10).decimal


@pytest.mark.parametrize("n", [30_000, 10 ** 7, 10 ** 100])
def test_phi_of_a_huge_n_is_certified_without_expanding_the_powers(n):
    """1 − φ_n(1, 1/10) = e^{−n}(9/10)^n = 10^t with t = −n(1 + ln(10/9))/ln 10: its mantissa and
    exponent from mpmath's logarithms (an independent route) match the certified digits."""
    outcome = _ran_within_limit(lambda: _phi_tail(n))
    assert outcome.kind == "ok", outcome
    head, tail = eval(outcome.detail)  # the repr of a tuple of two strings
    assert head == "1.0000000000000000000"
    with mpmath.workdps(len(str(n)) + 30):
        t = -n * (1 + mpmath.log(mpmath.mpf(10) / 9)) / mpmath.log(10)
        exponent = int(mpmath.floor(t))
        mantissa = mpmath.power(10, t - exponent)
    digits, _, power = tail.partition("e")
    assert int(power) == exponent
    assert abs(mpmath.mpf(digits) - mantissa) <= mpmath.mpf(10) ** -9


@pytest.mark.parametrize("budgets", [{}, FUZZ_LIMITS], ids=["defaults", "fuzz"])
def test_a_wide_certified_composition_is_refused_before_its_polynomial_power(budgets):
    """Fuzz family dominating_eta.power_delta: the 10⁴-fold (2, 10⁻⁷⁵, 10⁻²⁰) pair has 20 001 lattice
    points whose masses span ~10⁵ more bits than the precision; arb's polynomial power then took
    about 20 s per power (four per precision) and the case overran. The work estimate counts the
    per-product overhead and refuses at once, naming the limit."""
    def run():
        with limits.raised(**budgets):
            pair = symdp.dominating(2, 1e-75, 1e-20) ** 10_000
            return certify(pair.delta(1e-10), 15)
    start = time.monotonic()
    outcome = _ran_within_limit(run)
    assert outcome.kind == "refused" and "lattice_work" in outcome.detail, outcome
    assert time.monotonic() - start < 30


def test_a_composition_of_binomially_spread_masses_is_refused_before_its_polynomial_power():
    """Fuzz seed 909, rr_power_power.hockey_stick: RR(10⁻¹⁰)^30000 has likelihood ratios within
    10⁻⁵ of 1, which the work estimate took for masses of one magnitude, but its binomial masses
    span 30 000 binary orders; the power overran 60 s. Refused at once, naming the limit."""
    def run():
        with limits.raised(**FUZZ_LIMITS):
            return certify(((symdp.randomized_response(1e-10) ** 10_000) ** 3).hockey_stick(1), 15)
    start = time.monotonic()
    outcome = _ran_within_limit(run)
    assert outcome.kind == "refused" and "lattice_work" in outcome.detail, outcome
    assert time.monotonic() - start < 30


def test_ten_thousand_composed_deltas_are_built_without_printing_the_pair_each_time():
    """Fuzz seed 909: composed_deltas(1, 10⁻²⁰, None, 10⁴) printed the composed pair's sympy masses
    into the name of each of its 10 001 certified values and overran 60 s before computing any.
    Now the list is built at once (and its certification refused by the work estimate)."""
    def run():
        with limits.raised(**FUZZ_LIMITS):
            start = time.monotonic()
            values = symdp.composed_deltas(1, sympy.Rational(1, 10 ** 20), None, 10_000)
            assert len(values) == 10_001 and time.monotonic() - start < 10
            return certify(values[1], 15)
    outcome = _ran_within_limit(run)
    assert outcome.kind == "refused" and "lattice_work" in outcome.detail, outcome


def _eval_cli(expr: str) -> tuple[int, str]:
    return _cli("eval", expr, "--digits", "10")


@pytest.mark.parametrize("expr, limit", [
    ("local.phi(" * 18 + "1" + ", 1/2)" * 18, "nested 9 deep"),
    ("local.bac_capacity(1/3, " * 40 + "1/3" + ")" * 40, "nodes"),
    ("exp(" * 40 + "1" + ")" * 40, "nested 9 deep"),
])
def test_nested_calls_are_refused_by_the_size_of_what_they_build(expr, limit):
    """Nesting within the depth limit of the text still builds values that grow geometrically;
    the evaluator refuses the first one beyond its size limits, on one line, with exit code 2."""
    outcome = _ran_within_limit(lambda: _eval_cli(expr))
    assert outcome.kind == "ok" and "(2, " in outcome.detail and limit in outcome.detail, outcome


@pytest.mark.parametrize("k", HUGE_INTEGERS)
@pytest.mark.parametrize("make", [symdp.randomized_response, symdp.local.randomized_response])
def test_an_alphabet_at_the_integer_limits_is_refused_before_it_is_built(make, k):
    """k-ary randomized response builds k outcomes (k² channel entries): 10⁹ ran out of memory and
    2⁶⁴ overflowed a list length; both are refused by the outcomes limit, naming it."""
    with pytest.raises(limits.ResourceLimitError, match="outcomes"):
        make(1, k)


@pytest.mark.parametrize("order", [2 ** 64, 10 ** 50])
def test_laplace_renyi_of_a_huge_order_is_certified_without_expanding(order):
    """D_α of Laplace at ε = log 2 (sympy expanded e^{(α−1) log 2} into 2^(α−1)) against mpmath
    written as (log(α/(2α−1)) + (α−1)ε + log1p((α−1)/α e^{−(2α−1)ε}))/(α−1), which never forms
    the power."""
    def bounds():
        c = certify(symdp.laplace(sympy.log(2)).renyi(order), 20)
        return c.lower, c.upper
    outcome = _ran_within_limit(bounds)
    assert outcome.kind == "ok", outcome
    with mpmath.workdps(120):
        a, e = mpmath.mpf(order), mpmath.log(2)
        value = (mpmath.log(a / (2 * a - 1)) + (a - 1) * e + mpmath.log1p((a - 1) / a * mpmath.exp(-(2 * a - 1) * e))) / (a - 1)
        lower, upper = (mpmath.mpf(x) for x in eval(outcome.detail))  # the repr of two decimal strings
        assert lower <= value <= upper


@pytest.mark.parametrize("k", [1, 10 ** 100])
def test_laplace_renyi_of_a_huge_eps_is_certified_without_expanding(k):
    """Fuzz seed 1010: D_α of laplace(10²⁰) ** k at α = log 2 ran past 60 s, sympy writing
    e^{(α−1)ε} = e^{10²⁰ log 2 − 10²⁰} with the exact integer 2^(10²⁰). Against mpmath, with the
    large factor taken out: k(ε + log(α/(2α−1) + (α−1)/(2α−1) e^{−(2α−1)ε})/(α−1))."""
    eps = sympy.Integer(10) ** 20

    def bounds():
        c = certify((symdp.laplace(eps) ** k).renyi(sympy.log(2)), 20)
        return c.lower, c.upper
    outcome = _ran_within_limit(bounds)
    assert outcome.kind == "ok", outcome
    with mpmath.workdps(160):
        a, e = mpmath.log(2), mpmath.mpf(10) ** 20
        value = k * (e + mpmath.log(a / (2 * a - 1) + (a - 1) / (2 * a - 1) * mpmath.exp(-(2 * a - 1) * e)) / (a - 1))
        lower, upper = (mpmath.mpf(x) for x in eval(outcome.detail))  # the repr of two decimal strings
        assert lower <= value <= upper


def test_an_evaluation_stops_at_its_time_limit():
    """Six nested gaussian_delta stay within the size limits (2 366 nodes at five) but sympy's work
    grows eightfold per level (57 s at five): the measured time limit ends it, naming the limit,
    and a timer of the caller's survives."""
    from symdp.evaluator import evaluate

    def run():
        signal.setitimer(signal.ITIMER_REAL, 1000)
        start = time.monotonic()
        try:
            evaluate("gaussian_delta(" * 6 + "1/3" + ", 1/2)" * 6, seconds=2)
        finally:
            elapsed, outer = time.monotonic() - start, signal.getitimer(signal.ITIMER_REAL)[0]
            assert elapsed < 20 and 900 < outer < 1000, (elapsed, outer)
    outcome = _ran_within_limit(run)
    assert outcome.kind == "refused" and "time limit of 2 s" in outcome.detail, outcome


def test_nesting_below_the_size_limits_keeps_its_value():
    """Eight nested φ: x ← 1 − e^{−x}/2 from x = 1, iterated in mpmath, is the certified value."""
    from symdp.evaluator import evaluate
    value = certify(evaluate("local.phi(" * 8 + "1" + ", 1/2)" * 8), 30)
    with mpmath.workdps(50):
        x = mpmath.mpf(1)
        for _ in range(8):
            x = 1 - mpmath.exp(-x) / 2
        assert mpmath.mpf(value.lower) <= x <= mpmath.mpf(value.upper)


@settings(max_examples=60, deadline=None)
@given(st.recursive(st.sampled_from([sympy.Integer(2), sympy.Rational(1, 3), sympy.Symbol("x"), sympy.pi]),
                    lambda inner: st.one_of(st.builds(lambda a, b: a + b, inner, inner),
                                            st.builds(lambda a, b: a * b, inner, inner),
                                            st.builds(sympy.exp, inner), st.builds(sympy.log, inner),
                                            st.builds(lambda a: a ** sympy.Rational(1, 2), inner),
                                            st.builds(lambda a: a ** 3, inner)), max_leaves=12))
def test_value_size_counts_every_node_and_the_nesting_of_functions(expr):
    """The evaluator's measure (linear in the shared subtrees) against a naive walk of the tree."""
    from symdp.evaluator import value_size

    def naive(e):
        if not e.args:
            return 1, 0
        sizes = [naive(a) for a in e.args]
        function = isinstance(e, sympy.Function) or (isinstance(e, sympy.Pow) and not e.exp.is_Integer)
        return 1 + sum(n for n, _ in sizes), max(d for _, d in sizes) + function
    assert value_size(expr) == naive(expr)
    assert value_size([expr, expr]) == (1 + 2 * naive(expr)[0], naive(expr)[1])


def test_the_table_covers_the_public_api():
    """Every pair constructor in symdp.__all__ and every method of the pair contract is fuzzed."""
    assert {"laplace", "gaussian", "randomized_response", "dominating", "staircase"} <= set(PAIRS)
    methods = {"hockey_stick", "delta", "epsilon", "tv", "kl", "chi2", "renyi", "tradeoff"}
    assert methods <= set(METHODS)
    assert len(CASES) >= len(OTHER) + len(CLI) + len(PAIRS) * len(METHODS)



def test_a_laplace_power_with_a_huge_count_answers_chi2_unexpanded_and_refuses_delta():
    """Fuzz seed 1111: (laplace(log 2) ** 10⁷⁷).chi2() built the rational 3^(10⁷⁷)-ish power and
    ran past 60 s; (laplace(10⁻¹⁰⁰) ** 2¹⁰⁰⁰).delta(·) converted k to a double (OverflowError)."""
    import time
    start = time.perf_counter()
    k = 10 ** 77
    value = symdp.certify((symdp.laplace(sympy.log(2)) ** k).chi2(), 20)
    base = 1 + symdp.laplace(sympy.log(2)).chi2()  # 17/12
    with mpmath.workdps(120):  # log10 of (17/12)^k, independently
        log10 = k * mpmath.log10(mpmath.mpf(base.p) / base.q)
        exponent = int(mpmath.floor(log10))
        mantissa = mpmath.power(10, log10 - exponent)
    assert f"e+{exponent}" in value.decimal and value.decimal.startswith(mpmath.nstr(mantissa, 10)[:8])
    assert time.perf_counter() - start < 5
    assert (symdp.laplace(sympy.log(2)) ** 5).chi2() == sympy.expand(base ** 5 - 1)
    with pytest.raises(symdp.ResourceLimitError, match="composition_terms"):
        (symdp.laplace(sympy.Rational(1, 10 ** 100)) ** 2 ** 1000).delta(sympy.Rational(1, 10))
