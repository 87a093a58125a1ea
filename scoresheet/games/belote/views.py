"""Belote as text for the terminal: ``score``, ``show``, ``status`` and the lines ``add``,
``edit`` and ``play`` print after a deal."""

from __future__ import annotations

from collections.abc import Sequence

from scoresheet.games.belote.rules import CONTRACT_NAMES, BeloteRules
from scoresheet.games.belote.score import DealScore, GameScore


def _table(header: Sequence[str], rows: Sequence[Sequence[str]], right: set[int]) -> str:
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(header), rule, *(line(r) for r in rows)])


def team_tags(result: GameScore) -> tuple[str, str]:
    """Short names for the two teams: their players' initials (``AC``, ``BD``)."""
    from scoresheet.views.text import initials

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


def score_table(result: GameScore) -> str:
    """One row per deal: who took what, the card points, the outcome and the scores."""
    tags = team_tags(result)
    names = [result.team_name(0), result.team_name(1)]
    with_decl = result.rules.declarations
    header = ["#", "dealer", "contract", "taker", "points", "last", "belote", "capot"]
    header += ["declarations"] if with_decl else []
    header += ["outcome", *names, "note"]
    first_score = len(header) - 3
    rows: list[list[str]] = []
    for d in result.deals:
        row = [
            str(d.number),
            d.dealer,
            d.contract,
            f"{d.taker} ({tags[d.taking_team]})",
            f"{d.points[0]}/{d.points[1]}" + (" (cards)" if d.from_cards else ""),
            _team(tags, d.last_trick),
            _team(tags, d.belote),
            _team(tags, d.capot),
        ]
        if with_decl:
            row.append(_declarations(tags, d))
        row += [d.outcome, str(d.score[0]), str(d.score[1]), _note(result, d)]
        rows.append(row)
    rows.append(
        [
            "",
            "",
            "TOTAL",
            *[""] * (first_score - 3),
            str(result.team_totals[0]),
            str(result.team_totals[1]),
            "",
        ]
    )
    return _table(header, rows, {0, first_score, first_score + 1})


def teams_line(result: GameScore) -> str:
    tags = team_tags(result)
    return f"teams: {tags[0]} = {result.team_name(0)}, {tags[1]} = {result.team_name(1)}"


def outcome_line(result: GameScore) -> str:
    """Who won, or how far the game has gone."""
    played = len(result.deals)
    if result.winner is not None:
        w = result.winner
        return (
            f"{result.team_name(w)} won the game at deal {result.won_at}, "
            f"{result.team_totals[w]} to {result.team_totals[1 - w]}"
        )
    return f"{played} deal{'' if played == 1 else 's'} played; first team to {result.rules.target}"


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
    return f"{title}: Belote, rules {result.rules.name} — target {result.rules.target}"


def score_text(result: GameScore, title: str) -> str:
    parts = [_title(result, title), teams_line(result), "", score_table(result), ""]
    held = held_line(result)
    if held:
        parts.append(held)
    parts.append(outcome_line(result))
    return "\n".join(parts)


def standings(result: GameScore) -> str:
    order = sorted((0, 1), key=lambda k: -result.team_totals[k])
    width = max(len(result.team_name(k)) for k in order)
    return "\n".join(
        f"{i}. {result.team_name(k).ljust(width)}  {result.team_totals[k]}"
        for i, k in enumerate(order, 1)
    )


def sheet_text(result: GameScore, title: str) -> str:
    """The paper sheet: each team's score and running total, deal by deal."""
    names = [result.team_name(0), result.team_name(1)]
    header = ["#", "contract", "taker", "outcome"]
    header += [names[0], "running", names[1], "running", "note"]
    rows = [
        [
            str(d.number),
            CONTRACT_NAMES[d.contract],
            d.taker,
            d.outcome,
            str(d.score[0]),
            str(d.running[0]),
            str(d.score[1]),
            str(d.running[1]),
            _note(result, d),
        ]
        for d in result.deals
    ]
    parts = [_title(result, title), teams_line(result), ""]
    parts.append(_table(header, rows, {0, 4, 5, 6, 7}) if rows else "no deals yet")
    parts += ["", "Standings", standings(result)]
    held = held_line(result)
    if held:
        parts.append(held)
    parts.append(outcome_line(result))
    return "\n".join(parts)


def status_text(result: GameScore, title: str) -> str:
    """What the table needs before the next deal."""
    lines = [f"{_title(result, title)} — {outcome_line(result)}", teams_line(result)]
    if result.winner is not None:
        lines.append("The game is over.")
    else:
        lines.append(f"Next, deal {len(result.deals) + 1}: {result.next_dealer} deals.")
    lines += ["", "Standings", standings(result)]
    held = held_line(result)
    if held:
        lines.append(held)
    return "\n".join(lines)


def deal_text(result: GameScore, number: int) -> str:
    """``deal 1: Bob took hearts for Bob & Dan — made: Ann & Cat 62, Bob & Dan 120``."""
    d = result.deals[number - 1]
    scores = ", ".join(f"{result.team_name(k)} {d.score[k]}" for k in (0, 1))
    line = (
        f"deal {number}: {d.taker} took {d.contract} for {result.team_name(d.taking_team)} "
        f"({d.deal_points[d.taking_team]} to {d.deal_points[d.defending_team]}) — "
        f"{d.outcome}: {scores}"
    )
    note = _note(result, d)
    return f"{line} ({note})" if note else line


def after_deal_text(result: GameScore) -> str:
    lines = [
        "totals: "
        + ", ".join(f"{result.team_name(k)} {result.team_totals[k]}" for k in (0, 1))
        + f" (target {result.rules.target})"
    ]
    held = held_line(result)
    if held:
        lines.append(held)
    if result.winner is not None:
        lines.append(f"the game is over: {outcome_line(result)}")
    return "\n".join(lines)


def rules_text(rules: BeloteRules) -> str:
    """A preset as text (for ``scoresheet rules show``): every value, the card tables
    and each contract's totals derived from them."""
    from scoresheet.games.belote.rules import RANK_KEYS, TABLES, TRUMP_ORDER

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
    header = ["rank", *TABLES]
    rows = [[r, *(str(rules.points[t][r]) for t in TABLES)] for r in TRUMP_ORDER]
    rows.append(["", *(str(sum(rules.points[t][r] for r in RANK_KEYS)) for t in TABLES)])
    lines += ["", _table(header, rows, set(range(1, len(header))))]
    groups: dict[tuple[int, int], list[str]] = {}
    for c in rules.contracts:
        groups.setdefault((rules.card_total(c), rules.deal_total(c)), []).append(c)
    lines.append("")
    lines += [
        f"{', '.join(names)}: {cards} card points, {deal} with the last trick"
        for (cards, deal), names in groups.items()
    ]
    return "\n".join(lines)
