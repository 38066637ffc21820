"""The claim registry: each numbered result of a paper is a function decorated with :func:`claim`.

::

    from symdp.verify import claim, identity

    @claim(paper="tv-dp", label="Theorem 2 (eq. 5), k ≤ 6", statement="δ_k = ... for all k ≤ 6")
    def theorem_2():
        return identity(lhs, rhs, "closed form against the convolution")

Ids are append-only: a claim's id never changes meaning; a fix gets a new id with
``supersedes="old-id"``.
"""

from __future__ import annotations

import difflib
import importlib.util
import json
import re
import sys
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Sequence

import sympy

from ..errors import ParameterError
from . import domains, isolation
from .facts import relations, relations_json

#: The papers claims may belong to (API.md, "Paper keys").
PAPERS = {
    "tv-dp": "Ghazi–Issa, Total variation meets differential privacy",
    "extremal-ldp": "Kairouz–Oh–Viswanath, Extremal mechanisms for local differential privacy",
    "composition-subsampling": "Steinke, Composition of differential privacy & privacy amplification by subsampling",
    "lmidp": "Local mutual-information differential privacy",
    "egamma-ldp": "Local differential privacy as contraction of E_γ",
}
#: paper key → how a reader finds the paper (authors, title, venue); filled by :func:`register_paper`.
CITATIONS: dict[str, str] = {}
#: paper key → the paper's plain text, which a claim's ``quote`` must be found in verbatim. The
#: built-in papers' texts ship with the claims (``proofs/papers/KEY.txt``); :func:`register_paper`
#: names a registered paper's file.
TEXTS: dict[str, Path] = {}
#: Shortest quote, in characters after whitespace is collapsed: at least a sentence of the paper.
MIN_QUOTE = 40
_BUILT_IN = frozenset(PAPERS)

_SYMBOLS = {"≤": "le", "≥": "ge", "<": "lt", ">": "gt", "≠": "ne", "=": "eq", "∞": "inf", "√": "sqrt"}


@dataclass(frozen=True)
class ClaimSpec:
    """One registered claim: the paper's own label, the statement in words, and the function
    that returns its :class:`~symdp.verify.evidence.Evidence`."""

    id: str
    paper: str
    label: str
    statement: str
    function: Callable[[], object] = field(compare=False, repr=False)
    tags: tuple[str, ...] = ()
    supersedes: str | None = None
    module: str = ""
    #: The paper's hypotheses in its words, where it states them, and (for real parameters) as relations.
    stated_domain: str | None = None
    stated_where: str | None = None
    stated_relations: tuple[sympy.Basic, ...] | None = field(default=None, compare=False)
    #: The passage of the paper that states the result, verbatim from its text (:func:`find_quote`).
    quote: str | None = None
    #: The paper's domain in machine-readable form (:mod:`symdp.verify.domains` items, the
    #: ``stated_relations`` among them); None when only words record it.
    domain: tuple | None = field(default=None, compare=False)
    #: The module's file and the function's name: a child process imports the claim from them.
    file: str = ""
    function_name: str = ""

    def to_json(self) -> dict:
        """Everything but the function, as JSON (a child that imported the module sends it)."""
        return {"id": self.id, "paper": self.paper, "label": self.label, "statement": self.statement,
                "tags": list(self.tags), "supersedes": self.supersedes, "module": self.module,
                "stated_domain": self.stated_domain, "stated_where": self.stated_where,
                "stated_relations": relations_json(self.stated_relations), "quote": self.quote,
                "domain": domains.to_json(self.domain), "file": self.file, "function_name": self.function_name}

    @classmethod
    def from_json(cls, obj: dict) -> "ClaimSpec":
        """The spec :meth:`to_json` wrote, its relations and domain read without eval; its function
        imports the module in this process when first called."""
        from .facts import relations_from_json

        return cls(str(obj["id"]), str(obj["paper"]), str(obj["label"]), str(obj["statement"]),
                   _Deferred(str(obj["file"]), str(obj["id"])), tuple(map(str, obj.get("tags", ()))),
                   obj.get("supersedes"), str(obj.get("module", "")), obj.get("stated_domain"), obj.get("stated_where"),
                   relations_from_json(obj.get("stated_relations")), obj.get("quote"),
                   domains.from_json(obj.get("domain")), str(obj["file"]), str(obj.get("function_name", "")))


def slug(text: str) -> str:
    """`text` in id form: lower case ASCII words joined by '-' (``k ≤ 6`` → ``k-le-6``)."""
    words = []
    for ch in unicodedata.normalize("NFKC", text):
        if ch in _SYMBOLS:
            words.append(f" {_SYMBOLS[ch]} ")
        elif ch.isascii():
            words.append(ch.lower())
        elif unicodedata.category(ch).startswith("L"):
            words.append(f" {unicodedata.name(ch, 'x').split()[-1].lower()} ")
        else:
            words.append(" ")
    return re.sub(r"[^a-z0-9.]+", "-", "".join(words)).replace(".-", "-").strip("-.")


#: Longest paper key: it names report files (``verify-KEY.json``), and file names are limited to
#: 255 bytes on common file systems.
MAX_KEY_LENGTH = 64


def register_paper(key: str, title: str, citation: str = "", text: str | Path | None = None) -> str:
    """Declare the paper `key` so that claims may use it: ``register_paper("my-paper", "My
    result", "A. Author, Title, Venue 2025", text="my-paper.txt")`` at the top of a claim module,
    before its ``@claim("my-paper", ...)``. `text` is the paper's plain text (a path, relative to
    the current folder or absolute), which each claim's ``quote`` is looked up in verbatim; a
    paper without one has no quote that can be found, so none of its claims is proved on the
    paper's words. Registering the same key again with the same title is allowed
    (a module may be loaded twice); a built-in key or a different title for a key is refused.
    Returns `key`."""
    key, title = str(key), " ".join(str(title).split())
    if len(key) > MAX_KEY_LENGTH:  # the key becomes the report's file name (verify-KEY.json)
        raise ParameterError(f"paper key must have at most {MAX_KEY_LENGTH} characters, got {len(key)}: {key[:40]!r}...")
    if not key or slug(key) != key or ":" in key:
        raise ParameterError(f"paper key must be lower case words joined by '-', e.g. {slug(key) or 'my-paper'!r}, "
                             f"got {key!r}")
    if not title:
        raise ParameterError("title must name the paper, got an empty string")
    if key in _BUILT_IN:
        raise ParameterError(f"paper key {key!r} is built in ({PAPERS[key]}); choose another key")
    if key in PAPERS and PAPERS[key] != title:
        raise ParameterError(f"paper key {key!r} is already registered with the title {PAPERS[key]!r}")
    PAPERS[key] = title
    CITATIONS[key] = " ".join(str(citation).split())
    if text is not None:
        TEXTS[key] = Path(text).resolve()
    return key


def paper_text(paper: str) -> Path | None:
    """The file holding `paper`'s text: a registered paper's ``text``, a built-in paper's
    ``papers/KEY.txt`` beside the claims; None when there is none."""
    if paper in TEXTS:
        return TEXTS[paper]
    if paper in _BUILT_IN:
        return default_claims_path() / "papers" / f"{paper}.txt"
    return None


def _collapsed(text: str) -> str:
    return " ".join(text.split())


def find_quote(paper: str, quote: str | None) -> tuple[bool, str]:
    """(found, why): is `quote` a contiguous passage of `paper`'s text, verbatim (runs of
    whitespace count as one space: a quote in code wraps where the text does not) and at least
    :data:`MIN_QUOTE` characters long?"""
    if not quote:
        return False, "no quote recorded"
    quote = _collapsed(quote)
    if len(quote) < MIN_QUOTE:
        return False, f"the quote has {len(quote)} characters; at least {MIN_QUOTE} (a sentence) are needed"
    file = paper_text(paper)
    if file is None or not file.is_file():
        return False, f"no text of the paper {paper!r} to find the quote in (register_paper(..., text=...))"
    if quote not in _paper_words(str(file)):
        return False, f"the quote is not found verbatim in {file.name}"
    return True, f"found verbatim in {file.name}"


_WORDS: dict[str, str] = {}


def _paper_words(file: str) -> str:
    if file not in _WORDS:
        _WORDS[file] = _collapsed(Path(file).read_text(encoding="utf-8", errors="replace"))
    return _WORDS[file]


def check_paper(paper: str) -> str:
    """Return `paper` if it is a known paper key (built in or registered by
    :func:`register_paper`), else raise with a did-you-mean hint."""
    if paper in PAPERS:
        return paper
    close = difflib.get_close_matches(str(paper), list(PAPERS), n=1)
    hint = f" (did you mean {close[0]!r}?)" if close else ""
    raise ParameterError(f"paper must be one of {', '.join(PAPERS)}, got {paper!r}{hint}; "
                         "a claim module declares its own key with symdp.verify.register_paper(key, title, citation)")


class Registry:
    """Claims by id, in registration order."""

    def __init__(self) -> None:
        self.claims: dict[str, ClaimSpec] = {}
        #: (file, message) for each claim module that failed to import.
        self.load_errors: list[tuple[str, str]] = []

    def add(self, spec: ClaimSpec) -> None:
        if spec.id in self.claims:
            other = self.claims[spec.id]
            raise ParameterError(f"claim id {spec.id!r} is registered twice ({other.module} and {spec.module}); "
                                 "give one of them id=...")
        self.claims[spec.id] = spec

    def select(self, paper: str | None = None) -> list[ClaimSpec]:
        """The claims of `paper` (all when None), by paper in `PAPERS` order, then as registered."""
        if paper is not None:
            check_paper(paper)
        order = {key: i for i, key in enumerate(PAPERS)}
        chosen = [c for c in self.claims.values() if paper is None or c.paper == paper]
        return sorted(chosen, key=lambda c: order[c.paper])

    def __len__(self) -> int:
        return len(self.claims)

    def __iter__(self) -> Iterator[ClaimSpec]:
        return iter(self.select())


#: Claims of modules imported the ordinary way; :func:`load_claims` uses a fresh registry.
REGISTRY = Registry()
_active = [REGISTRY]


def claim(paper: str, label: str, statement: str, id: str | None = None, tags: tuple[str, ...] = (),
          supersedes: str | None = None, *, stated_domain: str | None = None, stated_where: str | None = None,
          stated_relations: Sequence[sympy.Basic] | None = None, quote: str | None = None,
          domain: Sequence[object] | str | None = None) -> Callable[[Callable[[], object]], Callable[[], object]]:
    """Register the decorated function as the claim `label` of `paper`; the function returns
    an ``Evidence`` (or a list of them, combined). The id defaults to ``paper:slug(label)``.

    `domain` is the paper's domain in machine-readable form: a list of sympy relations over real
    parameters and typed items of :mod:`symdp.verify.domains` (``[eps > 0, LDPChannel("K", eps,
    k="k", l="l"), Integer("k", 2)]``), so that "proved domain ⊇ stated domain" is decided by
    machine against the domain of :func:`~symdp.verify.evidence.establish`. `stated_domain` is the
    same in the paper's words, quoted briefly, for the reader ("ε > 0, finite alphabets"; a string
    given as `domain` is taken as these words); `stated_where` where the paper states them
    ("Theorem 3, p. 5", "§IV"). The older `stated_relations` (relations only) joins `domain`.

    `quote` is the passage of the paper that states the result, copied verbatim from the paper's
    text (formulas as they stand there; at least a sentence): the report shows it beside the formal
    goals the machine proved, so that a reader can judge that they say the same thing."""
    check_paper(paper)
    stated_relations = relations(stated_relations, "stated_relations")
    if isinstance(domain, str):
        if stated_domain is not None:
            raise ParameterError("domain must be relations and typed items when stated_domain gives the words, "
                                 f"got the words {domain!r}")
        domain, stated_domain = None, domain
    items = domains.items(domain, "domain")
    if stated_relations is not None:
        items = tuple(dict.fromkeys((items or ()) + stated_relations))
    try:  # the report (and a run that imports claims in a child) reads the domain back without eval
        domains.from_json(domains.to_json(items))
    except Exception as err:
        raise ParameterError(f"domain must be readable back from the report (symbols, numbers, +, −, ×, /, powers and "
                             f"the usual functions; no undefined functions such as Function('f')(x)): {err}") from None
    stated_domain = _words(stated_domain, "stated_domain")
    stated_where = _words(stated_where, "stated_where")
    if not str(label).strip():
        raise ParameterError("label must be the paper's numbering (e.g. 'Theorem 2'), got an empty string")
    if id is None:
        claim_id = f"{paper}:{slug(label)}"
    else:
        claim_id = str(id)
        normal = ":".join(slug(part) for part in claim_id.split(":"))
        if claim_id != normal:
            raise ParameterError(f"id must be lower case words joined by '-', e.g. {normal!r}, got {claim_id!r}")

    def register(fn: Callable[[], object]) -> Callable[[], object]:
        module = getattr(fn, "__module__", "")
        spec = ClaimSpec(claim_id, paper, str(label), str(statement), fn, tuple(tags), supersedes, module,
                         stated_domain, stated_where, stated_relations, None if quote is None else str(quote), items,
                         getattr(sys.modules.get(module), "__file__", None) or "", getattr(fn, "__name__", ""))
        _active[-1].add(spec)
        return fn
    return register


def _words(text: str | None, name: str) -> str | None:
    if text is None:
        return None
    text = " ".join(str(text).split())
    if not text:
        raise ParameterError(f"{name} must quote the paper briefly, got an empty string (omit it when unknown)")
    return text


@contextmanager
def _registering_into(registry: Registry) -> Iterator[None]:
    _active.append(registry)
    try:
        yield
    finally:
        _active.pop()


def default_claims_path() -> Path:
    """The claims ``symdp verify`` runs without PATH: ``proofs/`` of a source checkout (or an
    editable install), else the copy a wheel installs under ``<prefix>/share/symdp/proofs``."""
    from ..io.installed import data_dir
    return data_dir("proofs")


def load_claims(path: str | Path | None = None, *, isolate: bool = True, timeout: float | None = None) -> Registry:
    """Import every ``*.py`` file of the folder `path` (not ``_*.py`` helpers; default
    :func:`default_claims_path`) into a fresh registry.

    With `isolate` (the default), each module is imported in a child process with the claims'
    limits (`timeout` seconds, default the runner's; ``symdp.limits`` ``memory``): a module that
    loops, exits, crashes or exhausts memory at import is one entry of ``load_errors`` naming the
    file and the cause, and the others still load; the specs' functions import their module in
    this process only when called. Without `isolate`, the modules are imported here. Either way a
    module that fails to import (including a bad or duplicate claim) is recorded in
    ``load_errors``, and modules of the folder can import each other by name while loading.
    """
    folder = default_claims_path() if path is None else Path(path)
    if not folder.is_dir():
        raise ParameterError(f"PATH must be a folder of claim modules, got {str(path)!r} (not a folder)")
    registry = Registry()
    files = []
    for file in sorted(folder.glob("*.py")):
        refused = None if file.name.startswith("_") else _not_a_module(file)
        if refused:  # a FIFO blocks the import forever, a link to /dev/zero reads without end
            registry.load_errors.append((str(file), refused))
        elif not file.name.startswith("_"):
            files.append(file)
    if isolate and isolation.available():

        for file in files:
            _import_isolated(file, registry, isolation.TIMEOUT if timeout is None else timeout)
        return registry
    sys.path.insert(0, str(folder.resolve()))
    try:
        with _registering_into(registry):
            for file in files:
                _import(file, registry)
    finally:
        sys.path.remove(str(folder.resolve()))
    return registry


#: The largest claim module loaded (the papers' largest is below 200 KB).
MAX_MODULE_BYTES = 16 << 20


def _not_a_module(file: Path) -> str | None:
    """Why `file` is not loaded as a claim module (not a regular file, or too large), or None."""
    if not file.is_file():
        return "not a regular file (a device, FIFO, folder or broken link): not loaded"
    size = file.stat().st_size
    if size > MAX_MODULE_BYTES:
        return f"{size} bytes, more than the {MAX_MODULE_BYTES} a claim module may have: not loaded"
    return None


def _import(file: Path, registry: Registry) -> None:
    name = f"symdp_claims_{file.stem}"
    spec = importlib.util.spec_from_file_location(name, file)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except KeyboardInterrupt:
        raise
    except BaseException as err:  # a broken claim module (even one calling sys.exit) must not hide the others
        registry.load_errors.append((str(file), f"{type(err).__name__}: {err}"))


def _imported_in_child(file: str) -> bytes:
    """In a child: import `file` (its folder on the path) and answer with its claims, the papers
    it registered and its load error, as JSON."""
    before = dict(PAPERS)
    registry = Registry()
    sys.path.insert(0, str(Path(file).parent.resolve()))
    with _registering_into(registry):
        _import(Path(file), registry)
    papers = [{"key": k, "title": t, "citation": CITATIONS.get(k, ""), "text": str(TEXTS[k]) if k in TEXTS else None}
              for k, t in PAPERS.items() if k not in before]
    return json.dumps({"claims": [c.to_json() for c in registry.claims.values()], "papers": papers,
                       "errors": registry.load_errors}).encode()


def _import_isolated(file: Path, registry: Registry, timeout: float | None) -> None:
    ok, answer = isolation.run(_imported_in_child, (str(file),), timeout, what="the module")
    if not ok:
        registry.load_errors.append((str(file), f"importing the module failed: {answer}"))
        return
    try:
        found = json.loads(answer)
        for paper in found["papers"]:
            register_paper(paper["key"], paper["title"], paper["citation"], paper["text"])
        specs = [ClaimSpec.from_json(c) for c in found["claims"]]
        for spec in specs:
            registry.add(spec)
    except (ParameterError, ValueError, KeyError, TypeError, SyntaxError, RecursionError) as err:
        registry.load_errors.append((str(file), f"{type(err).__name__}: {err}"))
        return
    registry.load_errors += [(str(f), str(m)) for f, m in found["errors"]]


class _Deferred:
    """A claim's function known by its module's file and its id: called, it imports the module in
    this process (once) and calls the claim's function."""

    def __init__(self, file: str, claim_id: str) -> None:
        self.file, self.claim_id = file, claim_id
        self._function: Callable[[], object] | None = None

    def __call__(self) -> object:
        if self._function is None:
            self._function = import_claim(self.file, self.claim_id).function
        return self._function()


def import_claim(file: str, claim_id: str) -> ClaimSpec:
    """The claim `claim_id` of the module `file`, imported afresh in this process (its folder on
    the path, as :func:`load_claims` has it, so siblings import by name)."""
    registry = Registry()
    sys.path.insert(0, str(Path(file).parent.resolve()))
    with _registering_into(registry):
        _import(Path(file), registry)
    if registry.load_errors:
        raise ImportError(registry.load_errors[0][1])
    if claim_id not in registry.claims:
        raise ImportError(f"{file} does not register the claim {claim_id!r}")
    return registry.claims[claim_id]
