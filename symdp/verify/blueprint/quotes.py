"""A paper's passage for reading, where the paper's text is mojibake.

Asoodeh–Aliakbarpour–Calmon's plain text was produced by reading UTF-8 bytes through a Greek code
page: "ε" (CE B5) became "Ξ΅", "≤" (E2 89 A4) became "β‰€". A claim's quote is that text verbatim
(it must be found in the paper's text), so the report keeps it as it is; the blueprint shows beside
it the text recovered for reading.

The producer's table, read off the text: bytes 0x80–0x9F as Windows-1252 (Windows-1253 agrees where
it defines them), bytes 0xA0–0xFF as ISO 8859-7 (the text has "ͺ" and "₯", which only ISO 8859-7
has, and "΅" for the 0xB5 of every "ε"), and the bytes neither defines dropped (0x81, 0x8D, 0x8F,
0x90, 0x9D, 0xAE: the "𝜀" of F0 9D 9C 80 became "πœ€"). Recovery inverts that table: each UTF-8
sequence is rebuilt from its lead character; a sequence one byte short is completed with a dropped
byte where that gives a mathematical alphanumeric (F0 9D xx xx) or a common mark (”, E2 80 9D);
where a character stands for two bytes ("€" is 0x80 and 0xA4, "’" is 0x92 and 0xA2), the reading
kept is a Greek letter or one of the operators and punctuation marks a paper uses most (≤ rather
than ≀, − rather than ∢), else one in the blocks a mathematics paper uses (Latin, Greek,
punctuation, letterlike symbols, arrows, operators, mathematical alphanumerics), trying
Windows-1252's byte first. A lead that starts no sequence is kept as it is. Some losses cannot be
undone (∏, E2 88 8F, and ∝, E2 88 9D, lose their last byte to the same mojibake).

This is for reading only: the verbatim quote is what the report records, and it is shown beside.
"""

from __future__ import annotations

from itertools import product

#: Unicode blocks a mathematics paper's characters lie in (a reading inside them is preferred).
_LIKELY = ((0x00A0, 0x024F), (0x0370, 0x03FF), (0x2000, 0x206F), (0x2100, 0x23FF), (0x25A0, 0x25FF),
           (0x27C0, 0x27EF), (0x2A00, 0x2AFF), (0x1D400, 0x1D7FF))
#: The operators and punctuation a mathematics paper uses most: where two readings are both in the
#: blocks above (E2 89 80 ≀ and E2 89 A4 ≤; E2 88 92 − and E2 88 A2 ∢), the one here wins.
_COMMON = frozenset("−±×÷·∙⋅∗∘≤≥≠≈≃≅≡∼∝≪≫≔∈∉∋⊂⊆⊃⊇∪∩∖∅∀∃∄¬∧∨⇒⇔→←↦∞∂∇∑∏∫√∥∣‖⊗⊕⊤⊥⌊⌋⌈⌉⟨⟩"
                    "‘’“”„…†‡•′″‹›–— \u00a0\u2009\u200a\u200b\u2003ℓℝℕℤℚ℘")
#: Longest quote decoded (characters); a longer one is shown verbatim only.
MAX_QUOTE = 20000


def _table() -> tuple[dict[str, tuple[int, ...]], tuple[int, ...]]:
    """character → the bytes the producer read as it; and the continuation bytes it dropped."""
    table: dict[str, tuple[int, ...]] = {}
    dropped = []
    for byte in range(0x80, 0x100):
        try:
            ch = bytes((byte,)).decode("cp1252" if byte < 0xA0 else "iso8859_7")
        except UnicodeDecodeError:
            dropped += [byte] if byte < 0xC0 else []
            continue
        # Windows-1252's byte first: "βˆ’" is − (E2 88 92), not ∢ (E2 88 A2), both operators
        table[ch] = table.get(ch, ()) + (byte,)
    return table, tuple(dropped)


_BYTES, _DROPPED = _table()


def _length(lead: int) -> int:
    """Bytes of a UTF-8 sequence starting with `lead` (0: not a lead byte of a multi-byte sequence)."""
    return 2 if 0xC2 <= lead <= 0xDF else 3 if 0xE0 <= lead <= 0xEF else 4 if 0xF0 <= lead <= 0xF4 else 0


def _greek(ch: str) -> bool:
    return 0x0391 <= ord(ch) <= 0x03C9


def _likely(ch: str) -> bool:
    return any(lo <= ord(ch) <= hi for lo, hi in _LIKELY)


def _readings(lead: int, tails: list[tuple[int, ...]]) -> list[str]:
    """The characters that `lead` followed by one byte of each of `tails` decodes to in UTF-8."""
    found = []
    for combo in product(*tails):
        try:
            found.append(bytes((lead, *combo)).decode("utf-8"))
        except UnicodeDecodeError:
            continue
    return found


def _sequence(text: str, i: int) -> tuple[str, int] | None:
    """(decoded character, characters consumed) of the UTF-8 sequence whose lead is text[i], or
    None when text[i] starts no sequence (see the module docstring)."""
    for lead in (b for b in _BYTES.get(text[i], ()) if _length(b)):
        k = _length(lead)
        tails = []
        for ch in text[i + 1:i + k]:
            # a quote's whitespace is collapsed, so the no-break space C2 A0 ("Β\xa0") may be "Β "
            cont = (0xA0,) if ch == " " and lead == 0xC2 else tuple(b for b in _BYTES.get(ch, ()) if b <= 0xBF)
            if not cont:
                break
            tails.append(cont)
        if len(tails) == k - 1:
            readings = _readings(lead, tails)
        elif k >= 3 and len(tails) == k - 2:  # one byte dropped, at any place in the sequence
            readings = [r for r in (_readings(lead, tails[:at] + [_DROPPED] + tails[at:]) for at in range(k - 1))
                        for r in r if (_likely(r) if k == 4 else r in _COMMON)]
            k -= 1
        else:
            continue
        if readings:
            return next((r for r in readings if r in _COMMON or _greek(r)), next((r for r in readings if _likely(r)),
                                                                                  readings[0])), k
    return None


def readable(text: str | None) -> str | None:
    """`text` recovered from UTF-8 read through the producer's table, or None when it does not read
    as such mojibake, is empty or is longer than :data:`MAX_QUOTE`.

    The paper's text mixes mojibake with characters that came through whole (𝖀, γ, Θ), so a quote
    reads as mojibake when at least one UTF-8 sequence is rebuilt and no more than four times as
    many characters that could start one are left as they are (the other papers' quotes rebuild
    none)."""
    if not text or len(text) > MAX_QUOTE:
        return None
    out: list[str] = []
    decoded = kept = 0
    i = 0
    while i < len(text):
        found = _sequence(text, i) if text[i] in _BYTES else None
        if found is None:
            kept += any(_length(b) for b in _BYTES.get(text[i], ()))
            out.append(text[i])
            i += 1
            continue
        out.append(found[0])
        decoded += 1
        i += found[1]
    return "".join(out) if decoded and 4 * decoded >= kept else None
