"""A safe evaluator for the expressions of ``symdp eval``.

The text is parsed with :func:`ast.parse` and the whole tree is checked against a small grammar
*before* anything runs; then the tree is interpreted node by node (there is no ``eval``). Allowed:

* numeric literals: integers and decimals are exact rationals (so ``1/3`` is one third, ``0.1`` is
  1/10), computed as :class:`fractions.Fraction` until they meet a function (then sympy Rationals);
* ``+ - * / // **`` (and ``@``, composition of pairs) and unary ``+ -``;
* names of the public API (:data:`API_NAMES`, ``symdp.__all__``) and of sympy's elementary
  functions and constants (:data:`SYMPY_NAMES`);
* attributes in :data:`ALLOWED_ATTRIBUTES` (public methods and fields of pairs, channels and
  certified numbers, and ``symdp.local``'s public names), never one starting with ``_``;
* calls of allowed names and attributes, with keyword arguments; tuples and lists;
* short identifier-like strings, only as call arguments (``.contraction("kl")``).

Everything else (imports, lambdas, comprehensions, subscripts, dunder names, f-strings, starred
arguments, walrus, comparisons) raises :class:`RefusedExpression`. Integer powers are capped
(|exponent| ≤ :data:`MAX_EXPONENT`, result ≤ :data:`MAX_POWER_BITS` bits) when they are evaluated.

The depth of the *text* is bounded before anything runs; the size of what it builds is bounded as
it runs: every intermediate value is measured (:func:`value_size`) before it is used, and one whose
tree has more than ``limits.value_nodes`` nodes or nests more than ``limits.function_nesting``
functions is refused (:mod:`symdp.limits`). Both grow geometrically with nested calls (``bac_capacity`` uses its
argument five times, so 40 nested calls build 5⁴⁰ nodes; sympy's evaluation of nested
exponentials triples its work per level) while the text grows linearly. What the measures do
not foresee (nested ``gaussian_delta`` grows 3× in size but 8× in sympy's time per level) is
bounded by the time actually spent: :func:`evaluate` stops after ``limits.seconds`` seconds.
"""

from __future__ import annotations

import ast
import importlib
import operator
import re
import signal
import sys
import threading
import time
from contextlib import contextmanager
from fractions import Fraction
from typing import Any, Callable, Iterator, Mapping

from . import errors, limits
from .errors import ResourceLimitError, SymdpError

#: Longest accepted expression, in characters.
MAX_LENGTH = 2000
#: Largest |exponent| of a numeric power.
MAX_EXPONENT = 10000
#: Largest size of an exact rational power, in bits of numerator or denominator.
MAX_POWER_BITS = 1 << 20
#: Largest k of binomial(n, k) for a non-integer n, which sympy expands into k factors.
MAX_BINOMIAL_FACTORS = 1000

API_NAMES = ("laplace", "gaussian", "randomized_response", "dominating", "staircase", "FinitePair", "certify",
             "zcdp", "gdp", "local")

#: Functions of the public modules that ``symdp eval`` offers by name (name → module): the
#: calibrations, conversions and composition theorems a user checks numbers with.
CALCULATOR = {
    **dict.fromkeys(("minimal_gaussian_sigma", "gaussian_rdp", "gaussian_zcdp", "gaussian_delta", "zcdp_to_rdp",
                     "pure_dp_to_zcdp", "rdp_to_dp_delta", "rdp_to_dp_epsilon"), "symdp.central.renyi"),
    **dict.fromkeys(("subsampled_gaussian_rdp", "subsampled_gaussian_moment"), "symdp.central.subsampled_renyi"),
    **dict.fromkeys(("basic_composition", "advanced_composition", "kov_delta", "kov_epsilon", "mv_delta"),
                    "symdp.central.composition_theorems"),
    **dict.fromkeys(("amplified", "amplification_gamma", "sample_without_replacement"), "symdp.central.subsampling"),
    **dict.fromkeys(("laplace_composition_delta", "laplace_composition_epsilon"), "symdp.central.laplace_composition"),
    "staircase_tv": "symdp.central.staircase",
}

#: Public methods and fields reachable by attribute access (from API.md, plus ``symdp.local.__all__``).
ALLOWED_ATTRIBUTES = frozenset({
    "hockey_stick", "delta", "epsilon", "tv", "kl", "chi2", "renyi", "tradeoff", "compose", "subsample",
    "reverse", "symmetric", "ldp_epsilon", "dobrushin", "contraction", "pair", "Channel", "randomized_response",
    "eps", "eta", "sigma", "mu", "sensitivity", "k", "p", "q", "matrix", "gamma", "rho",
    "decimal", "lower", "upper", "exact", "digits", "sigma_upper",
    "is_ldp", "e_gamma_information",
})

_STRING = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,31}\Z")


class RefusedExpression(SymdpError):
    """The expression uses a construct outside the grammar of ``symdp eval``; nothing ran."""


def _refuse(what: str, node: ast.AST | None = None) -> RefusedExpression:
    where = ""
    if isinstance(node, ast.Attribute) and node.end_col_offset is not None:
        where = f" at column {node.end_col_offset - len(node.attr) + 1}"
    elif node is not None and hasattr(node, "col_offset"):
        where = f" at column {node.col_offset + 1}"
    return RefusedExpression(f"refused: {what}{where}")


def _sympy() -> Any:
    """sympy, imported when an expression first needs it (``1 + 1`` does not)."""
    import sympy
    return sympy


def _loaded(module: str, name: str) -> type | None:
    """The class `name` of `module` if that module is loaded, else None: a value can only be an
    instance of a class whose module is loaded, so isinstance tests need not import it."""
    mod = sys.modules.get(module)
    return getattr(mod, name, None) if mod is not None else None


def _is_sympy(value: object) -> bool:
    basic = _loaded("sympy", "Basic")
    return basic is not None and isinstance(value, basic)


def _integer(value: object) -> int | None:
    """The value as an int when it is an exact integer (a Fraction, int or sympy Integer)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, Fraction):
        return value.numerator if value.denominator == 1 else None
    integer = _loaded("sympy", "Integer")
    return int(value) if integer is not None and isinstance(value, integer) else None


def _as_sympy(value: object) -> object:
    """A Fraction as sympy.Rational (lists and tuples element by element); anything else as it is."""
    if isinstance(value, Fraction):
        return _sympy().Rational(value.numerator, value.denominator)
    if isinstance(value, (list, tuple)):
        return type(value)(_as_sympy(v) for v in value)
    return value


def _rational_result(value: object) -> object:
    """Python's int of an exact operation (``7 // 2``) back into a Fraction: an int divided by an
    int is a float, never allowed here."""
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    if isinstance(value, float):  # a bug of this module (a float never enters the grammar)
        raise TypeError(f"an exact operation gave the float {value!r}")
    return value


def _exact_operation(op: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """`op` on exact numbers: rationals stay Fractions (no sympy loaded for ``1/3 + 1``); a
    Fraction meeting a sympy value becomes a sympy Rational first (Fraction's own operators
    would turn ``Fraction(2) ** Rational(1, 2)`` into a float); a division by zero is sympy's
    (``zoo``), which the command line reports as undefined."""
    def run(a: object, b: object) -> object:
        if isinstance(a, Fraction) and isinstance(b, Fraction):
            if op in (operator.truediv, operator.floordiv) and b == 0:
                return op(_as_sympy(a), _as_sympy(b))
            return _rational_result(op(a, b))
        if (isinstance(a, Fraction) and _is_sympy(b)) or (isinstance(b, Fraction) and _is_sympy(a)):
            a, b = _as_sympy(a), _as_sympy(b)
        return _rational_result(op(a, b))
    return run


def _power(base: object, exponent: object) -> object:
    number = _loaded("sympy", "Number")
    if isinstance(exponent, Fraction) or (number is not None and isinstance(exponent, number)):
        e = exponent if isinstance(exponent, Fraction) else _sympy().sympify(exponent)
        finite = isinstance(e, Fraction) or bool(e.is_finite)
        if finite and abs(e) > MAX_EXPONENT:
            raise _refuse(f"the exponent {exponent} is larger than {MAX_EXPONENT} in absolute value")
        rational = _loaded("sympy", "Rational")
        if finite and (isinstance(base, Fraction) or (rational is not None and isinstance(base, rational))):
            r = base if isinstance(base, Fraction) else Fraction(int(base.p), int(base.q))
            bits = max(r.numerator.bit_length(), r.denominator.bit_length())
            if bits * abs(e) > MAX_POWER_BITS:
                raise _refuse(f"a power of a {bits}-bit number to the exponent {e} would have more than "
                              f"{MAX_POWER_BITS} bits")
        if isinstance(base, Fraction) and _integer(exponent) is not None:
            if base == 0 and _integer(exponent) < 0:
                return _as_sympy(base) ** _as_sympy(exponent)  # zoo, as sympy has it
            return base ** _integer(exponent)
    if isinstance(base, Fraction) or isinstance(exponent, Fraction):  # a root or a symbolic power
        base, exponent = _as_sympy(base), _as_sympy(exponent)
    return _rational_result(base ** exponent)


def _multiply(a: object, b: object) -> object:
    """a·b, with a list or tuple repeated n times only when the result stays within
    ``limits.value_nodes`` elements: the size is known before the repetition allocates it
    (``[1]*10**9`` would ask for 8 GB before any value could be measured)."""
    for seq, n in ((a, b), (b, a)):
        count = _integer(n)
        if isinstance(seq, (list, tuple)) and count is not None:
            # the value's nodes, its elements' (nested lists counted whole) and its own; `seq` itself
            # passed the limit, so measuring it again is cheap
            inner = value_size(seq)[0] - 1
            size, limit = inner * max(count, 0), limits.get("value_nodes")
            if size + 1 > limit:
                raise RefusedExpression(
                    f"refused: repeating a sequence of {len(seq)} elements {n} times makes {size + 1} nodes, beyond the "
                    f"limit value_nodes = {limit}; raise it with symdp.limits.set(value_nodes=...)")
            return seq * count
    return _exact_operation(operator.mul)(a, b)


def _binomial(n: object, k: object) -> Any:
    """C(n, k): exact by GMP for integers 0 ≤ k ≤ n (sympy's own product takes minutes at
    n = 10⁶), symbolic otherwise; |n| is bounded by ``limits.binomial_n`` (C(n, k) < 2ⁿ)."""
    sympy = _sympy()
    n_, k_ = sympy.sympify(n), sympy.sympify(k)
    for name, v in (("n", n_), ("k", k_)):
        if v.is_Number and abs(v) > limits.get("binomial_n"):
            raise limits.ResourceLimitError(
                f"binomial({n}, {k}): |{name}| is larger than the limit binomial_n = {limits.get('binomial_n')}; "
                "raise it with symdp.limits.set(binomial_n=...)")
    if k_.is_Integer and not n_.is_Integer and abs(k_) > MAX_BINOMIAL_FACTORS:
        raise limits.ResourceLimitError(
            f"binomial({n}, {k}): for a non-integer n it is a product of k factors; |k| must be at most "
            f"{MAX_BINOMIAL_FACTORS}")
    if n_.is_Integer and k_.is_Integer and n_ >= 0:
        import gmpy2
        return sympy.Integer(int(gmpy2.comb(int(n_), int(k_)))) if 0 <= k_ <= n_ else sympy.Integer(0)
    return sympy.binomial(n_, k_)


class _LazyNames(Mapping):
    """Names whose values are imported on first use: checking an expression needs only the
    names, and ``1 + 1`` none of the values (their modules are most of symdp's import time)."""

    def __init__(self, loaders: Mapping[str, Callable[[], object]]):
        self._loaders, self._values = dict(loaders), {}

    def __getitem__(self, name: str) -> object:
        if name not in self._values:
            self._values[name] = self._loaders[name]()
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._loaders)

    def __len__(self) -> int:
        return len(self._loaders)


def _from_sympy(name: str) -> Callable[[], object]:
    return lambda: getattr(_sympy(), name)


#: sympy's elementary functions and constants, and binomial (loaded when an expression uses one).
SYMPY_NAMES: Mapping[str, object] = _LazyNames({
    **{name: _from_sympy(name) for name in ("exp", "log", "sqrt", "tanh", "sinh", "cosh", "atanh", "erf", "erfc",
                                            "Rational", "pi", "E", "oo")},
    "binomial": lambda: _binomial,
})

_BINARY: dict[type, Callable[[Any, Any], Any]] = {
    ast.Add: _exact_operation(operator.add), ast.Sub: _exact_operation(operator.sub), ast.Mult: _multiply,
    ast.Div: _exact_operation(operator.truediv), ast.FloorDiv: _exact_operation(operator.floordiv),
    ast.Pow: _power, ast.MatMult: operator.matmul,
}
_UNARY: dict[type, Callable[[Any], Any]] = {ast.UAdd: operator.pos, ast.USub: operator.neg}


def _api_names() -> list[str]:
    """The public names of ``symdp`` an expression may call: :data:`API_NAMES` and
    ``symdp.__all__`` without the exception classes (read from the package's own lists, so
    nothing heavy is imported)."""
    import symdp
    names = [n for n in (*API_NAMES, *getattr(symdp, "__all__", ())) if not hasattr(errors, n)]
    return list(dict.fromkeys(names))


def _from_symdp(name: str) -> Callable[[], object]:
    def load() -> object:
        import symdp
        return getattr(symdp, name)
    return load


def _from_module(module: str, name: str) -> Callable[[], object]:
    return lambda: getattr(importlib.import_module(module), name)


def namespace() -> Mapping[str, object]:
    """The names an expression may use: the public API and sympy's elementary functions, each
    imported when an expression first uses it."""
    loaders: dict[str, Callable[[], object]] = {name: (lambda n=name: SYMPY_NAMES[n]) for name in SYMPY_NAMES}
    loaders.update({name: _from_symdp(name) for name in _api_names()})
    loaders.update({name: _from_module(module, name) for name, module in CALCULATOR.items()})
    return _LazyNames(loaders)


class _Attributes:
    """:data:`ALLOWED_ATTRIBUTES`, and the public names of ``symdp.local`` and of its utility
    constructors (``local.utility.reverse_kl(...)``, as the utilities' reprs print them), the
    latter looked up only for an attribute outside the first set."""

    def __contains__(self, name: object) -> bool:
        if name in ALLOWED_ATTRIBUTES:
            return True
        if not isinstance(name, str) or name.startswith("_"):
            return False
        try:
            from . import local
            if name in getattr(local, "__all__", ()):  # a static list: nothing imported yet
                return True
            from .local import utility
        except ImportError:
            return False
        return name in utility.__all__


def allowed_attributes() -> _Attributes:
    """The attributes an expression may use (see :class:`_Attributes`)."""
    return _Attributes()


def value_size(value: object, memo: dict[int, tuple] | None = None) -> tuple[int, int]:
    """(nodes, nesting) of a value: the nodes of its sympy tree with repetition, and the largest
    number of functions (exp, log, ..., powers with a non-integer exponent) nested inside each
    other on one path. Linear in the distinct subtrees (shared ones are looked up in `memo`,
    which keeps them alive so their ids stay theirs); lists and tuples add their elements; a
    certified Real is measured by its exact form."""
    memo = {} if memo is None else memo
    real = _loaded("symdp.numbers", "Real")
    if real is not None and isinstance(value, real) and value.exact is not None:
        value = value.exact  # what a function taking it as a parameter works on
    if isinstance(value, (list, tuple)):
        sizes = [value_size(v, memo) for v in value]
        return 1 + sum(n for n, _ in sizes), max((d for _, d in sizes), default=0)
    if not _is_sympy(value) or not value.args:
        return 1, 0
    seen = memo.get(id(value))
    if seen is not None:
        return seen[1]
    sizes = [value_size(a, memo) for a in value.args]
    sympy = _sympy()
    function = isinstance(value, sympy.Function) or (isinstance(value, sympy.Pow) and not value.exp.is_Integer)
    size = (1 + sum(n for n, _ in sizes), max(d for _, d in sizes) + function)
    memo[id(value)] = (value, size)
    return size


# --------------------------------------------------------------------------------------------
# Checking


def parse(text: str, names: Mapping[str, object], attributes: object) -> ast.Expression:
    """Parse `text` and check every node; raise :class:`RefusedExpression` on the first violation."""
    if not isinstance(text, str):
        raise _refuse(f"the expression must be text, got {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise _refuse(f"the expression has {len(text)} characters, more than {MAX_LENGTH}")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as err:
        raise RefusedExpression(f"refused: invalid syntax at column {err.offset or 0}: {err.msg}") from None
    except (ValueError, RecursionError, MemoryError) as err:
        raise RefusedExpression(f"refused: cannot parse the expression ({err})") from None
    try:
        _Checker(names, attributes).visit(tree.body)
    except RecursionError:
        raise RefusedExpression("refused: the expression is nested too deeply") from None
    return tree


class _Checker:
    def __init__(self, names: Mapping[str, object], attributes: object):
        self.names, self.attributes = names, attributes
        self.depth, self.max_depth = 0, limits.get("expression_depth")

    def visit(self, node: ast.AST, call_argument: bool = False) -> None:
        method = getattr(self, "visit_" + type(node).__name__, None)
        if method is None:
            raise _refuse(f"{_describe(node)} is not allowed", node)
        self.depth += 1
        if self.depth > self.max_depth:
            raise RefusedExpression(f"refused: the expression is nested more than {self.max_depth} levels deep "
                                    "(the limit expression_depth; raise it with symdp.limits.set(expression_depth=...))")
        method(node, call_argument)
        self.depth -= 1

    def visit_Constant(self, node: ast.Constant, call_argument: bool) -> None:
        value = node.value
        if isinstance(value, bool) or value is None:
            if call_argument:
                return
        elif isinstance(value, (int, float)):
            return
        elif isinstance(value, str) and call_argument and _STRING.match(value):
            return
        raise _refuse(f"the literal {_preview(value)} is not allowed here", node)

    def visit_Name(self, node: ast.Name, call_argument: bool) -> None:
        if node.id.startswith("_") or node.id not in self.names:
            import difflib
            close = difflib.get_close_matches(node.id, [n for n in self.names if not n.startswith("_")], n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise RefusedExpression(f"{_refuse(f'the name {node.id!r} is not allowed', node)}{hint}; EXPR may use "
                                    "symdp's public names and sympy's elementary functions (see 'symdp eval --help')")

    def visit_Attribute(self, node: ast.Attribute, call_argument: bool) -> None:
        if node.attr.startswith("_") or node.attr not in self.attributes:
            raise _refuse(f"the attribute {node.attr!r} is not allowed", node)
        self.visit(node.value)

    def visit_UnaryOp(self, node: ast.UnaryOp, call_argument: bool) -> None:
        if type(node.op) not in _UNARY:
            raise _refuse(f"the operator {type(node.op).__name__} is not allowed", node)
        self.visit(node.operand)

    def visit_BinOp(self, node: ast.BinOp, call_argument: bool) -> None:
        if type(node.op) not in _BINARY:
            raise _refuse(f"the operator {type(node.op).__name__} is not allowed", node)
        self.visit(node.left)
        self.visit(node.right)

    def visit_Call(self, node: ast.Call, call_argument: bool) -> None:
        if not isinstance(node.func, (ast.Name, ast.Attribute)):
            raise _refuse("only a name or a method may be called", node)
        self.visit(node.func)
        for arg in node.args:
            if isinstance(arg, ast.Starred):
                raise _refuse("starred arguments are not allowed", arg)
            self.visit(arg, call_argument=True)
        for kw in node.keywords:
            if kw.arg is None or kw.arg.startswith("_"):
                raise _refuse("** arguments and private keywords are not allowed", kw.value)
            self.visit(kw.value, call_argument=True)

    def visit_Tuple(self, node: ast.Tuple, call_argument: bool) -> None:
        for elt in node.elts:
            if isinstance(elt, ast.Starred):
                raise _refuse("starred elements are not allowed", elt)
            self.visit(elt, call_argument)

    visit_List = visit_Tuple


def _describe(node: ast.AST) -> str:
    names = {"Lambda": "a lambda", "ListComp": "a comprehension", "SetComp": "a comprehension",
             "DictComp": "a comprehension", "GeneratorExp": "a generator expression", "Subscript": "subscripting",
             "JoinedStr": "an f-string", "NamedExpr": "the walrus operator", "Compare": "a comparison",
             "BoolOp": "and/or", "IfExp": "a conditional expression", "Dict": "a dict", "Set": "a set",
             "Starred": "a starred expression", "Await": "await", "Slice": "a slice"}
    return names.get(type(node).__name__, f"the construct {type(node).__name__}")


def _preview(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 20 else text[:17] + "..."


# --------------------------------------------------------------------------------------------
# Evaluating


def evaluate(text: str, names: Mapping[str, object] | None = None, seconds: float | None = None) -> object:
    """Check `text` against the grammar of ``symdp eval``, then evaluate it exactly, within
    `seconds` of time (default the limit ``seconds`` of :mod:`symdp.limits`; ``math.inf``: no limit).
    Rationals come back as sympy Rationals (see :func:`compute`).

    Raises :class:`RefusedExpression` (before running anything) for a construct outside the
    grammar or an intermediate value beyond the size limits, :class:`ResourceLimitError` when
    the time runs out; errors of the evaluation itself (bad parameters, ...) propagate unchanged.
    """
    return evaluated(compute(text, names, seconds))


def evaluated(value: object) -> object:
    """A value of :func:`compute` as :func:`evaluate` returns it: its Fractions (also inside lists
    and tuples) as sympy Rationals."""
    return _as_sympy(value)


def compute(text: str, names: Mapping[str, object] | None = None, seconds: float | None = None) -> object:
    """:func:`evaluate`, with rationals left as :class:`fractions.Fraction`: arithmetic on
    numbers runs in Fractions, and sympy and the API modules are imported only when the
    expression names a function or a constant (``symdp eval "1/3 + 1"`` loads neither)."""
    names = namespace() if names is None else names
    tree = parse(text, names, allowed_attributes())
    with time_limit(limits.get("seconds") if seconds is None else seconds):
        return _Interpreter(text.strip(), names).run(tree.body)


@contextmanager
def time_limit(seconds: float):
    """Raise :class:`ResourceLimitError` in the block once `seconds` of wall time have passed,
    and again every second after (should a broad ``except`` inside a library swallow one).
    A timer signal, so only in the main thread of a process with SIGALRM; elsewhere no limit."""
    if seconds == float("inf") or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise ResourceLimitError(f"the expression ran past the time limit of {seconds:g} s of symdp eval (the limit "
                                 "seconds; raise it with symdp.limits.set(seconds=...))")
    previous = signal.signal(signal.SIGALRM, stop)
    start = time.monotonic()
    outer = signal.setitimer(signal.ITIMER_REAL, seconds, 1.0)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if outer[0] > 0:  # a caller's own timer keeps running, less the time spent here
            signal.setitimer(signal.ITIMER_REAL, max(outer[0] - (time.monotonic() - start), 1e-3), outer[1])


def _argument(value: object) -> object:
    """Integers reach functions as Python ints (``k=3`` where an API checks ``isinstance(k, int)``),
    other rationals as sympy Rationals; the arithmetic before the call was already exact."""
    integer = _integer(value)
    if integer is not None:
        return integer
    if isinstance(value, Fraction):
        return _as_sympy(value)
    if isinstance(value, (list, tuple)):
        return type(value)(_argument(v) for v in value)
    return value


class _Interpreter:
    def __init__(self, text: str, names: Mapping[str, object]):
        self.text, self.names = text, names
        self.sizes: dict[int, tuple] = {}

    def run(self, node: ast.AST) -> object:
        value = getattr(self, "run_" + type(node).__name__)(node)
        nodes, nesting = value_size(value, self.sizes)
        # Sizes grow geometrically with nested calls while the text grows linearly (module docstring).
        max_nodes, max_nesting = limits.get("value_nodes"), limits.get("function_nesting")
        if nodes > max_nodes or nesting > max_nesting:
            what, name = ((f"{nodes} nodes", "value_nodes") if nodes > max_nodes
                          else (f"functions nested {nesting} deep", "function_nesting"))
            raise RefusedExpression(
                f"refused: the value of {_preview(ast.get_source_segment(self.text, node) or '')} at column "
                f"{node.col_offset + 1} has {what}, beyond the evaluator's limits ({max_nodes} nodes, "
                f"{max_nesting} nested functions): it would be too costly to evaluate; raise it with "
                f"symdp.limits.set({name}=...)")
        return value

    def run_Constant(self, node: ast.Constant) -> object:
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return value
        if isinstance(value, int):
            return Fraction(value)
        literal = (ast.get_source_segment(self.text, node) or repr(value)).replace("_", "")
        exponent = re.search(r"[eE]([+-]?\d+)$", literal)
        if exponent and abs(int(exponent.group(1))) > MAX_EXPONENT:  # 1e999999999 would be a 10⁹-digit integer
            raise _refuse(f"the decimal exponent of {_preview(literal)} is larger than {MAX_EXPONENT} in absolute value",
                          node)
        return Fraction(literal)

    def run_Name(self, node: ast.Name) -> object:
        return self.names[node.id]

    def run_Attribute(self, node: ast.Attribute) -> object:
        return getattr(self.run(node.value), node.attr)

    def run_UnaryOp(self, node: ast.UnaryOp) -> object:
        return _UNARY[type(node.op)](self.run(node.operand))

    def run_BinOp(self, node: ast.BinOp) -> object:
        return _BINARY[type(node.op)](self.run(node.left), self.run(node.right))

    def run_Call(self, node: ast.Call) -> object:
        fn = self.run(node.func)
        args = [_argument(self.run(a)) for a in node.args]
        kwargs = {kw.arg: _argument(self.run(kw.value)) for kw in node.keywords}
        return fn(*args, **kwargs)

    def run_Tuple(self, node: ast.Tuple) -> tuple:
        return tuple(self.run(e) for e in node.elts)

    def run_List(self, node: ast.List) -> list:
        return [self.run(e) for e in node.elts]
