"""Reading a report's expressions without eval: a report is a file anyone may hand over."""

from __future__ import annotations

import ast

import sympy

from .terms import Every, Sup
from .verdicts import Inconclusive

#: The sympy names a certificate's expressions may call (srepr's forms), and the constants.
_CALLS = {name: getattr(sympy, name) for name in (
    "Symbol", "Dummy", "Integer", "Rational", "Add", "Mul", "Pow", "exp", "log", "sqrt", "Abs", "Max", "Min", "sinh",
    "cosh", "tanh", "asinh", "atanh", "atan", "sin", "cos", "erf", "erfc", "erfinv", "erfcinv", "LambertW", "factorial",
    "StrictGreaterThan", "GreaterThan", "StrictLessThan", "LessThan", "Equality", "Unequality", "And", "Or", "Not",
    # the terms of kernel goals (symdp.verify.kernel): sequences, finite sums and products, integrals, limits
    "Equivalent", "Tuple", "Indexed", "IndexedBase", "Sum", "Product", "Integral", "Limit")}
_CALLS.update(Every=Every, Sup=Sup)
_CONSTANTS = {"pi": sympy.pi, "E": sympy.E, "oo": sympy.oo, "true": sympy.true, "false": sympy.false}
_OPERATORS = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
              ast.Div: lambda a, b: a / b, ast.Pow: lambda a, b: a ** b}


def parse_expression(text: object) -> sympy.Basic:
    """The sympy expression a certificate records (``srepr`` or plain text such as ``log(8)``),
    built from its syntax tree with only the names above: never ``eval``, which a crafted report
    could use to run code."""
    return _build(ast.parse(str(text), mode="eval").body)


def _build(node: ast.AST) -> object:
    if isinstance(node, ast.Constant) and type(node.value) in (int, str, bool):
        return sympy.Integer(node.value) if type(node.value) is int else node.value
    if isinstance(node, ast.Name) and node.id in _CONSTANTS:
        return _CONSTANTS[node.id]
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        value = _build(node.operand)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
        return _OPERATORS[type(node.op)](_build(node.left), _build(node.right))
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
        if node.func.id not in _CALLS:
            raise Inconclusive(f"the certificate uses {node.func.id}, which this checker does not read")
        kwargs = {k.arg: _build(k.value) for k in node.keywords}
        kwargs = {k: (int(v) if isinstance(v, sympy.Integer) else v) for k, v in kwargs.items()}
        return _CALLS[node.func.id](*[_build(a) for a in node.args], **kwargs)
    raise ValueError(f"not an expression this checker reads: {ast.dump(node)[:80]}")
