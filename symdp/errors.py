"""The exceptions symdp raises. Every one of them reads well on one line."""


class SymdpError(Exception):
    """Base class of every error symdp raises on purpose."""


class ParameterError(SymdpError, ValueError):
    """A parameter lies outside its allowed range; the message names both."""


def require(condition: bool, name: str, allowed: str, value: object) -> None:
    """Raise `ParameterError` naming `name`, its allowed range and the offending value."""
    if not condition:
        raise ParameterError(f"{name} must be {allowed}, got {value}")


class PrecisionError(SymdpError, ArithmeticError):
    """The requested digits could not be certified within the precision limit."""


class UnsupportedError(SymdpError, NotImplementedError):
    """The operation has no exact or certified implementation for these objects."""


class ResourceLimitError(SymdpError):
    """A computation would exceed a limit of :mod:`symdp.limits`; the message names the limit and
    how to raise it. Raised before the memory or time is spent."""
