"""Belote as text for the terminal: ``score``, ``show``, ``status`` and the lines ``add``,
``edit`` and ``play`` print after a deal."""

from __future__ import annotations

from typing import Any

from scoresheet.i18n import N_, NP_, _, ngettext, pgettext
from scoresheet.partnership.rules import (
    RANK_KEYS,
    TABLES,
    TRUMP_ORDER,
    BeloteRules,
    contract_name,
    contract_word,
    kind_word,
)
from scoresheet.partnership.score import DealScore, GameScore, TeamGame
from scoresheet.views.common import (
    initials,
    players_legend,
    rules_in_force,
    standings_table,
    violation_lines,
)
from scoresheet.views.term import Cell, Layout, Term, fit_table

# A deal's outcome as the sheet says it (the game file and --json keep the English word).
OUTCOMES = {
    # Translators: the takers made their contract.
    "made": NP_("belote outcome", "made"),
    # Translators: the takers failed: the defenders score everything.
    "dedans": NP_("belote outcome", "dedans"),
    # Translators: both teams have equal points: the takers' points are held.
    "litige": NP_("belote outcome", "litige"),
}


def outcome_word(outcome: str) -> str:
    """A deal's outcome in the language in force (``made``, ``dedans``, ``litige``)."""
    return pgettext("belote outcome", OUTCOMES.get(outcome, outcome))


def heading(word: str) -> str:
    """A column heading of the sheet, in the language in force."""
    return pgettext("sheet heading", word)


# The column headings, marked here and translated where the table is drawn.
HEADINGS = (
    NP_("sheet heading", "dealer"),
    NP_("sheet heading", "contract"),
    NP_("sheet heading", "taker"),
    NP_("sheet heading", "points"),
    # Translators: the team that took the last trick.
    NP_("sheet heading", "last"),
    NP_("sheet heading", "belote"),
    NP_("sheet heading", "capot"),
    NP_("sheet heading", "declarations"),
    NP_("sheet heading", "outcome"),
    NP_("sheet heading", "note"),
    # Translators: a team's running total.
    NP_("sheet heading", "running"),
    NP_("sheet heading", "TOTAL"),
    # Translators: short headings of a narrow table, explained by its legend.
    NP_("sheet heading", "dl"),
    NP_("sheet heading", "ct"),
    NP_("sheet heading", "by"),
    NP_("sheet heading", "bel"),
    NP_("sheet heading", "decl"),
    NP_("sheet heading", "rank"),
)
# The card tables of ``rules show``.
TABLE_NAMES = {
    "trump": NP_("belote card table", "trump"),
    "plain": NP_("belote card table", "plain"),
    "no-trumps": NP_("belote card table", "no-trumps"),
    "all-trumps": NP_("belote card table", "all-trumps"),
}
NO_DEALS = N_("no deals yet")
STANDINGS = N_("Standings")
VIOLATIONS = N_("Violations")


def team_tags(result: TeamGame) -> tuple[str, str]:
    """Short names for the two teams: their players' initials (``AC``, ``BD``)."""

    tags = initials(result.players)
    a, b = ("".join(tags[p] for p in team) for team in result.teams)
    return a, b


def _team(tags: tuple[str, str], team: int | None) -> str:
    return "" if team is None else tags[team]


def _note(result: GameScore, deal: DealScore) -> str:
    notes = []
    if deal.held:
        notes.append(_("{points} held").format(points=deal.held))
    for k in (0, 1):
        if deal.released[k]:
            notes.append(
                _("+{points} litige to {team}").format(
                    points=deal.released[k], team=result.team_name(k)
                )
            )
    return "; ".join(notes)


def _declarations(tags: tuple[str, str], deal: DealScore) -> str:
    return " ".join(f"{tags[x.team]}:{kind_word(x.kind)} {x.rank}" for x in deal.declarations)


def _points_cell(points: tuple[int, int], from_cards: bool) -> str:
    """``62/90``, or ``62/90 (cards)`` when counted from the cards."""
    pair = f"{points[0]}/{points[1]}"
    return _("{points} (cards)").format(points=pair) if from_cards else pair


CONTRACT_CODES = {
    "spades": "♠",
    "hearts": "♥",
    "diamonds": "♦",
    "clubs": "♣",
    "no-trumps": "NT",
    "all-trumps": "AT",
}


def _code_legend(result: GameScore) -> str:
    used = {d.contract for d in result.deals}
    pairs = [f"{CONTRACT_CODES[c]} {contract_word(c)}" for c in CONTRACT_CODES if c in used]
    return _("contracts: {codes}").format(codes=", ".join(pairs)) if pairs else ""


def score_table(result: GameScore, term: Term | None = None) -> str:
    """One row per deal: who took what, the card points, the outcome and the scores."""

    term = term or Term.detect()
    tags = team_tags(result)
    who = initials(result.players)
    names = [result.team_name(0), result.team_name(1)]
    with_decl = result.rules.declarations
    full: list[list[Cell]] = []
    short: list[list[Cell]] = []
    for d in result.deals:
        scores: list[Cell] = [str(d.score[0]), str(d.score[1])]
        points = _points_cell(d.points, d.from_cards)
        extras = [_team(tags, d.last_trick), _team(tags, d.belote), _team(tags, d.capot)]
        decl = [_declarations(tags, d)] if with_decl else []
        note = _note(result, d)
        full.append(
            [
                str(d.number),
                d.dealer,
                contract_word(d.contract),
                f"{d.taker} ({tags[d.taking_team]})",
                points,
                *extras,
                *decl,
                outcome_word(d.outcome),
                *scores,
                note,
            ]
        )
        short.append(
            [
                str(d.number),
                who[d.dealer],
                CONTRACT_CODES[d.contract],
                who[d.taker],
                outcome_word(d.outcome),
                *scores,
                points,
                *extras,
                *decl,
                note,
            ]
        )
    blank = [""] * (len(full[0]) if full else 0)
    if full:
        first = len(blank) - 3
        total = heading("TOTAL")
        full.append([*blank[:2], total, *blank[3:first], *map(str, result.team_totals), ""])
        short.append([*blank[:4], total, *map(str, result.team_totals), *blank[7:]])
    h = heading
    head = ["#", h("dealer"), h("contract"), h("taker"), h("points"), h("last"), h("belote")]
    head += [h("capot"), *([h("declarations")] if with_decl else [])]
    head += [h("outcome"), *names, h("note")]
    short_head = ["#", h("dl"), h("ct"), h("by"), h("outcome"), *tags, h("points"), h("last")]
    short_head += [h("bel"), h("capot"), *([h("decl")] if with_decl else []), h("note")]
    legend = [
        players_legend(result.players, who),
        _("dl: the dealer; ct: the contract; by: the taker"),
        _code_legend(result),
    ]
    first = len(head) - 3
    return fit_table(
        term,
        [
            Layout(head, full, right={0, first, first + 1}, keep=1),
            Layout(
                short_head,
                short,
                right={0, 5, 6},
                keep=3,
                legend=[line for line in legend if line],
                groups=[3, 7],
            ),
        ],
    )


def teams_line(result: TeamGame) -> str:
    tags = team_tags(result)
    return _("teams: {tag0} = {team0}, {tag1} = {team1}").format(
        tag0=tags[0], team0=result.team_name(0), tag1=tags[1], team1=result.team_name(1)
    )


def outcome_line(result: TeamGame) -> str:
    """Who won, or how far the game has gone."""
    played = len(result.deals)
    if result.winner is not None:
        w = result.winner
        return _("{team} won the game at deal {number}, {won} to {lost}").format(
            team=result.team_name(w),
            number=result.won_at,
            won=result.team_totals[w],
            lost=result.team_totals[1 - w],
        )
    return ngettext(
        "{n} deal played; first team to {target}",
        "{n} deals played; first team to {target}",
        played,
    ).format(n=played, target=result.rules.target)


def held_line(result: GameScore) -> str | None:
    if not result.pending:
        return None
    if result.rules.litige_to == "next-made-contract":
        said = _("held: {points} litige points, for the next contract made")
    else:
        said = _("held: {points} litige points, for the team that wins the next deal")
    return said.format(points=result.pending)


def _title(result: GameScore, title: str) -> str:
    said, target = rules_in_force(result.rules), f"target {result.rules.target}"
    # A target changed from the preset's is among the rules in force already: said once.
    if target in said.split("; "):
        return _("{title}: Belote, rules {rules}").format(title=title, rules=said)
    return _("{title}: Belote, rules {rules} — target {target}").format(
        title=title, rules=said, target=result.rules.target
    )


def score_text(result: GameScore, title: str, term: Term | None = None) -> str:
    term = term or Term.detect()
    parts = [term.lines(_title(result, title)), term.lines(teams_line(result)), ""]
    parts += [score_table(result, term) if result.deals else _(NO_DEALS), ""]
    held = held_line(result)
    if held:
        parts.append(term.lines(held))
    parts.append(term.lines(outcome_line(result)))
    if result.violations:
        parts += ["", *violation_lines(term, result.violations)]
    return "\n".join(parts)


def standings(result: TeamGame, term: Term | None = None) -> str:
    """Both teams, the higher total first (tied teams share first place)."""
    names = [result.team_name(0), result.team_name(1)]
    scores = list(result.team_totals)
    return standings_table(term or Term.detect(), names, scores, shown=[str(n) for n in scores])


def sheet_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """The paper sheet: each team's score and running total, deal by deal."""

    term = term or Term.detect()
    tags = team_tags(result)
    who = initials(result.players)
    names = [result.team_name(0), result.team_name(1)]
    h = heading
    header: list[Cell] = ["#", h("contract"), h("taker"), h("outcome")]
    header += [names[0], h("running"), names[1], h("running"), h("note")]
    rows: list[list[Cell]] = []
    short: list[list[Cell]] = []
    for d in result.deals:
        scores: list[Cell] = [
            str(d.score[0]),
            str(d.running[0]),
            str(d.score[1]),
            str(d.running[1]),
        ]
        note = _note(result, d)
        outcome = outcome_word(d.outcome)
        rows.append([str(d.number), contract_name(d.contract), d.taker, outcome, *scores, note])
        short.append(
            [str(d.number), CONTRACT_CODES[d.contract], who[d.taker], outcome, *scores, note]
        )
    short_head: list[Cell] = ["#", h("ct"), h("by"), h("outcome")]
    short_head += [tags[0], f"Σ{tags[0]}", tags[1], f"Σ{tags[1]}", h("note")]
    legend = [
        players_legend(result.players, who),
        _("ct: the contract; by: the taker; Σ: the team's running total"),
        _code_legend(result),
    ]
    parts = [term.lines(_title(result, title)), term.lines(teams_line(result)), ""]
    parts.append(
        fit_table(
            term,
            [
                Layout(header, rows, right={0, 4, 5, 6, 7}),
                Layout(
                    short_head,
                    short,
                    right={0, 4, 5, 6, 7},
                    keep=2,
                    legend=[line for line in legend if line],
                ),
            ],
        )
        if rows
        else _(NO_DEALS)
    )
    parts += ["", _(STANDINGS), standings(result, term)]
    held = held_line(result)
    if held:
        parts.append(term.lines(held))
    parts.append(term.lines(outcome_line(result)))
    if result.violations:
        parts += ["", _(VIOLATIONS), *violation_lines(term, result.violations)]
    return "\n".join(parts)


def status_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """What the table needs before the next deal."""
    term = term or Term.detect()
    lines = [
        term.lines(f"{_title(result, title)} — {outcome_line(result)}"),
        term.lines(teams_line(result)),
    ]
    if result.winner is not None:
        lines.append(_("The game is over."))
    else:
        lines.append(term.lines(next_line(result)))
    lines += ["", _(STANDINGS), standings(result, term)]
    held = held_line(result)
    if held:
        lines.append(term.lines(held))
    if result.violations:
        lines += ["", _(VIOLATIONS), *violation_lines(term, result.violations)]
    return "\n".join(lines)


def deal_text(result: GameScore, number: int, term: Term | None = None) -> str:
    """``deal 1: Bob took hearts for Bob & Dan — made: Ann & Cat 62, Bob & Dan 120``."""
    d = result.deals[number - 1]
    scores = ", ".join(f"{result.team_name(k)} {d.score[k]}" for k in (0, 1))
    line = _(
        "deal {number}: {taker} took {contract} for {team} ({points} to {against}) — "
        "{outcome}: {scores}"
    ).format(
        number=number,
        taker=d.taker,
        contract=contract_word(d.contract),
        team=result.team_name(d.taking_team),
        points=d.deal_points[d.taking_team],
        against=d.deal_points[d.defending_team],
        outcome=outcome_word(d.outcome),
        scores=scores,
    )
    note = _note(result, d)
    return (term or Term.detect()).lines(f"{line} ({note})" if note else line)


def next_line(result: GameScore) -> str:
    """``Next, deal 3: Dan deals.``"""
    return _("Next, deal {number}: {dealer} deals.").format(
        number=len(result.deals) + 1, dealer=result.next_dealer
    )


def after_deal_text(result: GameScore, term: Term | None = None, *, next_deal: bool = True) -> str:
    """Totals after a deal, then who deals next (unless ``next_deal`` is false: ``play``
    says it in the next deal's heading) or the winner."""
    term = term or Term.detect()
    totals = ", ".join(f"{result.team_name(k)} {result.team_totals[k]}" for k in (0, 1))
    lines = [
        term.lines(
            _("totals: {totals} (target {target})").format(
                totals=totals, target=result.rules.target
            )
        )
    ]
    held = held_line(result)
    if held:
        lines.append(term.lines(held))
    lines += violation_lines(term, result.violations)
    if result.winner is not None:
        lines.append(
            term.lines(_("the game is over: {outcome}").format(outcome=outcome_line(result)))
        )
    elif next_deal:
        lines.append(term.lines(next_line(result)))
    return "\n".join(lines)


def rules_text(rules: BeloteRules) -> str:
    """A preset as text (for ``scoresheet rules show``): every value, the card tables
    and each contract's totals derived from them."""

    contracts = ", ".join(contract_word(c) for c in rules.contracts)
    belote = (
        _("last trick {last}, belote {belote} (also in All Trumps), capot {capot}")
        if rules.belote_all_trumps
        else _("last trick {last}, belote {belote}, capot {capot}")
    )
    if rules.tie != "litige":
        tie = _("a tie is a dedans")
    elif rules.litige_to == "next-made-contract":
        tie = _("a tie is a litige; its points go to the next contract made")
    else:
        tie = _("a tie is a litige; its points go to the next winner")
    lines = [
        f"{rules.name}: {describe(rules.description)}",
        _("game: belote, {players} players in two teams; first team to {target}").format(
            players=rules.players, target=rules.target
        ),
        rotation_line(rules.rotation, contracts),
        belote.format(last=rules.last_trick, belote=rules.belote, capot=rules.capot),
        tie,
        _("rounding: {rounding}").format(rounding=rules.rounding),
    ]
    values = rules.declaration_values
    if rules.declarations and values is not None:
        carres = ", ".join(f"{r} {v}" for r, v in values.carre.items())
        lines.append(
            _(
                "declarations: tierce {tierce}, cinquante {cinquante}, cent {cent}; carrés {carres}"
            ).format(
                tierce=values.tierce, cinquante=values.cinquante, cent=values.cent, carres=carres
            )
        )
    else:
        lines.append(_("declarations: not used"))
    lines += ["", card_table(rules)]
    groups: dict[tuple[int, int], list[str]] = {}
    for c in rules.contracts:
        groups.setdefault((rules.card_total(c), rules.deal_total(c)), []).append(c)
    lines.append("")
    lines += [
        _("{contracts}: {cards} card points, {deal} with the last trick").format(
            contracts=", ".join(contract_word(c) for c in names), cards=cards, deal=deal
        )
        for (cards, deal), names in groups.items()
    ]
    return "\n".join(lines)


def describe(description: str) -> str:
    """A rules file's description: a shipped preset's in the language in force (see
    :data:`scoresheet.partnership.rules.DESCRIPTIONS`), the table's own as written."""
    return _(description) if description else description


def rotation_line(rotation: str, contracts: str) -> str:
    """``deal passes counter-clockwise; contracts: spades, hearts, …``."""
    if rotation == "clockwise":
        said = _("deal passes clockwise; contracts: {contracts}")
    else:
        said = _("deal passes counter-clockwise; contracts: {contracts}")
    return said.format(contracts=contracts)


def card_table(rules: BeloteRules) -> str:
    """The card points of each rank in each table, and each table's total."""
    header = [heading("rank"), *(pgettext("belote card table", TABLE_NAMES[t]) for t in TABLES)]
    rows = [[r, *(str(rules.points[t][r]) for t in TABLES)] for r in TRUMP_ORDER]
    rows.append(["", *(str(sum(rules.points[t][r] for r in RANK_KEYS)) for t in TABLES)])
    return fit_table(Term(width=1000), [Layout(header, rows, right=set(range(1, len(header))))])


def rules_json(rules: BeloteRules) -> dict[str, Any]:
    """A full rules object: what a game file's ``rules`` key may carry instead of a name."""
    return dict(rules.data)
