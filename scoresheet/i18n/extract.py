"""Every message the source marks for translation, and the catalogs kept in step with it.

A message is marked where it is written: ``_("…")``, ``N_("…")`` (a constant translated
where it is shown), ``ngettext("…", "…", n)``, ``pgettext("context", "…")``; a
command's docstring, every ``help="…"`` and ``epilog="…"`` given to typer and every
``help_text("template", …)`` are its ``--help`` text.
``python -m scoresheet.i18n.extract`` adds each new message to every catalog
(untranslated, so the catalog test names it) and drops the ones the source no longer
has; translating is then filling in ``msgstr``.
"""

from __future__ import annotations

import ast
import inspect
import sys
from dataclasses import dataclass
from pathlib import Path

from scoresheet.i18n import CATALOGS, SOURCE
from scoresheet.i18n.catalog import Entry, dump, parse

PACKAGE = Path(__file__).resolve().parent.parent
MARKERS = {"_": 1, "N_": 1, "ngettext": 2, "pgettext": 2, "NP_": 2, "help_text": 1}
# Modules whose ``@….command`` functions are commands: their docstrings are ``--help``.
COMMAND_DECORATORS = ("command", "callback")


@dataclass(frozen=True)
class Message:
    msgid: str
    msgctxt: str | None = None
    msgid_plural: str | None = None

    @property
    def key(self) -> str:
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"


@dataclass(frozen=True)
class Problem:
    where: str
    what: str


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _is_command(node: ast.FunctionDef) -> bool:
    for dec in node.decorator_list:
        call = dec.func if isinstance(dec, ast.Call) else dec
        if isinstance(call, ast.Attribute) and call.attr in COMMAND_DECORATORS:
            return True
    return False


def scan(path: Path, found: dict[str, tuple[Message, list[str]]], problems: list[Problem]) -> None:
    """Add the messages of one module to ``found`` (by key, with where each stands)."""
    rel = path.relative_to(PACKAGE.parent).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))

    def add(message: Message, line: int) -> None:
        if not message.msgid:
            problems.append(Problem(f"{rel}:{line}", "an empty message"))
            return
        entry = found.setdefault(message.key, (message, []))
        if entry[0] != message:
            problems.append(Problem(f"{rel}:{line}", f"{message.msgid!r} has two plural forms"))
        entry[1].append(f"{rel}:{line}")

    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and _is_command(node):
            doc = ast.get_docstring(node, clean=False)
            if doc:
                add(Message(inspect.cleandoc(doc)), node.lineno)
        if not isinstance(node, ast.Call):
            continue
        for keyword in node.keywords:
            given = _literal(keyword.value) if keyword.arg in ("help", "epilog") else None
            if given:
                add(Message(inspect.cleandoc(given)), keyword.value.lineno)
        if not isinstance(node.func, ast.Name):
            continue
        name = node.func.id
        if name not in MARKERS:
            continue
        args = [_literal(a) for a in node.args[: MARKERS[name]]]
        if len(node.args) < MARKERS[name] or None in args:
            marked = node.args[: MARKERS[name]]
            if marked and not all(isinstance(a, ast.Constant) for a in marked):
                continue  # a marked constant, translated where it is shown
            problems.append(
                Problem(f"{rel}:{node.lineno}", f"{name}() is given no literal message")
            )
            continue
        text = [a for a in args if a is not None]
        if name == "ngettext":
            add(Message(text[0], msgid_plural=text[1]), node.lineno)
        elif name in ("pgettext", "NP_"):
            add(Message(text[1], msgctxt=text[0]), node.lineno)
        else:
            add(Message(text[0]), node.lineno)


def messages() -> tuple[dict[str, tuple[Message, list[str]]], list[Problem]]:
    """Every marked message of the package (by key, with where it stands) and any marks
    that cannot be read."""
    found: dict[str, tuple[Message, list[str]]] = {}
    problems: list[Problem] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "i18n" in path.relative_to(PACKAGE).parts[:1] and path.name != "__init__.py":
            continue
        scan(path, found, problems)
    return found, problems


def _place(where: str) -> tuple[str, int]:
    path, _, line = where.rpartition(":")
    return path, int(line)


def _plural_forms(header: Entry | None) -> int:
    """How many plural forms the catalog's language has (``nplurals`` in its header)."""
    text = header.msgstr[0] if header is not None else ""
    for part in text.replace("\n", ";").split(";"):
        name, _, value = part.strip().partition("=")
        if name.strip().endswith("nplurals") and value.strip().isdigit():
            return int(value)
    return 2


def update(code: str, found: dict[str, tuple[Message, list[str]]]) -> tuple[int, int]:
    """Bring the catalog of ``code`` in step with ``found``: new messages added
    untranslated, vanished ones dropped. Returns (added, dropped)."""
    path = CATALOGS / f"{code}.po"
    old = parse(path.read_text(encoding="utf-8"), path.name) if path.is_file() else []
    header = next((e for e in old if e.msgid == "" and e.msgctxt is None), None)
    by_key = {e.key: e for e in old if e.msgid or e.msgctxt is not None}
    entries: list[Entry] = [header] if header is not None else []
    added = 0
    for key, (message, places) in sorted(found.items(), key=lambda kv: _place(kv[1][1][0])):
        before = by_key.get(key)
        plural = message.msgid_plural is not None
        forms = _plural_forms(header) if plural else 1
        if before is not None and (before.msgid_plural is not None) == plural:
            msgstr = (before.msgstr + ("",) * forms)[:forms]
            flags = before.flags
        else:
            added += 1
            msgstr = ("",) * _plural_forms(header) if plural else ("",)
            flags = frozenset()
        comments = [c for c in (before.comments if before else []) if not c.startswith("#:")]
        comments += [f"#: {place}" for place in places[:3]]
        entries.append(
            Entry(
                msgid=message.msgid,
                msgstr=msgstr,
                msgctxt=message.msgctxt,
                msgid_plural=message.msgid_plural,
                flags=flags,
                comments=comments,
            )
        )
    dropped = len(set(by_key) - set(found))
    path.write_text(dump(entries), encoding="utf-8")
    return added, dropped


def main() -> int:  # pragma: no cover - a maintainer's tool, run by hand
    found, problems = messages()
    for problem in problems:
        print(f"{problem.where}: {problem.what}", file=sys.stderr)
    for code in sorted({p.stem for p in CATALOGS.glob("*.po")} - {SOURCE}):
        added, dropped = update(code, found)
        print(f"{code}.po: {len(found)} messages, {added} new, {dropped} dropped")
    return 1 if problems else 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
