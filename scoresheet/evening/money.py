"""Amounts of money and decimal numbers as a player of the language in force writes them.

The amounts come as exact decimal strings (``"-1.80"``, ``"+2.50"``, ``"1234.5"``) and
keep their sign; only the way they are written changes: the decimal mark, the grouping
of thousands and where the currency stands. ``--json`` and the workbook keep the plain
decimal strings.

=========  ==============  ==================================================
language   ``2.50`` of €    rule
=========  ==============  ==================================================
en         ``€2.50``       ``€``, ``$``, ``£``, ``¥`` before the amount, thousands
                           by a comma (``-€1,234.50``), a code (``CHF``) after
                           a space
fr         ``2,50 €``      decimal comma, thousands by a narrow no-break space
de         ``2,50 €``      decimal comma, thousands by a point
ja, zh     ``2.50€``       ``¥``, ``￥``, ``$``, ``£`` before the amount
                           (``¥250``), other signs right after it, a code
                           (``CHF``) after a space
=========  ==============  ==================================================

A language without a rule here (a new catalog) writes as English does.

No currency is printed unless one is given (``settle --currency``): without one an
amount is a plain number in the language's way (``2.50``, ``2,50``). The codes of the
currencies with a sign of their own are written as that sign (``EUR`` as ``€``,
``USD`` as ``$``, ``GBP`` as ``£``, ``JPY`` and ``CNY`` as ``¥``), so ``--currency USD``
reads ``$5.00`` in English and ``5,00 $`` in French; any other code (``CHF``, ``CAD``)
is written as given, after the amount.

>>> money("-1.80", "€", "fr"), money("+1234.5", "€", "de"), money("2.50", "€", "en")
('-1,80\\xa0€', '+1.234,5\\xa0€', '€2.50')
>>> money("-250", "¥", "ja"), money("2.50", "€", "zh"), money("2.50", "CHF", "ja")
('-¥250', '2.50€', '2.50 CHF')
>>> money("5", "USD", "en"), money("5.00", "USD", "fr"), money("2.50", ""), money("2.50", "", "de")
('$5', '5,00\xa0$', '2.50', '2,50')
"""

from __future__ import annotations

from dataclasses import dataclass

from scoresheet.i18n import language


@dataclass(frozen=True)
class Style:
    point: str  # the decimal mark
    group: str  # between groups of three digits ("" for none)
    space: str  # between the amount and a currency written after it
    before: frozenset[str] = frozenset()  # currency signs written before the amount


_ENGLISH = Style(".", ",", " ", frozenset({"€", "$", "£", "¥", "￥"}))
_EAST_ASIAN = Style(".", ",", "", frozenset({"¥", "￥", "$", "£"}))
STYLES = {
    "en": _ENGLISH,
    "fr": Style(",", "\u202f", "\u00a0"),
    "de": Style(",", ".", "\u00a0"),
    "ja": _EAST_ASIAN,
    "zh": _EAST_ASIAN,
}


#: Currency codes written as their sign.
SIGNS = {"EUR": "€", "USD": "$", "GBP": "£", "JPY": "¥", "CNY": "¥"}


def written(currency: str) -> str:
    """How ``currency`` is written next to an amount: a code with a sign of its own as
    that sign, anything else as given.

    >>> written("usd"), written("€"), written("CHF"), written("")
    ('$', '€', 'CHF', '')
    """
    return SIGNS.get(currency.upper(), currency) if currency.isascii() else currency


def _style(code: str | None) -> Style:
    code = language() if code is None else code
    return STYLES.get(code, STYLES.get(code.split("_")[0], _ENGLISH))


def number(text: str, code: str | None = None, *, group: bool = False) -> str:
    """A decimal number written in ``code`` (by default the language in force): its
    decimal mark, and with ``group`` its thousands grouped; the sign kept.

    >>> number("-1234.50", "fr", group=True), number("+0.25", "de"), number("3/7", "fr")
    ('-1\\u202f234,50', '+0,25', '3/7')
    """
    style = _style(code)
    sign = text[:1] if text[:1] in "+-" else ""
    body = text[len(sign) :]
    whole, point, decimals = body.partition(".")
    if not whole.isdigit() or (point and not decimals.isdigit()):
        return text  # not a plain decimal (a fraction 1/3): as it is
    if group and style.group and len(whole) > 3:
        head = len(whole) % 3 or 3
        whole = whole[:head] + "".join(
            style.group + whole[i : i + 3] for i in range(head, len(whole), 3)
        )
    return sign + whole + (style.point + decimals if point else "")


def money(text: str, currency: str, code: str | None = None) -> str:
    """An amount with its currency, written in ``code`` (by default the language in
    force); the sign kept, before a currency written first (``-¥250``). Without a
    currency (``""``), the number alone."""
    style = _style(code)
    amount = number(text, code, group=True)
    currency = written(currency)
    if not currency:
        return amount
    if currency in style.before:
        sign = amount[:1] if amount[:1] in "+-" else ""
        return f"{sign}{currency}{amount[len(sign) :]}"
    is_code = currency.isascii() and currency.isalpha()
    space = style.space or (" " if is_code else "")
    return f"{amount}{space}{currency}"
