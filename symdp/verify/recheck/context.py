"""What a kernel step's replay may rest on (:func:`.rules.replay`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping


@dataclass(frozen=True)
class RuleContext:
    """The certified goals a rule certificate may cite, and a way to replay its side conditions.

    ``own``: digest → canonical goal for the goals of this claim that carry a certificate;
    ``used``: claim id (one of this claim's ``uses``) → its certified goals, by digest;
    ``replay``: replays a nested certificate (goal and digest checked), returns its detail or raises
    :class:`~.verdicts.Disagrees` / :class:`~.verdicts.Inconclusive`."""

    claim: str
    own: Mapping[str, dict] = field(default_factory=dict)
    used: Mapping[str, Mapping[str, dict]] = field(default_factory=dict)
    replay: Callable[[Mapping], str] = lambda cert: ""
