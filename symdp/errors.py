"""The exceptions symdp raises. Every one of them reads well on one line."""


class SymdpError(Exception):
    """Base class of every error symdp raises on purpose."""


class ParameterError(SymdpError, ValueError):
    """A parameter lies outside its allowed range; the message names both."""


def require(condition: bool, name: str, allowed: str, value: object) -> None:
    """Raise `ParameterError` naming `name`, its allowed range and the offending value."""
    if not condition:
        raise ParameterError(f"{name} must be {allowed}, got {show(value)}")


def show(value: object, width: int = 120) -> str:
    """`value` as short text for a message. sympy's printer orders the terms of a sum by
    evaluating them numerically, which runs without end on e^(2^100000); printed unordered,
    and integers beyond Python's 4300-digit str limit by their size."""
    try:
        if hasattr(value, "free_symbols") and hasattr(value, "func"):  # a sympy expression
            from sympy.printing.str import StrPrinter
            text = StrPrinter({"order": "none"}).doprint(value)
        else:
            text = str(value)
    except ValueError:
        text = f"<a number of about {int(value).bit_length()} bits>" if isinstance(value, int) else "<too large to print>"
    return text if len(text) <= width else text[:width - 3] + "..."


class PrecisionError(SymdpError, ArithmeticError):
    """The requested digits could not be certified within the precision limit."""


class UnsupportedError(SymdpError, NotImplementedError):
    """The operation has no exact or certified implementation for these objects."""


class ResourceLimitError(SymdpError):
    """A computation would exceed a limit of :mod:`symdp.limits`; the message names the limit and
    how to raise it. Raised before the memory or time is spent."""


class MissingExtraError(SymdpError, ImportError):
    """An optional dependency is not installed; the message names the extra that provides it."""
