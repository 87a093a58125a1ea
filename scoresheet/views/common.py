"""What every game's terminal views say the same way: the rules in force, the
violations, the standings' places, abbreviations with their legend, a file's history."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scoresheet.i18n import SOURCE, _, language, ngettext, pgettext
from scoresheet.rules import list_presets, load_preset
from scoresheet.views.term import Styled, Term, cells, clip, graphemes, ranks

__all__ = [
    "abbreviations",
    "card_text",
    "check_mark",
    "history",
    "initials",
    "legend",
    "moment",
    "players_legend",
    "rules_in_force",
    "standings_table",
    "violation_lines",
]

# Keys of a rules file that name or describe it rather than change how it scores.
_LABELS = ("name", "description", "game")


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return pgettext("option value", "on") if value else pgettext("option value", "off")
    if isinstance(value, list | tuple):
        return "/".join(_value(v) for v in value) if value else pgettext("option value", "none")
    if isinstance(value, Mapping):
        return ", ".join(f"{k} {_value(v)}" for k, v in value.items())
    if value is None:
        return pgettext("option value", "none")
    return str(value)


def _changes(
    base: Mapping[str, Any], now: Mapping[str, Any], path: tuple[str, ...]
) -> Iterable[tuple[tuple[str, ...], Any]]:
    for key in [*base, *(k for k in now if k not in base)]:
        if not path and key in _LABELS:
            continue
        old, new = base.get(key), now.get(key)
        if isinstance(old, Mapping) and isinstance(new, Mapping):
            yield from _changes(old, new, (*path, str(key)))
        elif old != new:
            yield (*path, str(key)), new


def _change_text(path: tuple[str, ...], value: Any) -> str:
    words = path[1:] if path[0] == "values" and len(path) > 1 else path
    return " ".join(w.replace("_", " ") for w in words) + " " + _value(value)


def rules_in_force(rules: Any) -> str:
    """The preset and every house option that changes it: ``classic; no-king -25``.

    Rules whose name is no shipped preset are the table's own (``house (own rules)``).

    >>> from scoresheet.rules import resolve
    >>> rules_in_force(resolve("classic"))
    'classic'
    >>> rules_in_force(resolve("classic", {"values": {"no-king": -25}}))
    'classic; no-king -25'
    >>> rules_in_force(resolve("classic", {"rotation": "every-deal"}))
    'classic; rotation every-deal'
    """

    name = str(rules.name)
    own = _("{name} (own rules)").format(name=name)
    if name not in list_presets():
        return own
    preset = load_preset(name)
    if preset.game != rules.game:
        return own
    changes = [_change_text(p, v) for p, v in _changes(preset.data, rules.data, ())]
    return "; ".join([name, *changes])


SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_text(card: object) -> str:
    """A card as the table writes it: ``9♠``, ``10♥`` (the file keeps ``9S``, ``TH``).

    >>> card_text("9S"), card_text("TH")
    ('9♠', '10♥')
    """
    text = str(card)
    rank, suit = text[:-1], text[-1:]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS.get(suit, suit)


def violation_lines(term: Term, violations: Sequence[Any]) -> list[str]:
    """One line per violation (``violation (deal 7): …``), in bold red on a terminal."""
    out = []
    for v in violations:
        if v.deal:
            text = _("violation (deal {number}): {message}").format(
                number=v.deal, message=v.message
            )
        else:
            text = _("violation: {message}").format(message=v.message)
        out += [term.paint(line, "bold red") for line in term.lines(text).splitlines()]
    return out


def standings_table(
    term: Term,
    names: Sequence[str],
    scores: Sequence[int],
    *,
    low_wins: bool = False,
    shown: Sequence[str] | None = None,
    marks: Sequence[str] | None = None,
) -> str:
    """``1. Ann  +219``, best first: places by standard competition ranking (1, 2, 2, 4),
    the leaders in bold green on a terminal, negative scores red; names clipped rather
    than a line wrapped."""
    places = ranks(scores, low_wins=low_wins)
    order = sorted(range(len(names)), key=lambda i: places[i])
    texts = list(shown) if shown is not None else [f"{s:+d}" for s in scores]
    place_w = max(len(f"{p}.") for p in places)
    score_w = max(cells(t) for t in texts)
    tail = [f"  {m}" if m else "" for m in (marks or [""] * len(names))]
    name_w = min(
        max(cells(n) for n in names),
        max(1, term.width - place_w - 1 - 2 - score_w - max(cells(t) for t in tail)),
    )
    lines = []
    for i in order:
        name = clip(names[i], name_w)
        lead = "bold green" if places[i] == 1 else ""
        line = (
            f"{places[i]}.".ljust(place_w)
            + " "
            + term.paint(name, lead)
            + " " * (name_w - cells(name) + 2 + score_w - cells(texts[i]))
            + term.paint(texts[i], lead or ("red" if scores[i] < 0 else ""))
            + tail[i]
        )
        lines.append(line.rstrip())
    return "\n".join(lines)


def initials(players: Sequence[str]) -> dict[str, str]:
    """The shortest prefix that tells each player apart, as on a paper score sheet.

    >>> initials(["Ann", "Bob", "Barbara", "Cat"])
    {'Ann': 'A', 'Bob': 'Bo', 'Barbara': 'Ba', 'Cat': 'C'}
    """
    symbols = {p: graphemes(p) for p in players}  # never half an accented letter or emoji

    def prefix(q: str, n: int) -> str:
        return "".join(symbols[q][:n]).casefold()

    out: dict[str, str] = {}
    for p in players:
        n = 1
        while n < len(symbols[p]) and any(q != p and prefix(q, n) == prefix(p, n) for q in players):
            n += 1
        out[p] = "".join(symbols[p][:n])
    return out


def check_mark(ok: bool) -> Styled:
    """The row check: a green tick, or a bold red cross."""
    return Styled("✓", "green") if ok else Styled("✗", "bold red")


def players_legend(players: Sequence[str], tags: Mapping[str, str]) -> str:
    """``players: A Ann, B Bob, …`` (empty when every tag is the whole name)."""
    pairs = [f"{tags[p]} {p}" for p in players if tags[p] != p]
    return _("players: {pairs}").format(pairs=", ".join(pairs)) if pairs else ""


def abbreviations(names: Sequence[str]) -> dict[str, str]:
    """A short code for each name, unique among them: the initials of its words, then
    more letters of the last word where two would clash.

    >>> abbreviations(["no-tricks", "no-last-two", "no-last-trick", "dominoes"])
    {'no-tricks': 'NT', 'no-last-two': 'NLTW', 'no-last-trick': 'NLTR', 'dominoes': 'D'}
    """

    def code(name: str, extra: int) -> str:
        words = name.replace("_", "-").split("-")
        last = words[-1]
        return ("".join(w[:1] for w in words[:-1]) + last[: 1 + extra]).upper()

    out: dict[str, str] = {}
    for name in names:
        extra = 0
        while extra < len(name) and any(
            code(name, extra) == code(other, extra) for other in names if other != name
        ):
            extra += 1
        out[name] = code(name, extra)
    return out


def legend(label: str, codes: Mapping[str, str], used: Iterable[str] | None = None) -> str:
    """``contracts: NT no-tricks, NQ no-queens`` for the codes that appear."""
    wanted = set(used) if used is not None else set(codes)
    pairs = [f"{c} {name}" for name, c in codes.items() if name in wanted and c != name]
    # Translators: a legend, "contracts: NT no-tricks, NQ no-queens" (the label is translated).
    return _("{label}: {pairs}").format(label=label, pairs=", ".join(pairs)) if pairs else ""


# How each language writes a moment (English keeps the ISO form the file holds).
_MOMENTS = {
    "fr": "%d/%m/%Y %H:%M:%S",
    "de": "%d.%m.%Y %H:%M:%S",
    "ja": "%Y/%m/%d %H:%M:%S",
    "zh": "%Y-%m-%d %H:%M:%S",
}


def moment(at: str) -> str:
    """A history entry's moment (ISO 8601, as the file keeps it) as the language in
    force writes a date, with its offset (``UTC``); anything else as it is.

    >>> moment("2026-12-05T20:15:00+00:00")
    '2026-12-05T20:15:00+00:00'
    >>> from scoresheet import i18n
    >>> i18n.set_language("fr"); moment("2026-12-05T20:15:00+00:00"); i18n.set_language("en")
    '05/12/2026 20:15:00 UTC'
    """
    from datetime import datetime

    code = language()
    form = _MOMENTS.get(code, _MOMENTS.get(code.split("_")[0], ""))
    if code == SOURCE or not form:
        return at
    try:
        when = datetime.fromisoformat(at)
    except ValueError:
        return at
    offset = when.strftime("%z")
    zone = "UTC" if offset in ("+0000", "") else f"UTC{offset[:3]}:{offset[3:]}"
    return f"{when.strftime(form)} {zone}"


def history(record: Mapping[str, Any]) -> str:
    """The deals added, the corrections and the undos a game file keeps, oldest first.

    A deal added before the file kept the moment of each is listed first, without one.
    """
    entries = record.get("history") or []
    added = record.get("added") or {}
    deals = record.get("deals") or []
    events: list[tuple[str, int, str]] = []  # (moment, order, line)
    untimed = [n for n in range(1, len(deals) + 1) if str(n) not in added]
    if untimed:
        events.append(
            (
                "",
                0,
                "?  "
                + ngettext(
                    "added deal {numbers} (the file does not say when)",
                    "added deals {numbers} (the file does not say when)",
                    len(untimed),
                ).format(numbers=_ranges(untimed)),
            )
        )
    for number, deal in enumerate(deals, start=1):
        at = added.get(str(number))
        if at is None:
            continue
        contract = deal.get("contract") if isinstance(deal, Mapping) else None
        if isinstance(contract, str):
            what = _("added deal {number} ({contract})").format(number=number, contract=contract)
        else:
            what = _("added deal {number}").format(number=number)
        events.append((at, len(events), f"{moment(at)}  {what}"))
    for e in entries:
        at = str(e.get("at", ""))
        was = e.get("added")
        if e.get("action") == "undo" and isinstance(was, str):  # an undone deal's adding
            before = e.get("before") or {}
            contract = before.get("contract") if isinstance(before, Mapping) else None
            if isinstance(contract, str):
                what = _("added deal {number} ({contract})").format(
                    number=e.get("deal"), contract=contract
                )
            else:
                what = _("added deal {number}").format(number=e.get("deal"))
            events.append((was, len(events), f"{moment(was)}  {what}"))
        events.append((at, len(events), f"{moment(at or '?')}  {_history_line(e)}"))
    if not events:
        return _("no deals, corrections or undos")
    return "\n".join(line for _at, _order, line in sorted(events, key=_by_moment))


def _ranges(numbers: list[int]) -> str:
    """Deal numbers as runs: ``1–3, 5``.

    >>> _ranges([1, 2, 3, 5, 7, 8])
    '1–3, 5, 7–8'
    """
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in runs)


def _by_moment(event: tuple[str, int, str]) -> tuple[float, int]:
    """Oldest first, in the order the file has them where moments are equal or unknown."""
    from datetime import datetime

    try:
        when = datetime.fromisoformat(event[0]).timestamp() if event[0] else float("-inf")
    except ValueError:
        when = float("-inf")
    return (when, event[1])


def _history_line(e: Mapping[str, Any]) -> str:
    before, after = e.get("before") or {}, e.get("after") or {}
    if e.get("action") == "undo":
        contract = before.get("contract")
        if contract:
            return _("removed deal {number} ({contract})").format(
                number=e.get("deal"), contract=contract
            )
        return _("removed deal {number}").format(number=e.get("deal"))
    if e.get("action") == "edit":
        changed = sorted(k for k in {*before, *after} if before.get(k) != after.get(k))
        what = _("corrected deal {number}: {fields}").format(
            number=e.get("deal"), fields=", ".join(changed) or _("no change")
        )
        for key in changed:
            what += (
                f"\n    {key}: {json.dumps(before.get(key), ensure_ascii=False)}"
                f" → {json.dumps(after.get(key), ensure_ascii=False)}"
            )
        return what
    return str(e.get("action"))
