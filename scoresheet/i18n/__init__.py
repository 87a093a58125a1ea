"""The languages scoresheet speaks, and the one in force.

Every word a player reads is written in English in the source, marked with :func:`_`
(or :func:`ngettext` for a count, :func:`pgettext` where a short word means different
things in different places), and looked up when it is shown — never when a module is
imported — in the catalog of the language in force: ``scoresheet/locale/<code>.po``,
one file per language. The languages are the catalogs there are: adding one is adding
its file. Game files and ``--json`` output are never translated.

The language is chosen by :func:`choose`: ``--lang``, else ``SCORESHEET_LANG``, else the
POSIX locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, ``LANGUAGE``, the first one set),
else English. A code given on purpose (the flag, the variable) that names no language
is refused; a locale the system sets for everything merely falls back to English.

English costs nothing: no catalog is read. Any other language reads its compiled
catalog (``<code>.mo``, built into the installed package) once per process; a source
checkout without it compiles the ``.po`` in memory.

>>> set_language("fr"); _("Usage:")
'Utilisation :'
>>> set_language("en"); _("Usage:")
'Usage:'
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Protocol

from scoresheet.errors import ScoresheetError

SOURCE = "en"
PSEUDO = "qps"  # every message wrapped and accented: the untranslated ones stand out
ENVIRONMENT = "SCORESHEET_LANG"
POSIX = ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")
# Chinese written in traditional characters is not the catalog's simplified Chinese.
TRADITIONAL = frozenset({"hant", "tw", "hk", "mo"})

CATALOGS = Path(__file__).resolve().parent.parent / "locale"


class Translations(Protocol):
    def gettext(self, message: str, /) -> str: ...
    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...
    def pgettext(self, context: str, message: str, /) -> str: ...


# The language in force: a context variable, so that a server answering pages in several
# languages at once sets it per request without one request's language leaking to another.
_language: ContextVar[str] = ContextVar("scoresheet_language", default=SOURCE)
_asked: ContextVar[bool] = ContextVar("scoresheet_language_asked", default=False)


def languages() -> tuple[str, ...]:
    """The languages there are: English, then every catalog's code, sorted.

    >>> languages()[:1]
    ('en',)
    """
    found = {p.stem for p in CATALOGS.glob("*.po")} | {p.stem for p in CATALOGS.glob("*.mo")}
    return (SOURCE, *sorted(found - {SOURCE}))


def resolve(code: str) -> str | None:
    """The language a code names, or ``None``: ``fr_FR.UTF-8`` and ``fr-FR`` are ``fr``,
    ``zh_CN``, ``zh-Hans`` and ``zh`` are ``zh`` (``zh_TW`` and ``zh-Hant`` are not),
    ``C`` and ``POSIX`` are English.

    >>> [resolve(c) for c in ("fr_FR.UTF-8", "de-AT", "zh-Hans", "zh_TW", "C", "ja", "xx")]
    ['fr', 'de', 'zh', None, 'en', 'ja', None]
    """
    code = code.strip().split(".")[0].split("@")[0]
    if code in ("C", "POSIX"):
        return SOURCE
    parts = [p for p in code.replace("-", "_").split("_") if p]
    if not parts or not all(p.isascii() and p.isalnum() for p in parts):
        return None
    parts = [parts[0].lower(), *parts[1:]]
    have = languages()
    if parts[0] == PSEUDO:
        return PSEUDO
    if parts[0] == "zh" and any(p.lower() in TRADITIONAL for p in parts[1:]):
        exact = "_".join(parts)
        return exact if exact in have else None
    for candidate in ("_".join(parts[:2]), parts[0]):
        if candidate in have:
            return candidate
    return None


def _refuse(code: str, where: str) -> ScoresheetError:
    known = ", ".join(languages())
    return ScoresheetError(
        _('{where}: no language "{code}"; scoresheet speaks {known}').format(
            where=where, code=code, known=known
        )
    )


def choose(flag: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to speak: ``flag`` (``--lang``), else ``SCORESHEET_LANG``, else the
    POSIX locale, else English. A flag or variable naming no language is refused.

    >>> choose(None, {"LANG": "de_DE.UTF-8"}), choose("ja", {"LANG": "de_DE.UTF-8"})
    ('de', 'ja')
    >>> choose(None, {"LC_ALL": "pt_BR.UTF-8", "LANG": "fr_FR.UTF-8"})
    'en'
    >>> try:
    ...     choose("klingon", {})
    ... except ScoresheetError as refused:
    ...     print(refused)
    --lang: no language "klingon"; scoresheet speaks en, de, fr, ja, zh
    """
    env = os.environ if environ is None else environ
    for given, where in ((flag, "--lang"), (env.get(ENVIRONMENT), ENVIRONMENT)):
        if given is not None and (given.strip() or where == "--lang"):
            found = resolve(given)
            if found is None:
                raise _refuse(given, where)
            return found
    for name in POSIX:
        value = env.get(name, "").strip()
        if value:
            first = value.split(":")[0] if name == "LANGUAGE" else value
            return resolve(first) or SOURCE
    return SOURCE


def set_language(code: str, *, asked: bool = False) -> None:
    """Speak ``code`` from now on (a code :func:`resolve` gave); ``asked`` when the user
    named it on the command line (``--lang``), which a server then speaks to every page."""
    _language.set(code)
    _asked.set(asked)


def language_asked() -> bool:
    """Whether the language in force was named with ``--lang``."""
    return _asked.get()


def language() -> str:
    """The language in force."""
    return _language.get()


@contextmanager
def source_language() -> Iterator[None]:
    """English for the time of a ``with`` block, whatever the language in force: for what
    is never translated (``--json`` output, game files, the canonical words).

    >>> set_language("fr")
    >>> with source_language():
    ...     _("Usage:")
    'Usage:'
    >>> _("Usage:"); set_language("en")
    'Utilisation :'
    """
    token = _language.set(SOURCE)
    try:
        yield
    finally:
        _language.reset(token)


@cache
def _catalog(code: str) -> Translations | None:
    import gettext
    import io

    if code == PSEUDO:
        from scoresheet.i18n.pseudo import PseudoTranslations

        return PseudoTranslations()
    compiled = CATALOGS / f"{code}.mo"
    source = CATALOGS / f"{code}.po"
    if compiled.is_file() and (
        not source.is_file() or compiled.stat().st_mtime >= source.stat().st_mtime
    ):
        data = compiled.read_bytes()
    elif source.is_file():
        from scoresheet.i18n.catalog import mo_bytes, parse

        data = mo_bytes(parse(source.read_text(encoding="utf-8"), source.name))
        _keep_compiled(compiled, data)
    else:
        return None
    return gettext.GNUTranslations(io.BytesIO(data))


def _keep_compiled(path: Path, data: bytes) -> None:
    """Keep a catalog compiled in a source checkout beside its ``.po`` (where the folder
    may be written), so that the next start reads it instead of parsing the ``.po``
    again; an edit to the ``.po`` makes it stale, and it is compiled anew."""
    import tempfile

    try:
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}.", suffix=".mo")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(temporary)


def _(message: str) -> str:
    """``message`` in the language in force (English when it has no translation)."""
    code = _language.get()
    if code == SOURCE:
        return message
    catalog = _catalog(code)
    return message if catalog is None else catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for a count ``n``, in the language in force."""
    code = _language.get()
    catalog = None if code == SOURCE else _catalog(code)
    if catalog is None:
        return singular if n == 1 else plural
    return catalog.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` as meant in ``context`` (``"answer"``, ``"button"``…), translated."""
    code = _language.get()
    catalog = None if code == SOURCE else _catalog(code)
    return message if catalog is None else catalog.pgettext(context, message)


def NP_(context: str, message: str) -> str:
    """Mark ``message`` in ``context`` for the catalogs without translating it now; it is
    looked up where it is used, with :func:`pgettext`."""
    return message


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now (a constant that is
    translated where it is shown, with :func:`_`)."""
    return message
