"""Reading a report's expressions without eval, within fixed sizes: a report is a file anyone may
hand over.

An expression is read from its Python syntax tree with an allow-list of sympy names (``srepr``'s
forms and plain text such as ``log(8)``), never with ``eval``. Before anything is built, sizes are
bounded (:data:`LIMITS`): the text's length and nesting, the digits of every integer, and every
power whose value would be computed (``9**9**99`` is refused at once instead of being evaluated).
A refusal raises :class:`Refused` (a ``ValueError``), which the re-checker reports as a
certificate that does not parse.

:func:`canonical` prints an expression as the goals' canonical ``srepr`` (symbols' assumptions
sorted by name), so that the re-checker derives a goal's text itself (docs/trust-chain.md).
"""

from __future__ import annotations

import ast
import math
from fractions import Fraction

import sympy
from sympy.printing.repr import ReprPrinter

from .terms import TERMS
from .verdicts import Inconclusive

#: Bounds checked before an expression is built: characters of one expression, parenthesis
#: nesting, decimal digits of one integer, |exponent| of a power of a symbolic base, bits of a
#: power of a number that would be computed, and the argument of a factorial or binomial.
LIMITS = {"characters": 2_000_000, "nesting": 400, "digits": 4000, "exponent": 4096, "bits": 1 << 17,
          "factorial": 5000}


class Refused(ValueError):
    """An expression beyond :data:`LIMITS`, refused before it is evaluated."""


#: The relations (built unevaluated, so that a goal reads back as it was written).
_RELATIONS = {name: getattr(sympy, name) for name in (
    "StrictGreaterThan", "GreaterThan", "StrictLessThan", "LessThan", "Equality", "Unequality")}
#: The sympy names a certificate's expressions may call (srepr's forms).
_CALLS = {name: getattr(sympy, name) for name in (
    "Symbol", "Dummy", "Integer", "Rational", "Add", "Mul", "Pow", "exp", "log", "sqrt", "Abs", "Max", "Min", "sinh",
    "cosh", "tanh", "asinh", "atanh", "atan", "sin", "cos", "erf", "erfc", "erfinv", "erfcinv", "LambertW", "factorial",
    "binomial", "And", "Or", "Not", "Tuple", "Indexed", "IndexedBase", "Idx", "Sum", "Product", "Derivative",
    "Piecewise", "Function",
    # the rest of the terms of kernel goals (symdp.verify.kernel)
    "Equivalent", "Integral", "Limit")}
_CALLS["ExprCondPair"] = sympy.functions.elementary.piecewise.ExprCondPair
_CALLS.update(TERMS)
_CONSTANTS = {"pi": sympy.pi, "E": sympy.E, "oo": sympy.oo, "true": sympy.true, "false": sympy.false}
_OPERATORS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
              ast.Div: lambda a, b: a / b, ast.Pow: lambda a, b: _power(a, b)}
#: The keywords srepr writes: a symbol's assumptions, a Dummy's index, a Function's assumptions.
_KEYWORDS = {"dummy_index", "evaluate", "commutative", "real", "positive", "negative", "nonnegative", "nonpositive",
             "integer", "rational", "finite", "zero", "nonzero", "extended_real", "extended_positive", "complex",
             "extended_nonnegative", "even", "odd", "prime", "imaginary", "extended_negative", "extended_nonpositive"}


def parse_expression(text: object, evaluate: bool = True) -> sympy.Basic:
    """The sympy expression a certificate records (``srepr`` or plain text such as ``log(8)``),
    built from its syntax tree with only the names above. `evaluate`: False keeps sums,
    products and powers as written (to print a goal back exactly); relations are always built
    unevaluated."""
    text = str(text)
    if len(text) > LIMITS["characters"]:
        raise Refused(f"an expression of {len(text)} characters (the limit is {LIMITS['characters']})")
    depth = deepest = 0
    for ch in text:
        depth += (ch in "([") - (ch in ")]")
        deepest = max(deepest, depth)
    if deepest > LIMITS["nesting"]:
        raise Refused(f"an expression nested {deepest} deep (the limit is {LIMITS['nesting']})")
    try:
        tree = ast.parse(text, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as err:
        raise Refused(f"not an expression: {type(err).__name__}: {str(err)[:100]}") from None
    return _Builder(evaluate).build(tree.body)


class _Builder:
    def __init__(self, evaluate: bool) -> None:
        self.evaluate = evaluate

    def build(self, node: ast.AST) -> object:
        if isinstance(node, ast.Constant) and type(node.value) in (int, str, bool):
            if type(node.value) is int:
                _digits(node.value)
                return sympy.Integer(node.value)
            if type(node.value) is bool:
                return sympy.true if node.value else sympy.false
            return node.value
        if isinstance(node, ast.Name) and node.id in _CONSTANTS:
            return _CONSTANTS[node.id]
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
            value = self.build(node.operand)
            if isinstance(value, bool):
                raise ValueError("a sign before a truth value")
            return -value if isinstance(node.op, ast.USub) else value
        if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
            return _OPERATORS[type(node.op)](self.build(node.left), self.build(node.right))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Call):
            return self._applied(node)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return self._call(node)
        raise ValueError(f"not an expression this checker reads: {ast.dump(node)[:80]}")

    def _call(self, node: ast.Call) -> object:
        name = node.func.id
        if name not in _CALLS and name not in _RELATIONS:
            raise Inconclusive(f"the certificate uses {name}, which this checker does not read")
        kwargs = {}
        for k in node.keywords:
            if k.arg not in _KEYWORDS:
                raise ValueError(f"the keyword {k.arg!r} of {name}")
            value = self.build(k.value)
            kwargs[k.arg] = (int(value) if isinstance(value, sympy.Integer) else
                             bool(value) if value in (sympy.true, sympy.false) else value)
        args = [self.build(a) for a in node.args]
        if name in _RELATIONS:
            return _RELATIONS[name](*args, evaluate=False)
        if name in ("Symbol", "Dummy", "Function", "IndexedBase", "Idx", "Law"):
            if not args or not isinstance(args[0], (str, sympy.Symbol) if name in ("IndexedBase", "Idx") else str):
                raise ValueError(f"{name} needs a name")
        elif any(isinstance(a, str) for a in args):
            raise ValueError(f"a string argument of {name}")
        if name == "Pow" and len(args) == 2:
            return _power(*args, evaluate=self.evaluate)
        if name in ("factorial", "binomial"):
            for a in args:
                if isinstance(a, sympy.Integer) and abs(int(a)) > LIMITS["factorial"]:
                    raise Refused(f"{name} of {_shown(a)} (the limit is {LIMITS['factorial']})")
        if name in ("Add", "Mul") and not self.evaluate:
            kwargs["evaluate"] = False
        return _CALLS[name](*args, **kwargs)

    def _applied(self, node: ast.Call) -> object:
        """``Function('f')(x, y)``: an undefined function applied."""
        inner = node.func
        if not (isinstance(inner.func, ast.Name) and inner.func.id == "Function"):
            raise ValueError("only Function('name')(…) may be called on a call")
        function = self._call(inner)
        if node.keywords:
            raise ValueError("keywords of an applied function")
        return function(*[self.build(a) for a in node.args])


def _digits(n: int) -> None:
    # bit_length first: str() of a huge integer is itself slow
    if n.bit_length() > 3.33 * LIMITS["digits"]:
        raise Refused(f"an integer of about {int(n.bit_length() / 3.32)} digits (the limit is {LIMITS['digits']})")


def _shown(value: object) -> str:
    text = str(value) if not (isinstance(value, sympy.Integer) and int(value).bit_length() > 200) else "a huge integer"
    return text if len(text) < 60 else text[:57] + "..."


def _power(base: object, exponent: object, evaluate: bool = True) -> sympy.Basic:
    """base ** exponent once its size is bounded: a number raised to an integer is computed by
    sympy, so its bits are estimated first; any integer exponent is bounded in magnitude."""
    base, exponent = sympy.sympify(base), sympy.sympify(exponent)
    if exponent.is_Integer and abs(int(exponent)) > LIMITS["exponent"]:
        if not base.is_Number or base in (0, 1, -1):
            raise Refused(f"the exponent {_shown(exponent)} (the limit is {LIMITS['exponent']})")
    if base.is_Rational and exponent.is_Rational and base not in (0, 1, -1):
        size = max(int(base.p).bit_length(), int(base.q).bit_length())
        bits = abs(exponent.p) * size / exponent.q if exponent.q > 1 else abs(int(exponent.p)) * size
        if bits > LIMITS["bits"] or math.log2(max(abs(int(exponent.p)), 1)) > 64:
            raise Refused(f"the power {_shown(base)}**{_shown(exponent)} of about {int(min(bits, 1e18))} bits "
                          f"(the limit is {LIMITS['bits']})")
    return sympy.Pow(base, exponent, evaluate=evaluate)


def bounded_fraction(text: object) -> Fraction:
    """An exact rational written as text ("3/7", "-2", "0.5"), its size bounded."""
    text = str(text)
    if len(text) > 2 * LIMITS["digits"] + 2:
        raise Refused(f"a number of {len(text)} characters (the limit is {2 * LIMITS['digits'] + 2})")
    return Fraction(text)


class _CanonicalRepr(ReprPrinter):
    """``srepr`` with a symbol's assumptions sorted by name: sympy prints them in the order the
    first symbol of that name was made with, which differs between processes."""

    def _print_Symbol(self, expr: sympy.Symbol) -> str:
        d = dict(expr._assumptions_orig)
        if expr.is_Dummy:
            d["dummy_index"] = expr.dummy_index
        attrs = "".join(f", {k}={v}" for k, v in sorted(d.items()))
        return f"{type(expr).__name__}({self._print(expr.name)}{attrs})"


def canonical(expr: object) -> str:
    """The canonical ``srepr`` of `expr` (the text a goal digests)."""
    return _CanonicalRepr().doprint(expr)


