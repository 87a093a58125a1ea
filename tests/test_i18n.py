"""The languages: catalogs complete and in step with the source, the language chosen as
documented, ``--lang`` anywhere on the line, every ``--help`` translated, and a new
language added by one catalog file."""

from __future__ import annotations

import gettext
import io
import os
import re
import shutil
import string
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from scoresheet import i18n
from scoresheet.cli import main
from scoresheet.errors import ScoresheetError
from scoresheet.i18n.catalog import Entry, dump, mo_bytes, parse
from scoresheet.i18n.extract import messages
from scoresheet.i18n.pseudo import CLOSE, OPEN
from tests.cli_helpers import SCRIPT

SCORESHEET = str(SCRIPT)

LANGUAGES = ("de", "fr", "ja", "zh")
CLEAN_ENV = {"PATH": "/usr/bin:/bin"}


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    i18n.set_language(i18n.SOURCE)


def catalog(code: str) -> list[Entry]:
    path = i18n.CATALOGS / f"{code}.po"
    return parse(path.read_text(encoding="utf-8"), path.name)


def fields(text: str) -> set[str]:
    """The placeholders of a message: ``{name}``, ``{n:+d}``, ``{}``."""
    return {
        f"{{{name}{':' + spec if spec else ''}}}"
        for _, name, spec, _ in string.Formatter().parse(text)
        if name is not None
    }


def test_the_five_languages_are_there() -> None:
    assert i18n.languages() == ("en", *LANGUAGES)


@pytest.mark.parametrize("code", LANGUAGES)
def test_catalog_complete_no_fuzzy_with_the_same_placeholders(code: str) -> None:
    """Every message the source marks is in the catalog, translated, not fuzzy, with the
    same placeholders. (A message the source no longer has is harmless: gettext never
    looks it up, and the extractor drops it.)"""
    found, problems = messages()
    assert problems == []
    entries = {e.key: e for e in catalog(code) if e.msgid or e.msgctxt is not None}
    missing = sorted(set(found) - set(entries))
    assert missing == [], f"{code}.po lacks {missing[:5]} (run python -m scoresheet.i18n.extract)"
    untranslated = [e.msgid for e in entries.values() if not e.translated]
    assert untranslated == [], f"{code}.po: {len(untranslated)} untranslated: {untranslated[:5]}"
    for entry in entries.values():
        if entry.msgid_plural is None:
            assert fields(entry.msgstr[0]) == fields(entry.msgid), (code, entry.msgid)
            continue
        # A plural form may leave the count out ("une fois") or use it where English
        # does not (Japanese has one form for every count), and nothing else.
        either = fields(entry.msgid) | fields(entry.msgid_plural)
        for text in entry.msgstr:
            assert fields(text) <= either, (code, entry.msgid, text)


@pytest.mark.parametrize("code", LANGUAGES)
def test_our_compiled_catalog_reads_as_msgfmt_compiles_it(code: str, tmp_path: Path) -> None:
    """The wheel's ``.mo`` (compiled by the package's own code) gives every translation
    gettext's ``msgfmt`` gives, and msgfmt finds nothing wrong in the catalog."""
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        assert os.environ.get("CI") != "true", "gettext's msgfmt is needed (.ci/run installs it)"
        pytest.skip("gettext's msgfmt is not installed")
    po = i18n.CATALOGS / f"{code}.po"
    out = tmp_path / "ref.mo"
    subprocess.run([msgfmt, "--check-format", "-o", str(out), str(po)], check=True)
    ours = gettext.GNUTranslations(io.BytesIO(mo_bytes(catalog(code))))
    theirs = gettext.GNUTranslations(io.BytesIO(out.read_bytes()))
    for entry in catalog(code):
        if not entry.msgid:
            continue
        if entry.msgctxt is not None:
            assert ours.pgettext(entry.msgctxt, entry.msgid) == theirs.pgettext(
                entry.msgctxt, entry.msgid
            )
        elif entry.msgid_plural is not None:
            for n in (0, 1, 2, 5):
                got = ours.ngettext(entry.msgid, entry.msgid_plural, n)
                assert got == theirs.ngettext(entry.msgid, entry.msgid_plural, n)
        else:
            assert ours.gettext(entry.msgid) == theirs.gettext(entry.msgid)


def test_dump_then_parse_keeps_every_entry() -> None:
    entries = catalog("fr")
    again = parse(dump(entries))
    assert [(e.key, e.msgstr, e.msgid_plural) for e in again] == [
        (e.key, e.msgstr, e.msgid_plural) for e in entries
    ]


@pytest.mark.parametrize(
    ("environ", "flag", "expected"),
    [
        ({}, None, "en"),
        ({"LANG": "fr_FR.UTF-8"}, None, "fr"),
        ({"LANG": "fr_FR.UTF-8", "LC_MESSAGES": "de_DE.UTF-8"}, None, "de"),
        ({"LANG": "fr_FR.UTF-8", "LC_ALL": "ja_JP.UTF-8"}, None, "ja"),
        ({"LANGUAGE": "zh_CN:en"}, None, "zh"),
        ({"LANG": "zh_TW.UTF-8"}, None, "en"),  # traditional characters: not our zh
        ({"LANG": "C.UTF-8"}, None, "en"),
        ({"LANG": "es_ES.UTF-8"}, None, "en"),  # a system locale we lack: English
        ({"LANG": "fr_FR.UTF-8", "SCORESHEET_LANG": "de"}, None, "de"),
        ({"SCORESHEET_LANG": "de"}, "zh-Hans", "zh"),
        ({"SCORESHEET_LANG": ""}, None, "en"),
    ],
)
def test_language_chosen_in_the_documented_order(
    environ: dict[str, str], flag: str | None, expected: str
) -> None:
    assert i18n.choose(flag, environ) == expected


@pytest.mark.parametrize(
    ("args", "environ", "where"),
    [
        (["--lang", "xx", "rules", "list"], {}, "--lang"),
        (["rules", "list"], {"SCORESHEET_LANG": "zh_TW"}, "SCORESHEET_LANG"),
    ],
)
def test_a_language_asked_for_and_missing_is_refused_in_one_line(
    args: list[str], environ: dict[str, str], where: str
) -> None:
    done = subprocess.run(
        [SCORESHEET, *args], capture_output=True, text=True, env={**CLEAN_ENV, **environ}
    )
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"scoresheet: {where}: ")
    assert "en, de, fr, ja, zh" in lines[0]


@pytest.mark.parametrize(
    "args", [["--lang", "fr", "rules", "--help"], ["rules", "--help", "--lang=fr"]]
)
def test_lang_before_or_after_the_command(args: list[str]) -> None:
    done = subprocess.run([SCORESHEET, *args], capture_output=True, text=True, env=CLEAN_ENV)
    assert done.returncode == 0, done.stderr
    french = dict((e.msgid, e.msgstr[0]) for e in catalog("fr"))
    assert french["The shipped rules presets."] in done.stdout
    assert "The shipped rules presets." not in done.stdout


def _commands() -> list[list[str]]:
    from scoresheet.cli import _command

    group = _command(None)
    out: list[list[str]] = [[]]
    for name, command in group.commands.items():
        out.append([name])
        out += [[name, sub] for sub in getattr(command, "commands", {})]
    return out


PSEUDO_TEXT = re.compile(re.escape(OPEN) + r"[^" + re.escape(CLOSE) + r"]*" + re.escape(CLOSE))


@pytest.mark.parametrize("command", _commands(), ids=lambda c: " ".join(c) or "scoresheet")
def test_every_help_screen_is_translated(command: list[str]) -> None:
    """Under the pseudo-language every word of ``--help`` that is not a command, option,
    metavar or name of a file comes from the catalogs: nothing untranslated is left."""
    done = subprocess.run(
        [SCORESHEET, "--lang", i18n.PSEUDO, *command, "--help"],
        capture_output=True,
        text=True,
        env={**CLEAN_ENV, "COLUMNS": "200"},
    )
    assert done.returncode == 0, done.stderr
    text = done.stdout
    while re.search(r"\{[^{}]*\}", text):  # placeholders and JSON in examples
        text = re.sub(r"\{[^{}]*\}", " ", text)
    text = PSEUDO_TEXT.sub(" ", text)
    # What may stay: the program and command names, options and metavars, box drawing.
    leftover = re.sub(r"(?<![\w-])--?\w[\w-]*|\b[A-Z][A-Z_]*\b|[^\w\s]|\d+", " ", text)
    words = set(leftover.split()) - {"scoresheet", *command, *_names(command)}
    assert words == set(), f"untranslated on `{' '.join(command)} --help`: {sorted(words)}"


def _names(command: list[str]) -> set[str]:
    """The lower-case argument names a usage line shows (``{game}``, ``<path>``)."""
    from scoresheet.cli import _command

    group = _command(command[0] if command else None)
    target = group
    for name in command:
        target = target.commands[name]
    commands = set(getattr(target, "commands", {})) | set(_command(None).commands)
    metavars = {"path", "int", "text", "float", "choices", "str", "range"}
    return {p.name for p in target.params if p.name} | commands | metavars


def test_a_sixth_language_is_one_catalog_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A catalog file made here, dropped beside the others, is a language: chosen by its
    code, named among the languages, and spoken."""
    for po in i18n.CATALOGS.glob("*.po"):
        shutil.copy(po, tmp_path / po.name)
    entries = catalog("fr")
    esperanto = [
        Entry(
            msgid="",
            msgstr=(
                "Language: eo\nContent-Type: text/plain; charset=UTF-8\n"
                "Plural-Forms: nplurals=2; plural=(n != 1);\n",
            ),
        ),
        *(
            Entry(
                msgid=e.msgid,
                msgctxt=e.msgctxt,
                msgid_plural=e.msgid_plural,
                msgstr=tuple("EO " + e.msgid for _ in e.msgstr),
            )
            for e in entries
            if e.msgid
        ),
    ]
    (tmp_path / "eo.po").write_text(dump(esperanto), encoding="utf-8")
    monkeypatch.setattr(i18n, "CATALOGS", tmp_path)
    i18n._catalog.cache_clear()
    try:
        assert "eo" in i18n.languages()
        with pytest.raises(SystemExit) as stop:
            main(["--lang", "eo", "rules", "--help"])
        assert stop.value.code == 0
        assert "EO The shipped rules presets." in capsys.readouterr().out
        with pytest.raises(SystemExit):
            main(["--lang", "tlh", "rules", "list"])
        assert "en, de, eo, fr, ja, zh" in capsys.readouterr().err
    finally:
        i18n._catalog.cache_clear()


def test_json_output_is_never_translated() -> None:
    example = Path(__file__).resolve().parent.parent / "examples" / "classic.json"
    runs = [
        subprocess.run(
            [SCORESHEET, "score", str(example), "--json", "--lang", code],
            capture_output=True,
            text=True,
            env=CLEAN_ENV,
        ).stdout
        for code in ("en", *LANGUAGES, i18n.PSEUDO)
    ]
    assert runs[0].startswith("{")
    assert all(run == runs[0] for run in runs)


@pytest.mark.parametrize(
    ("code", "none", "everyone", "back"),
    [
        ("fr", "aucun", "tous", "retour"),
        ("de", "keiner", "alle", "zurück"),
        ("ja", "なし", "全員", "戻る"),
        ("zh", "无", "全部", "返回"),
    ],
)
def test_answer_words_in_the_language_in_force(
    code: str, none: str, everyone: str, back: str
) -> None:
    """The issue's table of answer words: read in their language, and in English too."""
    from scoresheet import entry
    from scoresheet.games.barbu.entry import redouble_targets
    from scoresheet.prompting import navigation

    players = ["Ann", "Bob", "Cat", "Dan"]
    i18n.set_language(code)
    assert redouble_targets(none, players, by="Bob") is None
    assert redouble_targets(everyone, players, by="Bob") == "all"
    assert redouble_targets("none", players, by="Bob") is None
    assert navigation(back, players) == "back"
    assert entry.is_none(none)
    i18n.set_language("en")
    with pytest.raises(ScoresheetError):
        redouble_targets(everyone, players, by="Bob")  # not a word in English: no player


def test_a_local_word_that_could_be_a_player_is_refused_naming_both() -> None:
    from scoresheet.games.barbu.entry import redouble_targets

    i18n.set_language("fr")
    with pytest.raises(ScoresheetError) as refused:
        redouble_targets("aucun", ["Aucune", "Bob", "Cat", "Dan"], by="Bob")
    assert "Aucune" in str(refused.value)
    assert ":none" in str(refused.value)
    assert redouble_targets(":aucun", ["Aucune", "Bob", "Cat", "Dan"], by="Bob") is None


def test_full_width_digits_and_words_read_as_ascii() -> None:
    from scoresheet import entry
    from scoresheet.games.barbu.entry import double_targets

    players = ["Ann", "Bob", "Cat", "Dan"]
    assert entry.whole_number("１３", "tricks") == 13
    assert entry.counts("３ ４ ３ ３", players, field="tricks") == {
        "Ann": 3,
        "Bob": 4,
        "Cat": 3,
        "Dan": 3,
    }
    assert double_targets("ｍａｘ", players, by="Bob") == "maximum"
    assert entry.suit("ｈｅａｒｔｓ", field="trump") == "hearts"


def test_a_catalog_compiled_in_a_checkout_is_kept_and_compiled_anew_when_edited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A source checkout parses a ``.po`` once: the next start reads the ``.mo`` kept
    beside it, until the ``.po`` is edited."""
    import os

    shutil.copy(i18n.CATALOGS / "fr.po", tmp_path / "fr.po")
    monkeypatch.setattr(i18n, "CATALOGS", tmp_path)
    i18n._catalog.cache_clear()
    try:
        i18n.set_language("fr")
        assert i18n._("Usage:") == "Utilisation :"
        kept = tmp_path / "fr.mo"
        assert kept.read_bytes() == mo_bytes(catalog_at(tmp_path / "fr.po"))
        po = (tmp_path / "fr.po").read_text(encoding="utf-8")
        (tmp_path / "fr.po").write_text(
            po.replace('msgstr "Utilisation :"', 'msgstr "Usage :"'), encoding="utf-8"
        )
        later = kept.stat().st_mtime + 10
        os.utime(tmp_path / "fr.po", (later, later))
        i18n._catalog.cache_clear()
        assert i18n._("Usage:") == "Usage :"
    finally:
        i18n._catalog.cache_clear()


def catalog_at(path: Path) -> list[Entry]:
    return parse(path.read_text(encoding="utf-8"), path.name)


def test_only_lang_on_the_line_counts_as_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``serve`` speaks one language to every page only when ``--lang`` named it; the
    variable and the locale leave each page its own."""
    for args, environ, asked in (
        (["rules", "list", "--lang", "fr"], {}, True),
        (["rules", "list"], {"SCORESHEET_LANG": "fr"}, False),
        (["rules", "list"], {"SCORESHEET_LANG": "", "LANG": "de_DE.UTF-8"}, False),
    ):
        for name, value in environ.items():
            monkeypatch.setenv(name, value)
        with pytest.raises(SystemExit) as stop:
            main(args)
        assert stop.value.code == 0
        assert i18n.language_asked() is asked, args
        assert i18n.language() in ("fr", "de")
    capsys.readouterr()
