"""Gettext catalogs: a ``.po`` file read, and written as the ``.mo`` bytes gettext loads.

This module imports nothing of scoresheet's, so that the package build can load it by
path and compile every ``.po`` into the wheel; a source checkout compiles in memory,
once, the first time a language other than English is chosen.

>>> po = 'msgid ""\\nmsgstr "Language: fr\\\\n"\\n\\nmsgid "deal"\\nmsgstr "donne"\\n'
>>> entries = parse(po)
>>> entries[1].msgid, entries[1].msgstr
('deal', ('donne',))
>>> import gettext, io
>>> gettext.GNUTranslations(io.BytesIO(mo_bytes(entries))).gettext("deal")
'donne'
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field


@dataclass
class Entry:
    """One message of a catalog: its context, English text (and plural), translations."""

    msgid: str
    msgstr: tuple[str, ...] = ("",)
    msgctxt: str | None = None
    msgid_plural: str | None = None
    flags: frozenset[str] = frozenset()
    comments: list[str] = field(default_factory=list)
    line: int = 0

    @property
    def key(self) -> str:
        """The key gettext looks a message up by: context, EOT, then the English text."""
        return self.msgid if self.msgctxt is None else f"{self.msgctxt}\x04{self.msgid}"

    @property
    def translated(self) -> bool:
        return all(self.msgstr) and "fuzzy" not in self.flags


class CatalogError(ValueError):
    """A catalog that cannot be read: says which line and why."""


def _unquote(text: str, where: str) -> str:
    text = text.strip()
    if not (len(text) >= 2 and text[0] == text[-1] == '"'):
        raise CatalogError(f"{where}: a quoted string was expected")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError) as exc:
        raise CatalogError(f"{where}: {exc}") from None
    if not isinstance(value, str):  # pragma: no cover - a quoted literal is a str
        raise CatalogError(f"{where}: a quoted string was expected")
    return value


def parse(text: str, name: str = "catalog") -> list[Entry]:
    """The entries of a ``.po`` file's text, the header (msgid "") first when present."""
    entries: list[Entry] = []
    fields: dict[str, str] = {}
    flags: set[str] = set()
    comments: list[str] = []
    current: str | None = None
    start = 0

    def finish() -> None:
        nonlocal fields, flags, comments, current
        if "msgid" in fields:
            plural = "msgid_plural" in fields
            strs = tuple(
                fields[k] for k in sorted(f for f in fields if f.startswith("msgstr"))
            ) or ("",)
            entries.append(
                Entry(
                    msgid=fields["msgid"],
                    msgstr=strs,
                    msgctxt=fields.get("msgctxt"),
                    msgid_plural=fields.get("msgid_plural") if plural else None,
                    flags=frozenset(flags),
                    comments=comments,
                    line=start,
                )
            )
        elif fields:
            raise CatalogError(f"{name}, line {start}: an entry without msgid")
        fields, flags, comments, current = {}, set(), [], None

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        where = f"{name}, line {number}"
        if not line:
            finish()
            continue
        if line.startswith("#,"):
            if fields:
                finish()
            flags.update(f.strip() for f in line[2:].split(",") if f.strip())
            continue
        if line.startswith("#~"):
            continue  # an obsolete entry: kept by the tools, never loaded
        if line.startswith("#"):
            if fields:
                finish()
            comments.append(line)
            continue
        if line.startswith('"'):
            if current is None:
                raise CatalogError(f"{where}: a string continues nothing")
            fields[current] += _unquote(line, where)
            continue
        keyword, _, rest = line.partition(" ")
        if keyword.startswith("msgstr["):
            index = keyword[7:-1]
            if not keyword.endswith("]") or not index.isdigit():
                raise CatalogError(f"{where}: {keyword!r} is not a plural form")
            keyword = f"msgstr[{int(index):03d}]"
        elif keyword not in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
            raise CatalogError(f"{where}: {keyword!r} is not a catalog keyword")
        if keyword in ("msgctxt", "msgid") and ("msgid" in fields or keyword in fields):
            finish()
        if keyword in fields:
            raise CatalogError(f"{where}: {keyword} is given twice")
        if not fields:
            start = number
        fields[keyword] = _unquote(rest, where)
        current = keyword
    finish()
    return entries


def mo_bytes(entries: list[Entry]) -> bytes:
    """The GNU ``.mo`` file of ``entries``: translated messages only, as msgfmt writes it
    (a fuzzy or empty translation is left out, so English shows instead)."""
    pairs: dict[str, str] = {}
    for entry in entries:
        if entry.msgid == "" and entry.msgctxt is None:
            pairs[""] = entry.msgstr[0]
        elif entry.translated:
            key = entry.key
            if entry.msgid_plural is not None:
                key += "\x00" + entry.msgid_plural
            pairs[key] = "\x00".join(entry.msgstr)
    keys = sorted(pairs)
    ids = b""
    strs = b""
    offsets: list[tuple[int, int, int, int]] = []
    for key in keys:
        k, v = key.encode("utf-8"), pairs[key].encode("utf-8")
        offsets.append((len(ids), len(k), len(strs), len(v)))
        ids += k + b"\x00"
        strs += v + b"\x00"
    count = len(keys)
    key_start = 7 * 4 + 16 * count
    value_start = key_start + len(ids)
    key_table: list[int] = []
    value_table: list[int] = []
    for id_off, id_len, str_off, str_len in offsets:
        key_table += [id_len, key_start + id_off]
        value_table += [str_len, value_start + str_off]
    header = struct.pack("Iiiiiii", 0x950412DE, 0, count, 7 * 4, 7 * 4 + 8 * count, 0, key_start)
    tables = struct.pack(f"{len(key_table)}i", *key_table) + struct.pack(
        f"{len(value_table)}i", *value_table
    )
    return header + tables + ids + strs


def quote(text: str) -> str:
    """``text`` as a ``.po`` string literal (one line; ``\\n`` escaped).

    >>> quote('say "hi"\\n')
    '"say \\\\"hi\\\\"\\\\n"'
    """
    escaped = (
        text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    )
    return f'"{escaped}"'


def quote_lines(keyword: str, text: str) -> list[str]:
    """``keyword "text"``, split after each newline as msgcat writes a long message."""
    pieces = text.splitlines(keepends=True)
    if len(pieces) <= 1:
        return [f"{keyword} {quote(text)}"]
    return [f'{keyword} ""', *(quote(piece) for piece in pieces)]


def dump(entries: list[Entry]) -> str:
    """The ``.po`` text of ``entries``, one blank line between them."""
    blocks = []
    for entry in entries:
        lines = list(entry.comments)
        if entry.flags:
            lines.append("#, " + ", ".join(sorted(entry.flags)))
        if entry.msgctxt is not None:
            lines += quote_lines("msgctxt", entry.msgctxt)
        lines += quote_lines("msgid", entry.msgid)
        if entry.msgid_plural is not None:
            lines += quote_lines("msgid_plural", entry.msgid_plural)
            for i, text in enumerate(entry.msgstr):
                lines += quote_lines(f"msgstr[{i}]", text)
        else:
            lines += quote_lines("msgstr", entry.msgstr[0])
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"
