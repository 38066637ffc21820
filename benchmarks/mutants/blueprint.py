"""Mutants of the blueprint pages (symdp/verify/blueprint): each makes a page say more than the
report does (a status, a verdict) or lets a report's text become markup, and must be killed by
tests/test_blueprint.py (pages read back with an independent HTML parser, against the JSON report).

    PYTHONPATH=. python benchmarks/mutation.py -k blueprint:
"""

_TESTS = ("tests/test_blueprint.py",)
_PAGES = "symdp/verify/blueprint/pages.py"
_INIT = "symdp/verify/blueprint/__init__.py"

MUTANTS = [
    ("blueprint: every node drawn in the strongest status's colour", _PAGES,
     "graph.Node(str(c.get(\"id\")), str(c.get(\"label\") or c.get(\"id\")), status_of(c), palette[status_of(c)])",
     "graph.Node(str(c.get(\"id\")), str(c.get(\"label\") or c.get(\"id\")), status_of(c), palette[PROOF_STATUSES[0]])",
     _TESTS),
    ("blueprint: a proof status the vocabulary does not know is shown as given", _PAGES,
     "return status if isinstance(status, str) and status in PROOF_STATUSES else UNRECORDED[0]",
     "return status if isinstance(status, str) and status else UNRECORDED[0]", _TESTS),
    ("blueprint: report text written unescaped", _PAGES,
     "        return escape(s) + f' <span class=\"note\">", "        return s + f' <span class=\"note\">", _TESTS),
    ("blueprint: report text written unescaped (short fields)", _PAGES,
     "    return escape(s)\n\n\ndef _not_recorded", "    return s\n\n\ndef _not_recorded", _TESTS),
    ("blueprint: verdicts of an older recheck shown for a newer report", _INIT,
     "if when < source[key].stat().st_mtime:", "if False:", _TESTS),
    ("blueprint: verdicts matched by place even where digests are recorded", _PAGES,
     "    if by_digest:\n        return", "    if False:\n        return", _TESTS),
    ("blueprint: a certificate whose digest names no goal shown as the first goal", _PAGES,
     "        elif digest in numbers:", "        elif True:\n            numbers.setdefault(digest, 1)", _TESTS),
    ("blueprint: the script allowed whatever its hash", _PAGES,
     "policy += f\"; script-src 'sha256-{digest}'\"", "policy += \"; script-src 'unsafe-inline'\"", _TESTS),
]
