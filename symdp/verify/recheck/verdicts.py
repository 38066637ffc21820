"""The re-checker's verdicts: a certificate agrees, disagrees, or cannot be confirmed here."""

from __future__ import annotations

from dataclasses import dataclass

AGREES, DISAGREES, INCONCLUSIVE = "agrees", "disagrees", "inconclusive"


@dataclass(frozen=True)
class Outcome:
    """How one certificate replayed: ``verdict`` (agrees / disagrees / inconclusive), its kind and why."""

    claim: str
    kind: str
    verdict: str
    detail: str = ""

    def to_json(self) -> dict:
        return {"claim": self.claim, "kind": self.kind, "verdict": self.verdict, "detail": self.detail}


class Inconclusive(ValueError):
    """The independent arithmetic cannot confirm this step."""


class Disagrees(ValueError):
    """The replay contradicts the certificate."""
