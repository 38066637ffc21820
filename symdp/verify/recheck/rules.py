"""Replay of kernel steps (certificates of kind ``rule``, written by :mod:`symdp.verify.kernel`).

The kernel engineer owns this module; the re-checker calls :func:`replay` for every certificate
of kind ``"rule"`` (docs/trust-chain.md, "Certificates"), after it has checked that the
certificate's ``goal`` and ``digest`` belong to the claim (see :mod:`.binding`).
"""

from __future__ import annotations

from typing import Mapping

from .context import RuleContext
from .verdicts import Inconclusive


def replay(cert: Mapping, context: RuleContext) -> str:
    """Check one kernel step and return a one-line account of what was checked.

    `cert` is the rule certificate: ``{"kind": "rule", "rule", "goal", "digest", "premises":
    [{"digest", "claim"}], "side": [certificates], "params": {...}}``.

    `context` (:class:`~.context.RuleContext`) gives what a rule may rest on:

    - ``context.claim``: the id of the claim the certificate belongs to;
    - ``context.own``: digest → canonical goal, for every goal of this claim's evidence that has a
      certificate (a premise with ``"claim": null`` must be one of these);
    - ``context.used``: claim id → (digest → canonical goal), the certified goals of each claim in
      this claim's ``uses`` (a premise with a claim id must be found there);
    - ``context.replay(side_cert)``: replays a nested side-condition certificate with the same
      machinery as a top-level one (its goal bound to its digest), returning its detail or raising
      :class:`~.verdicts.Disagrees` / :class:`~.verdicts.Inconclusive`.

    Raise :class:`~.verdicts.Disagrees` when the step does not follow (a premise missing, the
    conclusion not the rule's instance), :class:`~.verdicts.Inconclusive` when it cannot be
    confirmed here.
    """
    raise Inconclusive(f"no replay of kernel rule {cert.get('rule')!r} yet")
