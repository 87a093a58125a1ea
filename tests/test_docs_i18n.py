"""The player pages of the manual in French, German, Japanese and Chinese.

Each translated page has a catalog per language (``docs/locale/<code>/LC_MESSAGES/``) that
is complete (no message left empty or fuzzy), up to date with its English page (the
messages Sphinx extracts now are the catalog's), keeps the page's markup (code spans and
link targets unchanged; code blocks stay as written, outside the catalogs) and speaks
the game vocabulary of its language's glossary (``docs/glossary.md``). The translated
sites build without a warning, each page titled in its language, the language menu
leading to pages that exist.

The catalogs are read here without any library; extracting and building need the
``docs`` extra, and are skipped where Sphinx is missing, except under CI (``CI=true``).
"""

from __future__ import annotations

import ast
import importlib.util
import os
import re
import runpy
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest

from tests.cli_helpers import ROOT

DOCS = ROOT / "docs"
CONF = runpy.run_path(str(DOCS / "conf.py"))
PAGES: list[str] = CONF["TRANSLATED"]
LANGUAGES: list[tuple[str, str]] = [(f, c) for f, c, _ in CONF["MANUAL_LANGUAGES"] if f]
CODES = [code for _, code in LANGUAGES]
CASES = [pytest.param(code, page, id=f"{code}-{page}") for code in CODES for page in PAGES]


@dataclass(frozen=True)
class Message:
    msgid: str
    msgstr: str
    fuzzy: bool
    line: int


def _unquote(text: str) -> str:
    value = ast.literal_eval(text)
    assert isinstance(value, str)
    return value


def read_po(path: Path) -> list[Message]:
    """The messages of a catalog, header left out; continuation lines joined."""
    messages: list[Message] = []
    fields: dict[str, str] = {}
    current = ""
    flags = ""
    start = 0

    def flush() -> None:
        nonlocal fields, flags
        if fields.get("msgid"):
            messages.append(
                Message(fields["msgid"], fields.get("msgstr", ""), "fuzzy" in flags, start)
            )
        fields, flags = {}, ""

    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if line.startswith("#,"):
            flush()
            flags = line
        elif line.startswith("#~") or (line.startswith("#") and not line.startswith("#,")):
            continue
        elif line.startswith(("msgid ", "msgstr ")):
            key, _, rest = line.partition(" ")
            if key == "msgid":
                if "msgid" in fields:
                    flush()
                start = number
            current = key
            fields[key] = _unquote(rest)
        elif line.startswith('"'):
            fields[current] += _unquote(line)
        elif not line.strip():
            continue
        else:
            raise AssertionError(f"{path}:{number}: cannot read {line[:40]!r}")
    flush()
    return messages


def catalog(code: str, page: str) -> Path:
    return DOCS / "locale" / code / "LC_MESSAGES" / f"{page}.po"


@cache
def messages(code: str, page: str) -> list[Message]:
    path = catalog(code, page)
    assert path.is_file(), f"no catalog {path.relative_to(ROOT)}: python docs/build.py --catalogs"
    return read_po(path)


def where(code: str, page: str, message: Message) -> str:
    return f"{catalog(code, page).relative_to(ROOT)}:{message.line}: {message.msgid[:60]!r}"


CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
LINK_TARGET = re.compile(r"\]\(([^)\s]+)\)")
ROLE = re.compile(r"\{[a-z][a-z:-]*\}")


def is_code_block(message: Message) -> bool:
    return message.msgid.endswith("\n")


def prose(text: str) -> str:
    """A message without its code spans and link targets: the words a translator writes."""
    return LINK_TARGET.sub("]()", CODE_SPAN.sub(" ", text))


# The English words of the games whose translation the glossary fixes: for each language,
# the forms a translated message must use where the English one has the word. The first
# form of each is written in that language's section of docs/glossary.md.
TERMS: dict[str, dict[str, list[str]]] = {
    "fr": {
        r"\bdeclarers?\b": ["déclarant"],
        r"\bdealers?\b": ["donneur"],
        r"\bcontracts?\b": ["contrat"],
        r"\btricks?\b": ["pli"],
        r"(?<!re)doubl": ["contr", "coinch"],
        r"\bredoubl": ["surcontr", "surcoinch"],
        r"\bscore pads?\b": ["bloc"],
        r"\bworkbooks?\b": ["classeur"],
        r"\bgame files?\b": ["fichier de partie", "fichiers de partie"],
        r"\bstandings\b": ["classement"],
    },
    "de": {
        r"\bdeclarers?\b": ["Ansager"],
        r"\bdealers?\b": ["Geber"],
        r"\bcontracts?\b": ["Kontrakt", r"\bAnsagen?\b"],
        r"\btricks?\b": ["Stich"],
        r"(?<!re)doubl": ["Kontr", "Coinche", "Contre"],
        r"\bredoubl": [r"\bRe\b", "Surcoinche", "Surcontre"],
        r"\bscore pads?\b": ["Block", "Blöcke"],
        r"\bworkbooks?\b": ["Arbeitsmappe"],
        r"\bgame files?\b": ["Partiedatei"],
        r"\bstandings\b": ["Stand"],
    },
    "ja": {
        r"\bdeclarers?\b": ["宣言者"],
        r"\bdealers?\b": ["ディーラー"],
        r"\bcontracts?\b": ["契約"],
        r"\btricks?\b": ["トリック"],
        r"(?<!re)doubl": ["ダブル", "コワンシュ", "コントレ"],
        r"\bredoubl": ["リダブル", "シュルコワンシュ", "シュルコントレ"],
        r"\bscore pads?\b": ["スコア用紙"],
        r"\bworkbooks?\b": ["ワークブック", "ブック"],
        r"\bgame files?\b": ["ゲームファイル"],
        r"\bstandings\b": ["順位"],
    },
    "zh_CN": {
        r"\bdeclarers?\b": ["宣称者"],
        r"\bdealers?\b": ["庄家"],
        r"\bcontracts?\b": ["合约"],
        r"\btricks?\b": ["墩"],
        r"(?<!re)doubl": ["加倍"],
        r"\bredoubl": ["再加倍"],
        r"\bscore pads?\b": ["计分簿"],
        r"\bworkbooks?\b": ["工作簿"],
        r"\bgame files?\b": ["对局文件"],
        r"\bstandings\b": ["排名"],
    },
}
# Where an English word of the list means something else: Rosbiratschka has no doubles,
# its "doubled" is a score multiplied by two (翻倍, doublé), not a side bet.
NOT_THE_TERM = {("games/rosbiratschka", r"(?<!re)doubl")}
GLOSSARY_SECTION = {
    "fr": "## French",
    "de": "## German",
    "ja": "## Japanese",
    "zh_CN": "## Chinese",
}


def glossary_section(code: str) -> str:
    text = (DOCS / "glossary.md").read_text(encoding="utf-8")
    start = text.index(GLOSSARY_SECTION[code])
    following = [text.find(h, start + 1) for h in GLOSSARY_SECTION.values()]
    end = min([i for i in following if i > start] + [len(text)])
    return text[start:end]


@pytest.mark.parametrize("code", CODES)
def test_the_terms_checked_are_the_glossarys(code: str) -> None:
    section = glossary_section(code)
    words = [re.sub(r"\\b|\?", "", forms[0]) for forms in TERMS[code].values()]
    missing = [word for word in words if word not in section]
    assert missing == [], f"docs/glossary.md ({code}) does not give {missing}"


def test_every_translated_page_has_a_catalog_in_every_language_and_no_other() -> None:
    expected = {catalog(code, page) for code in CODES for page in PAGES}
    found = set((DOCS / "locale").glob("*/LC_MESSAGES/**/*.po"))
    assert sorted(found - expected) == [], "catalogs of pages that are not translated"
    assert sorted(expected - found) == [], "run python docs/build.py --catalogs"


@pytest.mark.parametrize(("code", "page"), CASES)
def test_the_catalog_is_complete(code: str, page: str) -> None:
    todo = [where(code, page, m) for m in messages(code, page) if m.fuzzy or not m.msgstr]
    assert todo == [], f"{len(todo)} messages untranslated or fuzzy, e.g. {todo[:3]}"


@pytest.mark.parametrize(("code", "page"), CASES)
def test_the_translation_keeps_the_markup(code: str, page: str) -> None:
    wrong = []
    for m in messages(code, page):
        if not m.msgstr:
            continue
        if is_code_block(m):  # see gettext_additional_targets in docs/conf.py
            wrong.append(f"{where(code, page, m)}: a code block is not translated")
            continue
        for name, pattern in [("code", CODE_SPAN), ("link", LINK_TARGET), ("role", ROLE)]:
            found = sorted(map(str, pattern.findall(m.msgid)))
            kept = sorted(map(str, pattern.findall(m.msgstr)))
            if found != kept:
                lost = sorted(set(found) - set(kept)) or sorted(set(kept) - set(found))
                wrong.append(f"{where(code, page, m)}: {name} {lost} not kept as is")
        if m.msgid.count("**") != m.msgstr.count("**"):
            wrong.append(f"{where(code, page, m)}: bold (**) not kept")
    assert wrong == [], "\n".join(wrong)


@pytest.mark.parametrize(("code", "page"), CASES)
def test_the_translation_speaks_the_glossarys_words(code: str, page: str) -> None:
    wrong = []
    for m in messages(code, page):
        if not m.msgstr or is_code_block(m):
            continue
        english, translated = prose(m.msgid), prose(m.msgstr)
        for term, forms in TERMS[code].items():
            if (page, term) in NOT_THE_TERM:
                continue
            if re.search(term, english, re.I) and not any(
                re.search(form, translated, re.I) for form in forms
            ):
                wrong.append(f"{where(code, page, m)}: {term} is {' or '.join(forms)}")
    assert wrong == [], "\n".join(wrong)


def test_the_checks_can_fail() -> None:
    """A message losing a code span, changing a command or a term is caught."""
    m = Message("Use `play` to add a deal for the declarer.", "Utilisez play.", False, 1)
    assert CODE_SPAN.findall(m.msgid) and not CODE_SPAN.findall(m.msgstr)
    block = Message("scoresheet play g.json   # deal after deal\n", "", False, 2)
    assert not is_code_block(m) and is_code_block(block)
    assert not any(re.search(f, prose(m.msgstr), re.I) for f in TERMS["fr"][r"\bdeclarers?\b"])


def test_the_catalog_reader_reads_continuations_and_flags(tmp_path: Path) -> None:
    po = tmp_path / "x.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
        'msgid "a "\n"b"\nmsgstr ""\n"c \\"d\\""\n\n'
        '#, fuzzy\nmsgid "e"\nmsgstr "f"\n',
        encoding="utf-8",
    )
    assert read_po(po) == [Message("a b", 'c "d"', False, 5), Message("e", "f", True, 11)]


def _sphinx_or_skip() -> ModuleType:
    if importlib.util.find_spec("sphinx") is None or importlib.util.find_spec("babel") is None:
        if os.environ.get("CI"):
            pytest.fail("Sphinx is not installed: pip install '.[docs]'")
        pytest.skip("Sphinx is not installed: pip install '.[docs]'")
    spec = importlib.util.spec_from_file_location("docs_build", DOCS / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_the_catalogs_are_up_to_date_with_the_english_pages(tmp_path: Path) -> None:
    build = _sphinx_or_skip()
    build.extract(tmp_path)
    stale = []
    for page in PAGES:
        now = {m.msgid for m in read_po(tmp_path / f"{page}.pot")}
        for code in CODES:
            kept = {m.msgid for m in messages(code, page)}
            if now != kept:
                stale.append(f"{code}/{page}: {len(now - kept)} new, {len(kept - now)} gone")
    assert stale == [], f"run python docs/build.py --catalogs: {stale}"


def _title(html: str) -> str:
    match = re.search(r"<h1>(.*?)<a class=\"headerlink\"", html, re.S)
    assert match, "no title"
    return re.sub(r"<[^>]+>", "", match.group(1)).strip()


@pytest.mark.slow
def test_the_site_builds_in_english_and_in_its_translations(tmp_path: Path) -> None:
    build = _sphinx_or_skip()
    wanted = [("", "en"), *LANGUAGES]
    with ThreadPoolExecutor(max_workers=2) as pool:
        done = list(pool.map(lambda fc: build.build(*fc, into=tmp_path), wanted))
    for (_, code), proc in zip(wanted, done, strict=True):
        assert proc.returncode == 0 and "WARNING" not in proc.stderr, f"{code}: {proc.stderr}"
    site = tmp_path / "html"
    for page in ["index", "quickstart", "games/barbu", "commands", "presets", "library"]:
        assert (site / f"{page}.html").is_file(), page
    # the library's reference comes from the docstrings
    assert "open_game" in (site / "library.html").read_text(encoding="utf-8")
    for folder, code in LANGUAGES:
        for page in PAGES:
            path = site / folder / f"{page}.html"
            html = path.read_text(encoding="utf-8")
            english = (DOCS / f"{page}.md").read_text(encoding="utf-8")
            heading = re.search(r"^# (.+)$", english, re.M)
            assert heading, f"{page}.md has no title"
            title = next(m.msgstr for m in messages(code, page) if m.msgid == heading[1])
            assert _title(html) == title.replace("`", ""), f"{path}: not titled in {code}"
            # a code block whose translation differs from its English is lost (read as
            # reStructuredText's "::"): the catalogs hold no code blocks
            assert "<p>::</p>" not in html and "<span></span>::" not in html, f"{path}: ::"
            assert f'lang="{code.replace("_", "-")}"' in html[:400], f"{path}: html lang"
            links = re.findall(r'hreflang="[^"]+"\s+href="([^"]+)"', html)
            assert len(links) == len(wanted) - 1, f"{path}: the language menu"
            for link in links:
                assert (path.parent / link).resolve().is_file(), f"{path}: {link} is missing"
            # every link of the English page, to the same page and section (two links
            # to one page in one paragraph would both take the last one's section)
            english_links = _links(site / f"{page}.html")
            assert _links(path) == english_links, f"{path}: links differ from the English"


def _links(path: Path) -> list[str]:
    """The page's links into the manual, in its text (not its menus), sorted."""
    html = path.read_text(encoding="utf-8")
    article = html[html.index("<article") : html.index("</article>")]
    return sorted(re.findall(r'<a class="reference internal" href="([^"]+)"', article))
