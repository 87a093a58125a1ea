"""A Belote game as a live workbook; blank sheets; audit and import of a workbook.

Four sheets, each with three header rows and one row per deal (or declaration) from
row 4 on:

* ``Results`` (inputs): the dealer (by the rotation), the contract, the taker, each
  team's card points, the teams that took the last trick, announced belote and made a
  capot, and optionally the cards each team captured (checked by ``audit``);
* ``Declarations`` (inputs): one row per declaration: deal, team, kind, rank; its value
  and strength are formulas;
* ``Scores``: per deal the taking team, the outcome (made, dedans, litige), each team's
  score and running total, who has won, the litige points held; then the workings:
  the card points check, what each team took, belote, declarations, the raw and rounded
  scores and the litige points released; the totals at the bottom;
* ``Rules``: the rule values as named cells (``r_target``, ``r_last_trick``,
  ``r_belote``, ``r_capot``, ``r_tie``, …), the players and teams, the four card-point
  tables and each contract's totals as formulas over them, the declaration values.

Every computed number is a formula over the input cells and the named rule cells; the
library's values are saved with them (see :mod:`scoresheet.sheets.export`). The card
points of a deal are typed (the sheet does not count cards); captured cards typed in
Results are checked against them by ``audit`` and kept by ``import``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

from scoresheet.errors import ScoresheetError
from scoresheet.games.belote.rules import (
    KINDS,
    RANK_KEYS,
    SEQUENCES,
    SUIT_CONTRACTS,
    TABLES,
    TRUMP_ORDER,
    BeloteRules,
    dealer_of,
    parse_rank,
)
from scoresheet.games.belote.score import (
    DealScore,
    GameScore,
    Teams,
    play_out,
    score_deal,
    team_name,
    teams_of,
)
from scoresheet.limits import MAX_DEAL_ROWS, MAX_DECLARATION_ROWS, SHEET_MARGIN
from scoresheet.rules import rules_of
from scoresheet.sheets.audit import Report, Sheet
from scoresheet.sheets.export import print_setup, save_with_values, write_cells
from scoresheet.sheets.layout import Cell, Value, col_letter, text_literal
from scoresheet.sheets.safety import strict_json

if TYPE_CHECKING:
    from openpyxl.formatting.rule import Rule
    from openpyxl.worksheet.worksheet import Worksheet

SCORES = "Scores"
RESULTS = "Results"
DECLARATIONS = "Declarations"
RULES = "Rules"
SHEETS = (SCORES, RESULTS, DECLARATIONS, RULES)
FIRST = 4
FORMAT = "scoresheet-workbook"
VERSION = 1
GAME = "belote"

# Results columns (inputs).
R_DEAL, R_DEALER, R_CONTRACT, R_TAKER = 1, 2, 3, 4
R_POINTS = (5, 6)
R_LAST, R_BELOTE, R_CAPOT = 7, 8, 9
R_CARDS = (10, 11)
# Declarations columns.
D_DEAL, D_TEAM, D_KIND, D_RANK, D_VALUE, D_STRENGTH = 1, 2, 3, 4, 5, 6

SCORE_COLUMNS = (
    "deal",
    "contract",
    "taker",
    "taking",
    "outcome",
    "score0",
    "running0",
    "score1",
    "running1",
    "won",
    "held",
    "pending",
    "sum",
    "of",
    "taken0",
    "belote0",
    "declared0",
    "best0",
    "scored0",
    "points0",
    "taken1",
    "belote1",
    "declared1",
    "best1",
    "scored1",
    "points1",
    "raw0",
    "rounded0",
    "released0",
    "raw1",
    "rounded1",
    "released1",
)
S = {name: i + 1 for i, name in enumerate(SCORE_COLUMNS)}

INPUT_FILL = "FFF6D5"
HEADER_FILL = "D9D9D9"
RULE_FILL = "E2EFDA"
RED_FILL = "FFC7CE"
AMBER_FILL = "FFEB9C"


@dataclass(frozen=True, slots=True)
class RuleCell:
    """A named rule value on the Rules sheet; ``option`` is its path in a rules object."""

    name: str
    label: str
    value: int | bool | str | None
    option: tuple[str, ...]
    row: int
    col: int = 2


class Layout:
    """Where everything sits, for one game's players, teams and rules."""

    def __init__(
        self,
        players: Sequence[str],
        teams: Teams,
        rules: BeloteRules,
        rows: int,
        decl_rows: int,
        spec: str,
        options: Mapping[str, Any] | None,
    ) -> None:
        self.players = tuple(players)
        self.teams = teams
        self.rules = rules
        self.rows = rows
        self.decl_rows = decl_rows
        self.spec = spec
        self.options = dict(options or {})
        self.last = FIRST + rows - 1
        self.decl_last = FIRST + decl_rows - 1
        self.totals_row = self.last + 2
        self.labels = (team_name(teams, 0), team_name(teams, 1))
        self.rule_cells: list[RuleCell] = []
        r = rules
        row = 9

        def add(name: str, label: str, value: Any, option: tuple[str, ...]) -> None:
            nonlocal row
            self.rule_cells.append(RuleCell(name, label, value, option, row))
            row += 1

        add("r_target", "target: the first team to reach it wins", r.target, ("target",))
        add("r_last_trick", "last trick (dix de der)", r.last_trick, ("last_trick",))
        add("r_belote", "belote-rebelote", r.belote, ("belote",))
        add("r_capot", "capot: all 8 tricks", r.capot, ("capot",))
        add("r_tie", "a tie is (litige, dedans)", r.tie, ("tie",))
        add(
            "r_litige_to",
            "litige points go to (next-made-contract, next-deal-winner)",
            r.litige_to,
            ("litige_to",),
        )
        add("r_rounding", "rounding (none, nearest-10)", r.rounding, ("rounding",))
        add("r_declarations", "declarations in use", r.declarations, ("declarations",))
        add(
            "r_belote_all_trumps",
            "belote in All Trumps",
            r.belote_all_trumps,
            ("belote_all_trumps",),
        )
        add(
            "r_rotation",
            "the deal passes (counter-clockwise, clockwise)",
            r.rotation,
            ("rotation",),
        )
        row += 1
        self.players_row = row  # player_1 … player_4
        row += len(self.players) + 1
        self.teams_header = row
        self.team_rows = (row + 1, row + 2)  # B, C: the partners; D: the team's name
        row += 4
        self.points_header = row
        self.points_rows = {rank: row + 1 + i for i, rank in enumerate(TRUMP_ORDER)}
        self.points_cols = {table: 2 + i for i, table in enumerate(TABLES)}
        for table in TABLES:
            for rank in TRUMP_ORDER:
                self.rule_cells.append(
                    RuleCell(
                        f"pts:{table}:{rank}",
                        f"{table} {rank}",
                        r.points[table][rank],
                        ("points", table, rank),
                        self.points_rows[rank],
                        self.points_cols[table],
                    )
                )
        row = self.points_rows[TRUMP_ORDER[-1]] + 2
        self.contracts_header = row
        self.contract_rows = {c: row + 1 + i for i, c in enumerate(r.contracts)}
        row += len(r.contracts) + 2
        self.kinds_header = row
        self.kind_rows = {k: row + 1 + i for i, k in enumerate(SEQUENCES)}
        values = r.declaration_values
        for kind in SEQUENCES:
            self.rule_cells.append(
                RuleCell(
                    f"decl:{kind}",
                    kind,
                    getattr(values, kind) if values is not None else None,
                    ("declaration_values", kind),
                    self.kind_rows[kind],
                )
            )
        row += len(SEQUENCES) + 2
        self.ranks_header = row
        self.rank_rows = {rank: row + 1 + i for i, rank in enumerate(TRUMP_ORDER)}
        for rank in TRUMP_ORDER:
            self.rule_cells.append(
                RuleCell(
                    f"carre:{rank}",
                    f"four {rank}s",
                    values.carre.get(rank) if values is not None else None,
                    ("declaration_values", "carre", rank),
                    self.rank_rows[rank],
                )
            )

    def row(self, deal: int) -> int:
        return FIRST + deal - 1

    def dealer(self, deal: int) -> str:
        return dealer_of(self.rules, self.players, deal - 1)

    def rule(self, name: str) -> RuleCell:
        return next(c for c in self.rule_cells if c.name == name)


def _rows_for(result: GameScore, blank: bool) -> tuple[int, int]:
    """How many deal and declaration rows a workbook has: room to go on, unless complete."""
    room = max(30, result.rules.target // 50)
    played = len(result.deals)
    declared = sum(len(d.declarations) for d in result.deals)
    if blank:
        return room, room
    if result.complete:
        return max(played, 1), max(declared, 10)
    # The bounds every reader keeps to (a game holds at most MAX_DEALS deals).
    return (
        min(max(played + 10, room), MAX_DEAL_ROWS),
        min(max(declared + 20, room), MAX_DECLARATION_ROWS),
    )


# -- planning every cell -----------------------------------------------------------------------


@dataclass
class Plan:
    layout: Layout
    cells: list[Cell] = field(default_factory=list)
    names: dict[str, str] = field(default_factory=dict)  # defined name → target
    merges: list[tuple[str, int, int, int]] = field(default_factory=list)  # sheet, row, c1, c2

    def add(
        self,
        sheet: str,
        row: int,
        col: int,
        value: Value,
        formula: str | None = None,
        style: str = "",
        label: str = "",
        deal: int | None = None,
    ) -> None:
        self.cells.append(Cell(sheet, row, col, value, formula, style, label, deal))

    def formulas(self) -> list[Cell]:
        return [c for c in self.cells if c.formula is not None]


def _res(col: int, row: int) -> str:
    return f"{RESULTS}!${col_letter(col)}{row}"


def _s(name: str, row: int) -> str:
    return f"${col_letter(S[name])}{row}"


def _round(expr: str) -> str:
    return f'IF(r_rounding="nearest-10",ROUND(({expr})/10,0)*10,{expr})'


def _cards_text(cards: Any) -> str:
    return cards if isinstance(cards, str) else " ".join(cards)


def plan_workbook(
    layout: Layout,
    record: Mapping[str, Any],
    result: GameScore,
    *,
    title: str = "",
    declaration_rows: Mapping[int, tuple[int, Mapping[str, Any]]] | None = None,
) -> Plan:
    """Every cell of the workbook for a scored game (no deals: a blank sheet).

    The declarations fill the Declarations rows in the game's order, or where
    ``declaration_rows`` (row → deal number and declaration) says: where a workbook
    being audited has them.
    """
    lay = layout
    plan = Plan(lay)
    rules = lay.rules
    _plan_rules(plan)
    labels = lay.labels
    deals = list(record.get("deals") or [])
    heading = title or f"Belote: {labels[0]} against {labels[1]}"
    target = f"first team to {rules.target} wins"
    plan.add(SCORES, 1, 1, f"{heading} — rules {rules.name}, {target}", style="title")
    plan.add(RESULTS, 1, 1, "Results: what the table reported (inputs)", style="title")
    plan.add(DECLARATIONS, 1, 1, "Declarations (inputs, one row each)", style="title")

    # Results headers and inputs.
    heads = [
        "deal",
        "dealer",
        "contract",
        "taker",
        labels[0],
        labels[1],
        "last trick",
        "belote",
        "capot",
        labels[0],
        labels[1],
    ]
    # Each group heading spans its columns; the teams' names stand under it.
    plan.add(RESULTS, 2, R_POINTS[0], "Card points", style="header")
    plan.merges.append((RESULTS, 2, R_POINTS[0], R_POINTS[1]))
    plan.add(RESULTS, 2, R_LAST, "Team (pick from the list)", style="header")
    plan.merges.append((RESULTS, 2, R_LAST, R_CAPOT))
    plan.add(RESULTS, 2, R_CARDS[0], "Cards captured (optional, checked by audit)", style="header")
    plan.merges.append((RESULTS, 2, R_CARDS[0], R_CARDS[1]))
    for col, text in enumerate(heads, 1):
        plan.add(RESULTS, 3, col, text, style="header")
    decl_rows: list[tuple[int, dict[str, Any]]] = []
    for n in range(1, lay.rows + 1):
        row = lay.row(n)
        plan.add(RESULTS, row, R_DEAL, n, style="deal")
        plan.add(RESULTS, row, R_DEALER, lay.dealer(n), style="fixed")
        deal = deals[n - 1] if n <= len(deals) else None
        res: dict[str, Any] = dict(deal["result"]) if deal else {}
        scored = result.deals[n - 1] if deal and n <= len(result.deals) else None
        values: dict[int, Value] = {}
        if deal is not None:
            values[R_CONTRACT] = deal["contract"]
            values[R_TAKER] = deal["taker"]
            pts = scored.points if scored is not None else res.get("points") or (None, None)
            values[R_POINTS[0]], values[R_POINTS[1]] = pts[0], pts[1]
            last = scored.last_trick if scored is not None else res.get("last_trick")
            for col, team in ((R_LAST, last), (R_BELOTE, res.get("belote"))):
                values[col] = labels[team] if team is not None else None
            values[R_CAPOT] = labels[res["capot"]] if res.get("capot") is not None else None
            if res.get("cards"):
                for k in (0, 1):
                    values[R_CARDS[k]] = _cards_text(res["cards"][k])
            for x in res.get("declarations") or []:
                # The rank as the rules key it ("T", "j" → "10", "J"), as score reads it.
                decl_rows.append((n, {**x, "rank": parse_rank(str(x["rank"]))}))
        for col in (R_CONTRACT, R_TAKER, *R_POINTS, R_LAST, R_BELOTE, R_CAPOT, *R_CARDS):
            plan.add(RESULTS, row, col, values.get(col), style="input", deal=n)

    # Declarations headers and inputs.
    for col, text in enumerate(["deal", "team", "kind", "rank", "value", "strength"], 1):
        plan.add(DECLARATIONS, 3, col, text, style="header")
    plan.add(
        DECLARATIONS,
        2,
        1,
        "Only the team with the best declaration scores its declarations "
        "(strength: value × 100, + 50 for a carré, + the rank's place)",
        style="note",
    )
    placed: Mapping[int, tuple[int, Mapping[str, Any]]] = (
        declaration_rows
        if declaration_rows is not None
        else {FIRST + i: got for i, got in enumerate(decl_rows)}
    )
    for i in range(lay.decl_rows):
        row = FIRST + i
        got = placed.get(row)
        number, x = got if got is not None else (None, {})
        plan.add(DECLARATIONS, row, D_DEAL, number, style="input")
        plan.add(
            DECLARATIONS,
            row,
            D_TEAM,
            labels[x["team"]] if got else None,
            style="input",
        )
        plan.add(DECLARATIONS, row, D_KIND, x.get("kind"), style="input")
        plan.add(DECLARATIONS, row, D_RANK, x.get("rank"), style="input")
        value = strength = 0
        if got is not None:
            value = rules.declaration_value(x["kind"], x["rank"]) or 0
            strength = rules.declaration_strength(x["kind"], x["rank"])
        a, c, d = (f"${col_letter(k)}{row}" for k in (D_DEAL, D_KIND, D_RANK))
        empty = f'OR({a}="",{c}="")'
        rank = f'{d}&""'
        plan.add(
            DECLARATIONS,
            row,
            D_VALUE,
            value,
            f'IF({empty},0,IF({c}="carre",INDEX(carre_values,MATCH({rank},carre_ranks,0)),'
            f"INDEX(decl_values,MATCH({c},decl_kinds,0))))",
            style="formula",
            label=f"declaration row {row}, value",
        )
        plan.add(
            DECLARATIONS,
            row,
            D_STRENGTH,
            strength,
            f'IF({empty},0,${col_letter(D_VALUE)}{row}*100+IF({c}="carre",'
            f"50+INDEX(carre_order,MATCH({rank},carre_ranks,0)),"
            f"INDEX(seq_order,MATCH({rank},seq_ranks,0))))",
            style="formula",
            label=f"declaration row {row}, strength",
        )

    _plan_scores(plan, result)
    return plan


def _plan_rules(plan: Plan) -> None:
    lay = plan.layout
    rules = lay.rules
    add = plan.add
    name = plan.names
    add(RULES, 1, 1, f"Rules: {rules.name} — {rules.description}", style="title")
    facts: list[tuple[str, Value]] = [
        ("workbook", FORMAT),
        ("version", VERSION),
        ("rules", lay.spec),
        ("options", json.dumps(lay.options, ensure_ascii=False) if lay.options else ""),
        ("deal rows", lay.rows),
        ("declaration rows", lay.decl_rows),
    ]
    for row, (label, value) in enumerate(facts, 2):
        add(RULES, row, 1, label, style="label")
        add(RULES, row, 2, value, style="fixed")
    for cell in lay.rule_cells:
        if cell.name.startswith("r_"):
            add(RULES, cell.row, 1, cell.label, style="label")
            add(RULES, cell.row, 2, cell.value, style="rule")
            name[cell.name] = f"{RULES}!$B${cell.row}"
    add(RULES, lay.players_row - 1, 1, "Players, in seating order", style="header")
    for j, p in enumerate(lay.players):
        row = lay.players_row + j
        add(RULES, row, 1, f"player {j + 1}", style="label")
        add(RULES, row, 2, p, style="fixed")
        name[f"player_{j + 1}"] = f"{RULES}!$B${row}"
    first = lay.players_row
    name["players"] = f"{RULES}!$B${first}:$B${first + len(lay.players) - 1}"
    h = lay.teams_header
    for col, text in enumerate(["Teams", "partner", "partner", "team"], 1):
        add(RULES, h, col, text, style="header")
    for k, row in enumerate(lay.team_rows):
        add(RULES, row, 1, f"team {k}", style="label")
        add(RULES, row, 2, lay.teams[k][0], style="fixed")
        add(RULES, row, 3, lay.teams[k][1], style="fixed")
        add(
            RULES,
            row,
            4,
            lay.labels[k],
            f'$B${row}&" & "&$C${row}',
            style="formula",
            label=f"team {k}, name",
        )
        name[f"team_{k}"] = f"{RULES}!$D${row}"
        name[f"team_{k}_players"] = f"{RULES}!$B${row}:$C${row}"
    name["teams"] = f"{RULES}!$D${lay.team_rows[0]}:$D${lay.team_rows[1]}"

    # Card points.
    h = lay.points_header
    for col, text in enumerate(["Card points", *TABLES], 1):
        add(RULES, h, col, text, style="header")
    for rank, row in lay.points_rows.items():
        add(RULES, row, 1, rank, style="fixed")
    ranks = list(lay.points_rows.values())
    name["pts_ranks"] = f"{RULES}!$A${ranks[0]}:$A${ranks[-1]}"
    for cell in lay.rule_cells:
        if cell.name.startswith("pts:"):
            add(RULES, cell.row, cell.col, cell.value, style="rule")
    for table, col in lay.points_cols.items():
        letter = col_letter(col)
        name[f"pts_{table.replace('-', '_')}"] = (
            f"{RULES}!${letter}${ranks[0]}:${letter}${ranks[-1]}"
        )

    # Contracts and their totals.
    h = lay.contracts_header
    for col, text in enumerate(["Contract", "card points", "with the last trick"], 1):
        add(RULES, h, col, text, style="header")
    for contract, row in lay.contract_rows.items():
        add(RULES, row, 1, contract, style="fixed")
        if contract in SUIT_CONTRACTS:
            formula = "SUM(pts_trump)+3*SUM(pts_plain)"
        else:
            formula = f"4*SUM(pts_{contract.replace('-', '_')})"
        add(
            RULES,
            row,
            2,
            rules.card_total(contract),
            formula,
            style="formula",
            label=f"{contract}, card points",
        )
        add(
            RULES,
            row,
            3,
            rules.deal_total(contract),
            f"$B${row}+r_last_trick",
            style="formula",
            label=f"{contract}, with the last trick",
        )
    rows = list(lay.contract_rows.values())
    for key, letter in (("contracts", "A"), ("c_cards", "B"), ("c_total", "C")):
        name[key] = f"{RULES}!${letter}${rows[0]}:${letter}${rows[-1]}"

    # Declarations.
    h = lay.kinds_header
    for col, text in enumerate(["Declaration", "value"], 1):
        add(RULES, h, col, text, style="header")
    for kind, row in lay.kind_rows.items():
        add(RULES, row, 1, kind, style="fixed")
        add(RULES, row, 2, lay.rule(f"decl:{kind}").value, style="rule")
    krows = list(lay.kind_rows.values())
    name["decl_kinds"] = f"{RULES}!$A${krows[0]}:$A${krows[-1]}"
    name["decl_values"] = f"{RULES}!$B${krows[0]}:$B${krows[-1]}"
    h = lay.ranks_header
    for col, text in enumerate(["Rank", "carré value", "carré place", "sequence place"], 1):
        add(RULES, h, col, text, style="header")
    for rank, row in lay.rank_rows.items():
        add(RULES, row, 1, rank, style="fixed")
        add(RULES, row, 2, lay.rule(f"carre:{rank}").value, style="rule")
        add(RULES, row, 3, len(TRUMP_ORDER) - TRUMP_ORDER.index(rank), style="fixed")
        add(RULES, row, 4, RANK_KEYS.index(rank) + 1, style="fixed")
    rrows = list(lay.rank_rows.values())
    for key, letter in (
        ("carre_ranks", "A"),
        ("carre_values", "B"),
        ("carre_order", "C"),
        ("seq_order", "D"),
    ):
        name[key] = f"{RULES}!${letter}${rrows[0]}:${letter}${rrows[-1]}"
    name["seq_ranks"] = name["carre_ranks"]


def _won(result: GameScore, number: int) -> str:
    """The ``won by`` column after deal ``number`` (kept on once a team has won)."""
    if result.won_at is not None and number >= result.won_at:
        return result.team_name(cast("int", result.winner))
    return ""


def _plan_scores(plan: Plan, result: GameScore) -> None:
    lay = plan.layout
    add = plan.add
    labels = lay.labels
    titles = {
        "deal": "deal",
        "contract": "contract",
        "taker": "taker",
        "taking": "taking team",
        "outcome": "outcome",
        "score0": "score",
        "running0": "running",
        "score1": "score",
        "running1": "running",
        "won": "game won by",
        "held": "litige held",
        "pending": "litige pending",
        "sum": "card points",
        "of": "of",
        "raw0": "raw",
        "rounded0": "rounded",
        "released0": "litige in",
        "raw1": "raw",
        "rounded1": "rounded",
        "released1": "litige in",
    }
    for k in (0, 1):
        titles |= {
            f"taken{k}": "cards + last",
            f"belote{k}": "belote",
            f"declared{k}": "declared",
            f"best{k}": "best decl.",
            f"scored{k}": "decl. scored",
            f"points{k}": "deal points",
        }
    for key, text in titles.items():
        add(SCORES, 3, S[key], text, style="header")
    groups = [(f"score{k}", f"running{k}", labels[k]) for k in (0, 1)]
    groups += [(f"taken{k}", f"points{k}", labels[k]) for k in (0, 1)]
    groups += [(f"raw{k}", f"released{k}", labels[k]) for k in (0, 1)]
    groups.append(("sum", "of", "check"))
    for first, last, text in groups:
        add(SCORES, 2, S[first], text, style="header")
        plan.merges.append((SCORES, 2, S[first], S[last]))

    decl = DECLARATIONS
    d_last = lay.decl_last

    def drange(col: int) -> str:
        letter = col_letter(col)
        return f"{decl}!${letter}${FIRST}:${letter}${d_last}"

    played = len(result.deals)
    for n in range(1, lay.rows + 1):
        r = lay.row(n)
        d: DealScore | None = result.deals[n - 1] if n <= played else None
        e = f'{_res(R_CONTRACT, r)}=""'

        def f(body: str, _e: str = e) -> str:
            return f'IF({_e},"",{body})'

        def put(key: str, value: Value, formula: str, what: str, _r: int = r, _n: int = n) -> None:
            add(
                SCORES,
                _r,
                S[key],
                value,
                formula,
                style="score" if key.startswith(("score", "running")) else "formula",
                label=f"deal {_n}, {what}",
                deal=_n,
            )

        def v(get: Any, _d: DealScore | None = d) -> Value:
            return "" if _d is None else cast("Value", get(_d))

        add(SCORES, r, S["deal"], n, style="deal")
        put("contract", v(lambda x: x.contract), f(_res(R_CONTRACT, r)), "contract")
        put("taker", v(lambda x: x.taker), f(_res(R_TAKER, r)), "taker")
        put(
            "taking",
            v(lambda x: labels[x.taking_team]),
            f(f"IF(ISNUMBER(MATCH({_res(R_TAKER, r)},team_0_players,0)),team_0,team_1)"),
            "taking team",
        )
        taking = _s("taking", r)
        outcome = _s("outcome", r)
        capot = _res(R_CAPOT, r)
        for k in (0, 1):
            team = f"team_{k}"
            label = labels[k]
            put(
                f"taken{k}",
                v(lambda x, k=k: x.taken[k]),
                f(
                    f'IF({capot}={team},r_capot,IF({capot}<>"",0,'
                    f"{_res(R_POINTS[k], r)}+IF({_res(R_LAST, r)}={team},r_last_trick,0)))"
                ),
                f"{label}, card points and last trick",
            )
            put(
                f"belote{k}",
                v(lambda x, k=k: x.belote_points[k]),
                f(f"IF({_res(R_BELOTE, r)}={team},r_belote,0)"),
                f"{label}, belote",
            )
            match = f"({drange(D_DEAL)}=$A{r})*({drange(D_TEAM)}={team})"
            put(
                f"declared{k}",
                v(lambda x, k=k: x.declared[k]),
                f(f"SUMPRODUCT({match}*{drange(D_VALUE)})"),
                f"{label}, declarations",
            )
            put(
                f"best{k}",
                v(
                    lambda x, k=k: max(
                        (y.strength for y in x.declarations if y.team == k), default=0
                    )
                ),
                f(f"SUMPRODUCT(MAX({match}*{drange(D_STRENGTH)}))"),
                f"{label}, best declaration",
            )
            put(
                f"scored{k}",
                v(lambda x, k=k: x.declarations_scored[k]),
                f(f"IF({_s(f'best{k}', r)}>{_s(f'best{1 - k}', r)},{_s(f'declared{k}', r)},0)"),
                f"{label}, declarations scored",
            )
            put(
                f"points{k}",
                v(lambda x, k=k: x.deal_points[k]),
                f(f"{_s(f'taken{k}', r)}+{_s(f'belote{k}', r)}+{_s(f'scored{k}', r)}"),
                f"{label}, deal points",
            )
        pt = f"IF({taking}=team_0,{_s('points0', r)},{_s('points1', r)})"
        pd = f"IF({taking}=team_0,{_s('points1', r)},{_s('points0', r)})"
        bt = f"IF({taking}=team_0,{_s('belote0', r)},{_s('belote1', r)})"
        put(
            "outcome",
            v(lambda x: x.outcome),
            f(f'IF({pt}>{pd},"made",IF(AND({pt}={pd},r_tie="litige"),"litige","dedans"))'),
            "outcome",
        )
        put(
            "sum",
            v(lambda x: x.points[0] + x.points[1]),
            f(f"{_res(R_POINTS[0], r)}+{_res(R_POINTS[1], r)}"),
            "card points typed",
        )
        put(
            "of",
            v(lambda x: lay.rules.card_total(x.contract)),
            f(f"INDEX(c_cards,MATCH({_s('contract', r)},contracts,0))"),
            "card points of the contract",
        )
        everything = f"INDEX(c_total,MATCH({_s('contract', r)},contracts,0))"
        for k in (0, 1):
            team = f"team_{k}"
            label = labels[k]
            dedans = (
                f"IF({capot}={team},r_capot,{everything})+{_s(f'belote{k}', r)}"
                f"+{_s('scored0', r)}+{_s('scored1', r)}"
            )
            put(
                f"raw{k}",
                v(lambda x, k=k: x.raw[k]),
                f(
                    f'IF({outcome}="made",{_s(f"points{k}", r)},IF({taking}={team},'
                    f'{_s(f"belote{k}", r)},IF({outcome}="litige",{_s(f"points{k}", r)},'
                    f"{dedans})))"
                ),
                f"{label}, raw score",
            )
            put(
                f"rounded{k}",
                v(lambda x, k=k: x.rounded[k]),
                f(_round(_s(f"raw{k}", r))),
                f"{label}, rounded score",
            )
        prev = "0" if n == 1 else f"N({_s('pending', r - 1)})"
        for k in (0, 1):
            team = f"team_{k}"
            put(
                f"released{k}",
                v(lambda x, k=k: x.released[k]),
                f(
                    f'IF(AND({outcome}="made",{taking}={team}),{prev},IF(AND({outcome}="dedans",'
                    f'r_litige_to="next-deal-winner",{taking}<>{team}),{prev},0))'
                ),
                f"{labels[k]}, litige points released",
            )
        put(
            "held",
            v(lambda x: x.held),
            f(f'IF({outcome}="litige",{_round(f"{pt}-{bt}")},0)'),
            "litige points held",
        )
        put(
            "pending",
            v(lambda x: x.pending),
            f(f"{prev}-{_s('released0', r)}-{_s('released1', r)}+{_s('held', r)}"),
            "litige points pending",
        )
        for k in (0, 1):
            put(
                f"score{k}",
                v(lambda x, k=k: x.score[k]),
                f(f"{_s(f'rounded{k}', r)}+{_s(f'released{k}', r)}"),
                f"{labels[k]}, score",
            )
            before = "" if n == 1 else f"N({_s(f'running{k}', r - 1)})+"
            put(
                f"running{k}",
                v(lambda x, k=k: x.running[k]),
                f(f"{before}{_s(f'score{k}', r)}"),
                f"{labels[k]}, running total",
            )
        r0, r1 = _s("running0", r), _s("running1", r)
        check = f(
            f'IF(AND({r0}>=r_target,{r0}>{r1}),team_0,IF(AND({r1}>=r_target,{r1}>{r0}),team_1,""))'
        )
        won_formula = check if n == 1 else f'IF({_s("won", r - 1)}<>"",{_s("won", r - 1)},{check})'
        add(
            SCORES,
            r,
            S["won"],
            _won(result, n),
            won_formula,
            style="formula",
            label=f"deal {n}, game won by",
            deal=n,
        )

    # Totals.
    t = lay.totals_row
    add(SCORES, t, S["deal"], "total", style="total_label")

    def col(key: str) -> str:
        letter = col_letter(S[key])
        return f"${letter}${FIRST}:${letter}${lay.last}"

    for k in (0, 1):
        add(
            SCORES,
            t,
            S[f"score{k}"],
            result.team_totals[k],
            f"SUM({col(f'score{k}')})",
            style="total",
            label=f"total, {labels[k]}",
        )
    add(
        SCORES,
        t,
        S["won"],
        result.team_name(result.winner) if result.winner is not None else "",
        f"${col_letter(S['won'])}${lay.last}",
        style="total",
        label="game won by",
    )
    add(
        SCORES,
        t,
        S["pending"],
        result.pending,
        f"SUM({col('held')})-SUM({col('released0')})-SUM({col('released1')})",
        style="total",
        label="litige points still held",
    )
    add(SCORES, t, S["held"], "held at the end:", style="total_label")


# -- writing ------------------------------------------------------------------------------------


def _layout_for(record: Mapping[str, Any], result: GameScore, *, blank: bool = False) -> Layout:
    rows, decl_rows = _rows_for(result, blank)
    spec = record["rules"] if isinstance(record["rules"], str) else json.dumps(record["rules"])
    return Layout(
        result.players, result.teams, result.rules, rows, decl_rows, spec, record.get("options")
    )


def export_workbook(record: Mapping[str, Any], *, paper: str = "a4") -> bytes:
    """The workbook of a Belote game file, as the bytes of an ``.xlsx`` file."""
    from scoresheet.games.belote.score import score_game

    result = score_game(record)
    return render(_layout_for(record, result), record, result, paper=paper)


def blank_workbook(players: Sequence[str], rules: str = "belote", *, paper: str = "a4") -> bytes:
    """A workbook with no deals: to print, or to fill in at the table."""
    from scoresheet import record as rec
    from scoresheet.games.belote.score import score_game

    data = {
        "format": "scoresheet-game",
        "version": 1,
        "game": GAME,
        "rules": rules,
        "players": list(players),
        "deals": [],
    }
    record = rec.from_data(data, source="blank sheet")
    result = score_game(record)
    return render(_layout_for(record, result, blank=True), record, result, paper=paper)


def render(
    layout: Layout, record: Mapping[str, Any], result: GameScore, *, paper: str = "a4"
) -> bytes:
    from scoresheet.sheets.export import check_text

    check_text(cast("Any", record))
    plan = plan_workbook(layout, record, result)
    wb = _workbook(plan)
    rows = range(FIRST, layout.last + 1)
    hand = {SCORES: rows, RESULTS: rows} if not result.deals else None
    return save_with_values(wb, plan.cells, SHEETS, paper=paper, hand_rows=hand)


def _workbook(plan: Plan) -> Any:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
    from openpyxl.workbook.defined_name import DefinedName

    from scoresheet.sheets.games import category

    lay = plan.layout
    wb = Workbook()
    wb.properties.category = category(GAME)
    wb.properties.title = "Belote score sheet"
    first = wb.active
    assert first is not None
    first.title = SCORES
    sheets: dict[str, Worksheet] = {SCORES: first}
    for title in SHEETS[1:]:
        sheets[title] = wb.create_sheet(title)
    thin = Side(style="thin", color="BFBFBF")
    box = Border(left=thin, right=thin, top=thin, bottom=thin)
    font = Font(name="Arial", size=10)
    bold = Font(name="Arial", size=10, bold=True)
    styles: dict[str, dict[str, Any]] = {
        "title": {"font": Font(name="Arial", size=12, bold=True)},
        "header": {
            "font": bold,
            "fill": PatternFill("solid", fgColor=HEADER_FILL),
            "alignment": Alignment(horizontal="center", vertical="center", wrap_text=True),
            "border": box,
        },
        "input": {"font": font, "fill": PatternFill("solid", fgColor=INPUT_FILL), "border": box},
        "rule": {"font": font, "fill": PatternFill("solid", fgColor=RULE_FILL), "border": box},
        "fixed": {"font": font, "border": box},
        "deal": {"font": font, "border": box, "alignment": Alignment(horizontal="center")},
        "formula": {"font": Font(name="Arial", size=10, color="595959"), "border": box},
        "score": {"font": bold, "border": box},
        "total": {"font": bold, "border": box},
        "total_label": {"font": bold},
        "label": {"font": font},
        "note": {"font": Font(name="Arial", size=9, italic=True, color="595959")},
        "": {"font": font, "border": box},
    }
    write_cells(sheets, plan.cells, styles)
    for sheet, row, c1, c2 in plan.merges:
        sheets[sheet].merge_cells(start_row=row, start_column=c1, end_row=row, end_column=c2)
    for key, ref in plan.names.items():
        wb.defined_names[key] = DefinedName(key, attr_text=ref)
    _validations(sheets, lay)
    _conditional_formats(sheets, lay)
    _widths(sheets)
    _print_setup(sheets, lay)
    return wb


def _validations(sheets: dict[str, Worksheet], lay: Layout) -> None:
    from openpyxl.worksheet.datavalidation import DataValidation

    def add(ws: Worksheet, dv: DataValidation, col: int, first: int, last: int) -> None:
        dv.showErrorMessage = True
        letter = col_letter(col)
        dv.add(f"{letter}{first}:{letter}{last}")
        ws.add_data_validation(dv)

    res, last = sheets[RESULTS], lay.last
    add(
        res,
        DataValidation(type="list", formula1="contracts", allow_blank=True, error="A contract."),
        R_CONTRACT,
        FIRST,
        last,
    )
    add(
        res,
        DataValidation(type="list", formula1="players", allow_blank=True, error="A player."),
        R_TAKER,
        FIRST,
        last,
    )
    top = max(lay.rules.card_total(c) for c in lay.rules.contracts)
    for col in R_POINTS:
        add(
            res,
            DataValidation(
                type="whole",
                operator="between",
                formula1="0",
                formula2=str(top),
                allow_blank=True,
                error=f"Card points: a whole number from 0 to {top}.",
            ),
            col,
            FIRST,
            last,
        )
    for col in (R_LAST, R_BELOTE, R_CAPOT):
        add(
            res,
            DataValidation(type="list", formula1="teams", allow_blank=True, error="A team."),
            col,
            FIRST,
            last,
        )
    dec, dlast = sheets[DECLARATIONS], lay.decl_last
    add(
        dec,
        DataValidation(type="list", formula1="teams", allow_blank=True, error="A team."),
        D_TEAM,
        FIRST,
        dlast,
    )
    add(
        dec,
        DataValidation(
            type="list", formula1=text_literal(",".join(KINDS)), allow_blank=True, error="A kind."
        ),
        D_KIND,
        FIRST,
        dlast,
    )
    add(
        dec,
        DataValidation(
            type="list",
            formula1=text_literal(",".join(reversed(RANK_KEYS))),
            allow_blank=True,
            error="A rank.",
        ),
        D_RANK,
        FIRST,
        dlast,
    )


def _conditional_formats(sheets: dict[str, Worksheet], lay: Layout) -> None:
    from openpyxl.formatting.rule import FormulaRule as _FormulaRule
    from openpyxl.styles import PatternFill

    FormulaRule = cast("Callable[..., Rule]", _FormulaRule)

    red = PatternFill("solid", fgColor=RED_FILL, bgColor=RED_FILL)
    amber = PatternFill("solid", fgColor=AMBER_FILL, bgColor=AMBER_FILL)
    ws = sheets[SCORES]
    s, o = col_letter(S["sum"]), col_letter(S["of"])
    ws.conditional_formatting.add(
        f"{s}{FIRST}:{o}{lay.last}",
        FormulaRule(formula=[f'AND(${s}{FIRST}<>"",${s}{FIRST}<>${o}{FIRST})'], fill=red),
    )
    out = col_letter(S["outcome"])
    ws.conditional_formatting.add(
        f"{out}{FIRST}:{out}{lay.last}",
        FormulaRule(formula=[f'${out}{FIRST}="dedans"'], fill=amber),
    )
    if lay.rows > 1:
        # A deal after the game was won.
        w = col_letter(S["won"])
        ws.conditional_formatting.add(
            f"A{FIRST + 1}:{col_letter(len(SCORE_COLUMNS))}{lay.last}",
            FormulaRule(formula=[f'AND(${w}{FIRST}<>"",$B{FIRST + 1}<>"")'], fill=red),
        )


def _widths(sheets: dict[str, Worksheet]) -> None:
    for title, ws in sheets.items():
        for col in range(1, (ws.max_column or 1) + 1):
            ws.column_dimensions[col_letter(col)].width = 12
        ws.column_dimensions["A"].width = 7 if title != RULES else 44
    sheets[RESULTS].column_dimensions[col_letter(R_CARDS[0])].width = 40
    sheets[RESULTS].column_dimensions[col_letter(R_CARDS[1])].width = 40
    sheets[SCORES].column_dimensions[col_letter(S["won"])].width = 16


def _print_setup(sheets: dict[str, Worksheet], lay: Layout) -> None:
    panes = {SCORES: "F4", RESULTS: "E4", DECLARATIONS: "B4", RULES: None}
    for title, ws in sheets.items():
        print_setup(
            ws,
            freeze=panes[title],
            title_rows=None if title == RULES else "2:3",
            landscape=True,
        )
    sheets[SCORES].row_dimensions[3].height = 27
    # On paper, the scores; the working columns to their right are for the screen.
    sheets[SCORES].print_area = f"A1:{col_letter(S['pending'])}{lay.totals_row}"


# -- reading a workbook back -------------------------------------------------------------------


class _Sheet(Sheet):
    """A sheet whose blank text reads as an empty cell."""

    def value(self, row: int, col: int) -> Any:
        value = super().value(row, col)
        if isinstance(value, str) and not value.strip():
            return None
        return value


def _load(data: bytes, name: str) -> dict[str, _Sheet]:
    from scoresheet.sheets.audit import read_sheets

    return read_sheets(
        data,
        name,
        SHEETS,
        max_row=max(MAX_DEAL_ROWS, MAX_DECLARATION_ROWS) + SHEET_MARGIN,
        max_col=60,
        kind="a Belote workbook",
        sheet=_Sheet,
    )


@dataclass
class _Book:
    record: dict[str, Any]
    layout: Layout
    sheets: dict[str, _Sheet]
    bad: set[int]  # deals with an input that could not be read
    declarations: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    bad_declaration_rows: set[int] = field(default_factory=set)


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip() or None


def _read_book(data: bytes, name: str, report: Report) -> _Book:
    from scoresheet.rules import merge_options, resolve
    from scoresheet.sheets.audit import check_player_names, show_value, whole_number

    sheets = _load(data, name)
    rules_sheet = sheets[RULES]
    if rules_sheet.value(2, 2) != FORMAT:
        raise ScoresheetError(
            f'{name}: not a workbook written by scoresheet (Rules!B2 is not "{FORMAT}")'
        )
    version = whole_number(rules_sheet.value(3, 2))
    if version is None or version > VERSION:
        raise ScoresheetError(
            f"{name}: written by a newer scoresheet (workbook version {version}); "
            f"this one reads up to version {VERSION}"
        )
    spec = rules_sheet.value(4, 2)
    options_text = rules_sheet.value(5, 2)
    rows = whole_number(rules_sheet.value(6, 2))
    decl_rows = whole_number(rules_sheet.value(7, 2))
    try:
        stated = strict_json(spec) if isinstance(spec, str) and spec.startswith("{") else spec
        options = strict_json(options_text) if options_text else {}
    except (ValueError, RecursionError):  # not JSON, a number past the digit limit, nested
        raise ScoresheetError(f"{name}: the rules stored in the Rules sheet are damaged") from None
    if (
        not isinstance(stated, str | dict)
        or not isinstance(options, dict)
        or not rows
        or not decl_rows
        or rows > MAX_DEAL_ROWS
        or decl_rows > MAX_DECLARATION_ROWS
    ):
        raise ScoresheetError(f"{name}: the rules stored in the Rules sheet are damaged")
    rules = resolve(stated, options or None)
    if not isinstance(rules, BeloteRules):
        raise ScoresheetError(f"{name}: the Rules sheet does not hold Belote rules")
    probe = Layout(["?"] * 4, (("?", "?"), ("?", "?")), rules, rows, decl_rows, "", None)
    players: list[str] = []
    for j in range(4):
        player = _text(rules_sheet.value(probe.players_row + j, 2))
        if player is None:
            raise ScoresheetError(
                f"{name}: Rules!B{probe.players_row + j} should hold the name of player {j + 1}"
            )
        players.append(player)
    check_player_names(players, name)
    if len(set(players)) != 4:
        raise ScoresheetError(f"{name}: the Rules sheet names a player twice")
    given = []
    for row in probe.team_rows:
        given.append([_text(rules_sheet.value(row, c)) or "" for c in (2, 3)])
    teams = teams_of(players, given)

    # Rule values changed in the sheet: a finding each, and an option for the game.
    overrides: dict[str, Any] = {}
    rules_name = stated if isinstance(stated, str) else "of the game"
    for cell in probe.rule_cells:
        raw = rules_sheet.value(cell.row, cell.col)
        want = cell.value
        where = f"{RULES}!{col_letter(cell.col)}{cell.row}"
        got: Any
        if isinstance(want, bool):
            from scoresheet.sheets.audit import flag_value

            got = flag_value(raw)
        elif isinstance(want, int) or cell.option[0] in ("points", "declaration_values"):
            got = whole_number(raw) if raw is not None else None
            if raw is not None and got is None:
                report.add(None, where, cell.label, f"{show_value(raw)} is not a whole number")
                continue
        else:
            got = _text(raw)
        if got == want:
            continue
        if got is None and want is not None:
            report.add(None, where, cell.label, f"{show_value(raw)} is not a valid value")
            continue
        report.add(
            None,
            where,
            cell.label,
            f'{show_value(got)}, the rules "{rules_name}" give {show_value(want)}',
            blocking=False,
        )
        node = overrides
        for key in cell.option[:-1]:
            node = node.setdefault(key, {})
        node[cell.option[-1]] = got
    if overrides:
        options = merge_options(options, overrides)
        try:
            rules = resolve(stated, options)
        except ScoresheetError as exc:
            raise ScoresheetError(f"{name}: the rule values changed in the sheet: {exc}") from None
        if not isinstance(rules, BeloteRules):  # pragma: no cover - the game cannot change
            raise ScoresheetError(f"{name}: the Rules sheet does not hold Belote rules")
    spec_text = stated if isinstance(stated, str) else json.dumps(stated)
    layout = Layout(players, teams, rules, rows, decl_rows, spec_text, options)
    _check_headers(layout, sheets, name)

    res = sheets[RESULTS]
    bad: set[int] = set()
    labels = {layout.labels[0]: 0, layout.labels[1]: 1}

    def fail(row: int, col: int, deal: int | None, what: str, msg: str) -> None:
        report.add(deal, f"{RESULTS}!{col_letter(col)}{row}", what, msg)
        if deal is not None:
            bad.add(deal)

    deals: list[dict[str, Any]] = []
    empty_from: int | None = None
    for n in range(1, rows + 1):
        row = layout.row(n)
        contract = _text(res.value(row, R_CONTRACT))
        if contract is None:
            empty_from = empty_from or n
            continue
        if empty_from is not None:
            fail(
                row,
                R_CONTRACT,
                n,
                f"deal {n}, contract",
                f"deal {empty_from} has no contract yet, but deal {n} has one: "
                "deals are filled in order",
            )
            continue
        dealer = _text(res.value(row, R_DEALER))
        if dealer != layout.dealer(n):
            report.add(
                n,
                f"{RESULTS}!{col_letter(R_DEALER)}{row}",
                f"deal {n}, dealer",
                f"{show_value(dealer)}, the rotation gives {layout.dealer(n)}",
                blocking=False,
            )
        deal: dict[str, Any] = {"contract": contract, "taker": _text(res.value(row, R_TAKER)) or ""}
        result: dict[str, Any] = {}
        points: list[int] = []
        for k, col in enumerate(R_POINTS):
            raw = res.value(row, col)
            number = whole_number(raw) if raw is not None else None
            if number is None or number < 0:
                fail(
                    row,
                    col,
                    n,
                    f"deal {n}, points of team {k}",
                    f"{show_value(raw)}: type the card points",
                )
            points.append(number or 0)
        for key, col in (("last_trick", R_LAST), ("belote", R_BELOTE), ("capot", R_CAPOT)):
            text = _text(res.value(row, col))
            if text is None:
                continue
            if text not in labels:
                fail(
                    row,
                    col,
                    n,
                    f"deal {n}, {key}",
                    f"{show_value(text)} is not a team "
                    f'("{layout.labels[0]}" or "{layout.labels[1]}")',
                )
                continue
            result[key] = labels[text]
        cards = [_text(res.value(row, col)) for col in R_CARDS]
        if any(cards):
            result["cards"] = [c or "" for c in cards]
            if _counted(rules, contract, result["cards"]) != points:
                result["points"] = points  # the scoring says what is wrong with them
        else:
            result["points"] = points
        deal["result"] = result
        deals.append(deal)

    decl = sheets[DECLARATIONS]
    placed: dict[int, tuple[int, dict[str, Any]]] = {}
    bad_rows: set[int] = set()
    for i in range(decl_rows):
        row = FIRST + i
        cells = [decl.value(row, c) for c in (D_DEAL, D_TEAM, D_KIND, D_RANK)]
        if all(c is None for c in cells):
            continue
        number = whole_number(cells[0]) if cells[0] is not None else None
        if number is None or not 1 <= number <= len(deals):
            report.add(
                None,
                f"{DECLARATIONS}!A{row}",
                f"declaration row {row}",
                f"{show_value(cells[0])} is not a deal of the game",
            )
            bad_rows.add(row)
            continue
        team = _text(cells[1])
        kind = (_text(cells[2]) or "").casefold()
        rank = (_text(cells[3]) or "").upper()
        # The sheet's lookups ignore case, as spreadsheets do; anything else is refused.
        problem = (
            (D_TEAM, f"{show_value(cells[1])} is not a team")
            if team not in labels
            else (D_KIND, f"{show_value(cells[2])} is not a declaration ({', '.join(KINDS)})")
            if kind not in KINDS
            else (D_RANK, f"{show_value(cells[3])} is not a rank (A, K, Q, J, 10, 9, 8, 7)")
            if rank not in RANK_KEYS
            else None
        )
        if problem is not None:
            col, message = problem
            report.add(
                number,
                f"{DECLARATIONS}!{col_letter(col)}{row}",
                f"deal {number}, declaration",
                message,
            )
            bad.add(number)
            bad_rows.add(row)
            continue
        x = {"team": labels[cast("str", team)], "kind": kind, "rank": rank}
        deals[number - 1]["result"].setdefault("declarations", []).append(x)
        placed[row] = (number, x)

    record: dict[str, Any] = {
        "format": "scoresheet-game",
        "version": 1,
        "game": GAME,
        "rules": stated,
    }
    if options:
        record["options"] = options
    record["players"] = players
    if teams != teams_of(players, None):
        record["teams"] = [list(t) for t in teams]
    record["deals"] = deals
    return _Book(record, layout, sheets, bad, placed, bad_rows)


def _counted(rules: BeloteRules, contract: str, cards: list[str]) -> list[int] | None:
    """The card points the cards count (``None`` if they cannot be counted)."""
    from scoresheet.games.belote.score import read_cards

    if contract not in rules.contracts:
        return None
    try:
        taken = read_cards(cards, "cards")
    except ScoresheetError:
        return None
    return [sum(rules.card_points(c, contract) for c in taken[k]) for k in (0, 1)]


def _check_headers(layout: Layout, sheets: dict[str, _Sheet], name: str) -> None:
    from scoresheet.sheets.audit import show_value

    for sheet, cols in ((RESULTS, range(1, R_CARDS[1] + 1)), (SCORES, range(1, len(S) + 1))):
        for col in cols:
            got = sheets[sheet].value(3, col)
            if got is None:
                raise ScoresheetError(
                    f"{name}: {sheet}!{col_letter(col)}3 should be a heading, "
                    f"not {show_value(got)}: rows or columns were moved, "
                    "so the sheet cannot be read"
                )


def _score_each(report: Report, book: _Book) -> tuple[GameScore, int | None]:
    """Score each deal on its own, so one bad deal does not hide the others. Returns the
    game up to the first broken deal, and that deal's number (``None``: none broken)."""
    lay = book.layout
    good: list[DealScore] = []
    first_broken: int | None = None
    for i, deal in enumerate(book.record["deals"]):
        number = i + 1
        if number in book.bad:
            first_broken = first_broken or number
            continue
        try:
            scored = score_deal(lay.rules, lay.players, lay.teams, number, deal)
        except ScoresheetError as exc:
            what, _, message = str(exc).partition(": ")
            report.add(number, None, what, message)
            first_broken = first_broken or number
            continue
        if first_broken is None:
            good.append(scored)
    result = play_out(lay.rules, lay.players, lay.teams, [])
    for n in range(1, len(good) + 1):
        result = play_out(lay.rules, lay.players, lay.teams, good[:n])
        if result.complete and n < len(good):
            # Deals after the game was won: the game stops where it was won.
            winner = result.team_name(cast("int", result.winner))
            for later in good[n:]:
                report.add(
                    later.number,
                    None,
                    f"deal {later.number}",
                    f"the game is over: {winner} won at deal {n}",
                )
            first_broken = min(first_broken or n + 1, n + 1)
            break
    return result, first_broken


def _compare(report: Report, book: _Book, result: GameScore, first_broken: int | None) -> None:
    from scoresheet.sheets.audit import compare_cells

    plan = plan_workbook(book.layout, book.record, result, declaration_rows=book.declarations)

    def skip(cell: Cell) -> bool:
        return (
            first_broken is not None
            and cell.sheet == SCORES
            and (cell.deal is None or cell.deal >= first_broken)
        ) or (cell.sheet == DECLARATIONS and cell.row in book.bad_declaration_rows)

    compare_cells(report, plan.formulas(), book.sheets, skip=skip)


def audit_workbook_bytes(data: bytes, name: str) -> Report:
    """Audit a Belote workbook's bytes (already passed through the safety checks)."""
    report = Report(name)
    book = _read_book(data, name, report)
    report.record = cast("Any", book.record)
    result, first_broken = _score_each(report, book)
    report.score = cast("Any", result)
    _compare(report, book, result, first_broken)
    report.findings.sort(key=lambda f: (f.deal is None, f.deal or 0))
    return report


def import_workbook_bytes(data: bytes, name: str) -> tuple[Any, Report]:
    """The game a workbook holds (its inputs). Raises ScoresheetError when an input is
    wrong; a rule value changed in the sheet is kept in the game's options."""
    from scoresheet import record as rec
    from scoresheet.games.belote.score import score_game

    report = Report(name)
    book = _read_book(data, name, report)
    for finding in report.findings:
        if finding.blocking:
            raise ScoresheetError(f"{name}: {finding.line}")
    record = rec.from_data(book.record, source=name)
    score_game(record)  # raises, naming the deal, if a deal is wrong
    report.findings = [f for f in report.findings if f.cell and f.cell.startswith(RULES)]
    return record, report


def audit_game(record: Mapping[str, Any], name: str) -> Report:
    """Audit a Belote game file: every deal checked on its own; what the rules refuse."""
    report = Report(name, record=cast("Any", record))
    try:
        rules = rules_of(record)
        players = tuple(record["players"])
        teams = teams_of(players, record.get("teams"))
    except ScoresheetError as exc:
        report.add(None, None, "game", str(exc))
        return report
    layout = Layout(players, teams, rules, 1, 1, "", None)
    book = _Book(dict(record), layout, {}, set())
    result, _ = _score_each(report, book)
    report.score = cast("Any", result)
    for v in result.violations:
        report.add(v.deal, None, f"deal {v.deal}", v.message)
    if result.pending:
        report.notes.append(
            f"{result.pending} litige points are still held, waiting for the next contract made"
        )
    return report


__all__ = [
    "audit_game",
    "audit_workbook_bytes",
    "blank_workbook",
    "export_workbook",
    "import_workbook_bytes",
]
