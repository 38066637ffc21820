"""Exact and certified real numbers: the one conversion boundary of symdp.

A value that symdp returns is either

* **exact**: a sympy expression (a ``Rational`` whenever the mathematics is rational), or
* **certified**: a :class:`Real`, a lazily evaluated real number that produces an arb ball
  containing the true value at any requested working precision.

Precision is always an explicit argument. The only code that touches python-flint's global
context is :func:`working_precision`, which scopes every change.
"""

from __future__ import annotations

import math
from contextlib import AbstractContextManager
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable, Iterator, TypeVar, Union

import sympy
from flint import arb, ctx, fmpq, fmpz

from . import limits
from .numerics.decimals import _digits_of, _floor_log10, _format, _outward, _pow10, _without_trailing_zeros
from .errors import ParameterError, PrecisionError, ResourceLimitError, show

#: The largest number of digits symdp will try to certify.
MAX_DIGITS = 5000
#: Working precision (bits) beyond which a certification loop gives up (``limits.max_prec``).
MAX_PREC = limits.DEFAULTS["max_prec"]
#: Working precision at which ``<`` and ``>`` between certified values give up (about 300
#: digits: equal values without a closed form are never separated, and the cost grows fast).
COMPARE_PREC = 1024


def working_precision(prec: int) -> AbstractContextManager:
    """Run the block at `prec` bits of arb working precision, restoring the caller's after.
    FLINT's own manager, returned as it is: a generator-based wrapper cost 3–4 times as much,
    which the certified accountant's tens of thousands of kernel evaluations felt."""
    return ctx.workprec(int(prec))


# --------------------------------------------------------------------------------------------
# Exact values


def exact(value: object, name: str = "value") -> sympy.Expr:
    """Convert user input to an exact sympy expression.

    Integers, ``Fraction``, sympy numbers and expressions are taken as they are; a Python float
    means the decimal it prints as (``0.1`` is 1/10, not the binary double); ``fmpq`` and gmpy2
    ``mpq`` are rationals. Anything else (strings, NaN, infinities, booleans) is refused.
    """
    if isinstance(value, bool):
        raise ParameterError(f"{name} must be a number, got {value!r}")
    if isinstance(value, int):
        return sympy.Integer(value)
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ParameterError(f"{name} must be finite, got {value!r}")
        return sympy.Rational(repr(float(value)))
    kind = getattr(getattr(value, "dtype", None), "kind", None)
    if kind is not None and type(value).__module__ == "numpy" and getattr(value, "shape", None) == ():
        # numpy scalars mean what Python's would: an integer, or the decimal the float prints as.
        if kind in "iu":
            return sympy.Integer(int(value))
        if kind == "f":
            if not math.isfinite(float(value)):
                raise ParameterError(f"{name} must be finite, got {value!r}")
            return sympy.Rational(str(value))
        if kind == "b":
            raise ParameterError(f"{name} must be a number, got {value!r}")
    if isinstance(value, fmpq):
        return sympy.Rational(int(value.p), int(value.q))
    if isinstance(value, fmpz):
        return sympy.Integer(int(value))
    if type(value).__name__ == "mpq":
        return sympy.Rational(int(value.numerator), int(value.denominator))
    if isinstance(value, Real):
        if value.exact is not None:
            return value.exact
        raise ParameterError(f"{name} must be exact, got the certified value {value}")
    if isinstance(value, sympy.Basic):
        expr = sympy.sympify(value)
        if isinstance(expr, sympy.Float):
            return sympy.Rational(str(expr))
        # Structural tests only: sympy's is_extended_real evaluates erfc(e^(10^6)) numerically
        # and does not return; complex constants carry I once sympy has evaluated them.
        if expr.has(sympy.nan, sympy.zoo, sympy.I):
            raise ParameterError(f"{name} must be a real number, got {show(value)}")
        return expr
    raise ParameterError(f"{name} must be a number (int, Fraction, sympy expression), got {value!r}")


def is_rational(expr: object) -> bool:
    """True when `expr` is an exact rational number."""
    return isinstance(expr, (int, fmpq, Fraction)) or (
        isinstance(expr, sympy.Basic) and expr.is_Rational is True
    )


def to_fmpq(expr: object) -> fmpq:
    """An exact rational (sympy ``Rational``, int, ``Fraction``, ``fmpq``) as ``fmpq``."""
    if isinstance(expr, fmpq):
        return expr
    if isinstance(expr, int):
        return fmpq(expr)
    if isinstance(expr, Fraction):
        return fmpq(expr.numerator, expr.denominator)
    r = sympy.Rational(expr)
    return fmpq(int(r.p), int(r.q))


def from_fmpq(q: fmpq) -> sympy.Rational:
    """An ``fmpq`` as a sympy ``Rational``."""
    return coprime_rational(int(q.p), int(q.q))  # fmpq is in lowest terms: skip sympy's gcd


def coprime_rational(p: int, q: int) -> sympy.Rational:
    """p/q as a sympy ``Rational`` for coprime p and q > 0 (no gcd: huge composed masses)."""
    build = getattr(sympy.Rational, "from_coprime_ints", None)  # sympy ≥ 1.13
    return build(p, q) if build is not None else sympy.Rational(p, q)


# --------------------------------------------------------------------------------------------
# Certified values

Ball = arb
BallFunction = Callable[[int], arb]


class Real:
    """A certified real number: ``ball(prec)`` returns an arb ball that contains it.

    The ball is computed at `prec` bits of working precision; a larger `prec` gives a
    narrower ball. Arithmetic with ints, sympy expressions and other ``Real`` values is lazy
    and stays certified. ``exact`` is the closed form when one is known.
    """

    __slots__ = ("_fn", "exact", "name", "_cache")
    # sympy would otherwise turn a Real into a 53-bit Float through __float__ (in
    # ``Rational(1, 3) / x`` or ``sympify(x)``): outrank Expr so its operators defer to ours.
    _op_priority = 20.0

    def _sympy_(self):
        raise sympy.SympifyError(self, "a certified Real has no exact sympy form; use arb_of or .exact")

    def __init__(self, fn: BallFunction, exact: sympy.Expr | None = None, name: str = ""):
        if not callable(fn) or isinstance(fn, type):
            raise ParameterError(f"Real needs a ball function fn(prec) -> arb, got {_short(fn)}")
        self._fn = fn
        self.exact = exact
        self.name = name
        self._cache: dict[int, arb] = {}

    def ball(self, prec: int) -> arb:
        """An arb ball containing the value, computed at `prec` bits."""
        prec = int(prec)
        if prec not in self._cache:
            with working_precision(prec):
                b = self._fn(prec)
            if not isinstance(b, arb):
                try:
                    b = arb_of(b, prec)
                except (sympy.SympifyError, TypeError):
                    raise ParameterError(f"a Real's ball function must return a number, got {_short(b)}") from None
            self._cache[prec] = b
        return self._cache[prec]

    def _lift(self, other: object, op: Callable[[arb, arb], arb]) -> "Real":
        if not isinstance(other, (Real, int, Fraction, fmpq, sympy.Basic)):
            return NotImplemented
        return Real(lambda p: op(self.ball(p), arb_of(other, p)))

    def __add__(self, other): return self._lift(other, lambda a, b: a + b)
    def __radd__(self, other): return self._lift(other, lambda a, b: b + a)
    def __sub__(self, other): return self._lift(other, lambda a, b: a - b)
    def __rsub__(self, other): return self._lift(other, lambda a, b: b - a)
    def __mul__(self, other): return self._lift(other, lambda a, b: a * b)
    def __rmul__(self, other): return self._lift(other, lambda a, b: b * a)
    def __truediv__(self, other): return self._lift(other, lambda a, b: a / b)
    def __rtruediv__(self, other): return self._lift(other, lambda a, b: b / a)
    def __pow__(self, other): return self._lift(other, lambda a, b: a ** b)
    def __rpow__(self, other): return self._lift(other, lambda a, b: b ** a)
    def __neg__(self): return Real(lambda p: -self.ball(p))
    def __abs__(self): return Real(lambda p: abs(self.ball(p)))

    def _compare(self, other: object) -> int:
        """The sign of self − other, decided by certification (exactly when both closed forms
        are known); a PrecisionError when :data:`COMPARE_PREC` bits cannot separate them."""
        if not isinstance(other, Real):
            if isinstance(other, bool) or not isinstance(other, (int, float, Fraction, fmpq, sympy.Basic)):
                return NotImplemented
            other = exact(other, "the number compared with")
        if self.exact is not None and (not isinstance(other, Real) or other.exact is not None):
            return sign(self.exact - (other.exact if isinstance(other, Real) else other))
        try:
            return sign(self - other, max_prec=COMPARE_PREC)
        except PrecisionError:
            raise PrecisionError(f"cannot decide the comparison of {self!r} with {other!r}: they agree to "
                                 f"{COMPARE_PREC} bits "
                                 "(equal values without a closed form cannot be ordered by certification)") from None

    def __lt__(self, other): c = self._compare(other); return c if c is NotImplemented else c < 0
    def __le__(self, other): c = self._compare(other); return c if c is NotImplemented else c <= 0
    def __gt__(self, other): c = self._compare(other); return c if c is NotImplemented else c > 0
    def __ge__(self, other): c = self._compare(other); return c if c is NotImplemented else c >= 0

    def __float__(self) -> float:
        """The midpoint at 64 bits: for plots and comparisons with float code only."""
        return float(self.ball(64).mid())

    def __repr__(self) -> str:
        try:
            return f"Real({certify(self, 20).decimal})"
        except PrecisionError:
            return f"Real({self.ball(256).str(20)})"
        except ResourceLimitError:
            return f"Real({self.name or 'uncomputable within symdp.limits'})"


def _short(value: object) -> str:
    if isinstance(value, (str, sympy.Basic, int)):
        return show(value, 80)
    return show(value.__name__ if isinstance(value, type) else repr(value), 80)


Value = Union[sympy.Expr, Real]


def real(fn: BallFunction, name: str = "") -> Real:
    """Wrap a ball-valued kernel ``fn(prec) -> arb`` as a certified :class:`Real`."""
    return Real(fn, name=name)


# --------------------------------------------------------------------------------------------
# sympy -> arb


def _pow(base: arb, e: sympy.Expr, prec: int, sub: dict | None = None) -> arb:
    if e.is_Integer:
        return _int_pow(base, int(e))
    if e == sympy.S.Half:
        return base.sqrt()
    if e.is_Rational and e.q < 1 << 20:  # arb.root needs a machine-word index
        return base.root(int(e.q)) ** int(e.p) if base >= 0 else arb.nan()
    return (_sympy_ball(e, prec, sub) * base.log()).exp()


def _int_pow(base: arb, n: int) -> arb:
    """base^n for an integer n. arb's own power is nan for a ball containing 0 (it goes through
    the logarithm), e.g. (log 2 + log 3 − log 6)²; repeated squaring is an enclosure there."""
    if n < 0:
        return 1 / _int_pow(base, -n)
    if not base.contains(0) or n == 0:
        return base ** n
    return power_by_squaring(base, n, arb(1))


T = TypeVar("T")


def power_by_squaring(base: T, n: int, one: T) -> T:
    """base^n for an integer n ≥ 0 by repeated squaring (ball arithmetic encloses every product,
    so the result encloses the power: arb balls, arb polynomials)."""
    out, square = one, base
    while n:
        if n & 1:
            out *= square
        n >>= 1
        if n:
            square *= square
    return out


def _max(*xs: arb) -> arb:
    out = xs[0]
    for x in xs[1:]:
        out = out.max(x)
    return out


def _min(*xs: arb) -> arb:
    out = xs[0]
    for x in xs[1:]:
        out = out.min(x)
    return out


def _monotone(f: Callable[[arb], arb], increasing: bool) -> Callable[[arb], arb]:
    """f on a ball through its exact endpoints: f([a, b]) ⊆ [f(a), f(b)] for increasing f.

    arb propagates the input radius of erf/erfc through a crude derivative bound that loses every
    digit for large arguments (erfc of √2·10⁵ ± 2⁻¹²⁸ comes back as [± 10^−8685889606]);
    at exact endpoints arb keeps full relative accuracy, and monotonicity makes the union an
    enclosure."""
    def g(x: arb) -> arb:
        if x.is_exact() or not x.is_finite():
            return f(x)
        lo, hi = f(x.lower()), f(x.upper())
        return lo.union(hi)
    return g


_UNARY: dict[type, Callable[[arb], arb]] = {
    sympy.exp: arb.exp,
    sympy.log: arb.log,
    sympy.tanh: arb.tanh,
    sympy.sinh: arb.sinh,
    sympy.cosh: arb.cosh,
    sympy.coth: arb.coth,
    sympy.atanh: arb.atanh,
    sympy.sin: arb.sin,
    sympy.cos: arb.cos,
    sympy.erf: _monotone(arb.erf, True),
    sympy.erfc: _monotone(arb.erfc, False),
    sympy.erfinv: arb.erfinv,
    sympy.erfcinv: arb.erfcinv,
    sympy.Abs: abs,
    sympy.gamma: arb.gamma,
    sympy.loggamma: arb.lgamma,
    sympy.floor: arb.floor,
    sympy.ceiling: arb.ceil,
    sympy.LambertW: arb.lambertw,
    sympy.factorial: lambda x: (x + 1).gamma(),
}


def arb_of(value: object, prec: int) -> arb:
    """An arb ball containing `value` (exact or certified), computed at `prec` bits."""
    if isinstance(value, Real):
        return value.ball(prec)
    if isinstance(value, arb):
        return value
    with working_precision(prec):
        if isinstance(value, (int, fmpz)):
            return arb(value)
        if isinstance(value, fmpq):
            return arb(value)
        if isinstance(value, Fraction):
            return arb(fmpq(value.numerator, value.denominator))
        try:
            return _sympy_ball(sympy.sympify(value), prec)
        except RecursionError:
            raise ResourceLimitError("the expression is nested too deeply to evaluate; "
                                     f"the limit expression_depth = {limits.get('expression_depth')}") from None


def _sympy_ball(e: sympy.Expr, prec: int, sub: dict | None = None) -> arb:
    """A ball containing the sympy expression `e`; `sub` maps free symbols to balls."""
    if sub and e in sub:
        return sub[e]
    if e.is_Integer:
        return arb(int(e))
    if e.is_Rational:
        return arb(fmpq(int(e.p), int(e.q)))
    if e is sympy.pi:
        return arb.pi()
    if e is sympy.E:
        return arb.const_e()
    if e is sympy.EulerGamma:
        return arb.const_euler()
    args = lambda: [_sympy_ball(a, prec, sub) for a in e.args]
    if isinstance(e, sympy.Add):
        return sum(args(), arb(0))
    if isinstance(e, sympy.Mul):
        out = arb(1)
        for a in args():
            out *= a
        return out
    if isinstance(e, sympy.Pow):
        return _pow(_sympy_ball(e.base, prec, sub), e.exp, prec, sub)
    if isinstance(e, sympy.Max):
        return _max(*args())
    if isinstance(e, sympy.Min):
        return _min(*args())
    if isinstance(e, sympy.binomial):
        n, k = args()
        return (n + 1).gamma() / ((k + 1).gamma() * (n - k + 1).gamma())
    if isinstance(e, sympy.LambertW) and len(e.args) == 2:
        return _sympy_ball(e.args[0], prec, sub).lambertw(int(e.args[1]))
    fn = _UNARY.get(type(e)) or _UNARY.get(e.func)
    if fn is not None and len(e.args) == 1:
        return fn(args()[0])
    if isinstance(e, sympy.Float):
        return arb(fmpq(*map(int, sympy.Rational(e).as_numer_denom())))
    raise ParameterError(f"cannot evaluate {e} with a certified error bound (unsupported: {e.func.__name__})")


def ball_function(expr: sympy.Expr, *symbols: sympy.Symbol) -> Callable[..., arb]:
    """Compile `expr` in `symbols` to a function of arb balls (evaluated at the current prec).

    One sympy formula then serves symbolic, exact and certified evaluation alike.
    """
    def fn(*balls: arb) -> arb:
        return _sympy_ball(expr, ctx.prec, dict(zip(symbols, balls)))
    return fn


# --------------------------------------------------------------------------------------------
# Decisions


def decide_lt(a: arb, b: arb) -> bool | None:
    """Three-valued ``a < b``: True or False when certain, None when the balls overlap."""
    if a < b:
        return True
    if a >= b:
        return False
    return None


def endpoints(ball: arb, prec: int) -> tuple[fmpq, fmpq]:
    """Exact rational lower and upper endpoints of `ball`, rounded outward at `prec` bits.

    The size of each rational is checked first (``limits.rational_bits``): an endpoint such as
    2^(−7·10¹¹) would otherwise make FLINT allocate ~90 GB or abort the process."""
    if not ball.is_finite():
        raise PrecisionError(f"the enclosure {ball.str(5)} is not finite: it has no rational endpoints")
    with working_precision(prec):
        lo, hi = ball.lower(), ball.upper()
        for end in (lo, hi):
            limits.check_bits(rational_bits(end), "an exact endpoint of an enclosure")
        return lo.fmpq(), hi.fmpq()


def rational_bits(x: arb) -> int:
    """Bits of the numerator or denominator of the exact (dyadic) ball `x` as a rational,
    from its mantissa and exponent alone (nothing is allocated)."""
    man, exp = x.man_exp()
    return int(man.bit_length()) + max(int(exp), 0) if exp >= 0 else -int(exp)


def encloses(ball: arb, q: fmpq) -> bool:
    """True when the exact rational `q` lies in `ball` (compares exact endpoints, no rounding)."""
    lo, hi = endpoints(ball, 1 << 14)
    return lo <= q <= hi


def start_prec(digits: int) -> int:
    """A working precision (bits) that usually suffices for `digits` decimal digits."""
    return int(digits * 3.33) + 32


def precision_ladder(prec: int, max_prec: int = MAX_PREC) -> Iterator[int]:
    """prec, 2·prec, 4·prec, … up to `max_prec`: the schedule of every certification loop."""
    while prec <= max_prec:
        yield prec
        prec *= 2


def sign(value: object, max_prec: int = 4096) -> int:
    """The exact sign (-1, 0, 1) of a real `value`.

    Rationals are compared exactly; otherwise the precision rises until the ball excludes 0,
    and a value still undecided is checked for being exactly zero with sympy.
    """
    if is_rational(value):
        r = to_fmpq(value)
        return int(r > 0) - int(r < 0)
    b = arb(0)
    for prec in precision_ladder(64, max_prec):
        b = arb_of(value, prec)
        if b.is_zero():  # the exact ball {0}
            return 0
        if b > 0:
            return 1
        if b < 0:
            return -1
    # Only a finite enclosure of 0 suggests an exact zero worth proving; sympy's simplify on an
    # overflowing tower such as exp(exp(…)) would run without end.
    if isinstance(value, sympy.Basic) and (_rational_zero(value) or (
            b.is_finite() and sympy.count_ops(value) <= 200 and simplify(value) == 0)):
        return 0
    raise PrecisionError(f"cannot decide the sign of {_short(value)} at {max_prec} bits"
                         + ("" if b.is_finite() else ": it is too large to evaluate"))


#: Largest |x| of an exponential e^x (or power b^x) that sympy's simplifiers are given.
SIMPLIFY_EXPONENT = 64


def simplify(expr: sympy.Expr, how: Callable[[sympy.Expr], sympy.Expr] = sympy.simplify) -> sympy.Expr:
    """An exact simplification of `expr` by `how` (``sympy.simplify`` unless given), or `expr`
    itself where simplifying is unsafe: sympy's simplifiers treat e^N as the N-th power of a
    generator, so e^(10⁶) runs for minutes and e^(10¹⁵) aborts GMP ("overflow in mpz type").
    The value never changes, only its form."""
    if is_rational(expr) or not isinstance(expr, sympy.Basic) or _huge_exponent(expr) or _long_rationals(expr):
        return expr
    try:
        return how(expr)
    except (OverflowError, RecursionError, MemoryError):
        return expr


def _long_rationals(expr: sympy.Basic, bits: int = 256) -> bool:
    """Rationals of more than `bits` bits: sympy's factor() works on their integer factors."""
    return any(max(int(r.p).bit_length(), int(r.q).bit_length()) > bits for r in expr.atoms(sympy.Rational))


def _huge_exponent(expr: sympy.Basic) -> bool:
    for node in sympy.preorder_traversal(expr):
        if isinstance(node, sympy.exp):
            x = node.args[0]
            if x.is_Rational and (abs(x.p) > SIMPLIFY_EXPONENT or x.q > 1 << 20):
                return True  # e^(p/q) becomes (e^(1/q))^p for sympy's polynomial simplifiers
        elif isinstance(node, sympy.Pow) and not node.exp.is_Rational and node.exp.is_number:
            x = node.exp
        elif isinstance(node, sympy.Pow) and node.exp.is_Rational:
            if abs(node.exp) > SIMPLIFY_EXPONENT:
                return True
            continue
        else:
            continue
        if x.free_symbols:
            continue
        b = arb_of(x, 64)
        if not (b.is_finite() and abs(b) < SIMPLIFY_EXPONENT):
            return True
    return False


def _rational_zero(expr: sympy.Basic) -> bool:
    """True when `expr`, a rational function of exponentials, is identically zero: e^(p/q) for
    rationals is written z^(p·L/q) with one variable z = e^(1/L) (so e^21 and (e^(1/2))^42 are one
    thing), every other e^x is an independent variable. Then it is 0 (e.g. 1/(1 + e^N) + e^N/(1 + e^N)
    − 1 for any N), proved by polynomial arithmetic that never evaluates an exponential."""
    atoms = list(expr.atoms(sympy.exp)) + ([sympy.E] if expr.has(sympy.E) else [])
    if not atoms or sympy.count_ops(expr) > 4000:
        return False
    args = {a: (sympy.Integer(1) if a is sympy.E else a.args[0]) for a in atoms}
    dens = [int(x.q) for x in args.values() if x.is_Rational]
    lcm = 1
    for d in dens:
        lcm = lcm * d // math.gcd(lcm, d)
    z = sympy.Dummy("z", positive=True)
    mapping = {}
    for a, x in args.items():
        power = int(x.p) * (lcm // int(x.q)) if x.is_Rational else None
        mapping[a] = z ** power if power is not None and abs(power) <= 1000 else sympy.Dummy(positive=True)
    try:
        return sympy.cancel(sympy.together(expr.xreplace(mapping))) == 0
    except (OverflowError, RecursionError, sympy.PolynomialError):
        return False


def maximum(a: Value, b: Value) -> Value:
    """The larger of two values; exact when both are exact."""
    if isinstance(a, Real) or isinstance(b, Real):
        return Real(lambda p: arb_of(a, p).max(arb_of(b, p)))
    return a if sign(sympy.sympify(a) - sympy.sympify(b)) >= 0 else b


# --------------------------------------------------------------------------------------------
# Certified decimals


def interval_text(lower: object, upper: object, digits: int = 17, max_digits: int = 60) -> str:
    """``[lower, upper]`` as decimals rounded outward (lower down, upper up), so the printed
    interval contains the true one. At least `digits` significant digits, more (up to
    `max_digits`) until the printed ends are more than one unit of the last digit apart: a
    narrow interval never prints as a point ([0.99999942669685624, 0.99999942669685624] for a
    width of 10⁻²⁸). Narrower than that at `max_digits`, the text says so."""
    lo, hi = (to_fmpq(v) for v in (lower, upper))
    if lo > hi:
        raise ParameterError(f"lower must be ≤ upper, got [{lower}, {upper}]")
    scale = max(abs(lo), abs(hi))
    if scale == 0:
        return "[0, 0]"
    d = digits
    while True:
        e = _floor_log10(scale) - d + 1
        unit = _pow10(e)
        n_lo, n_hi = (lo / unit).floor(), (hi / unit).ceil()
        if n_hi - n_lo > 1 or lo == hi or d >= max_digits:
            break
        d = min(d + 8, max_digits)
    ends = [_format(n < 0, *_without_trailing_zeros(int(abs(n)), e)) for n in (n_lo, n_hi)]
    note = "" if n_hi - n_lo > 1 or lo == hi else f" (narrower than one unit of the last digit shown)"
    return f"[{ends[0]}, {ends[1]}]{note}"


#: Decimal exponents beyond which a ball is scaled by 10^−s in ball arithmetic before its
#: endpoints become rationals (whose numerators or denominators would otherwise have
#: astronomically many digits, e.g. δ ≈ 10^−(2.6·10⁸)).
_SCALE_BEYOND = 1000


def _decimal_scale(b: arb, prec: int) -> tuple[arb, int]:
    """(b·10^−s, s) with s = 0 for moderate magnitudes, else s ≈ ⌊log10 |b|⌋."""
    if b.contains(0):
        return b, 0
    with working_precision(prec):
        s = int(((abs(b).log() / arb(10).log()).mid().floor()).unique_fmpz())
        if abs(s) < _SCALE_BEYOND:
            return b, 0
        return b * arb(10) ** (-s), s


@dataclass(frozen=True)
class Certified:
    """A certified decimal: the true value lies in [lower, upper], and `decimal` has `digits`
    significant digits whose last digit is off by less than one unit."""

    decimal: str
    lower: str
    upper: str
    digits: int
    exact: sympy.Expr | None
    ball: arb

    def __str__(self) -> str:
        return self.decimal

    def as_dict(self) -> dict:
        """The JSON form used by ``symdp eval --json`` and the tables."""
        return {
            "exact": None if self.exact is None else str(self.exact),
            "decimal": self.decimal,
            "digits": self.digits,
            "lower": self.lower,
            "upper": self.upper,
        }


def check_digits(digits: object) -> int:
    """Validate a requested number of significant digits."""
    if isinstance(digits, bool) or not isinstance(digits, int) or not 1 <= digits <= MAX_DIGITS:
        raise ParameterError(f"digits must be an integer in [1, {MAX_DIGITS}], got {digits!r}")
    return digits


def certify(value: object, digits: int = 30, max_prec: int = MAX_PREC) -> Certified:
    """Certify `digits` significant digits of `value` (exact or :class:`Real`).

    The working precision doubles until the enclosure pins down the digits; a value that
    cannot be pinned down (an enclosure of 0 that does not shrink away from it, a divergent
    computation) raises :class:`PrecisionError` naming the precision reached.
    """
    digits = check_digits(digits)
    exact_form: sympy.Expr | None = None
    if isinstance(value, Real):
        exact_form = value.exact
    else:
        exact_form = exact(value)
        if exact_form.free_symbols:
            raise ParameterError(f"value has free symbols {sorted(map(str, exact_form.free_symbols))}; substitute numbers first")
        if exact_form == 0:  # structural; sympy's is_zero evaluates sums numerically, without bound
            z = arb(0)
            return Certified("0", "0", "0", digits, exact_form, z)
        if exact_form in (sympy.oo, -sympy.oo):
            raise PrecisionError(f"value is {exact_form}, which has no decimal expansion")
    max_prec = min(max_prec, limits.get("max_prec"))
    last = None
    for prec in precision_ladder(start_prec(digits), max_prec):
        b = arb_of(value if isinstance(value, Real) else exact_form, prec)
        if not b.is_finite() or (b.contains(0) and not b.is_zero()):
            last = b  # no digits yet: refine before converting an endpoint (it may be 2^(−10¹¹))
            continue
        scaled, shift = _decimal_scale(b, prec)
        last = b
        if scaled.contains(0) and not scaled.is_zero():
            continue  # the scale 10^−shift was itself too wide at this precision
        lo, hi = endpoints(scaled, prec)
        text = _digits_of(lo, hi, digits, shift)
        if text is not None:
            return Certified(text, _outward(lo, digits + 3, False, shift), _outward(hi, digits + 3, True, shift),
                             digits, exact_form, b)
        last = b
    if exact_form is not None and last is not None and last.is_finite() and last.contains(0):
        try:
            if sign(exact_form) == 0:
                return Certified("0", "0", "0", digits, exact_form, arb(0))
        except PrecisionError:
            pass
    if last is None or not last.is_finite():
        raise PrecisionError(f"could not certify {digits} digits within {max_prec} bits (the limit max_prec): "
                             "the value is too large or undefined, its enclosure is not finite")
    raise PrecisionError(
        f"could not certify {digits} digits within {max_prec} bits (the limit max_prec): the enclosure is "
        f"{_short(last.str(10))}" + (" (the value may be exactly 0)" if last.contains(0) else ""))
