"""Claims as code: register a paper's results, check them, report what was proved and how.

A claim module (``proofs/<paper>.py``) uses :func:`claim` and the evidence constructors;
``symdp verify`` loads the folder (:func:`load_claims`), runs each claim isolated
(:func:`run_claims`) and writes the reports (:mod:`symdp.verify.report`).
"""

from .evidence import (KINDS, STATUSES, Evidence, certified_agreement, combine, erratum, establish, exact_agreement, identity,
                       inequality_on_box)
from .decide import compactified, monotone_from, polynomial_nonnegative, prove, rational_nonnegative, real_closed
from .registry import CITATIONS, PAPERS, REGISTRY, ClaimSpec, Registry, claim, default_claims_path, load_claims, register_paper
from .runner import ClaimReport, run_claim, run_claims

__all__ = [
    "claim", "identity", "exact_agreement", "certified_agreement", "inequality_on_box", "erratum", "combine", "establish",
    "Evidence", "KINDS", "STATUSES", "PAPERS", "REGISTRY", "ClaimSpec", "Registry", "load_claims",
    "prove", "rational_nonnegative", "real_closed", "polynomial_nonnegative", "compactified", "monotone_from",
    "ClaimReport", "run_claim", "run_claims", "register_paper", "default_claims_path", "CITATIONS",
]
