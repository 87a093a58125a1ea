"""The page's words in the language of each page: which language a request is answered
in, and every word the page and its script show, from the catalogs.

A page speaks the language the server was started with (``--lang``) when one was given
on purpose; else the one its player chose on the page (the ``scoresheet-lang`` cookie
the script sets); else the browser's (``Accept-Language``, by its q-values); else
English. The page's fixed labels are put into ``index.html`` as it is sent; the
script's words travel in the page as a JSON block (never a script the page runs), so
no word of the script is written in English in it.
"""

from __future__ import annotations

import html
import json
from collections.abc import Mapping
from typing import Any

from scoresheet.i18n import N_, NP_, PSEUDO, SOURCE, _, languages, pgettext, resolve

COOKIE = "scoresheet-lang"

# The page's fixed labels, by the name index.html gives each place ({{name}}).
PAGE: dict[str, str] = {
    "title": NP_("phone page", "Score sheet"),
    "connecting": NP_("phone page", "connecting…"),
    "teams": NP_("phone page", "Teams"),
    "next": NP_("phone page", "Next"),
    "standings": NP_("phone page", "Standings"),
    "violations": NP_("phone page", "Violations"),
    "sheet": NP_("phone page", "Sheet"),
    "scoring": NP_("phone page", "Scoring"),
    "language": NP_("phone page", "Language"),
    "wider": N_("The sheet is wider than the screen: scroll it sideways →"),
    "empty": N_("no deals yet"),
    "remove": NP_("button", "Remove it"),
    "keep": NP_("button", "Keep it"),
    "answered": N_("answered so far"),
    "ok": NP_("button", "OK"),
    "save": NP_("button", "Save"),
    "back": NP_("button", "Back"),
    "help": N_("Help on this question"),
    "undo": NP_("button", "Undo the last deal…"),
    "fix": N_("Correct a past deal…"),
    "fix_number": NP_("phone page", "Deal"),
    "fix_note": N_("The deal as the file holds it; change it and check the correction."),
    "fix_check": NP_("button", "Correct this deal…"),
    # Translators: the disclosure holding the correction typed as the file's JSON.
    "fix_json": N_("as JSON"),
    "fix_tap": N_("Or tap a deal on the sheet: its questions come back answered as saved."),
    "cancel": NP_("button", "Cancel"),
    "next_deal": N_("the next deal"),
    "save_deal": NP_("button", "Save the deal"),
}
# Sentences holding markup: each placeholder is filled with the markup named here.
PAGE_MARKUP: dict[str, tuple[str, dict[str, str]]] = {
    # Translators: {deal} is "the next deal" or "deal 12".
    "entry": (N_("Enter {deal} as JSON"), {"deal": '<span id="entry-number">{next_deal}</span>'}),
    "entry_note": (
        N_("The deal as {command} takes it."),
        {"command": "<code>scoresheet add GAME --deal</code>"},
    ),
}

# The script's words, by the name sheet.js looks each up by; {name}s it fills in.
SCRIPT: dict[str, str] = {
    "live": NP_("phone page", "live"),
    "reconnecting": NP_("phone page", "reconnecting…"),
    "deal": N_("deal {number}"),
    "replaced": N_("the game file was replaced (now {game}); the form now asks deal {number}"),
    "removed_one": N_(
        "deal {removed} was removed from another phone or the terminal (undo); the form "
        "now asks deal {number} — enter its answers again"
    ),
    "removed_many": N_(
        "deals {first} to {last} were removed from another phone or the terminal (undo); "
        "the form now asks deal {number} — enter its answers again"
    ),
    "saved_first": N_(
        "deal {saved} was saved first from another phone or the terminal — here it is on "
        "the sheet; the form now asks deal {number}"
    ),
    "save_deal": NP_("button", "Save deal {number}"),
    "possible": N_("Possible answers: {choices}."),
    "sum": N_("{sum} of {total}"),
    "done": NP_("button", "Done"),
    "ok": NP_("button", "OK"),
    "unreachable": N_("the server cannot be reached; nothing was saved"),
    "kept": N_("saved on this phone: deal {number} will be sent when the laptop is back"),
    "kept_fix": N_(
        "saved on this phone: the correction of deal {number} will be sent when the laptop is back"
    ),
    "kept_link": N_(
        "this link no longer opens the game (was the server restarted?): deal {number} is "
        "kept on this phone; open the scoring link the laptop shows now and it is sent from there"
    ),
    # Translators: {deals} is a list, "deal 5, deal 6".
    "pending": N_("kept on this phone, not sent yet: {deals}"),
    "refused": N_("refused ({status})"),
    "saved": N_("saved"),
    "remove_ask": N_("Remove deal {number}? {shown}"),
    "remove": NP_("button", "Remove it"),
    "bad_json": N_("the correction is not valid JSON: {reason}"),
    "replace_ask": N_("Replace deal {number}? Now: {was} — corrected: {deal}"),
    "replace": NP_("button", "Replace it"),
    "not_whole": N_("{fields}: not a whole number"),
    "fix_ask": NP_("button", "Correct deal {number}"),
    "fix_mode": N_(
        "Correcting deal {number}: every answer is as saved; tap one to change it, "
        "then check the deal and save it."
    ),
    "fix_changes": N_("What the correction changes (before → after):"),
    "fix_unchanged": N_("Nothing is changed yet: tap an answer above to change it."),
    "fix_save": NP_("button", "Save the correction of deal {number}"),
    # Translators: an answer given so far in the phone's form, under the question it
    # answers ("Bob doubles whom: Ann, Dan"); {question} has no question mark.
    "given": N_("{question}: {answer}"),
}
# The words shown with a context (short words whose meaning depends on where they stand).
_CONTEXT = {
    "phone page": {
        "title",
        "connecting",
        "teams",
        "next",
        "standings",
        "violations",
        "sheet",
        "scoring",
        "language",
        "fix_number",
        "live",
        "reconnecting",
    },
    "button": {
        "remove",
        "keep",
        "ok",
        "save",
        "back",
        "undo",
        "fix_check",
        "cancel",
        "fix_ask",
        "fix_save",
        "save_deal",
        "done",
        "replace",
    },
}
# Translators: this language's own name, as its speakers write it ("Français").
OWN_NAME = NP_("language name", "English")


def _shown(key: str, text: str) -> str:
    for context, keys in _CONTEXT.items():
        if key in keys:
            return pgettext(context, text)
    return _(text)


def from_header(header: str | None) -> str | None:
    """The language an ``Accept-Language`` header prefers among those there are (by its
    q-values; the first of equal ones), or ``None``.

    >>> from_header("ja-JP,ja;q=0.9,en-US;q=0.8"), from_header("xx, de;q=0.5")
    ('ja', 'de')
    >>> from_header("zh-CN"), from_header("zh-TW, pt"), from_header("fr;q=0, es")
    ('zh', None, None)
    """
    wanted: list[tuple[float, int, str]] = []
    for i, item in enumerate((header or "").split(",")[:32]):
        tag, _sep, params = item.strip().partition(";")
        q = 1.0
        for param in params.split(";"):
            name, _eq, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        tag = tag.strip()
        if q > 0 and tag and tag != "*" and len(tag) <= 35:
            wanted.append((-q, i, tag))
    for _q, _i, tag in sorted(wanted):
        found = resolve(tag)
        if found is not None and found != PSEUDO:
            return found
    return None


def chosen(fixed: str | None, cookies: Mapping[str, str], header: str | None) -> str:
    """The language to answer a request in: ``fixed`` (``--lang``), else the page's
    choice, else the browser's, else English.

    >>> chosen(None, {}, "fr-FR,fr;q=0.9"), chosen("de", {}, "fr-FR")
    ('fr', 'de')
    >>> chosen(None, {COOKIE: "ja"}, "fr-FR"), chosen(None, {COOKIE: "xx"}, None)
    ('ja', 'en')
    """
    if fixed is not None:
        return fixed
    picked = cookies.get(COOKIE, "")
    if picked and len(picked) <= 35:
        found = resolve(picked)
        if found is not None:
            return found
    return from_header(header) or SOURCE


def own_names() -> list[dict[str, str]]:
    """The languages a player may choose on the page, each by its own name (what its
    catalog calls it; its code where the catalog does not say)."""
    from scoresheet import i18n

    out = []
    before = i18n.language()
    try:
        for code in languages():
            i18n.set_language(code)
            name = pgettext("language name", OWN_NAME)
            out.append({"code": code, "name": name if code == SOURCE or name != OWN_NAME else code})
    finally:
        i18n.set_language(before)
    return out


def script_words() -> dict[str, Any]:
    """The script's words in the language in force, and the languages to choose from."""
    words: dict[str, Any] = {key: _shown(key, text) for key, text in SCRIPT.items()}
    words["languages"] = own_names()
    return words


def _attribute(data: Any) -> str:
    """``data`` as JSON in an HTML attribute's value (quoted, ``<``, ``>`` and ``&``
    escaped): the page's script reads it back as it reads its role and token.

    >>> _attribute({"x": "<b>&"})
    '{&quot;x&quot;:&quot;&lt;b&gt;&amp;&quot;}'
    """
    return html.escape(json.dumps(data, ensure_ascii=False, separators=(",", ":")), quote=True)


def page(template: str, code: str, role: str, token: str, fixed: bool) -> str:
    """``index.html`` filled in for a page in the language in force (``code``)."""
    filled = {key: html.escape(_shown(key, text)) for key, text in PAGE.items()}
    for key, (text, markup) in PAGE_MARKUP.items():
        parts = {name: value.format(**filled) for name, value in markup.items()}
        filled[key] = html.escape(_(text)).format(**parts)
    words = script_words()
    words["fixed"] = fixed
    filled["WORDS"] = _attribute(words)
    filled["LANG"] = html.escape(code)
    filled["ROLE"] = html.escape(role)
    filled["TOKEN"] = html.escape(token)
    out = template
    for key, value in filled.items():
        out = out.replace("{{" + key + "}}", value)
    return out
