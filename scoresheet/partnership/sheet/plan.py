"""What every cell of a Belote workbook holds: the inputs of Results and Declarations,
the Rules sheet with its named cells, and (by :mod:`.scores`) the Scores sheet.

Every computed number is a formula over the input cells and the named rule cells, and
every cell carries the library's value, so the workbook opens with its values and the
audit has a value to compare each formula with. :func:`plan_inputs` plans every sheet
but Scores for any game laid out like Belote's (Coinche's too).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from scoresheet.i18n import N_, NP_, _, pgettext
from scoresheet.partnership.rules import (
    RANK_KEYS,
    SUIT_CONTRACTS,
    TABLES,
    TRUMP_ORDER,
    contract_word,
    parse_rank,
)
from scoresheet.partnership.score import GameScore
from scoresheet.partnership.sheet.layout import (
    DEC,
    DECLARATIONS,
    FIRST,
    FORMAT,
    RESULTS,
    RULES,
    SCORES,
    VERSION,
    L,
    Layout,
    Plan,
    Scored,
)
from scoresheet.partnership.sheet.scores import plan_scores
from scoresheet.sheets.plan import Value, col_letter

# The card-point tables, as the Rules sheet heads them.
TABLE_WORDS = {
    "trump": NP_("sheet heading", "trump"),
    "plain": NP_("sheet heading", "plain"),
}


def table_word(table: str) -> str:
    """A card-point table's heading: trump, plain, or a contract's word."""
    word = TABLE_WORDS.get(table)
    return contract_word(table) if word is None else pgettext("sheet heading", word)


def _cards_text(cards: Any) -> str:
    return cards if isinstance(cards, str) else " ".join(cards)


def plan_workbook(
    layout: Layout,
    record: Mapping[str, Any],
    result: GameScore,
    *,
    title: str = "",
    declaration_rows: Mapping[int, tuple[int, Mapping[str, Any]]] | None = None,
) -> Plan[Layout]:
    """Every cell of the workbook for a scored game (no deals: a blank sheet)."""
    plan = plan_inputs(layout, record, result, title=title, declaration_rows=declaration_rows)
    plan_scores(plan, result)
    return plan


def plan_inputs(
    layout: L,
    record: Mapping[str, Any],
    result: Scored,
    *,
    title: str = "",
    declaration_rows: Mapping[int, tuple[int, Mapping[str, Any]]] | None = None,
) -> Plan[L]:
    """Every cell but the Scores sheet's, of a game laid out like Belote's (Coinche's
    too: its layout adds the auction's inputs).

    The declarations fill the Declarations rows in the game's order, or where
    ``declaration_rows`` (row → deal number and declaration) says: where a workbook
    being audited has them.
    """
    lay = layout
    plan = Plan(lay)
    rules = lay.rules
    _plan_rules(plan)
    labels = lay.labels
    res_cols = lay.RES
    deals = list(record.get("deals") or [])
    heading = title or _("{title}: {labels} against {labels2}").format(
        title=lay.TITLE, labels=labels[0], labels2=labels[1]
    )
    target = _("first team to {target} wins").format(target=rules.target)
    plan.add(
        SCORES,
        1,
        1,
        _("{heading} — rules {name}, {target}").format(
            heading=heading, name=rules.name, target=target
        ),
        style="title",
    )
    plan.add(RESULTS, 1, 1, _("Results: what the table reported (inputs)"), style="title")
    plan.add(DECLARATIONS, 1, 1, _("Declarations (inputs, one row each)"), style="title")

    # Results headers and inputs. Each group heading spans its columns; the teams' names
    # stand under it.
    for c1, c2, text in lay.headings():
        plan.add(RESULTS, 2, c1, text, style="header")
        plan.merges.append((RESULTS, 2, c1, c2))
    for col, text in sorted(lay.heads().items()):
        plan.add(RESULTS, 3, col, text, style="header")
    decl_rows: list[tuple[int, dict[str, Any]]] = []
    # Each deal's dealer: a dealer a deal names (after a hand thrown in) re-anchors the
    # rotation, for the deals recorded and the rows still to fill in.
    dealers = lay.dealers([d.get("dealer") for d in deals])
    for n in range(1, lay.rows + 1):
        row = lay.row(n)
        plan.add(RESULTS, row, res_cols.deal, n, style="deal")
        plan.add(RESULTS, row, res_cols.dealer, dealers[n - 1], style="fixed")
        deal = deals[n - 1] if n <= len(deals) else None
        res: dict[str, Any] = dict(deal["result"]) if deal else {}
        scored = result.deals[n - 1] if deal and n <= len(result.deals) else None
        values: dict[int, Value] = {}
        if deal is not None:
            values[res_cols.contract] = deal["contract"]
            values[res_cols.taker] = deal["taker"]
            values |= lay.auction(deal)
            pts = scored.points if scored is not None else res.get("points") or (None, None)
            values[res_cols.points[0]], values[res_cols.points[1]] = pts[0], pts[1]
            last = scored.last_trick if scored is not None else res.get("last_trick")
            for col, team in ((res_cols.last, last), (res_cols.belote, res.get("belote"))):
                values[col] = labels[team] if team is not None else None
            capot = res.get("capot")
            values[res_cols.capot] = labels[capot] if capot is not None else None
            if res.get("cards"):
                for k in (0, 1):
                    values[res_cols.cards[k]] = _cards_text(res["cards"][k])
            for x in res.get("declarations") or []:
                # The rank as the rules key it ("T", "j" → "10", "J"), as score reads it.
                decl_rows.append((n, {**x, "rank": parse_rank(str(x["rank"]))}))
        inputs = (col for col in lay.heads() if col not in (res_cols.deal, res_cols.dealer))
        for col in sorted(inputs):
            plan.add(RESULTS, row, col, values.get(col), style="input", deal=n)

    # Declarations headers and inputs.
    for col, text in enumerate(
        [
            pgettext("sheet heading", "deal"),
            pgettext("sheet heading", "team"),
            pgettext("sheet heading", "kind"),
            pgettext("sheet heading", "rank"),
            pgettext("sheet heading", "value"),
            pgettext("sheet heading", "strength"),
        ],
        1,
    ):
        plan.add(DECLARATIONS, 3, col, text, style="header")
    plan.add(
        DECLARATIONS,
        2,
        1,
        _(
            "Only the team with the best declaration scores its declarations "
            "(strength: value × 100, + 50 for a carré, + the rank's place)"
        ),
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
        plan.add(DECLARATIONS, row, DEC.deal, number, style="input")
        plan.add(
            DECLARATIONS,
            row,
            DEC.team,
            labels[x["team"]] if got else None,
            style="input",
        )
        plan.add(DECLARATIONS, row, DEC.kind, x.get("kind"), style="input")
        plan.add(DECLARATIONS, row, DEC.rank, x.get("rank"), style="input")
        value = strength = 0
        if got is not None:
            value = rules.declaration_value(x["kind"], x["rank"]) or 0
            strength = rules.declaration_strength(x["kind"], x["rank"])
        a, c, d = (f"${col_letter(k)}{row}" for k in (DEC.deal, DEC.kind, DEC.rank))
        empty = f'OR({a}="",{c}="")'
        rank = f'{d}&""'
        plan.add(
            DECLARATIONS,
            row,
            DEC.value,
            value,
            f'IF({empty},0,IF({c}="carre",INDEX(carre_values,MATCH({rank},carre_ranks,0)),'
            f"INDEX(decl_values,MATCH({c},decl_kinds,0))))",
            style="formula",
            label=_("declaration row {row}, value").format(row=row),
        )
        plan.add(
            DECLARATIONS,
            row,
            DEC.strength,
            strength,
            f'IF({empty},0,${col_letter(DEC.value)}{row}*100+IF({c}="carre",'
            f"50+INDEX(carre_order,MATCH({rank},carre_ranks,0)),"
            f"INDEX(seq_order,MATCH({rank},seq_ranks,0))))",
            style="formula",
            label=_("declaration row {row}, strength").format(row=row),
        )

    return plan


def _plan_rules(plan: Plan[L]) -> None:
    lay = plan.layout
    rules = lay.rules
    add = plan.add
    name = plan.names
    add(
        RULES,
        1,
        1,
        _("Rules: {name} — {description}").format(
            name=rules.name, description=_(rules.description)
        ),
        style="title",
    )
    facts: list[tuple[str, Value]] = [
        ("workbook", FORMAT),
        ("version", VERSION),
        ("rules", lay.spec),
        ("options", json.dumps(lay.options, ensure_ascii=False) if lay.options else ""),
        (N_("deal rows"), lay.rows),
        (N_("declaration rows"), lay.decl_rows),
    ]
    # The workbook's own data, at fixed places: the keys stay as they are, the rest is read.
    for row, (label, value) in enumerate(facts, 2):
        add(RULES, row, 1, _(label) if row > 5 else label, style="label")
        add(RULES, row, 2, value, style="fixed")
    for cell in lay.rule_cells:
        if cell.name.startswith("r_"):
            add(RULES, cell.row, 1, _(cell.label), style="label")
            add(RULES, cell.row, 2, cell.value, style="rule")
            name[cell.name] = f"{RULES}!$B${cell.row}"
    add(
        RULES,
        lay.players_row - 1,
        1,
        pgettext("sheet heading", "Players, in seating order"),
        style="header",
    )
    for j, p in enumerate(lay.players):
        row = lay.players_row + j
        add(RULES, row, 1, _("player {j}").format(j=j + 1), style="label")
        add(RULES, row, 2, p, style="fixed")
        name[f"player_{j + 1}"] = f"{RULES}!$B${row}"
    first = lay.players_row
    name["players"] = f"{RULES}!$B${first}:$B${first + len(lay.players) - 1}"
    h = lay.teams_header
    for col, text in enumerate(
        [
            pgettext("sheet heading", "Teams"),
            pgettext("sheet heading", "partner"),
            pgettext("sheet heading", "partner"),
            pgettext("sheet heading", "team"),
        ],
        1,
    ):
        add(RULES, h, col, text, style="header")
    for k, row in enumerate(lay.team_rows):
        add(RULES, row, 1, _("team {k}").format(k=k), style="label")
        add(RULES, row, 2, lay.teams[k][0], style="fixed")
        add(RULES, row, 3, lay.teams[k][1], style="fixed")
        add(
            RULES,
            row,
            4,
            lay.labels[k],
            f'$B${row}&" & "&$C${row}',
            style="formula",
            label=_("team {k}, name").format(k=k),
        )
        name[f"team_{k}"] = f"{RULES}!$D${row}"
        name[f"team_{k}_players"] = f"{RULES}!$B${row}:$C${row}"
    name["teams"] = f"{RULES}!$D${lay.team_rows[0]}:$D${lay.team_rows[1]}"

    # Card points.
    h = lay.points_header
    for col, text in enumerate(
        [pgettext("sheet heading", "Card points"), *(table_word(t) for t in TABLES)], 1
    ):
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
    for col, text in enumerate(
        [
            pgettext("sheet heading", "Contract"),
            pgettext("sheet heading", "card points"),
            pgettext("sheet heading", "with the last trick"),
        ],
        1,
    ):
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
            label=_("{contract}, card points").format(contract=contract),
        )
        add(
            RULES,
            row,
            3,
            rules.deal_total(contract),
            f"$B${row}+r_last_trick",
            style="formula",
            label=_("{contract}, with the last trick").format(contract=contract),
        )
    rows = list(lay.contract_rows.values())
    for key, letter in (("contracts", "A"), ("c_cards", "B"), ("c_total", "C")):
        name[key] = f"{RULES}!${letter}${rows[0]}:${letter}${rows[-1]}"

    # Declarations.
    h = lay.kinds_header
    for col, text in enumerate(
        [pgettext("sheet heading", "Declaration"), pgettext("sheet heading", "value")], 1
    ):
        add(RULES, h, col, text, style="header")
    for kind, row in lay.kind_rows.items():
        add(RULES, row, 1, kind, style="fixed")
        add(RULES, row, 2, lay.rule(f"decl:{kind}").value, style="rule")
    krows = list(lay.kind_rows.values())
    name["decl_kinds"] = f"{RULES}!$A${krows[0]}:$A${krows[-1]}"
    name["decl_values"] = f"{RULES}!$B${krows[0]}:$B${krows[-1]}"
    h = lay.ranks_header
    for col, text in enumerate(
        [
            pgettext("sheet heading", "Rank"),
            pgettext("sheet heading", "carré value"),
            pgettext("sheet heading", "carré place"),
            pgettext("sheet heading", "sequence place"),
        ],
        1,
    ):
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
