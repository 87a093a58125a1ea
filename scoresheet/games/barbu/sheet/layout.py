"""Where everything sits in a Barbu workbook, and what every computed cell holds.

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
from typing import TYPE_CHECKING

from scoresheet.games.barbu.poker import ROWS
from scoresheet.games.barbu.rotation import dealer_of, declarer_of
from scoresheet.games.barbu.rules import BarbuRules
from scoresheet.i18n import NP_, _, pgettext
from scoresheet.sheets.plan import Cell, col_letter, ordinal_heading, ref, text_literal
from scoresheet.views.common import initials

if TYPE_CHECKING:
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
DATA_COL = 10  # Rules!J1:K5 hold the workbook data


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
            add("tricks", _("Tricks taken"), names)
        if "trumps" in contracts:
            add("trump", _("Trumps"), [pgettext("sheet heading", "suit")])
        hearts = rules.values.no_hearts
        if "no-hearts" in contracts:
            add("hearts", _("Hearts taken"), names)
            if hearts is not None and hearts.ace_extra:
                add("ace_of_hearts", "A♥", [pgettext("sheet heading", "taken by")])
        if "no-queens" in contracts:
            add("queens", _("Queens taken"), names)
        if "no-king" in contracts:
            add("king_of_hearts", "K♥", [pgettext("sheet heading", "taken by")])
        if "no-last-two" in contracts:
            add("second_last", _("Second-last trick"), [pgettext("sheet heading", "taken by")])
        if contracts & {"no-last-two", "no-last-trick"}:
            add("last", _("Last trick"), [pgettext("sheet heading", "taken by")])
        if "dominoes" in contracts:
            add("order", _("Dominoes: going out"), [ordinal_heading(i + 1) for i in range(n)])
            add("start", _("Dominoes"), [pgettext("sheet heading", "start rank")])
        if "ravage-city" in contracts:
            for p in names:
                add(
                    f"cards:{p}",
                    _("Ravage City: {player}'s cards").format(player=p),
                    list(SUIT_SYMBOLS.values()),
                )
            add(
                "most",
                _("Ravage City: most of a suit ({most_mark})").format(most_mark=MOST_MARK),
                names,
            )
        poker = rules.values.chinese_poker
        if "chinese-poker" in contracts:
            rows = [pgettext("chinese poker row", HAND_ROWS[r]) for r in ROWS]
            for p in names:
                add(f"beats:{p}", _("Chinese Poker: {player}'s beats").format(player=p), rows)
            if poker is not None and (poker.scoop or poker.royalties):
                add("bonus", _("Chinese Poker: scoop and royalty beats"), names)
            add("hands", _("Chinese Poker: hands (front / middle / back)"), names)
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
            add(f"player_{j + 1}", _("player {j}").format(j=j + 1), [p], None)
        add("tricks_per_deal", _("tricks per deal"), [r.tricks_per_deal], None)
        add("hearts_in_deck", _("hearts in the deck"), [r.count_in_deck(suit="H")], None)
        add("queens_in_deck", _("queens in the deck"), [r.count_in_deck(rank=12)], None)
        add("deals_per_declarer", _("deals each player declares"), [r.deals_per_declarer], None)
        add(
            "undoubled_split",
            _("an undoubled negative deal is split, not played"),
            [r.undoubled_split],
            ("undoubled_split",),
        )
        add(
            "min_declarer_doubles",
            _("doubles each player owes each declarer"),
            [r.doubling.min_declarer_doubles],
            ("doubling", "min_declarer_doubles"),
        )
        add(
            "doubling_negative",
            _("in a negative contract a non-declarer may double"),
            [r.doubling.negative],
            ("doubling", "negative"),
        )
        add(
            "doubling_positive",
            _("in a positive contract a non-declarer may double"),
            [r.doubling.positive],
            ("doubling", "positive"),
        )
        add("redoubles", _("redoubles allowed"), [r.doubling.redoubles], ("doubling", "redoubles"))
        row += 2  # a blank row and the "Values" heading
        contracts = r.all_contracts
        if "no-tricks" in contracts and v.no_tricks is not None:
            add("v_no_tricks", _("No Tricks: per trick"), [v.no_tricks], ("values", "no-tricks"))
        if "no-hearts" in contracts and v.no_hearts is not None:
            add(
                "v_no_hearts_heart",
                _("No Hearts: per heart"),
                [v.no_hearts.per_heart],
                ("values", "no-hearts", "per_heart"),
            )
            add(
                "v_no_hearts_ace",
                _("No Hearts: the A♥ extra"),
                [v.no_hearts.ace_extra],
                ("values", "no-hearts", "ace_extra"),
            )
        if "no-queens" in contracts and v.no_queens is not None:
            add("v_no_queens", _("No Queens: per queen"), [v.no_queens], ("values", "no-queens"))
        if "no-king" in contracts and v.no_king is not None:
            add("v_no_king", _("No King of Hearts: the K♥"), [v.no_king], ("values", "no-king"))
        if "no-last-two" in contracts and v.no_last_two is not None:
            add(
                "v_no_last_two_second",
                _("No Last Two: the second-last trick"),
                [v.no_last_two.second_last],
                ("values", "no-last-two", "second_last"),
            )
            add(
                "v_no_last_two_last",
                _("No Last Two: the last trick"),
                [v.no_last_two.last],
                ("values", "no-last-two", "last"),
            )
        if "no-last-trick" in contracts and v.no_last_trick is not None:
            add(
                "v_no_last_trick",
                _("No Last Trick: the last trick"),
                [v.no_last_trick],
                ("values", "no-last-trick"),
            )
        if "trumps" in contracts and v.trumps is not None:
            add("v_trumps", _("Trumps: per trick"), [v.trumps], ("values", "trumps"))
        if "dominoes" in contracts and v.dominoes is not None:
            add(
                "v_dominoes",
                _("Dominoes: 1st, 2nd, … out"),
                v.dominoes,
                ("values", "dominoes"),
            )
        if "ravage-city" in contracts and v.ravage_city is not None:
            add(
                "v_ravage_city",
                _("Ravage City: most of a suit (ties split)"),
                [v.ravage_city],
                ("values", "ravage-city"),
            )
        if "chinese-poker" in contracts and v.chinese_poker is not None:
            add(
                "v_chinese_poker_beat",
                _("Chinese Poker: per beat"),
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

        return declarer_of(self.rules, self.players, deal - 1)

    def dealer(self, deal: int) -> str:

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
        """Player ``j``'s doubles in the paper convention (see ``barbu.views.paper_doubles``)."""
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


# A Chinese Poker hand's rows, as the Results sheet heads them.
HAND_ROWS = {
    "front": NP_("chinese poker row", "front"),
    "middle": NP_("chinese poker row", "middle"),
    "back": NP_("chinese poker row", "back"),
}


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


def add_title(plan: Plan, sheet: str, text: str) -> None:
    plan.add(Cell(sheet, 1, 1, text, style="title"))


def add_header(plan: Plan, sheet: str, row: int, col: int, text: str, span: int = 1) -> None:
    plan.add(Cell(sheet, row, col, text, style="header"))
    if span > 1:
        plan.merges.append((sheet, row, col, col + span - 1))
        for c in range(col + 1, col + span):
            plan.add(Cell(sheet, row, c, None, style="header"))


def deal_columns(plan: Plan, sheet: str, with_dealer: bool) -> None:
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
                    label=_("deal {deal}, declarer").format(deal=deal),
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
                    label=_("deal {deal}, dealer").format(deal=deal),
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
                        label=_("deal {deal}, {what}").format(deal=deal, what=what),
                        deal=deal,
                    )
                )
