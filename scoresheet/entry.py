"""Reading what a player types at the table into parts of a deal.

Shared by ``scoresheet add``/``edit`` (flags) and ``scoresheet play`` (prompts), so the
same answer means the same thing in both; each game's ``entry.py`` reads its own deal
with these. Players may be named in full or by any prefix that is theirs alone ("A" for
Ann), in any case or width (``ann`` and ``ａｎｎ`` are Ａｎｎ: names are compared as
:func:`scoresheet.names.fold` compares them when it refuses two names that cannot be told
apart); a name may contain spaces.

An answer is never read one way when it could mean another:

- a player's exact name (as written in the game file, same case) always means the player;
- a keyword (``maximum``, ``none``, ``all`` …) is read as the keyword only when no player
  could be meant; when a player's name (in another case) or a unique start of one is also
  a keyword, the answer is refused, naming both readings. A keyword can always be typed
  with a leading ``:`` (``:maximum``, ``:none``), which no player's name can take;
- an enumerated value (a suit, a contract, a kind) is its exact word or a unique start of
  it, nothing else (``hats`` is not hearts).
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Mapping, Sequence
from typing import Any

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import NP_, _, pgettext
from scoresheet.limits import MAX_DIGITS
from scoresheet.names import ascii_forms as ascii_forms  # read as names are
from scoresheet.names import fold
from scoresheet.names import quote as quote  # the one quoting of typed text in messages

KEYWORD_MARK = ":"
"""Typed before a keyword (``:max``), it can only mean the keyword: no name starts with it."""

NONE_WORDS: dict[str, None] = dict.fromkeys(("", "none", "no", "-", "pass", "nobody"))

# The answer words a player may also type in the language in force: each English word's
# translation (several, between "|", where a language has more than one).
ANSWER_WORDS = (
    NP_("answer", "none"),
    NP_("answer", "no"),
    NP_("answer", "nobody"),
    NP_("answer", "pass"),
    NP_("answer", "all"),
    NP_("answer", "back"),
    NP_("answer", "help"),
    NP_("answer", "maximum"),
    NP_("answer", "table"),
    NP_("answer", "family"),
    NP_("answer", "flanks"),
    NP_("answer", "quit"),
    NP_("answer", "yes"),
)
_ANSWER_KEYS = frozenset(ANSWER_WORDS)
SUITS = {
    "s": "spades",
    "h": "hearts",
    "d": "diamonds",
    "c": "clubs",
    "♠": "spades",
    "♥": "hearts",
    "♦": "diamonds",
    "♣": "clubs",
}
SUIT_ORDER = ("spades", "hearts", "diamonds", "clubs")
# The suits' names as a player reads and types them in the language in force.
SUIT_NAMES = {
    "spades": NP_("suit", "spades"),
    "hearts": NP_("suit", "hearts"),
    "diamonds": NP_("suit", "diamonds"),
    "clubs": NP_("suit", "clubs"),
}

MAX_WORDS = 12  # words in one comma-separated part of a list of players


def typed(text: str) -> str:
    """What was typed, as compared with names: NFC, without surrounding blanks."""
    return unicodedata.normalize("NFC", text).strip()


def either(choices: Sequence[str]) -> str:
    """``Bob or Barbara`` (``A or B or C``), in the language in force.

    >>> either(["Bob", "Barbara", "Cat"])
    'Bob or Barbara or Cat'
    """
    out = choices[0] if choices else ""
    for more in choices[1:]:
        # Translators: two readings of one answer, "Bob or Barbara" (chained for more).
        out = _("{first} or {second}").format(first=out, second=more)
    return out


def player_matches(t: str, players: Sequence[str]) -> list[str]:
    """The players ``t`` could name: by name in any case or width, else by a start of one.

    Names are compared folded (:func:`scoresheet.names.fold`), as a game's names are
    when two that cannot be told apart are refused:

    >>> player_matches("ann", ["Ａｎｎ", "Bob"]), player_matches("ｂ", ["Ａｎｎ", "Bob"])
    (['Ａｎｎ'], ['Bob'])
    """
    folded = fold(t)
    exact = [p for p in players if fold(p) == folded]
    if exact:
        return exact
    return [p for p in players if fold(p).startswith(folded)] if folded else []


def player(text: str, players: Sequence[str], *, field: str = "player") -> str:
    """The player a name or a unique prefix of a name means.

    >>> player("an", ["Ann", "Bob", "Barbara"])
    'Ann'
    >>> player("ann lee", ["Ann Lee", "Bob"])
    'Ann Lee'
    >>> player("B", ["Ann", "Bob", "Barbara"])
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: player: "B" could be Bob or Barbara
    """
    t = typed(text)
    if t in players:
        return t
    matches = player_matches(t, players)
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise ScoresheetError(
            _("{field}: {typed} could be {players}").format(
                field=field, typed=quote(t), players=either(matches)
            )
        )
    raise ScoresheetError(
        _("{field}: {typed} is not a player ({players})").format(
            field=field, typed=quote(t), players=", ".join(players)
        )
    )


def player_list(text: str, players: Sequence[str], *, field: str = "players") -> list[str]:
    """Players separated by commas or spaces: ``"Ann,Cat"``, ``"A C"``, ``"Ann Lee, Bob"``.

    A name may contain spaces; words that could be read as one player or as several
    (``ann lee`` with players Ann, Lee and Ann Lee) are refused, naming both readings.

    >>> player_list("ann lee bob", ["Ann Lee", "Bob"])
    ['Ann Lee', 'Bob']
    """
    out: list[str] = []
    for part in (typed(p) for p in text.split(",")):
        if part:
            out += _part(part, players, field)
    return out


def _part(part: str, players: Sequence[str], field: str) -> list[str]:
    """The players one comma-free part names: each segmentation of its words that names
    a player per segment is a reading; exactly one reading is accepted."""
    if part in players:
        return [part]
    words = part.split()
    if len(words) > MAX_WORDS:
        raise ScoresheetError(
            _("{field}: {typed} has too many words to be players").format(
                field=field, typed=quote(part)
            )
        )
    readings: list[list[str]] = []
    error: ScoresheetError | None = None
    for cuts in _cuts(len(words)):
        reading: list[str] = []
        for a, b in itertools.pairwise((0, *cuts, len(words))):
            segment = " ".join(words[a:b])
            try:
                reading.append(player(segment, players, field=field))
            except ScoresheetError as exc:
                error = error or exc  # the first: one word per player
                break
        else:
            if reading not in readings:
                readings.append(reading)
    if len(readings) == 1:
        return readings[0]
    if readings:
        one, other = (", ".join(r) for r in readings[:2])
        raise ScoresheetError(
            _("{field}: {typed} could be {one} or {other}; separate players with commas").format(
                field=field, typed=quote(part), one=one, other=other
            )
        )
    assert error is not None
    raise error


def _cuts(n: int) -> list[tuple[int, ...]]:
    """Every way to cut ``n`` words into runs (as the positions of the cuts), most cuts first."""
    out = [cuts for k in range(n - 1, -1, -1) for cuts in itertools.combinations(range(1, n), k)]
    return out


def local_words(words: Mapping[str, Any]) -> dict[str, Any]:
    """``words`` and, for each English answer word among them, its words in the language
    in force (``aucun`` for ``none`` in French), each meaning what the English one means.

    >>> from scoresheet import i18n
    >>> i18n.set_language("fr"); sorted(local_words({"none": None, "all": "all"}).items())
    [('all', 'all'), ('aucun', None), ('none', None), ('rien', None), ('tous', 'all')]
    >>> i18n.set_language("en")
    """
    out = dict(words)
    for word, value in words.items():
        if word and word in _ANSWER_KEYS:
            for local in pgettext("answer", word).split("|"):
                out.setdefault(ascii_forms(local.strip()).casefold(), value)
    return out


def keyword(text: str, words: Mapping[str, Any]) -> tuple[bool, Any] | None:
    """``(marked, value)`` when ``text`` is one of ``words`` (any case or width, with or
    without the ``:`` mark, in English or the language in force); ``None`` otherwise."""
    t = ascii_forms(typed(text)).casefold()
    marked = t.startswith(KEYWORD_MARK)
    t = t.removeprefix(KEYWORD_MARK).strip() if marked else t
    found = local_words(words)
    if t in found:
        return marked, found[t]
    return None


def is_none(text: str) -> bool:
    """``text`` says "none" (in English or the language in force), unmarked or marked."""
    word = keyword(text, NONE_WORDS)
    return word is not None or not text.strip()


def _word_name(words: Mapping[str, Any], value: Any) -> str:
    """The word a keyword value is shown as: its own name, or its first form."""
    if isinstance(value, str) and value in words:
        return value
    return next((w for w, v in words.items() if v == value and w), "none")


def choose(
    text: str,
    players: Sequence[str],
    words: Mapping[str, Any],
    *,
    field: str,
    many: bool = False,
) -> Any:
    """A player (or with ``many`` a list of players), or the value of a keyword in ``words``.

    The player's exact name wins; a keyword that a player could also be meant by is
    refused, naming both readings and how to type each.

    >>> DOUBLE_WORDS = {"maximum": "maximum", "max": "maximum"}
    >>> choose("max", ["Ann", "Bob"], DOUBLE_WORDS, field="Bob's double", many=True)
    'maximum'
    >>> choose("Max", ["Ann", "Max"], DOUBLE_WORDS, field="Bob's double", many=True)
    ['Max']
    >>> choose("max", ["Ann", "Max"], DOUBLE_WORDS, field="Bob's double", many=True)
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: Bob's double: "max" could be the player Max or maximum; \
type Max for the player, :maximum for maximum
    """
    t = typed(text)
    if t in players:
        return [t] if many else t
    if not t and "" in words:
        return words[""]
    word = keyword(t, words)
    if word is None:
        return player_list(t, players, field=field) if many else player(t, players, field=field)
    could = player_matches(t.removeprefix(KEYWORD_MARK), players) if t and not word[0] else []
    if not could:
        return word[1]
    name = _word_name(words, word[1])
    marked = f"{KEYWORD_MARK}{name}"
    if len(could) == 1:
        message = _(
            "{field}: {typed} could be the player {player} or {word}; "
            "type {player} for the player, {marked} for {word}"
        )
    else:
        message = _(
            "{field}: {typed} could be the player {player} or {word}; "
            "type the name in full, {marked} for {word}"
        )
    raise ScoresheetError(
        message.format(field=field, typed=quote(t), player=either(could), word=name, marked=marked)
    )


def counts(text: str, players: Sequence[str], *, field: str) -> dict[str, int]:
    """``"Ann=2,Cat=1,Dan=1"`` → ``{"Ann": 2, "Cat": 1, "Dan": 1}`` (others take 0).

    Also accepts the counts in seating order: ``"2 0 1 1"``.

    >>> counts("a=2, c=1,d=1", ["Ann", "Bob", "Cat", "Dan"], field="queens")
    {'Ann': 2, 'Cat': 1, 'Dan': 1}
    >>> counts("2 0 1 1", ["Ann", "Bob", "Cat", "Dan"], field="queens")
    {'Ann': 2, 'Bob': 0, 'Cat': 1, 'Dan': 1}
    """
    t = text.strip()
    if "=" not in t:
        numbers = t.replace(",", " ").split()
        if len(numbers) != len(players):
            raise ScoresheetError(
                _(
                    "{field}: give one number per player in seating order "
                    "({players}), or name=number pairs"
                ).format(field=field, players=", ".join(players))
            )
        return {p: whole_number(n, field) for p, n in zip(players, numbers, strict=True)}
    out: dict[str, int] = {}
    for item in (i for i in t.split(",") if i.strip()):
        who, number = split_at_player(item, players, field=field, example="Ann=2")
        if who in out:
            raise ScoresheetError(
                _("{field}: {player} is given twice").format(field=field, player=who)
            )
        out[who] = whole_number(number, field)
    return out


def whole_number(text: str, field: str) -> int:
    """A whole number ≥ 0 typed for ``field`` (refused past ``MAX_DIGITS`` digits)."""
    t = ascii_forms(text).strip()
    if not (t.isascii() and t.isdigit()):
        raise ScoresheetError(
            _("{field}: {typed} is not a whole number ≥ 0").format(
                field=field, typed=quote(text.strip())
            )
        )
    if len(t) > MAX_DIGITS:
        raise ScoresheetError(
            _("{field}: a number of {n} digits is far too large").format(field=field, n=len(t))
        )
    return int(t)


def optional_player(text: str, players: Sequence[str], *, field: str) -> str | None:
    """A player, or ``None`` for ``none`` (refused when a player could be meant too)."""
    value: str | None = choose(text, players, NONE_WORDS, field=field)
    return value


def assignment(text: str, players: Sequence[str], *, field: str) -> tuple[str, str]:
    """``"Bob=maximum"`` → ``("Bob", "maximum")``; a name may contain ``=`` itself.

    >>> assignment("=Ann=Bob", ["=Ann", "Bob"], field="--double")
    ('=Ann', 'Bob')
    """
    return split_at_player(text, players, field=field, example="Bob=maximum")


def split_at_player(
    text: str, players: Sequence[str], *, field: str, example: str
) -> tuple[str, str]:
    """``PLAYER=WHAT`` split at the ``=`` that ends a player's name: the first ``=`` unless
    a name has one of its own (``=Ann=2``); refused if two splits name players."""
    cuts = [i for i, c in enumerate(text) if c == "="]
    if not cuts:
        raise ScoresheetError(
            _("{field}: {typed} is not PLAYER=WHAT (e.g. {example})").format(
                field=field, typed=quote(text), example=example
            )
        )
    if len(cuts) == 1 or not any("=" in p for p in players):
        return player(text[: cuts[0]], players, field=field), text[cuts[0] + 1 :]
    found: list[tuple[str, str]] = []
    for i in cuts:
        try:
            found.append((player(text[:i], players, field=field), text[i + 1 :]))
        except ScoresheetError:
            continue
    if len(found) == 1:
        return found[0]
    if not found:
        return player(text[: cuts[0]], players, field=field), text[cuts[0] + 1 :]
    names = [f[0] for f in found]
    if len(set(names)) == 1:
        return found[0]
    raise ScoresheetError(
        _("{field}: {typed} could start with {players}").format(
            field=field, typed=quote(text), players=either(names)
        )
    )


def one_of(
    text: str,
    values: Sequence[str],
    *,
    field: str,
    aliases: Mapping[str, str] = {},
    shown: Mapping[str, str] = {},
) -> str:
    """An enumerated value: its exact word (any case), an alias, or a unique start of it;
    with ``shown`` (each value's name in the language in force), that name or a unique
    start of it too.

    >>> one_of("he", SUIT_ORDER, field="trump")
    'hearts'
    >>> one_of("hats", SUIT_ORDER, field="trump")
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: trump: "hats" is not one of spades, hearts, diamonds, clubs
    """
    t = ascii_forms(typed(text)).casefold()
    if t in values:
        return t
    if t in aliases:
        return aliases[t]
    names = {v: ascii_forms(n).casefold() for v, n in shown.items() if v in values}
    exact = [v for v in values if names.get(v) == t]
    if len(exact) == 1:
        return exact[0]
    found = [v for v in values if t and (v.startswith(t) or names.get(v, "\0").startswith(t))]
    if len(found) == 1:
        return found[0]
    if found:
        raise ScoresheetError(
            _("{field}: {typed} could be {values}").format(
                field=field, typed=quote(typed(text)), values=either(found)
            )
        )
    raise ScoresheetError(
        _("{field}: {typed} is not one of {values}").format(
            field=field, typed=quote(typed(text)), values=", ".join(values)
        )
    )


def suit(text: str, *, field: str) -> str:
    """A suit: its name or a unique start of it, its letter or symbol.

    >>> suit("♥", field="trump"), suit("Spade", field="trump"), suit("c", field="trump")
    ('hearts', 'spades', 'clubs')
    """
    t = typed(text).rstrip("\ufe0e\ufe0f")
    shown = {s: pgettext("suit", name) for s, name in SUIT_NAMES.items()}
    return one_of(t, SUIT_ORDER, field=field, aliases=SUITS, shown=shown)


def contract(text: str, contracts: Sequence[str], shown: Mapping[str, str] | None = None) -> str:
    """The contract a player means: its id, or its name without "no-", or a unique start
    of either (``t`` could be trumps or no-tricks, so it is refused); with ``shown`` (each
    contract's name as the views show it in the language in force, and any codes a view
    prints), also that name or a unique start of it, and a code exactly.

    >>> contract("queens", ["no-tricks", "no-queens", "trumps"])
    'no-queens'
    >>> contract("tru", ["no-tricks", "no-queens", "trumps"])
    'trumps'
    >>> contract("t", ["no-tricks", "no-queens", "trumps"])
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: contract: "t" could be no-tricks or trumps
    >>> contract("pas de d", ["no-queens", "trumps"], {"no-queens": "pas de dames"})
    'no-queens'
    """
    t = ascii_forms(typed(text)).casefold().replace(" ", "-").replace("_", "-")
    if t in contracts:
        return t
    names = {
        c: ascii_forms(n).casefold().replace(" ", "-").replace("_", "-")
        for c, n in (shown or {}).items()
        if c in contracts
    }
    exact = {c for c in contracts if c.removeprefix("no-") == t or names.get(c) == t}
    if len(exact) == 1:
        return exact.pop()
    found = [
        c
        for c in contracts
        if t
        and (
            c.startswith(t)
            or c.removeprefix("no-").startswith(t)
            or names.get(c, "\0").startswith(t)
        )
    ]
    if len(exact) > 1:
        found = sorted(exact, key=list(contracts).index)
    if len(found) == 1:
        return found[0]
    if found:
        raise ScoresheetError(
            _("contract: {typed} could be {contracts}").format(
                typed=quote(typed(text)), contracts=either(found)
            )
        )
    raise ScoresheetError(
        _("contract: {typed} is not one of {contracts}").format(
            typed=quote(typed(text)), contracts=", ".join(contracts)
        )
    )
