"""Stakes: the amounts of ``settle --stake``, and each kind of game's stake in an evening.

``--stake 0.05`` is the stake of every kind of game; ``--stake barbu=0.05 --stake
belote=2`` gives each kind its own (see :mod:`scoresheet.evening.settle` for the rules).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation

from scoresheet import registry
from scoresheet.errors import ScoresheetError
from scoresheet.evening.games import ScoredGame
from scoresheet.i18n import _


def parse_amount(text: str | Decimal, what: str, *, largest: int = 1_000_000) -> Decimal:
    """A positive amount of money with at most 6 decimals, or one clear error.

    >>> parse_amount("0.01", "--stake")
    Decimal('0.01')
    >>> parse_amount("-1", "--stake")
    Traceback (most recent call last):
    ...
    scoresheet.errors.ScoresheetError: --stake: "-1" is not a positive amount (e.g. 0.01)
    """
    written = str(text).strip()
    whole, comma, decimals = written.partition(",")
    if comma and "." not in written and len(decimals) == 3 and whole.strip("0"):
        raise ScoresheetError(
            _('{what}: "{text}" could be {one} or {other}; write it without a comma').format(
                what=what, text=text, one=f"{whole}{decimals}", other=f"{whole}.{decimals}"
            )
        )
    try:
        value = Decimal(written.replace(",", "."))
    except InvalidOperation:
        value = Decimal("NaN")
    if not value.is_finite() or value <= 0:
        raise ScoresheetError(
            _('{what}: "{text}" is not a positive amount (e.g. 0.01)').format(what=what, text=text)
        )
    if value > largest:
        raise ScoresheetError(
            _('{what}: "{text}" is more than {largest}').format(
                what=what, text=text, largest=f"{largest:,}"
            )
        )
    exponent = value.normalize().as_tuple().exponent
    if isinstance(exponent, int) and exponent < -6:
        raise ScoresheetError(
            _('{what}: "{text}" has more than 6 decimals').format(what=what, text=text)
        )
    # As written, but always a plain decimal: 1e3 is 1000, never "1E+3".
    return Decimal(format(value, "f"))


def parse_stakes(given: Sequence[str]) -> tuple[str | None, dict[str, str]]:
    """``--stake`` as given on the command line: one bare amount (every kind of game not
    named) and ``GAME=AMOUNT`` for a kind of game; the amounts are checked by
    :func:`settle`.

    >>> parse_stakes(["barbu=0.05", "belote=2"])
    (None, {'barbu': '0.05', 'belote': '2'})
    >>> parse_stakes(["0.01"])
    ('0.01', {})
    >>> parse_stakes(["0.01", "0.02"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    scoresheet.errors.ScoresheetError: --stake: two stakes for every game (0.01 and 0.02); ...
    """
    bare: str | None = None
    named: dict[str, str] = {}
    for item in given:
        kind, equals, amount = item.partition("=")
        if not equals:
            if bare is not None:
                raise ScoresheetError(
                    _(
                        "--stake: two stakes for every game ({one} and {other}); name the "
                        "game of each, as in --stake barbu=0.05"
                    ).format(one=bare, other=item)
                )
            bare = item
            continue
        kind = kind.strip().lower()
        if kind not in registry.GAMES:
            raise ScoresheetError(
                _('--stake {given}: "{kind}" is not a game ({games})').format(
                    given=item, kind=kind, games=", ".join(registry.GAMES)
                )
            )
        if kind in named:
            raise ScoresheetError(
                _("--stake: {game} is given a stake twice ({one} and {other})").format(
                    game=kind, one=named[kind], other=amount
                )
            )
        named[kind] = amount
    return bare, named


def kind_stakes(
    scored: Sequence[ScoredGame],
    stake: Decimal | str | None,
    stakes: Mapping[str, Decimal | str],
    ledger_only: bool,
) -> dict[str, Decimal]:
    """Each kind of game of the evening with its stake, or one clear refusal."""
    kinds = sorted({g.game for g in scored})
    out: dict[str, Decimal] = {}
    for kind, amount in stakes.items():
        if kind not in kinds:
            raise ScoresheetError(
                _("--stake {kind}={amount}: no {kind} game in the evening ({games})").format(
                    kind=kind, amount=amount, games=", ".join(kinds)
                )
            )
        out[kind] = parse_amount(amount, f"--stake {kind}")
    rest = [g for g in scored if g.game not in out]
    if rest and stake is None:
        missing = sorted({g.game for g in rest})
        raise ScoresheetError(
            _("--stake: no stake for {games}; give each its own, as in {example}").format(
                games=", ".join(missing),
                example=" ".join(f"--stake {kind}=…" for kind in missing),
            )
        )
    if rest:
        bare = parse_amount(stake if stake is not None else "", "--stake")
        per_game = [g for g in rest if g.partnership]
        per_point = [g for g in rest if not g.partnership]
        if per_game and per_point and not ledger_only:
            need = sorted({g.game for g in rest})
            raise ScoresheetError(
                _(
                    "--stake {stake} would be per point in {one} ({one_game}) but per game "
                    "won in {other} ({other_game}); give each kind of game its own stake, "
                    "as in {example}"
                ).format(
                    stake=bare,
                    one=per_point[0].name,
                    one_game=per_point[0].game,
                    other=per_game[0].name,
                    other_game=per_game[0].game,
                    example=" ".join(f"--stake {kind}=…" for kind in need),
                )
            )
        for g in rest:
            out[g.game] = bare
    return dict(sorted(out.items()))
