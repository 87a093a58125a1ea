"""The terminal views of an evening's settlement and of a season's statistics.

Both fit the terminal they are printed on (:meth:`Term.detect`: ``COLUMNS``, else the
terminal's width, else 80), with widths counted in display cells (a wide character
takes two): names are padded by cells, and a line that would be wider than the
terminal is wrapped at spaces, continued further in. A file name is never cut.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from scoresheet import registry
from scoresheet.evening.money import money, number, written
from scoresheet.evening.settle import Settlement, exact_text
from scoresheet.evening.stats import Stats
from scoresheet.i18n import NP_, _, ngettext, pgettext
from scoresheet.views.term import Term, cells, fit_lines

FORM_SHOWN = 12  # games of running form a line shows (--json and --xlsx hold all)


def _signed(value: Decimal | int) -> str:
    text = f"{value}"
    return text if text.startswith("-") or value == 0 else f"+{text}"


def _pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` display cells."""
    return text + " " * (width - cells(text))


def _widest(names: Sequence[str], default: int = 0) -> int:
    return max((cells(n) for n in names), default=default)


def _amount(s: Settlement, value: Fraction) -> str:
    if (value / Fraction(s.unit)).denominator == 1:
        text = s.money(Decimal(value.numerator) / Decimal(value.denominator))
    else:
        text = exact_text(value)
    return number(text if text.startswith("-") or value == 0 else f"+{text}")


def _cash(s: Settlement, amount: Decimal | Fraction | int | str) -> str:
    """An amount with the currency, written as the language in force writes money."""
    return money(amount if isinstance(amount, str) else s.money(amount), s.currency)


def _heading(s: Settlement) -> str:
    n = len(s.games)
    unit = number(s.money(s.unit))
    if s.currency:
        amounts = _("Amounts in {currency}, to the nearest {unit}.").format(
            currency=written(s.currency), unit=unit
        )
    else:
        amounts = _("Amounts to the nearest {unit}.").format(unit=unit)
    if s.stake is None:  # a stake per kind of game
        stakes = []
        for kind, amount in s.stakes.items():
            if s.ledger_only:
                said = _("{game} at {stake} a side-bet point")
            elif registry.game(kind).teams:
                said = _("{game} at {stake} per game won")
            else:
                said = _("{game} at {stake} a point")
            stakes.append(said.format(game=kind, stake=_cash(s, str(amount))))
        text = ngettext("Settling {n} game: {stakes}.", "Settling {n} games: {stakes}.", n)
        listed = pgettext("between the items of a list", ", ").join(stakes)
        return _both(text.format(n=n, stakes=listed), amounts)
    stake = _cash(s, str(s.stake))
    if s.ledger_only:
        text = ngettext(
            "Settling {n} game, the side bets only, at {stake} a point.",
            "Settling {n} games, the side bets only, at {stake} a point.",
            n,
        )
    elif all(registry.game(g.game).teams for g in s.games):
        text = ngettext(
            "Settling {n} game at {stake} per game won.",
            "Settling {n} games at {stake} per game won.",
            n,
        )
    else:
        text = ngettext(
            "Settling {n} game at {stake} a point.", "Settling {n} games at {stake} a point.", n
        )
    return _both(text.format(n=n, stake=stake), amounts)


def _both(settling: str, amounts: str) -> str:
    """The heading's two sentences, one after the other as the language puts them."""
    return pgettext("two sentences", "{first} {second}").format(first=settling, second=amounts)


def _shares(s: Settlement, width: int) -> list[str]:
    """A table of what each game adds to each player's balance: a column per game,
    headed by its file's name (without the folder when that is enough to tell them
    apart), blank where a player was absent."""
    short = [os.path.basename(g.name) for g in s.games]
    heads = short if len(set(short)) == len(short) else [g.name for g in s.games]
    shares = s.shares()
    columns = [
        [_amount(s, shares[p][g.name]) if g.name in shares[p] else "" for p in s.players]
        for g in s.games
    ]
    widths = [
        max(cells(h), *(cells(c) for c in col)) for h, col in zip(heads, columns, strict=True)
    ]
    out = [
        "  "
        + " " * width
        + "".join(f"  {_right(h, w)}" for h, w in zip(heads, widths, strict=True))
    ]
    for i, p in enumerate(s.players):
        row = "".join(f"  {_right(col[i], w)}" for col, w in zip(columns, widths, strict=True))
        out.append(f"  {_pad(p, width)}{row}".rstrip())
    return out


def settlement_text(s: Settlement, term: Term | None = None) -> str:
    """What ``scoresheet settle`` prints: each game's rule and amounts, the balances, the
    payments and the doubling ledger, fitted to ``term`` (by default the terminal's)."""
    lines = [_heading(s)]
    if s.partial:
        lines.append(_("PARTIAL: not every game is complete; these are the scores so far."))
    for g in s.games:
        lines.append("")
        state = _("complete") if g.complete else _("NOT COMPLETE")
        lines.append(f"{g.name} ({g.game}, {g.rules}, {state})")
        lines.append(f"  {g.explanation}")
        if g.violations:
            lines.append(
                "  "
                + ngettext(
                    "{n} rule violation, settled as scored ({command} lists them)",
                    "{n} rule violations, settled as scored ({command} lists them)",
                    g.violations,
                ).format(n=g.violations, command=f"scoresheet score {g.name}")
            )
        width = _widest(list(g.points))
        for p in sorted(g.points):
            lines.append(
                f"  {_pad(p, width)}  {_signed(g.points[p]):>6}  {_amount(s, g.amounts[p])}"
            )
    lines.append("")
    lines.append(_("Balances"))
    width = _widest(s.players)
    shown = {p: _cash(s, _signed(s.balances[p])) for p in s.players}
    room = 11 + cells(written(s.currency))  # as wide as "+0.00 €" (or "+€0.00") padded to ten
    for p in s.players:
        lines.append(f"  {_pad(p, width)}  {' ' * (room - cells(shown[p]))}{shown[p]}")
    if len(s.games) > 1:
        lines += ["", _("Each balance, game by game"), *_shares(s, width)]
    lines.append("")
    count = len(s.payments)
    if count:
        lines.append(_("Payments ({n})").format(n=count))
        for pay in s.payments:
            lines.append(
                "  "
                + _("{payer} pays {payee} {amount}").format(
                    payer=pay.payer, payee=pay.payee, amount=_cash(s, pay.amount)
                )
            )
    else:
        lines.append(_("Payments: none, everyone is square"))
    if s.ledger:
        lines.append("")
        if s.ledger_only:
            lines.append(_("Doubling ledger over the evening (settled above)"))
        else:
            lines.append(
                _("Doubling ledger over the evening (already counted in the totals above)")
            )
        w = _widest([f"{a}–{b}" for a, b in (pair.players for pair in s.ledger)])
        bets = {
            pair.players: ngettext(
                "{n} bet, {redoubled} redoubled", "{n} bets, {redoubled} redoubled", pair.bets
            ).format(n=pair.bets, redoubled=pair.redoubles)
            for pair in s.ledger
        }
        bets_w = max(24, _widest(list(bets.values())))
        for pair in s.ledger:
            a, b = pair.players
            if pair.net:
                who, net = (a, pair.net) if pair.net > 0 else (b, -pair.net)
                won = s.ledger_amount(pair)
                won = won if who == a else Decimal(0) - won
                verdict = f"{who} +{net} ({_cash(s, str(won))})"
            else:
                verdict = _("square")
            said = bets[pair.players]
            lines.append(f"  {_pad(f'{a}–{b}', w)}  {_pad(said, bets_w)}  {verdict}")
    for note in s.notes:
        if note.startswith("rounded"):
            lines.append("")
            lines.append(_("Rounding: {how}.").format(how=note.removeprefix("rounded: ")))
    return fit_lines("\n".join(lines), (term or Term.detect()).width, columns=False)


# The ordinal of a place, by the English suffix it takes ("1st", "2nd", "3rd", "4th").
_ORDINALS = {
    "st": NP_("ordinal", "{n}st"),
    "nd": NP_("ordinal", "{n}nd"),
    "rd": NP_("ordinal", "{n}rd"),
    "th": NP_("ordinal", "{n}th"),
}


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return pgettext("ordinal", _ORDINALS[suffix]).format(n=n)


def _right(text: str, width: int) -> str:
    """``text`` right-aligned in ``width`` display cells."""
    return " " * (width - cells(text)) + text


def _avg(value: float | None) -> str:
    return "–" if value is None else f"{value:+.2f}"


def _own_lines(s: Stats, kind: str, width: int) -> list[str]:
    """The lines of a kind of game's own figures (its ``stats`` role), for the players
    who have them; none when nobody has."""
    own = registry.part(kind, "stats")
    # Each game pads the names it is given with str.ljust, which counts characters: the
    # names are handed over already padded to ``width`` display cells instead.
    figures = {_pad(p, width): f[own.KEY] for p, f in s.players.items() if own.KEY in f}
    return own.text(figures, 0) if figures else []


def _points_by_kind(s: Stats, kinds: Sequence[str], who: int) -> list[str]:
    """Each kind of game's points and averages, a column per figure under its heading."""
    lines: list[str] = []
    player = pgettext("stats heading", "player")
    heads = [
        pgettext("stats heading", "games"),
        pgettext("stats heading", "points"),
        pgettext("stats heading", "per game"),
        pgettext("stats heading", "per deal"),
    ]
    for kind in kinds:
        lines += ["", _("{game}: points, average per game / per deal").format(game=kind)]
        rows = [
            (
                p,
                [
                    str(k["games"]),
                    f"{k['points']:+}",
                    _avg(k["average_per_game"]),
                    _avg(k["average_per_deal"]),
                ],
            )
            for p, f in s.players.items()
            if (k := f["by_game"].get(kind))
        ]
        widths = [max(cells(h), *(cells(r[i]) for _p, r in rows)) for i, h in enumerate(heads)]
        lines.append(
            f"  {_pad(player, who)}"
            + "".join(f"  {_right(h, w)}" for h, w in zip(heads, widths, strict=True))
        )
        for p, row in rows:
            lines.append(
                f"  {_pad(p, who)}"
                + "".join(f"  {_right(c, w)}" for c, w in zip(row, widths, strict=True))
            )
    return lines


def _rivals(s: Stats, width: int) -> list[str]:
    """Each player's rival and best partner, for the players who have either."""
    from scoresheet.evening.stats import PARTNER_GAMES

    lines: list[str] = []
    for p, f in s.players.items():
        said = []
        rival, partner = f.get("rival"), f.get("best_partner")
        if rival:
            said.append(
                ngettext(
                    "rival {player}, ahead in {lost} of {games} game",
                    "rival {player}, ahead in {lost} of {games} games",
                    rival["games"],
                ).format(player=rival["player"], lost=rival["lost"], games=rival["games"])
            )
        if partner:
            said.append(
                ngettext(
                    "best partner {player}, {wins} of {games} game won",
                    "best partner {player}, {wins} of {games} games won",
                    partner["games"],
                ).format(player=partner["player"], wins=partner["wins"], games=partner["games"])
            )
        if said:
            lines.append(f"  {_pad(p, width)}  " + "; ".join(said))
    if not lines:
        return []
    title = _("Rivals and best partners (at least {n} games together)").format(n=PARTNER_GAMES)
    return ["", title, *lines]


def stats_text(s: Stats, skipped: Sequence[tuple[str, str]] = (), term: Term | None = None) -> str:
    """What ``scoresheet stats`` prints: one section per subject, players in name order,
    fitted to ``term`` (by default the terminal's)."""
    kinds: dict[str, int] = {}
    for g in s.games:
        kinds[g["game"]] = kinds.get(g["game"], 0) + 1
    mix = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
    n = len(s.games)
    count = len(s.players)
    games_said = ngettext("{n} game", "{n} games", n).format(n=n)
    players_said = ngettext("{n} player", "{n} players", count).format(n=count)
    lines = [
        _("Statistics over {games} ({mix}), {players}").format(
            games=games_said, mix=mix, players=players_said
        )
    ]
    width = _widest(list(s.players), default=6)
    title = [
        pgettext("stats heading", "player"),
        pgettext("stats heading", "games"),
        pgettext("stats heading", "wins"),
        pgettext("stats heading", "places"),
    ]
    head = max(width, cells(title[0]))
    games_w, wins_w = max(5, cells(title[1])), max(4, cells(title[2]))
    lines += [
        "",
        f"{_pad(title[0], head)}  {_right(title[1], games_w)}  {_right(title[2], wins_w)}  "
        f"{title[3]}",
    ]
    for p, f in s.players.items():
        placed = ", ".join(f"{_ordinal(int(k))} ×{v}" for k, v in f["places"].items()) or "–"
        lines.append(f"{_pad(p, head)}  {f['games']:>{games_w}}  {f['wins']:>{wins_w}}  {placed}")
    lines += _points_by_kind(s, sorted(kinds), max(width, cells(title[0])))
    # Each game's own figures, kinds of game in name order: the games with doubles
    # first, then their side bets head to head, then the other games.
    own = {kind: _own_lines(s, kind, width) for kind in sorted(kinds)}
    for kind, section in own.items():
        if registry.game(kind).doubles:
            lines += section
    if s.head_to_head:
        lines += ["", _("Head to head (side bets, net points)")]
        for pair in s.head_to_head:
            a, b = pair.players
            verdict = f"{a} {pair.net:+d}" if pair.net else _("square")
            lines.append(
                "  "
                + ngettext(
                    "{pair}: {verdict} over {n} bet", "{pair}: {verdict} over {n} bets", pair.bets
                ).format(pair=f"{a}–{b}", verdict=verdict, n=pair.bets)
            )
    for kind, section in own.items():
        if not registry.game(kind).doubles:
            lines += section
    more = any(len(f["form"]) > FORM_SHOWN for f in s.players.values())
    if more:
        form_title = _(
            "Running form (1 = always first, 0 = always last), after each complete game "
            "of the last {n}"
        ).format(n=FORM_SHOWN)
    else:
        form_title = _("Running form (1 = always first, 0 = always last), after each complete game")
    lines += ["", form_title]
    for p, f in s.players.items():
        form = " ".join(f"{x['form']:.2f}" for x in f["form"][-FORM_SHOWN:]) or "–"
        lines.append(f"  {_pad(p, width)}  {form}")
    lines += _rivals(s, width)
    if s.violations:
        lines += ["", _("Violations ({n})").format(n=len(s.violations))]
        messages = list(s.shown_violations) or [v["message"] for v in s.violations]
        for v, message in zip(s.violations, messages, strict=True):
            if v["deal"] is not None:
                where = _("deal {number}").format(number=v["deal"])
            else:
                where = pgettext("violation of", "game")
            lines.append(f"  {v['file']}, {where}: {message}")
    if skipped:
        folders = sum(1 for name, _file in skipped if name.endswith(os.sep))
        files = len(skipped) - folders
        said = [
            ngettext("{n} unreadable file", "{n} unreadable files", files).format(n=files)
            if files
            else "",
            ngettext("{n} unreadable folder", "{n} unreadable folders", folders).format(n=folders)
            if folders
            else "",
        ]
        if files and folders:
            what = _("{files} and {folders}").format(files=said[0], folders=said[1])
        else:
            what = said[0] or said[1]
        lines += ["", _("Skipped {what}").format(what=what)]
        lines += [f"  {message}" for _file, message in skipped]
    return fit_lines("\n".join(lines), (term or Term.detect()).width, columns=False)
