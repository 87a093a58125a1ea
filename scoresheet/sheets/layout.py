"""Where everything sits in a scoresheet workbook, and what every computed cell holds.

Export and audit share this module: export writes the cells it plans, audit reads the
input cells back from the same places and compares the computed cells with what the
library computes. It imports neither openpyxl nor anything that writes files.

A workbook has five sheets, all with three header rows and one row per deal of the game
from row 4 on (deal 1 in row 4):

* ``Results``: what the table reports: the contract, counts, who took what (inputs);
* ``Doubles``: one input per ordered pair of players (``1`` doubled, ``2`` redoubled)
  and what each bet moved; below, the doubling ledger between every pair;
* ``Scores``: per player the doubles in the paper convention, base, doubles, score and
  running total; a check per deal; the totals and the leader;
* ``Obligations``: how often each player doubled each declarer;
* ``Rules``: the rules' values as named cells, and the contracts' totals.

Every computed number is a formula over the inputs and the named rule values. Each
formula cell also carries the value the library computes (its cached value).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import TYPE_CHECKING, Any

from scoresheet.games.barbu.contracts import SUIT_KEYS
from scoresheet.games.barbu.poker import ROWS, count_beats, parse_hand
from scoresheet.games.barbu.rules import CONTRACT_NAMES, BarbuRules
from scoresheet.games.barbu.score import DealScore, GameScore
from scoresheet.views.text import initials, paper_doubles

if TYPE_CHECKING:
    from scoresheet.games.barbu.models import BarbuDeal
    from scoresheet.models import GameFile

SCORES = "Scores"
RESULTS = "Results"
DOUBLES = "Doubles"
OBLIGATIONS = "Obligations"
RULES = "Rules"
SHEETS = (SCORES, RESULTS, DOUBLES, OBLIGATIONS, RULES)

FIRST = 4  # the row of deal 1 on every sheet
FORMAT = "scoresheet-workbook"
VERSION = 1
SUIT_SYMBOLS = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
MOST_MARK = "x"
HAND_SEPARATOR = " / "


@dataclass(frozen=True, slots=True)
class SheetError:
    """An error value shown in a cell, such as ``#N/A``."""

    code: str

    def __str__(self) -> str:
        return self.code


NA = SheetError("#N/A")
Value = int | float | str | bool | SheetError | None


@dataclass(slots=True)
class Cell:
    """One cell to write. For a formula cell ``value`` is what the library computes."""

    sheet: str
    row: int
    col: int
    value: Value
    formula: str | None = None  # without the leading "="
    style: str = ""
    label: str = ""  # what the cell is, for an audit's findings: "deal 7, Bob, score"
    deal: int | None = None

    @property
    def ref(self) -> str:
        return f"{col_letter(self.col)}{self.row}"

    @property
    def where(self) -> str:
        return f"{self.sheet}!{self.ref}"


def col_letter(col: int) -> str:
    """``1`` → ``A``, ``28`` → ``AB``.

    >>> col_letter(1), col_letter(26), col_letter(28), col_letter(703)
    ('A', 'Z', 'AB', 'AAA')
    """
    out = ""
    while col:
        col, rem = divmod(col - 1, 26)
        out = chr(65 + rem) + out
    return out


def ref(
    col: int, row: int, *, sheet: str = "", fixed_col: bool = True, fixed_row: bool = False
) -> str:
    """A cell reference for a formula: ``Results!$E5``."""
    text = f"{'$' if fixed_col else ''}{col_letter(col)}{'$' if fixed_row else ''}{row}"
    return f"{sheet}!{text}" if sheet else text


def text_literal(text: str) -> str:
    """A string as a formula literal: quotes doubled."""
    return '"' + text.replace('"', '""') + '"'


@dataclass(frozen=True, slots=True)
class RuleValue:
    """A named cell (or row of cells) on the Rules sheet holding one rule value.

    ``option`` is where the value sits in a rules object, so that an edited value can be
    carried into a game file's ``options``; ``None`` for facts of the deck.
    """

    name: str
    label: str
    values: tuple[int | bool | str, ...]
    option: tuple[str, ...] | None
    row: int


@dataclass(frozen=True, slots=True)
class ResultField:
    """A group of input columns on the Results sheet."""

    key: str
    title: str
    cols: tuple[int, ...]
    subtitles: tuple[str, ...]


class Layout:
    """The positions of every cell of the workbook for one game's players and rules."""

    def __init__(self, players: Sequence[str], rules: BarbuRules) -> None:
        self.players = tuple(players)
        self.rules = rules
        self.n = n = len(self.players)
        self.rows = rules.deals_per_game
        self.last = FIRST + self.rows - 1
        self.tags = initials(self.players)
        contracts = rules.all_contracts

        # Results: deal, declarer, dealer, contract, then the result fields in play.
        fields: list[ResultField] = []
        col = 5
        names = self.players

        def add(key: str, title: str, subtitles: Sequence[str]) -> None:
            nonlocal col
            fields.append(
                ResultField(key, title, tuple(range(col, col + len(subtitles))), tuple(subtitles))
            )
            col += len(subtitles)

        if contracts & {"no-tricks", "trumps"}:
            add("tricks", "Tricks taken", names)
        if "trumps" in contracts:
            add("trump", "Trumps", ["suit"])
        hearts = rules.values.no_hearts
        if "no-hearts" in contracts:
            add("hearts", "Hearts taken", names)
            if hearts is not None and hearts.ace_extra:
                add("ace_of_hearts", "A♥", ["taken by"])
        if "no-queens" in contracts:
            add("queens", "Queens taken", names)
        if "no-king" in contracts:
            add("king_of_hearts", "K♥", ["taken by"])
        if "no-last-two" in contracts:
            add("second_last", "Second-last trick", ["taken by"])
        if contracts & {"no-last-two", "no-last-trick"}:
            add("last", "Last trick", ["taken by"])
        if "dominoes" in contracts:
            add("order", "Dominoes: going out", [_ordinal(i + 1) for i in range(n)])
            add("start", "Dominoes", ["start rank"])
        if "ravage-city" in contracts:
            for p in names:
                add(f"cards:{p}", f"Ravage City: {p}'s cards", list(SUIT_SYMBOLS.values()))
            add("most", f"Ravage City: most of a suit ({MOST_MARK})", names)
        poker = rules.values.chinese_poker
        if "chinese-poker" in contracts:
            for p in names:
                add(f"beats:{p}", f"Chinese Poker: {p}'s beats", ROWS)
            if poker is not None and (poker.scoop or poker.royalties):
                add("bonus", "Chinese Poker: scoop and royalty beats", names)
            add("hands", "Chinese Poker: hands (front / middle / back)", names)
        self.fields = {f.key: f for f in fields}
        self.results_width = col - 1

        # Scores: deal, declarer, dealer, contract, split; five columns per player; check.
        self.score_cols = [tuple(6 + 5 * j + k for k in range(5)) for j in range(n)]
        self.check_col = 6 + 5 * n
        self.expected_col = self.check_col + 1
        self.totals_row = self.last + 1
        self.leader_row = self.totals_row + 1
        self.chart_row = self.leader_row + 2

        # Doubles: deal, declarer, contract, one input per ordered pair, what each moved.
        self.pairs = [(a, b) for a in range(n) for b in range(n) if a != b]
        self.mult_col = {pair: 4 + i for i, pair in enumerate(self.pairs)}
        self.moved_col = {pair: 4 + len(self.pairs) + i for i, pair in enumerate(self.pairs)}
        self.doubles_width = 3 + 2 * len(self.pairs)
        self.ledger_title_row = self.last + 2
        self.ledger_first = self.ledger_title_row + 2
        self.ledger_pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]

        # Obligations: one row per declarer, one column per doubler.
        self.ob_first_col = 4

        # Rules: facts and values as named cells, then the contracts table.
        self.rule_values = self._rule_values()
        row = self.rule_values[-1].row + 3
        self.contracts_header = row - 1
        self.contract_rows = {c: row + i for i, c in enumerate(rules.contracts)}

    # -- Rules sheet ------------------------------------------------------------------------

    def _rule_values(self) -> list[RuleValue]:
        r = self.rules
        v = r.values
        out: list[RuleValue] = []
        row = 5

        def add(
            name: str,
            label: str,
            values: Sequence[int | bool | str],
            option: tuple[str, ...] | None,
        ) -> None:
            nonlocal row
            out.append(RuleValue(name, label, tuple(values), option, row))
            row += 1

        for j, p in enumerate(self.players):
            add(f"player_{j + 1}", f"player {j + 1}", [p], None)
        add("tricks_per_deal", "tricks per deal", [r.tricks_per_deal], None)
        add("hearts_in_deck", "hearts in the deck", [r.count_in_deck(suit="H")], None)
        add("queens_in_deck", "queens in the deck", [r.count_in_deck(rank=12)], None)
        add("deals_per_declarer", "deals each player declares", [r.deals_per_declarer], None)
        add(
            "undoubled_split",
            "an undoubled negative deal is split, not played",
            [r.undoubled_split],
            ("undoubled_split",),
        )
        add(
            "min_declarer_doubles",
            "doubles each player owes each declarer",
            [r.doubling.min_declarer_doubles],
            ("doubling", "min_declarer_doubles"),
        )
        add(
            "doubling_negative",
            "in a negative contract a non-declarer may double",
            [r.doubling.negative],
            ("doubling", "negative"),
        )
        add(
            "doubling_positive",
            "in a positive contract a non-declarer may double",
            [r.doubling.positive],
            ("doubling", "positive"),
        )
        add("redoubles", "redoubles allowed", [r.doubling.redoubles], ("doubling", "redoubles"))
        row += 2  # a blank row and the "Values" heading
        contracts = r.all_contracts
        if "no-tricks" in contracts and v.no_tricks is not None:
            add("v_no_tricks", "No Tricks: per trick", [v.no_tricks], ("values", "no-tricks"))
        if "no-hearts" in contracts and v.no_hearts is not None:
            add(
                "v_no_hearts_heart",
                "No Hearts: per heart",
                [v.no_hearts.per_heart],
                ("values", "no-hearts", "per_heart"),
            )
            add(
                "v_no_hearts_ace",
                "No Hearts: the A♥ extra",
                [v.no_hearts.ace_extra],
                ("values", "no-hearts", "ace_extra"),
            )
        if "no-queens" in contracts and v.no_queens is not None:
            add("v_no_queens", "No Queens: per queen", [v.no_queens], ("values", "no-queens"))
        if "no-king" in contracts and v.no_king is not None:
            add("v_no_king", "No King of Hearts: the K♥", [v.no_king], ("values", "no-king"))
        if "no-last-two" in contracts and v.no_last_two is not None:
            add(
                "v_no_last_two_second",
                "No Last Two: the second-last trick",
                [v.no_last_two.second_last],
                ("values", "no-last-two", "second_last"),
            )
            add(
                "v_no_last_two_last",
                "No Last Two: the last trick",
                [v.no_last_two.last],
                ("values", "no-last-two", "last"),
            )
        if "no-last-trick" in contracts and v.no_last_trick is not None:
            add(
                "v_no_last_trick",
                "No Last Trick: the last trick",
                [v.no_last_trick],
                ("values", "no-last-trick"),
            )
        if "trumps" in contracts and v.trumps is not None:
            add("v_trumps", "Trumps: per trick", [v.trumps], ("values", "trumps"))
        if "dominoes" in contracts and v.dominoes is not None:
            add(
                "v_dominoes",
                "Dominoes: 1st, 2nd, … out",
                v.dominoes,
                ("values", "dominoes"),
            )
        if "ravage-city" in contracts and v.ravage_city is not None:
            add(
                "v_ravage_city",
                "Ravage City: most of a suit (ties split)",
                [v.ravage_city],
                ("values", "ravage-city"),
            )
        if "chinese-poker" in contracts and v.chinese_poker is not None:
            add(
                "v_chinese_poker_beat",
                "Chinese Poker: per beat",
                [v.chinese_poker.per_beat],
                ("values", "chinese-poker", "per_beat"),
            )
        return out

    def rule(self, name: str) -> RuleValue:
        for rv in self.rule_values:
            if rv.name == name:
                return rv
        raise KeyError(name)

    @property
    def values_header(self) -> int:
        return self.rule("redoubles").row + 2

    def total_expr(self, contract: str) -> str:
        """A contract's total as a formula over the named rule values."""
        if contract == "no-tricks":
            return "v_no_tricks*tricks_per_deal"
        if contract == "trumps":
            return "v_trumps*tricks_per_deal"
        if contract == "no-hearts":
            return "v_no_hearts_heart*hearts_in_deck+v_no_hearts_ace"
        if contract == "no-queens":
            return "v_no_queens*queens_in_deck"
        if contract == "no-king":
            return "v_no_king"
        if contract == "no-last-two":
            return "v_no_last_two_second+v_no_last_two_last"
        if contract == "no-last-trick":
            return "v_no_last_trick"
        if contract == "dominoes":
            return "SUM(v_dominoes)"
        if contract == "ravage-city":
            return "v_ravage_city"
        if contract == "salad":
            return "+".join(f"({self.total_expr(p)})" for p in self.rules.salad_parts)
        raise ValueError(contract)  # chinese-poker has no fixed total

    # -- rows -------------------------------------------------------------------------------

    def row(self, deal: int) -> int:
        return FIRST + deal - 1

    def deal_of_row(self, row: int) -> int:
        return row - FIRST + 1

    def declarer(self, deal: int) -> str:
        from scoresheet.games.barbu.rotation import declarer_of

        return declarer_of(self.rules, self.players, deal - 1)

    def dealer(self, deal: int) -> str:
        from scoresheet.games.barbu.rotation import dealer_of

        return dealer_of(self.rules, self.players, self.declarer(deal))

    # -- formulas ---------------------------------------------------------------------------

    def _res(self, col: int, row: int) -> str:
        return ref(col, row, sheet=RESULTS)

    def _res_range(self, cols: Sequence[int], row: int) -> str:
        return f"{self._res(cols[0], row)}:{ref(cols[-1], row)}"

    def _player(self, j: int) -> str:
        return f"player_{j + 1}"

    def _taker(self, key: str, j: int, row: int, value: str) -> str:
        cell = self._res(self.fields[key].cols[0], row)
        return f"IF(EXACT({cell},{self._player(j)}),{value},0)"

    def contract_expr(self, contract: str, j: int, row: int) -> str:
        """Player ``j``'s base score in ``contract`` from the Results row, as a formula."""
        f = self.fields
        if contract in ("no-tricks", "trumps"):
            name = "v_no_tricks" if contract == "no-tricks" else "v_trumps"
            return f"{name}*{self._res(f['tricks'].cols[j], row)}"
        if contract == "no-hearts":
            expr = f"v_no_hearts_heart*{self._res(f['hearts'].cols[j], row)}"
            if "ace_of_hearts" in f:
                expr += "+" + self._taker("ace_of_hearts", j, row, "v_no_hearts_ace")
            return expr
        if contract == "no-queens":
            return f"v_no_queens*{self._res(f['queens'].cols[j], row)}"
        if contract == "no-king":
            return self._taker("king_of_hearts", j, row, "v_no_king")
        if contract == "no-last-two":
            return (
                self._taker("second_last", j, row, "v_no_last_two_second")
                + "+"
                + self._taker("last", j, row, "v_no_last_two_last")
            )
        if contract == "no-last-trick":
            return self._taker("last", j, row, "v_no_last_trick")
        if contract == "dominoes":
            order = self._res_range(f["order"].cols, row)
            return f"SUMPRODUCT(EXACT({order},{self._player(j)})*v_dominoes)"
        if contract == "ravage-city":
            cards = [f[f"cards:{p}"].cols for p in self.players]
            every = f"{self._res(cards[0][0], row)}:{ref(cards[-1][-1], row)}"
            top = f"MAX({every})"
            best = [f"MAX({self._res_range(c, row)})" for c in cards]
            tied = "+".join(f"({b}={top})" for b in best)
            most = f["most"].cols
            most_all = self._res_range(most, row)
            mine = self._res(most[j], row)
            return (
                f"IF(SUM({every})>0,IF({best[j]}={top},v_ravage_city/({tied}),0),"
                f'IF({mine}<>"",v_ravage_city/COUNTA({most_all}),0))'
            )
        if contract == "chinese-poker":
            beats = f"SUM({self._res_range(f[f'beats:{self.players[j]}'].cols, row)})"
            if "bonus" in f:
                beats += f"+N({self._res(f['bonus'].cols[j], row)})"
            return f"v_chinese_poker_beat*({beats})"
        if contract == "salad":
            return "+".join(f"({self.contract_expr(p, j, row)})" for p in self.rules.salad_parts)
        raise ValueError(contract)

    def _match(self, row: int, col: int = 4) -> str:
        return f"MATCH(${col_letter(col)}{row},contracts,0)"

    def base_formula(self, j: int, row: int) -> str:
        branches = ",".join(self.contract_expr(c, j, row) for c in self.rules.contracts)
        total = f"INDEX(c_total,{self._match(row)})"
        others = self.n - 1
        split = (
            f"IF(EXACT($B{row},{self._player(j)}),{total}-{others}*INT({total}/{others}),"
            f"INT({total}/{others}))"
        )
        return (
            f'IF($D{row}="","",IF($E{row}="split",{split},CHOOSE({self._match(row)},{branches})))'
        )

    def split_formula(self, row: int) -> str:
        mults = f"{DOUBLES}!${col_letter(4)}{row}:${col_letter(3 + len(self.pairs))}{row}"
        return (
            f'IF($D{row}="","",IF(AND(undoubled_split,INDEX(c_max,{self._match(row)})<=0,'
            f'SUM({mults})=0),"split",""))'
        )

    def mult_ref(self, a: int, b: int, row: int, sheet: str = DOUBLES) -> str:
        return ref(self.mult_col[(a, b)], row, sheet=sheet)

    def paper_formula(self, j: int, row: int) -> str:
        """Player ``j``'s doubles in the paper convention (see ``views.text.paper_doubles``)."""
        others = [q for q in range(self.n) if q != j]
        m = {q: f"N({self.mult_ref(j, q, row)})" for q in others}
        got = {q: f"N({self.mult_ref(q, j, row)})" for q in others}
        count = "+".join(f"({m[q]}>0)" for q in others)
        names = "&".join(
            f'IF({m[q]}>0,{text_literal(self.tags[self.players[q]])},"")' for q in others
        )
        star = ",".join(f"AND(EXACT($B{row},{self._player(q)}),{m[q]}>0)" for q in others)
        doubled = f'IF({count}={len(others)},"X",{names})&IF(OR({star}),"*","")'
        redoubled = "&".join(
            f'IF({got[q]}=2,{text_literal(self.tags[self.players[q]])},"")' for q in others
        )
        return (
            f'IF($D{row}="","",{doubled}&IF(AND({doubled}<>"",{redoubled}<>"")," ","")'
            f'&IF({redoubled}<>"","R"&{redoubled},""))'
        )

    def moved_formula(self, j: int, row: int) -> str:
        won = ",".join(
            ref(self.moved_col[(j, q)], row, sheet=DOUBLES) for q in range(self.n) if q != j
        )
        lost = ",".join(
            ref(self.moved_col[(q, j)], row, sheet=DOUBLES) for q in range(self.n) if q != j
        )
        return f'IF($D{row}="","",SUM({won})-SUM({lost}))'


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


# -- the cells of a workbook ------------------------------------------------------------------


@dataclass
class Plan:
    """Every cell of a workbook, with the extras export needs to style it."""

    layout: Layout
    cells: list[Cell] = field(default_factory=list)
    merges: list[tuple[str, int, int, int]] = field(default_factory=list)  # sheet, row, c1, c2

    def add(self, cell: Cell) -> Cell:
        self.cells.append(cell)
        return cell

    def formulas(self) -> Iterator[Cell]:
        return (c for c in self.cells if c.formula is not None)


def rules_spec(record: GameFile) -> str:
    """How the game names its rules, as stored in the workbook."""
    rules = record["rules"]
    return rules if isinstance(rules, str) else json.dumps(rules)


def plan_workbook(record: GameFile, score: GameScore) -> Plan:
    """All the cells of the workbook for a scored game (no deals: a blank sheet)."""
    layout = Layout(record["players"], score.rules)
    plan = Plan(layout)
    _rules_sheet(plan, record)
    _results_sheet(plan, record, score)
    _doubles_sheet(plan, score)
    _scores_sheet(plan, score)
    _obligations_sheet(plan, score)
    return plan


def _title(plan: Plan, sheet: str, text: str) -> None:
    plan.add(Cell(sheet, 1, 1, text, style="title"))


def _header(plan: Plan, sheet: str, row: int, col: int, text: str, span: int = 1) -> None:
    plan.add(Cell(sheet, row, col, text, style="header"))
    if span > 1:
        plan.merges.append((sheet, row, col, col + span - 1))
        for c in range(col + 1, col + span):
            plan.add(Cell(sheet, row, c, None, style="header"))


def _deal_columns(plan: Plan, sheet: str, with_dealer: bool) -> None:
    """The deal number and declarer (and dealer) of every row: fixed by the rotation."""
    lay = plan.layout
    for deal in range(1, lay.rows + 1):
        row = lay.row(deal)
        plan.add(Cell(sheet, row, 1, deal, style="deal"))
        if sheet == RESULTS:
            declarer = lay.declarer(deal)
            plan.add(
                Cell(
                    sheet,
                    row,
                    2,
                    declarer,
                    style="fixed",
                    label=f"deal {deal}, declarer",
                    deal=deal,
                )
            )
            plan.add(
                Cell(
                    sheet,
                    row,
                    3,
                    lay.dealer(deal),
                    style="fixed",
                    label=f"deal {deal}, dealer",
                    deal=deal,
                )
            )
        else:
            for col, what in (
                ((2, "declarer"), (3, "dealer")) if with_dealer else ((2, "declarer"),)
            ):
                value = lay.declarer(deal) if what == "declarer" else lay.dealer(deal)
                plan.add(
                    Cell(
                        sheet,
                        row,
                        col,
                        value,
                        formula=ref(col, row, sheet=RESULTS),
                        style="fixed",
                        label=f"deal {deal}, {what}",
                        deal=deal,
                    )
                )


def _rules_sheet(plan: Plan, record: GameFile) -> None:
    lay = plan.layout
    r = lay.rules
    _title(plan, RULES, f"Rules: {r.name}")
    plan.add(Cell(RULES, 2, 1, r.description, style="note"))
    plan.add(Cell(RULES, 3, 1, "rotation", style="label"))
    plan.add(Cell(RULES, 3, 2, f"{r.rotation}; dealer: {r.dealer}", style="note"))
    for rv in lay.rule_values:
        plan.add(Cell(RULES, rv.row, 1, rv.label, style="label"))
        for k, value in enumerate(rv.values):
            plan.add(Cell(RULES, rv.row, 2 + k, value, style="rule", label=rv.label))
    plan.add(Cell(RULES, lay.values_header, 1, "Contract values", style="header"))
    for k, head in enumerate(("contract", "name", "total", "largest total", "sign")):
        plan.add(Cell(RULES, lay.contracts_header, 1 + k, head, style="header"))
    for c, row in lay.contract_rows.items():
        total = r.contract_total(c)
        plan.add(Cell(RULES, row, 1, c, style="fixed"))
        plan.add(Cell(RULES, row, 2, CONTRACT_NAMES[c], style="fixed"))
        label = f"{c}, total"
        if total is None:
            plan.add(Cell(RULES, row, 3, "not fixed", style="fixed"))
            per_game = 3 * comb(lay.n, 2)
            plan.add(
                Cell(
                    RULES,
                    row,
                    4,
                    r.max_total(c),
                    formula=f"v_chinese_poker_beat*{per_game}",
                    label=f"{c}, largest total",
                )
            )
        else:
            plan.add(Cell(RULES, row, 3, total, formula=lay.total_expr(c), label=label))
            plan.add(Cell(RULES, row, 4, total, formula=f"C{row}", label=f"{c}, largest total"))
        plan.add(
            Cell(
                RULES,
                row,
                5,
                "positive" if r.is_positive(c) else "negative",
                formula=f'IF(D{row}>0,"positive","negative")',
                label=f"{c}, sign",
            )
        )
    if "salad" in r.contracts:
        row = max(lay.contract_rows.values()) + 1
        plan.add(
            Cell(RULES, row, 1, "Salad scores all of: " + ", ".join(r.salad_parts), style="note")
        )
    poker = r.values.chinese_poker
    if poker is not None and (poker.scoop or poker.royalties):
        row = max(lay.contract_rows.values()) + 2
        note = f"Chinese Poker: scoop {poker.scoop} beats; royalties {json.dumps(poker.royalties)}"
        plan.add(Cell(RULES, row, 1, note, style="note"))
    # What audit needs to rebuild the layout: at fixed places, whatever the rules.
    data: list[tuple[str, Value]] = [
        ("format", FORMAT),
        ("version", VERSION),
        ("rules", rules_spec(record)),
        ("options", json.dumps(record.get("options")) if record.get("options") else ""),
    ]
    plan.add(Cell(RULES, 1, DATA_COL, "workbook data (read by scoresheet audit)", style="note"))
    for i, (key, stored) in enumerate(data):
        plan.add(Cell(RULES, 2 + i, DATA_COL, key, style="note"))
        plan.add(Cell(RULES, 2 + i, DATA_COL + 1, stored, style="note"))


DATA_COL = 10  # Rules!J1:K5 hold the workbook data


def result_inputs(lay: Layout, deal: BarbuDeal, scored: DealScore | None) -> dict[int, Value]:
    """The Results inputs of one deal: column → value."""
    out: dict[int, Value] = {4: deal["contract"]}
    res = deal.get("result")
    if res is None:
        return out
    f = lay.fields
    players = lay.players

    def counts(key: str) -> None:
        data: Any = res.get(key)
        if isinstance(data, dict) and key in f:
            for j, p in enumerate(players):
                out[f[key].cols[j]] = data.get(p, 0)

    def one(key: str) -> None:
        value: Any = res.get(key)
        if value is not None and key in f:
            out[f[key].cols[0]] = value

    for key in ("tricks", "hearts", "queens"):
        counts(key)
    for key in ("trump", "ace_of_hearts", "king_of_hearts", "second_last", "last", "start"):
        one(key)
    order = res.get("order")
    if order is not None and "order" in f:
        for col, name in zip(f["order"].cols, order, strict=False):
            out[col] = name
    cards = res.get("cards")
    if cards is not None and "most" in f:
        for p in players:
            suits = cards.get(p, {})
            for col, suit in zip(f[f"cards:{p}"].cols, SUIT_KEYS, strict=True):
                out[col] = suits.get(suit, 0)
    most = res.get("most")
    if most is not None and "most" in f:
        for j, p in enumerate(players):
            if p in most:
                out[f["most"].cols[j]] = MOST_MARK
    if "hands" in f:
        beats = res.get("beats")
        hands = res.get("hands")
        if hands is not None:
            for j, p in enumerate(players):
                rows = hands.get(p, {})
                out[f["hands"].cols[j]] = HAND_SEPARATOR.join(rows.get(r, "") for r in ROWS)
            parsed = {p: parse_hand(*(hands[p][r] for r in ROWS)) for p in players}
            beats = count_beats(parsed)
            poker = lay.rules.values.chinese_poker
            if "bonus" in f and scored is not None and poker is not None:
                for j, p in enumerate(players):
                    extra = scored.base[p] // poker.per_beat - sum(beats[p].values())
                    out[f["bonus"].cols[j]] = extra
        if beats is not None:
            for p in players:
                got = beats.get(p, {})
                for col, row in zip(f[f"beats:{p}"].cols, ROWS, strict=True):
                    out[col] = got.get(row, 0)
    return out


def _results_sheet(plan: Plan, record: GameFile, score: GameScore) -> None:
    lay = plan.layout
    _title(plan, RESULTS, "Results: what the table reported")
    for col, head in enumerate(("deal", "declarer", "dealer", "contract"), start=1):
        _header(plan, RESULTS, 2, col, "")
        _header(plan, RESULTS, 3, col, head)
    for fld in lay.fields.values():
        _header(plan, RESULTS, 2, fld.cols[0], fld.title, len(fld.cols))
        for col, sub in zip(fld.cols, fld.subtitles, strict=True):
            _header(plan, RESULTS, 3, col, sub)
    _deal_columns(plan, RESULTS, True)
    inputs: dict[int, dict[int, Value]] = {}
    deals = record.get("deals", [])
    for scored in score.deals:
        inputs[scored.number] = result_inputs(lay, deals[scored.number - 1], scored)
    names = {c: fld for fld in lay.fields.values() for c in fld.cols}
    for deal in range(1, lay.rows + 1):
        row = lay.row(deal)
        values = inputs.get(deal, {})
        for col in range(4, lay.results_width + 1):
            found = names.get(col)
            what = "contract" if found is None else _input_label(lay, found, col)
            plan.add(
                Cell(
                    RESULTS,
                    row,
                    col,
                    values.get(col),
                    style="input",
                    label=f"deal {deal}, {what}",
                    deal=deal,
                )
            )


def _input_label(lay: Layout, fld: ResultField, col: int) -> str:
    sub = fld.subtitles[fld.cols.index(col)]
    if ":" in fld.key:
        kind, player = fld.key.split(":", 1)
        return f"{player}, {kind} {sub}"
    if fld.key in ("tricks", "hearts", "queens", "most", "bonus", "hands"):
        return f"{sub}, {fld.key}"
    if fld.key == "order":
        return f"dominoes, {sub} out"
    return fld.key.replace("_", " ")


def _doubles_sheet(plan: Plan, score: GameScore) -> None:
    lay = plan.layout
    players = lay.players
    _title(plan, DOUBLES, "Doubles: 1 = doubled, 2 = redoubled (in the doubler's row of columns)")
    for col, head in enumerate(("deal", "declarer", "contract"), start=1):
        _header(plan, DOUBLES, 2, col, "")
        _header(plan, DOUBLES, 3, col, head)
    for a in range(lay.n):
        cols = [lay.mult_col[(a, b)] for b in range(lay.n) if b != a]
        _header(plan, DOUBLES, 2, cols[0], f"{players[a]} doubles", len(cols))
        cols = [lay.moved_col[(a, b)] for b in range(lay.n) if b != a]
        _header(plan, DOUBLES, 2, cols[0], f"{players[a]} won from", len(cols))
    for (a, b), col in lay.mult_col.items():
        _header(plan, DOUBLES, 3, col, players[b])
        _header(plan, DOUBLES, 3, lay.moved_col[(a, b)], players[b])
    _deal_columns(plan, DOUBLES, False)
    scored = {d.number: d for d in score.deals}
    index = {p: i for i, p in enumerate(players)}
    for deal in range(1, lay.rows + 1):
        row = lay.row(deal)
        ds = scored.get(deal)
        plan.add(
            Cell(
                DOUBLES,
                row,
                3,
                ds.contract if ds else "",
                formula=f'IF({RESULTS}!$D{row}="","",{RESULTS}!$D{row})',
                style="fixed",
                label=f"deal {deal}, contract",
                deal=deal,
            )
        )
        bets = {(index[b.doubler], index[b.doubled]): b for b in ds.bets} if ds else {}
        for (a, b), col in lay.mult_col.items():
            bet = bets.get((a, b))
            what = f"deal {deal}, {players[a]} doubles {players[b]}"
            plan.add(
                Cell(
                    DOUBLES,
                    row,
                    col,
                    bet.multiplier if bet else None,
                    style="input",
                    label=what,
                    deal=deal,
                )
            )
            mult = ref(col, row)
            base_a = ref(lay.score_cols[a][1], row, sheet=SCORES)
            base_b = ref(lay.score_cols[b][1], row, sheet=SCORES)
            plan.add(
                Cell(
                    DOUBLES,
                    row,
                    lay.moved_col[(a, b)],
                    bet.moved if bet else "",
                    formula=f'IF(OR($C{row}="",N({mult})=0),"",{mult}*({base_a}-{base_b}))',
                    label=f"deal {deal}, {players[a]} won from {players[b]}",
                    deal=deal,
                )
            )
    # The ledger: every pair over the game.
    top = lay.ledger_title_row
    plan.add(
        Cell(DOUBLES, top, 2, "Doubling ledger: every pair of players over the game", style="title")
    )
    for k, head in enumerate(("player", "against", "bets", "redoubled", "won (+) / lost (−)")):
        plan.add(Cell(DOUBLES, top + 1, 2 + k, head, style="header"))
    ledger = {pair.players: pair for pair in score.ledger()}
    last = lay.last
    for i, (a, b) in enumerate(lay.ledger_pairs):
        row = lay.ledger_first + i
        pa, pb = players[a], players[b]
        entry = ledger[(pa, pb)]
        ab, ba = _column(lay.mult_col[(a, b)], last), _column(lay.mult_col[(b, a)], last)
        mab, mba = _column(lay.moved_col[(a, b)], last), _column(lay.moved_col[(b, a)], last)
        what = f"ledger, {pa} and {pb}"
        plan.add(Cell(DOUBLES, row, 2, pa, style="fixed"))
        plan.add(Cell(DOUBLES, row, 3, pb, style="fixed"))
        plan.add(
            Cell(
                DOUBLES,
                row,
                4,
                entry.bets,
                formula=f'COUNTIF({ab},">0")+COUNTIF({ba},">0")',
                label=f"{what}, bets",
            )
        )
        plan.add(
            Cell(
                DOUBLES,
                row,
                5,
                entry.redoubles,
                formula=f"COUNTIF({ab},2)+COUNTIF({ba},2)",
                label=f"{what}, redoubled",
            )
        )
        plan.add(
            Cell(
                DOUBLES,
                row,
                6,
                entry.net[pa],
                formula=f"SUM({mab})-SUM({mba})",
                label=f"{what}, {pa} won",
            )
        )


def _column(col: int, last: int) -> str:
    """A whole column of deals, fixed: ``$D$4:$D$31``."""
    letter = col_letter(col)
    return f"${letter}${FIRST}:${letter}${last}"


def _scores_sheet(plan: Plan, score: GameScore) -> None:
    lay = plan.layout
    players = lay.players
    rules = lay.rules
    _title(plan, SCORES, f"Barbu: {', '.join(players)} (rules: {rules.name})")
    for col, head in enumerate(("deal", "declarer", "dealer", "contract", "split"), start=1):
        _header(plan, SCORES, 2, col, "")
        _header(plan, SCORES, 3, col, head)
    for j, p in enumerate(players):
        cols = lay.score_cols[j]
        _header(plan, SCORES, 2, cols[0], p, 5)
        for col, head in zip(cols, ("doubles", "base", "±", "score", "running"), strict=True):
            _header(plan, SCORES, 3, col, head)
    _header(plan, SCORES, 2, lay.check_col, "check", 2)
    _header(plan, SCORES, 3, lay.check_col, "row adds up to")
    _header(plan, SCORES, 3, lay.expected_col, "contract total")
    _deal_columns(plan, SCORES, True)
    scored = {d.number: d for d in score.deals}
    running = dict.fromkeys(players, 0)
    for deal in range(1, lay.rows + 1):
        row = lay.row(deal)
        ds = scored.get(deal)
        played = ds is not None
        label = f"deal {deal}"
        plan.add(
            Cell(
                SCORES,
                row,
                4,
                ds.contract if ds else "",
                formula=f'IF({RESULTS}!$D{row}="","",{RESULTS}!$D{row})',
                style="fixed",
                label=f"{label}, contract",
                deal=deal,
            )
        )
        plan.add(
            Cell(
                SCORES,
                row,
                5,
                ("split" if ds.split else "") if ds else "",
                formula=lay.split_formula(row),
                style="fixed",
                label=f"{label}, split",
                deal=deal,
            )
        )
        paper = paper_doubles(ds, players) if ds else {}
        for j, p in enumerate(players):
            dbl, base, moved, sc, run = lay.score_cols[j]
            if ds:
                running[p] += ds.score[p]
            cells: list[tuple[int, Value, str, str, str]] = [
                (dbl, paper.get(p, ""), lay.paper_formula(j, row), "doubles", "paper"),
                (base, ds.base[p] if ds else "", lay.base_formula(j, row), "base", ""),
                (
                    moved,
                    ds.doubles[p] if ds else "",
                    lay.moved_formula(j, row),
                    "doubles moved",
                    "",
                ),
                (
                    sc,
                    ds.score[p] if ds else "",
                    f'IF($D{row}="","",{col_letter(base)}{row}+{col_letter(moved)}{row})',
                    "score",
                    "score",
                ),
                (
                    run,
                    running[p] if played else NA,
                    f'IF($D{row}="",NA(),SUM({col_letter(sc)}${FIRST}:{col_letter(sc)}{row}))',
                    "running total",
                    "running",
                ),
            ]
            for col, value, formula, what, style in cells:
                plan.add(
                    Cell(
                        SCORES,
                        row,
                        col,
                        value,
                        formula=formula,
                        style=style,
                        label=f"{label}, {p}, {what}",
                        deal=deal,
                    )
                )
        score_refs = ",".join(ref(lay.score_cols[j][3], row, fixed_col=False) for j in range(lay.n))
        base_refs = ",".join(ref(lay.score_cols[j][1], row, fixed_col=False) for j in range(lay.n))
        expected: Value = ""
        if ds:
            fixed = rules.contract_total(ds.contract)
            expected = fixed if fixed is not None else sum(ds.base.values())
        lookup = f"INDEX(c_total,MATCH($D{row},contracts,0))"
        plan.add(
            Cell(
                SCORES,
                row,
                lay.check_col,
                ds.total if ds else "",
                formula=f'IF($D{row}="","",SUM({score_refs}))',
                style="check",
                label=f"{label}, check",
                deal=deal,
            )
        )
        plan.add(
            Cell(
                SCORES,
                row,
                lay.expected_col,
                expected,
                formula=f'IF($D{row}="","",IF(ISNUMBER({lookup}),{lookup},SUM({base_refs})))',
                style="check",
                label=f"{label}, contract total",
                deal=deal,
            )
        )
    tr = lay.totals_row
    plan.add(Cell(SCORES, tr, 4, "Total", style="total_label"))
    totals = []
    for j, p in enumerate(players):
        letter = col_letter(lay.score_cols[j][3])
        cell = plan.add(
            Cell(
                SCORES,
                tr,
                lay.score_cols[j][3],
                score.totals[p],
                formula=f"SUM({letter}{FIRST}:{letter}{lay.last})",
                style="total",
                label=f"total, {p}",
            )
        )
        totals.append(cell.ref)
    plan.add(
        Cell(
            SCORES,
            tr,
            lay.check_col,
            sum(score.totals.values()),
            formula=f"SUM({','.join(totals)})",
            style="total",
            label="total of the totals",
        )
    )
    plan.add(Cell(SCORES, lay.leader_row, 4, "Leader", style="total_label"))
    top = max(score.totals.values()) if score.deals else 0
    leader = ", ".join(p for p in players if score.totals[p] == top) if score.deals else ""
    scores_all = ",".join(
        f"{col_letter(lay.score_cols[j][3])}{FIRST}:{col_letter(lay.score_cols[j][3])}{lay.last}"
        for j in range(lay.n)
    )
    best = f"MAX({','.join(totals)})"
    names = "&".join(f'IF({t}={best},", "&{lay._player(j)},"")' for j, t in enumerate(totals))
    plan.add(
        Cell(
            SCORES,
            lay.leader_row,
            lay.score_cols[0][0],
            leader,
            formula=f'IF(COUNT({scores_all})=0,"",MID({names},3,1000))',
            style="leader",
            label="leader",
        )
    )


def _obligations_sheet(plan: Plan, score: GameScore) -> None:
    lay = plan.layout
    players = lay.players
    rules = lay.rules
    required = rules.doubling.min_declarer_doubles
    _title(plan, OBLIGATIONS, "Obligations: how many times each player doubled each declarer")
    plan.add(
        Cell(
            OBLIGATIONS,
            2,
            1,
            f"Each player must double each declarer at least {required} times during the "
            "declarer's deals (redoubles do not count). Red: short at the end of the "
            "declarer's deals; yellow: still owed.",
            style="note",
        )
    )
    for col, head in enumerate(("declarer", "deals declared", "required"), start=1):
        _header(plan, OBLIGATIONS, 3, col, head)
    for q, p in enumerate(players):
        _header(plan, OBLIGATIONS, 3, lay.ob_first_col + q, f"by {p}")
    last = lay.last
    for d, declarer in enumerate(players):
        row = FIRST + d
        plan.add(Cell(OBLIGATIONS, row, 1, declarer, style="fixed"))
        decl_range = f"{RESULTS}!$B${FIRST}:$B${last}"
        contract_range = f"{RESULTS}!$D${FIRST}:$D${last}"
        plan.add(
            Cell(
                OBLIGATIONS,
                row,
                2,
                len(score.declared.get(declarer, ())),
                formula=f'SUMPRODUCT(EXACT({decl_range},$A{row})*({contract_range}<>""))',
                label=f"{declarer}, deals declared",
            )
        )
        plan.add(
            Cell(
                OBLIGATIONS,
                row,
                3,
                required,
                formula="min_declarer_doubles",
                label=f"{declarer}, required",
            )
        )
        for q, doubler in enumerate(players):
            col = lay.ob_first_col + q
            if q == d:
                plan.add(Cell(OBLIGATIONS, row, col, "—", style="fixed"))
                continue
            c = col_letter(lay.mult_col[(q, d)])
            mults = f"{DOUBLES}!${c}${FIRST}:${c}${last}"
            plan.add(
                Cell(
                    OBLIGATIONS,
                    row,
                    col,
                    score.declarer_doubles.get((doubler, declarer), 0),
                    formula=f"SUMPRODUCT(EXACT({DOUBLES}!$B${FIRST}:$B${last},$A{row})*({mults}>0))",
                    style="obligation",
                    label=f"{doubler} doubled {declarer}",
                )
            )
