"""Claims as code: register a paper's results, check them, report what was proved and how.

A claim module (``proofs/<paper>.py``) uses :func:`claim` and the evidence constructors;
``symdp verify`` loads the folder (:func:`load_claims`), runs each claim isolated
(:func:`run_claims`) and writes the reports (:mod:`symdp.verify.report`).

What a claim records (the facts its status is computed from)::

    @claim(paper, label, statement, id=None, tags=(), supersedes=None, *,
           domain: Sequence[relation | typed item] | None = None,  # the paper's domain, machine-readable
           stated_domain: str | None = None,      # the same in the paper's words, for the reader
           stated_where: str | None = None,       # where: "Theorem 3, p. 5", "§IV"
           quote: str | None = None,              # the paper's passage, verbatim from its text
           stated_relations: Sequence[sympy relational] | None = None)  # older: joins `domain`
    def my_claim():
        return establish(statement_evidence, *cross_checks,
                         domain: Sequence[relation | typed item] | str,  # what the proof covers (words: older)
                         domain_relations: Sequence[sympy relational] | None = None,
                         uses: Sequence[str | Cited] = (),           # claim ids and cited(author, result)
                         prose_steps: Sequence[str] = ())            # "Jensen on eigenvalues", "induction on k"

Domains are lists of sympy relations and typed items (:mod:`symdp.verify.domains`: ``Laws``,
``ProbabilityVector``, ``SameSupport``, ``DPPair``, ``Channel``, ``LDPChannel``, ``DPMechanism``,
``ZCDPMechanism``, ``ConvexF``, ``Sublinear``, ``Integer``, ``Points``); whether the proof covers the
paper's is decided by machine (structurally, exactly or by z3), never by words.
``cited(author, result)`` makes a :class:`Cited` (frozen: ``author``, ``result``), e.g.
``cited("Kairouz–Oh–Viswanath", "Theorem 8")``. Each claim of the JSON report carries the facts and
the proof status computed from them (:mod:`symdp.verify.status`: ``proof_status``, ``coverage``,
``domain_decided_by``, ``weak_uses``, ``proof_notes``), its ``goals`` and ``steps``. A proved
statement records its goals (:mod:`.goals`) and one certificate per goal, which
:mod:`symdp.verify.recheck` binds to the claim and replays without the prover
(``symdp verify --recheck``; docs/trust-chain.md).
"""

from .evidence import (KINDS, STATUSES, Evidence, certified_agreement, combine, erratum, establish, exact_agreement, identity,
                       inequality_on_box)
from .facts import Cited, cited
from .domains import (AbsolutelyContinuous, Channel, CILMIDPMechanism, ConvexF, ConvexUtility, DPIUtility, DPMechanism,
                      DPOutcomes, DPPair, ExtendedOrder, Integer, LDPChannel, LDPCurveMechanism, LIPCurveMechanism, Laws, Points,
                      PrivacyLoss, ProbabilityVector, PushedLoss, RDPLaws, RDPMechanism, SameSupport, Sublinear, ZCDPLaws, ZCDPMechanism,
                      ZCDPMoments)
from .decide import compactified, monotone_from, polynomial_nonnegative, prove, rational_nonnegative, real_closed
from .registry import CITATIONS, PAPERS, REGISTRY, ClaimSpec, Registry, claim, default_claims_path, load_claims, register_paper
from .runner import ClaimReport, run_claim, run_claims
from .status import PROOF_STATUSES

__all__ = [
    "claim", "cited", "Cited", "identity", "exact_agreement", "certified_agreement", "inequality_on_box", "erratum", "combine", "establish",
    "Evidence", "KINDS", "STATUSES", "PAPERS", "REGISTRY", "ClaimSpec", "Registry", "load_claims",
    "prove", "rational_nonnegative", "real_closed", "polynomial_nonnegative", "compactified", "monotone_from",
    "ClaimReport", "run_claim", "run_claims", "PROOF_STATUSES", "register_paper", "default_claims_path", "CITATIONS",
    "Laws", "ProbabilityVector", "SameSupport", "DPPair", "Channel", "LDPChannel", "DPMechanism", "ZCDPMechanism",
    "ConvexF", "Sublinear", "Integer", "Points", "CILMIDPMechanism", "RDPMechanism", "ExtendedOrder", "AbsolutelyContinuous",
    "ConvexUtility", "DPIUtility", "LDPCurveMechanism", "LIPCurveMechanism", "PrivacyLoss", "DPOutcomes", "ZCDPMoments",
    "ZCDPLaws", "RDPLaws", "PushedLoss",
]
