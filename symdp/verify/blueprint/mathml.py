"""A formal goal as presentation MathML, which browsers render natively (MathML Core: no script, no font
download, no CDN).

A goal (:mod:`symdp.verify.goals`) is recorded as the ``srepr`` of its variables, hypotheses and
conclusion. This module reads those strings as a syntax tree and writes MathML from the tree, without
building the sympy expressions: a report is a file anyone may hand over, and building
``Pow(Integer(9), Pow(Integer(9), Integer(99)))`` would evaluate the power; here the cost is linear in
the text. sympy's own MathML printer is not used for the same reason, and because its output is not
well-formed (it prints ``<mo><</mo>`` for a strict inequality): every text node here is escaped, and only
the elements of MathML Core below are written (``math``, ``mrow``, ``mi``, ``mn``, ``mo``, ``mfrac``,
``msup``, ``msub``, ``msqrt``, ``mroot``).

The rendering follows sympy's reading of the tree: ``Add`` terms joined by + and − (a term with a
negative coefficient is subtracted), ``Mul`` factors with negative integer powers and rational
denominators put under a fraction bar, ``Pow(x, 1/2)`` a square root, relations and ``And``/``Or``/
``Not`` with their signs, and the quantifier prefix ``∀ ε > 0, k ∈ ℤ:`` from each variable's
assumptions as :meth:`symdp.verify.goals.Goal.text` writes it. A construct outside that vocabulary is
written as its name applied to its arguments, so nothing is dropped; an unreadable goal gives None
and the page shows the goal's recorded text instead.
"""

from __future__ import annotations

import ast
from html import escape
from typing import Mapping

#: Longest srepr read (characters); a longer goal is shown as its recorded text.
MAX_SREPR = 20000

_GREEK = {name: chr(code) for name, code in (
    ("alpha", 0x3B1), ("beta", 0x3B2), ("gamma", 0x3B3), ("delta", 0x3B4), ("epsilon", 0x3B5), ("zeta", 0x3B6),
    ("eta", 0x3B7), ("theta", 0x3B8), ("iota", 0x3B9), ("kappa", 0x3BA), ("lambda", 0x3BB), ("mu", 0x3BC),
    ("nu", 0x3BD), ("xi", 0x3BE), ("rho", 0x3C1), ("sigma", 0x3C3), ("tau", 0x3C4), ("phi", 0x3C6),
    ("chi", 0x3C7), ("psi", 0x3C8), ("omega", 0x3C9), ("Gamma", 0x393), ("Delta", 0x394), ("Theta", 0x398),
    ("Lambda", 0x39B), ("Pi", 0x3A0), ("Sigma", 0x3A3), ("Phi", 0x3A6), ("Psi", 0x3A8), ("Omega", 0x3A9))}
_RELATIONS = {"Equality": "=", "Unequality": "≠", "StrictGreaterThan": ">", "GreaterThan": "≥",
              "StrictLessThan": "<", "LessThan": "≤"}
_CONSTANTS = {"pi": ("mi", "π"), "E": ("mi", "e"), "oo": ("mi", "∞"), "zoo": ("mi", "∞̃"), "nan": ("mi", "NaN"),
              "true": ("mi", "true"), "false": ("mi", "false"), "EulerGamma": ("mi", "γ"), "I": ("mi", "i")}
_FUNCTION_NAMES = {"Max": "max", "Min": "min", "LambertW": "W", "re": "Re", "im": "Im"}

# precedence, loosest first: a child looser than its place is put in parentheses
_OR, _AND, _NOT, _REL, _ADD, _MUL, _NEG, _POW, _ATOM = range(9)


class Unreadable(ValueError):
    """The srepr is not one this renderer reads (the page shows the goal's text instead)."""


def _tag(name: str, *children: str) -> str:
    return f"<{name}>{''.join(children)}</{name}>"


def _mo(sign: str) -> str:
    return _tag("mo", escape(sign))


def _row(*children: str) -> str:
    return children[0] if len(children) == 1 else _tag("mrow", *children)


def _fence(body: str, left: str = "(", right: str = ")") -> str:
    return _tag("mrow", _mo(left), body, _mo(right))


def symbol_name(name: str) -> str:
    """`name` as MathML: Greek letters by name, ``p_0`` and ``x1`` with the subscript lowered."""
    base, _, sub = name.partition("_")
    if not sub:
        stem = base.rstrip("0123456789")
        if stem and stem != base:
            base, sub = stem, base[len(stem):]
    ident = _tag("mi", escape(_GREEK.get(base, base)))
    if sub:
        ident = _tag("msub", ident, _tag("mi" if not sub.isdigit() else "mn", escape(_GREEK.get(sub, sub))))
    return ident


def _call(node: ast.AST) -> tuple[str, list[ast.AST], dict[str, ast.AST]]:
    if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
        raise Unreadable(f"not an srepr call: {type(node).__name__}")
    return node.func.id, list(node.args), {k.arg or "": k.value for k in node.keywords}


def _integer(node: ast.AST) -> int | None:
    """The integer an ``Integer(n)`` node or a literal stands for, else None."""
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _integer(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Integer" and node.args:
        return _integer(node.args[0])
    return None


def _rational(node: ast.AST) -> tuple[int, int] | None:
    """(p, q) of a ``Rational(p, q)``, ``Integer(n)`` (q = 1) or ``Half`` node, else None."""
    n = _integer(node)
    if n is not None:
        return n, 1
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id == "Rational" and len(node.args) == 2:
            p, q = _integer(node.args[0]), _integer(node.args[1])
            if p is not None and q:
                return (p, q) if q > 0 else (-p, -q)
        if node.func.id == "Half" and not node.args:
            return 1, 2
    if isinstance(node, ast.Name) and node.id in ("Half", "One", "Zero", "NegativeOne"):
        return {"Half": (1, 2), "One": (1, 1), "Zero": (0, 1), "NegativeOne": (-1, 1)}[node.id]
    return None


def _number(p: int, q: int) -> str:
    body = _tag("mn", str(abs(p))) if q == 1 else _tag("mfrac", _tag("mn", str(abs(p))), _tag("mn", str(q)))
    return _row(_mo("−"), body) if p < 0 else body


class _Writer:
    """Renders one srepr tree; `budget` bounds the nodes visited (a report may be hostile)."""

    def __init__(self, budget: int) -> None:
        self.budget = budget

    def render(self, node: ast.AST, place: int = _OR) -> str:
        text, prec = self.expr(node)
        return _fence(text) if prec < place else text

    def expr(self, node: ast.AST) -> tuple[str, int]:
        self.budget -= 1
        if self.budget < 0:
            raise Unreadable("goal too large to render")
        number = _rational(node)
        if number is not None:
            return _number(*number), (_NEG if number[0] < 0 else _ATOM if number[1] == 1 else _MUL)
        if isinstance(node, ast.Name):
            if node.id not in _CONSTANTS:
                raise Unreadable(f"unknown name {node.id}")
            tag, text = _CONSTANTS[node.id]
            return _tag(tag, escape(text)), _ATOM
        if isinstance(node, ast.Constant) and isinstance(node.value, str):  # a bare string argument
            return _tag("mi", escape(node.value)), _ATOM
        name, args, kwargs = _call(node)
        method = getattr(self, f"_{name}", None)
        if method is not None:
            return method(args, kwargs)
        if name in _RELATIONS and len(args) == 2:
            return _tag("mrow", self.render(args[0], _ADD), _mo(_RELATIONS[name]), self.render(args[1], _ADD)), _REL
        return self._apply(_FUNCTION_NAMES.get(name, name), args), _ATOM

    def _apply(self, name: str, args: list[ast.AST]) -> str:
        inner = []
        for i, a in enumerate(args):
            inner += ([_mo(",")] if i else []) + [self.render(a)]
        head = symbol_name(name) if len(name) == 1 else _tag("mi", escape(name))
        return _tag("mrow", head, _fence(_row(*inner) if inner else ""))

    def _Symbol(self, args: list[ast.AST], kwargs: dict) -> tuple[str, int]:
        if not args or not isinstance(args[0], ast.Constant) or not isinstance(args[0].value, str):
            raise Unreadable("a Symbol without a name")
        return symbol_name(args[0].value), _ATOM

    _Dummy = _Symbol

    def _Float(self, args: list[ast.AST], kwargs: dict) -> tuple[str, int]:
        text = args[0].value if args and isinstance(args[0], ast.Constant) else "?"
        return _tag("mn", escape(str(text))), _ATOM

    def _Add(self, args: list[ast.AST], kwargs: dict) -> tuple[str, int]:
        # as sympy prints: the constant last (x + 1), unless every other term is subtracted (1 − δ)
        constants = [a for a in args if _rational(a) is not None]
        others = [a for a in args if _rational(a) is None]
        leading = bool(constants) and all(self._negated(a)[0] for a in others)
        out: list[str] = []
        for i, term in enumerate(constants + others if leading else others + constants):
            negative, magnitude = self._negated(term)
            if i == 0:
                out.append(_row(_mo("−"), magnitude) if negative else self.render(term, _ADD))
            else:
                out += [_mo("−" if negative else "+"), magnitude if negative else self.render(term, _MUL)]
        return _tag("mrow", *out), _ADD

    def _negated(self, term: ast.AST) -> tuple[bool, str]:
        """(True, |term| rendered) when `term` is a negative number or has a negative coefficient."""
        number = _rational(term)
        if number is not None and number[0] < 0:
            return True, _number(-number[0], number[1])
        if isinstance(term, ast.Call) and isinstance(term.func, ast.Name) and term.func.id == "Mul" and term.args:
            coefficient = _rational(term.args[0])
            if coefficient is not None and coefficient[0] < 0:
                rest = term.args[1:]
                if coefficient != (-1, 1):
                    rest = [_literal_rational(-coefficient[0], coefficient[1])] + rest
                return True, self._product(rest)[0] if len(rest) > 1 else self.render(rest[0], _MUL)
        return False, ""

    def _Mul(self, args: list[ast.AST], kwargs: dict) -> tuple[str, int]:
        coefficient = _rational(args[0]) if args else None
        if coefficient == (-1, 1) and len(args) > 1:
            rest = args[1:]
            body = self._product(rest)[0] if len(rest) > 1 else self.render(rest[0], _MUL)
            return _row(_mo("−"), body), _NEG
        return self._product(args)

    def _product(self, args: list[ast.AST]) -> tuple[str, int]:
        """Factors over a fraction bar: negative integer powers and rational denominators below."""
        above: list[ast.AST] = []
        below: list[tuple[ast.AST, tuple[int, int]]] = []
        numbers_above: list[str] = []
        numbers_below: list[str] = []
        sign = False
        for factor in args:
            number = _rational(factor)
            if number is not None:
                p, q = number
                sign ^= p < 0
                if abs(p) != 1 or len(args) == 1:
                    numbers_above.append(_tag("mn", str(abs(p))))
                if q != 1:
                    numbers_below.append(_tag("mn", str(q)))
                continue
            base, exponent = self._power(factor)
            if base is not None and exponent is not None and exponent[0] < 0:
                below.append((base, (-exponent[0], exponent[1])))
            else:
                above.append(factor)
        # a lone factor over or under the bar needs no parentheses
        alone = len(numbers_above) + len(above) == 1
        numerator = numbers_above + [self.render(f, _OR if alone else _MUL) for f in above]
        alone = len(numbers_below) + len(below) == 1
        denominator = numbers_below + [self._raised(b, e, _OR if alone else _MUL) for b, e in below]
        top = self._juxtapose(numerator) if numerator else _tag("mn", "1")
        body = _tag("mfrac", top, self._juxtapose(denominator)) if denominator else top
        if sign:
            return _row(_mo("−"), body), _NEG
        return body, (_ATOM if denominator or len(numerator) == 1 else _MUL)

    @staticmethod
    def _juxtapose(parts: list[str]) -> str:
        out = []
        for i, part in enumerate(parts):
            # between two numbers a visible ·, otherwise invisible times (U+2062)
            if i:
                out.append(_mo("·") if part.startswith("<mn>") else _mo("\u2062"))
            out.append(part)
        return _row(*out)

    def _power(self, node: ast.AST) -> tuple[ast.AST | None, tuple[int, int] | None]:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Pow" \
                and len(node.args) == 2:
            return node.args[0], _rational(node.args[1])
        return None, None

    def _raised(self, base: ast.AST, exponent: tuple[int, int], place: int) -> str:
        p, q = exponent
        if (p, q) == (1, 1):
            return self.render(base, place)
        if p == 1 and q == 2:
            return _tag("msqrt", self.render(base))
        if p == 1:
            return _tag("mroot", self.render(base), _tag("mn", str(q)))
        return _tag("msup", self.render(base, _ATOM), _number(p, q))

    def _Pow(self, args: list[ast.AST], kwargs: dict) -> tuple[str, int]:
        if len(args) != 2:
            raise Unreadable("Pow takes two arguments")
        exponent = _rational(args[1])
        if exponent is not None and exponent[0] < 0:
            return _tag("mfrac", _tag("mn", "1"), self._raised(args[0], (-exponent[0], exponent[1]), _OR)), _ATOM
        if exponent is not None and exponent[0] == 1:
            return self._raised(args[0], exponent, _OR), _ATOM
        return _tag("msup", self.render(args[0], _ATOM), self.render(args[1])), _POW

    def _exp(self, args: list[ast.AST], kwargs: dict) -> tuple[str, int]:
        if len(args) != 1:
            raise Unreadable("exp takes one argument")
        return _tag("msup", _tag("mi", "e"), self.render(args[0])), _POW

    def _Abs(self, args: list[ast.AST], kwargs: dict) -> tuple[str, int]:
        if len(args) != 1:
            raise Unreadable("Abs takes one argument")
        return _fence(self.render(args[0]), "|", "|"), _ATOM

    def _factorial(self, args: list[ast.AST], kwargs: dict) -> tuple[str, int]:
        if len(args) != 1:
            raise Unreadable("factorial takes one argument")
        return _tag("mrow", self.render(args[0], _ATOM), _mo("!")), _POW

    def _Tuple(self, args: list[ast.AST], kwargs: dict) -> tuple[str, int]:
        inner = []
        for i, a in enumerate(args):
            inner += ([_mo(",")] if i else []) + [self.render(a)]
        return _fence(_row(*inner) if inner else ""), _ATOM

    def _logic(self, args: list[ast.AST], sign: str, prec: int) -> tuple[str, int]:
        out = []
        for i, a in enumerate(args):
            out += ([_mo(sign)] if i else []) + [self.render(a, prec + 1)]
        return _tag("mrow", *out), prec

    def _And(self, args: list[ast.AST], kwargs: dict) -> tuple[str, int]:
        return self._logic(args, "∧", _AND)

    def _Or(self, args: list[ast.AST], kwargs: dict) -> tuple[str, int]:
        return self._logic(args, "∨", _OR)

    def _Not(self, args: list[ast.AST], kwargs: dict) -> tuple[str, int]:
        if len(args) != 1:
            raise Unreadable("Not takes one argument")
        return _tag("mrow", _mo("¬"), self.render(args[0], _NOT + 1)), _NOT


def _literal_rational(p: int, q: int) -> ast.AST:
    return ast.Call(ast.Name("Rational"), [ast.Constant(p), ast.Constant(q)], [])


def _parse(text: object) -> ast.AST:
    text = str(text)
    if len(text) > MAX_SREPR:
        raise Unreadable(f"srepr longer than {MAX_SREPR} characters")
    try:
        return ast.parse(text, mode="eval").body
    # ValueError: an integer past Python's digit limit; RecursionError, MemoryError: nesting too deep
    except (SyntaxError, ValueError, RecursionError, MemoryError) as err:
        raise Unreadable(f"not an srepr: {type(err).__name__}") from None


def _declared(node: ast.AST, writer: _Writer) -> str:
    """``ε > 0``, ``k ∈ ℤ, k ≥ 0`` or ``x ∈ ℝ`` from a variable's srepr and its assumptions."""
    name, args, kwargs = _call(node)
    if name not in ("Symbol", "Dummy"):
        raise Unreadable("a variable that is not a Symbol")
    ident = writer.expr(node)[0]
    flags = {k for k, v in kwargs.items() if isinstance(v, ast.Constant) and v.value is True}
    integer = "integer" in flags
    domain = [_mo("∈"), _tag("mi", "ℤ" if integer else "ℝ")]
    if "positive" in flags:
        bound = [ident, _mo(">"), _tag("mn", "0")]
    elif "nonnegative" in flags:
        bound = [ident, _mo("≥"), _tag("mn", "0")]
    else:
        return _tag("mrow", ident, *domain)
    return _tag("mrow", *([ident, *domain, _mo(",")] if integer else []), *bound)


def goal_mathml(goal: Mapping) -> str | None:
    """``<math display="block">∀ variables: hypotheses ⇒ conclusion</math>`` for a goal recorded as
    :meth:`symdp.verify.goals.Goal.to_json` writes it (the canonical fields at the top level, or
    under ``"canonical"``); None when the goal cannot be read (the page shows its text)."""
    canonical = goal.get("canonical") if isinstance(goal.get("canonical"), Mapping) else goal
    try:
        variables = canonical.get("variables") or []
        hypotheses = canonical.get("hypotheses") or []
        conclusion = canonical["conclusion"]
        if not isinstance(variables, list) or not isinstance(hypotheses, list):
            raise Unreadable("variables and hypotheses must be lists")
        writer = _Writer(budget=MAX_SREPR)
        parts: list[str] = []
        if variables:
            declared = []
            for i, v in enumerate(variables):
                declared += ([_mo(",")] if i else []) + [_declared(_parse(v), writer)]
            parts += [_mo("∀"), *declared, _mo(":")]
        if hypotheses:
            for i, h in enumerate(hypotheses):
                parts += ([_mo("∧")] if i else []) + [writer.render(_parse(h), _AND + 1)]
            parts.append(_mo("⇒"))
        parts.append(writer.render(_parse(conclusion), _AND + 1))
    except (Unreadable, KeyError, TypeError, AttributeError, RecursionError):
        return None
    return f'<math display="block">{_tag("mrow", *parts)}</math>'
