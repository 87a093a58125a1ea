"""Barbu's rules in force, read out for ``scoresheet rules show``: the deck, the rotation,
the doubling and each contract's value and check total, in the language in force."""

from __future__ import annotations

from typing import Any

from scoresheet.games.barbu.rules import BarbuRules, contract_title, contract_words
from scoresheet.i18n import N_, NP_, _, ngettext, pgettext
from scoresheet.views.term import cells

__all__ = ["PRESET_DESCRIPTIONS", "RULE_WORDS", "rules_json", "rules_text", "value_text"]


def _pad(text: str, width: int) -> str:
    """``text`` padded to ``width`` terminal cells (a translated word may be wide)."""
    return text + " " * max(0, width - cells(text))


# The shipped presets' descriptions, so that ``rules show`` reads them in the catalogs
# (a table's own description is shown as written).
PRESET_DESCRIPTIONS = (
    N_("Chinese Poker, balanced: −202 / +202 (zero-sum only when no row ties)"),
    N_("Chinese Poker: 9 contracts, Ravage City values plus 4 points per beat"),
    N_("Classic Barbu for 3 players: the twos removed, 16 cards each"),
    N_("Classic Barbu for 5 players: the black twos removed, 10 cards each"),
    N_("Classic Barbu for 6 players: the twos removed, 8 cards each"),
    N_("Classic Barbu: 7 contracts, dealer = declarer, undoubled negative deals split"),
    N_("Pagat Barbu: the dealer sits on the declarer's right; every deal is played"),
    N_("Ravage City at −36: not zero-sum (a full game sums to −48)"),
    N_("Ravage City: 8 contracts, the most cards of one suit scores −24 (ties split)"),
    N_("Salad for 5 players: the black twos removed, 10 cards each"),
    N_("Salad: 6 negative contracts, the last one all five at once (−355)"),
    N_("Yale values: K♥ −15, dominoes 40/20/10/−10 (still zero-sum)"),
)
# The rules' words for rotation, dealer and doubling, as ``rules show`` reads them out.
RULE_WORDS = {
    "block": NP_("barbu rule", "block"),
    "every-deal": NP_("barbu rule", "every-deal"),
    "declarer": NP_("barbu rule", "declarer"),
    "right": NP_("barbu rule", "right"),
    "left": NP_("barbu rule", "left"),
    "anyone": NP_("barbu rule", "anyone"),
    "declarer-only": NP_("barbu rule", "declarer-only"),
}


def _description(text: str) -> str:
    """A preset's description in the language in force; a table's own as written."""
    return _(text) if text in PRESET_DESCRIPTIONS else text


def _rule_word(value: str) -> str:
    word = RULE_WORDS.get(value)
    return value if word is None else pgettext("barbu rule", word)


def rules_json(rules: BarbuRules) -> dict[str, Any]:
    """A full rules object: what a game file's ``rules`` key may carry instead of a name."""
    return dict(rules.data)


def value_text(rules: BarbuRules, contract: str) -> str:
    """What a contract is worth under ``rules``, in words (``-2 per trick``)."""
    value = rules.values.of(contract)
    if contract in ("no-tricks", "trumps"):
        return _("{value:+d} per trick").format(value=value)
    if contract == "no-queens":
        return _("{value:+d} per queen").format(value=value)
    if contract == "no-hearts":
        if value.ace_extra:
            return _("{value:+d} per heart, A♥ {ace:+d}").format(
                value=value.per_heart, ace=value.per_heart + value.ace_extra
            )
        return _("{value:+d} per heart").format(value=value.per_heart)
    if contract in ("no-king", "no-last-trick"):
        return f"{value:+d}"
    if contract == "no-last-two":
        return _("second-last {second:+d}, last {last:+d}").format(
            second=value.second_last, last=value.last
        )
    if contract == "dominoes":
        return _("{values} by going-out order").format(values=" / ".join(f"{v:+d}" for v in value))
    if contract == "ravage-city":
        return _("{value:+d} to the most cards of one suit, ties split").format(value=value)
    if contract == "chinese-poker":
        extras = []
        if value.scoop:
            extras.append(_("scoop {n} beats").format(n=value.scoop))
        if value.royalties:
            extras.append(_("royalties"))
        beat = _("{value:+d} per beat").format(value=value.per_beat)
        return f"{beat} ({', '.join(extras)})" if extras else beat
    if contract == "salad":
        return _("all of {contracts}").format(contracts=contract_words(value))
    return str(value)


def rules_text(rules: BarbuRules) -> str:
    """A readable summary, with every check total derived from the values and the deck."""
    d = rules.doubling
    if rules.removed_cards:
        deck = _(
            "{players} players, {cards} cards, without {removed}, {each} each, "
            "{tricks} tricks a deal"
        )
    else:
        deck = _("{players} players, {cards} cards, {each} each, {tricks} tricks a deal")
    redoubles = _("redoubles on") if d.redoubles else _("redoubles off")
    doubling = _(
        "doubling: negative contracts {negative}, positive {positive}; each non-declarer "
        "doubles each declarer at least {times}; {redoubles}"
    )
    if rules.undoubled_split:
        undoubled = _("undoubled negative deals: split, not played")
    else:
        undoubled = _("undoubled negative deals: played")
    lines = [
        f"{rules.name}: {_description(rules.description)}",
        "  "
        + deck.format(
            players=rules.players,
            cards=len(rules.deck),
            removed=" ".join(rules.removed_cards),
            each=rules.cards_per_player,
            tricks=rules.tricks_per_deal,
        ),
        "  "
        + _(
            "{deals} deals: each player declares {each}, rotation {rotation}, dealer {dealer}"
        ).format(
            deals=rules.deals_per_game,
            each=rules.deals_per_declarer,
            rotation=_rule_word(rules.rotation),
            dealer=_rule_word(rules.dealer),
        ),
        "  "
        + doubling.format(
            negative=_rule_word(d.negative),
            positive=_rule_word(d.positive),
            times=_times(d.min_declarer_doubles),
            redoubles=redoubles,
        ),
        "  " + undoubled,
        "",
    ]
    width = max(len(c) for c in rules.contracts)
    titles = {c: contract_title(c) for c in rules.contracts}
    title_width = max(18, *(cells(t) for t in titles.values()))
    signs = {c: _("positive") if rules.is_positive(c) else _("negative") for c in rules.contracts}
    sign_width = max(8, *(cells(s) for s in signs.values()))
    for c in rules.contracts:
        total = rules.contract_total(c)
        if total is not None:
            shown = _("total {total:>6}").format(total=f"{total:+d}")
        else:
            shown = _("total {total:>6}").format(
                total=_("up to {total:+d}").format(total=rules.max_total(c))
            )
        lines.append(
            f"  {c.ljust(width)}  {_pad(titles[c], title_width)} {_pad(signs[c], sign_width)}  "
            f"{shown}   {value_text(rules, c)}"
        )
    lines.append("")
    fixed = all(rules.contract_total(c) is not None for c in rules.contracts)
    if rules.zero_sum:
        lines.append("  " + _("zero-sum: every full game sums to 0"))
    elif fixed:
        lines.append(
            "  "
            + _("not zero-sum: every full game sums to {total:+d}").format(total=rules.game_total)
        )
    elif rules.game_total == 0:
        lines.append(
            "  "
            + _(
                "zero-sum only when every Chinese Poker row has a winner "
                "(ties and fouls make a game sum below 0)"
            )
        )
    else:
        lines.append(
            "  "
            + _(
                "not zero-sum: a full game sums to at most {total:+d} "
                "(ties and fouls in Chinese Poker lower it)"
            ).format(total=rules.game_total)
        )
    return "\n".join(lines)


def _times(n: int) -> str:
    """``once``, ``twice``, ``3 times``.

    >>> _times(0), _times(1), _times(2), _times(3)
    ('0 times', 'once', 'twice', '3 times')
    """
    if n == 2:
        return _("twice")
    return ngettext("once", "{n} times", n).format(n=n)
