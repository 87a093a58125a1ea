"""Belote as text for the terminal: ``score``, ``show``, ``status`` and the lines ``add``,
``edit`` and ``play`` print after a deal."""

from __future__ import annotations

from typing import Any

from scoresheet.games.belote.rules import (
    CONTRACT_NAMES,
    RANK_KEYS,
    TABLES,
    TRUMP_ORDER,
    BeloteRules,
)
from scoresheet.games.belote.score import DealScore, GameScore, TeamGame
from scoresheet.views.common import (
    initials,
    players_legend,
    rules_in_force,
    standings_table,
    violation_lines,
)
from scoresheet.views.term import Cell, Layout, Term, fit_table, plural


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
        notes.append(f"{deal.held} held")
    for k in (0, 1):
        if deal.released[k]:
            notes.append(f"+{deal.released[k]} litige to {result.team_name(k)}")
    return "; ".join(notes)


def _declarations(tags: tuple[str, str], deal: DealScore) -> str:
    return " ".join(f"{tags[x.team]}:{x.kind} {x.rank}" for x in deal.declarations)


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
    pairs = [f"{CONTRACT_CODES[c]} {c}" for c in CONTRACT_CODES if c in used]
    return "contracts: " + ", ".join(pairs) if pairs else ""


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
        points = f"{d.points[0]}/{d.points[1]}" + (" (cards)" if d.from_cards else "")
        extras = [_team(tags, d.last_trick), _team(tags, d.belote), _team(tags, d.capot)]
        decl = [_declarations(tags, d)] if with_decl else []
        note = _note(result, d)
        full.append(
            [
                str(d.number),
                d.dealer,
                d.contract,
                f"{d.taker} ({tags[d.taking_team]})",
                points,
                *extras,
                *decl,
                d.outcome,
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
                d.outcome,
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
        full.append([*blank[:2], "TOTAL", *blank[3:first], *map(str, result.team_totals), ""])
        short.append([*blank[:4], "TOTAL", *map(str, result.team_totals), *blank[7:]])
    head = ["#", "dealer", "contract", "taker", "points", "last", "belote", "capot"]
    head += ["declarations"] if with_decl else []
    head += ["outcome", *names, "note"]
    short_head = ["#", "dl", "ct", "by", "outcome", *tags, "points", "last", "bel", "capot"]
    short_head += ["decl"] if with_decl else []
    short_head += ["note"]
    legend = [
        players_legend(result.players, who),
        "dl: the dealer; ct: the contract; by: the taker",
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
    return f"teams: {tags[0]} = {result.team_name(0)}, {tags[1]} = {result.team_name(1)}"


def outcome_line(result: TeamGame) -> str:
    """Who won, or how far the game has gone."""
    played = len(result.deals)
    if result.winner is not None:
        w = result.winner
        return (
            f"{result.team_name(w)} won the game at deal {result.won_at}, "
            f"{result.team_totals[w]} to {result.team_totals[1 - w]}"
        )
    return f"{plural(played, 'deal')} played; first team to {result.rules.target}"


def held_line(result: GameScore) -> str | None:
    if not result.pending:
        return None
    to = (
        "the next contract made"
        if result.rules.litige_to == "next-made-contract"
        else "the team that wins the next deal"
    )
    return f"held: {result.pending} litige points, for {to}"


def _title(result: GameScore, title: str) -> str:
    said, target = rules_in_force(result.rules), f"target {result.rules.target}"
    # A target changed from the preset's is among the rules in force already: said once.
    return f"{title}: Belote, rules {said}" + ("" if target in said.split("; ") else f" — {target}")


def score_text(result: GameScore, title: str, term: Term | None = None) -> str:
    term = term or Term.detect()
    parts = [term.lines(_title(result, title)), term.lines(teams_line(result)), ""]
    parts += [score_table(result, term) if result.deals else "no deals yet", ""]
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
    header: list[Cell] = ["#", "contract", "taker", "outcome"]
    header += [names[0], "running", names[1], "running", "note"]
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
        rows.append([str(d.number), CONTRACT_NAMES[d.contract], d.taker, d.outcome, *scores, note])
        short.append(
            [str(d.number), CONTRACT_CODES[d.contract], who[d.taker], d.outcome, *scores, note]
        )
    short_head: list[Cell] = ["#", "ct", "by", "outcome"]
    short_head += [tags[0], f"Σ{tags[0]}", tags[1], f"Σ{tags[1]}", "note"]
    legend = [
        players_legend(result.players, who),
        "ct: the contract; by: the taker; Σ: the team's running total",
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
        else "no deals yet"
    )
    parts += ["", "Standings", standings(result, term)]
    held = held_line(result)
    if held:
        parts.append(term.lines(held))
    parts.append(term.lines(outcome_line(result)))
    if result.violations:
        parts += ["", "Violations", *violation_lines(term, result.violations)]
    return "\n".join(parts)


def status_text(result: GameScore, title: str, term: Term | None = None) -> str:
    """What the table needs before the next deal."""
    term = term or Term.detect()
    lines = [
        term.lines(f"{_title(result, title)} — {outcome_line(result)}"),
        term.lines(teams_line(result)),
    ]
    if result.winner is not None:
        lines.append("The game is over.")
    else:
        lines.append(term.lines(next_line(result)))
    lines += ["", "Standings", standings(result, term)]
    held = held_line(result)
    if held:
        lines.append(term.lines(held))
    if result.violations:
        lines += ["", "Violations", *violation_lines(term, result.violations)]
    return "\n".join(lines)


def deal_text(result: GameScore, number: int, term: Term | None = None) -> str:
    """``deal 1: Bob took hearts for Bob & Dan — made: Ann & Cat 62, Bob & Dan 120``."""
    d = result.deals[number - 1]
    scores = ", ".join(f"{result.team_name(k)} {d.score[k]}" for k in (0, 1))
    line = (
        f"deal {number}: {d.taker} took {d.contract} for {result.team_name(d.taking_team)} "
        f"({d.deal_points[d.taking_team]} to {d.deal_points[d.defending_team]}) — "
        f"{d.outcome}: {scores}"
    )
    note = _note(result, d)
    return (term or Term.detect()).lines(f"{line} ({note})" if note else line)


def next_line(result: GameScore) -> str:
    """``Next, deal 3: Dan deals.``"""
    return f"Next, deal {len(result.deals) + 1}: {result.next_dealer} deals."


def after_deal_text(result: GameScore, term: Term | None = None, *, next_deal: bool = True) -> str:
    """Totals after a deal, then who deals next (unless ``next_deal`` is false: ``play``
    says it in the next deal's heading) or the winner."""
    term = term or Term.detect()
    totals = ", ".join(f"{result.team_name(k)} {result.team_totals[k]}" for k in (0, 1))
    lines = [term.lines(f"totals: {totals} (target {result.rules.target})")]
    held = held_line(result)
    if held:
        lines.append(term.lines(held))
    lines += violation_lines(term, result.violations)
    if result.winner is not None:
        lines.append(term.lines(f"the game is over: {outcome_line(result)}"))
    elif next_deal:
        lines.append(term.lines(next_line(result)))
    return "\n".join(lines)


def rules_text(rules: BeloteRules) -> str:
    """A preset as text (for ``scoresheet rules show``): every value, the card tables
    and each contract's totals derived from them."""

    lines = [
        f"{rules.name}: {rules.description}",
        f"game: belote, {rules.players} players in two teams; first team to {rules.target}",
        f"deal passes {rules.rotation}; contracts: {', '.join(rules.contracts)}",
        f"last trick {rules.last_trick}, belote {rules.belote}"
        + (" (also in All Trumps)" if rules.belote_all_trumps else "")
        + f", capot {rules.capot}",
        f"a tie is a {rules.tie}"
        + (
            "; its points go to the "
            + ("next contract made" if rules.litige_to == "next-made-contract" else "next winner")
            if rules.tie == "litige"
            else ""
        ),
        f"rounding: {rules.rounding}",
    ]
    values = rules.declaration_values
    if rules.declarations and values is not None:
        carres = ", ".join(f"{r} {v}" for r, v in values.carre.items())
        lines.append(
            f"declarations: tierce {values.tierce}, cinquante {values.cinquante}, "
            f"cent {values.cent}; carrés {carres}"
        )
    else:
        lines.append("declarations: not used")
    lines += ["", card_table(rules)]
    groups: dict[tuple[int, int], list[str]] = {}
    for c in rules.contracts:
        groups.setdefault((rules.card_total(c), rules.deal_total(c)), []).append(c)
    lines.append("")
    lines += [
        f"{', '.join(names)}: {cards} card points, {deal} with the last trick"
        for (cards, deal), names in groups.items()
    ]
    return "\n".join(lines)


def card_table(rules: BeloteRules) -> str:
    """The card points of each rank in each table, and each table's total."""
    header = ["rank", *TABLES]
    rows = [[r, *(str(rules.points[t][r]) for t in TABLES)] for r in TRUMP_ORDER]
    rows.append(["", *(str(sum(rules.points[t][r] for r in RANK_KEYS)) for t in TABLES)])
    return fit_table(Term(width=1000), [Layout(header, rows, right=set(range(1, len(header))))])


def rules_json(rules: BeloteRules) -> dict[str, Any]:
    """A full rules object: what a game file's ``rules`` key may carry instead of a name."""
    return dict(rules.data)
