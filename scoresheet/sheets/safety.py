"""Checks a workbook from someone else must pass before openpyxl opens it.

A workbook is a zip of XML parts. Before any XML is parsed this module refuses:

* a file larger than :data:`MAX_FILE_BYTES`, or one that is not a zip archive;
* a zip bomb: more than :data:`MAX_MEMBERS` parts, parts that unpack to more than
  :data:`MAX_UNPACKED_BYTES` in all, or a large part packed more than :data:`MAX_RATIO`
  times (Python's zip reader never returns more bytes than a part declares, so the
  declared sizes bound what is unpacked);
* encrypted parts, and code: macros, ActiveX controls, OLE objects, decided by the
  content types and relationships of the parts, not by their names (a VBA project stored
  as ``xl/macros.dat`` is refused), and links to other files (external links): scoresheet
  never runs anything in a workbook, and refuses ones that carry code;
* XML that declares a DTD or entities (billion laughs, external entities). openpyxl parses
  through defusedxml as well, which refuses the same; both guards are kept.

Everything is read from the bytes in memory, so the file cannot change between the
checks and the reading.
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from pathlib import Path
from typing import Any

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _
from scoresheet.record import parse
from scoresheet.store import read_regular_file

MAX_FILE_BYTES = 10 * 1024 * 1024
MAX_MEMBERS = 300
MAX_UNPACKED_BYTES = 50 * 1024 * 1024
MAX_RATIO = 100
RATIO_FLOOR = 256 * 1024  # small parts may pack well: only larger ones are held to the ratio

_DTD = re.compile(rb"<!\s*(DOCTYPE|ENTITY)", re.I)
_DTD_UTF16 = ["<!DOCTYPE".encode(codec) for codec in ("utf-16-le", "utf-16-be")] + [
    "<!ENTITY".encode(codec) for codec in ("utf-16-le", "utf-16-be")
]


def read_workbook_bytes(path: Path) -> bytes:
    """The bytes of a workbook file, after every check above; raises ScoresheetError."""
    name = path.name
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise ScoresheetError(_("{path}: no such file").format(path=path)) from None
    except OSError as exc:
        raise ScoresheetError(
            _("{path}: cannot read ({strerror})").format(path=path, strerror=exc.strerror)
        ) from None
    if path.is_dir():
        raise ScoresheetError(_("{path}: is a folder, not a workbook").format(path=path))
    if size > MAX_FILE_BYTES:
        raise ScoresheetError(
            _(
                "{name}: {size:.1f} MB is too large for a score sheet (at most {max_file_bytes} "
                "MB); refused"
            ).format(
                name=name, size=size / 1024 / 1024, max_file_bytes=MAX_FILE_BYTES // 1024 // 1024
            )
        )
    if path.suffix.lower() == ".xlsm":
        raise ScoresheetError(
            _("{name}: a macro-enabled workbook (.xlsm); refused").format(name=name)
        )

    # Checked on the opened file and read at most once past the cap: /dev/zero, a FIFO or
    # a file that grows meanwhile is refused rather than read for ever.
    data = read_regular_file(path, limit=MAX_FILE_BYTES, what="workbook")
    check_workbook_bytes(data, name)
    return data


def check_workbook_bytes(data: bytes, name: str) -> None:
    """Refuse what must not reach an XML parser; see the module's docstring."""
    if len(data) > MAX_FILE_BYTES:
        raise ScoresheetError(_("{name}: too large for a score sheet; refused").format(name=name))
    import openpyxl.xml

    if not openpyxl.xml.DEFUSEDXML:  # pragma: no cover - defusedxml is a dependency
        raise ScoresheetError(_("defusedxml is not installed: refusing to read workbooks"))
    if not zipfile.is_zipfile(io.BytesIO(data)):
        raise ScoresheetError(
            _("{name}: not an .xlsx workbook (it is not a zip archive)").format(name=name)
        )
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as exc:
        raise ScoresheetError(
            _("{name}: not a readable .xlsx workbook ({exc})").format(name=name, exc=exc)
        ) from None
    if len(members) > MAX_MEMBERS:
        raise ScoresheetError(
            _("{name}: {n_members} parts, too many for a workbook; refused").format(
                name=name, n_members=len(members)
            )
        )
    unpacked = 0
    for info in members:
        unpacked += info.file_size
        if unpacked > MAX_UNPACKED_BYTES:
            raise ScoresheetError(
                _(
                    "{name}: unpacks to more than {max_unpacked_bytes} MB (a zip bomb?); refused"
                ).format(name=name, max_unpacked_bytes=MAX_UNPACKED_BYTES // 1024 // 1024)
            )
        if info.file_size > RATIO_FLOOR and info.file_size > MAX_RATIO * max(info.compress_size, 1):
            raise ScoresheetError(
                _("{name}: {filename} is packed {file_size} times (a zip bomb?); refused").format(
                    name=name,
                    filename=info.filename,
                    file_size=info.file_size // max(info.compress_size, 1),
                )
            )
        if info.flag_bits & 0x1:
            raise ScoresheetError(
                _("{name}: {filename} is encrypted; refused").format(
                    name=name, filename=info.filename
                )
            )
        lowered = info.filename.lower()
        if "vbaproject" in lowered or lowered.endswith(".bin"):
            raise ScoresheetError(
                _(
                    "{name}: holds macros or other code ({filename}); scoresheet reads only plain "
                    ".xlsx workbooks"
                ).format(name=name, filename=info.filename)
            )
    for info in members:
        if not info.filename.lower().endswith((".xml", ".rels", ".vml")):
            continue
        try:
            content = archive.read(info)
        except (zipfile.BadZipFile, ValueError, OSError, EOFError, zlib.error) as exc:
            raise ScoresheetError(
                _("{name}: {filename} is damaged ({exc})").format(
                    name=name, filename=info.filename, exc=exc
                )
            ) from None
        if _DTD.search(content) or any(mark in content for mark in _DTD_UTF16):
            raise ScoresheetError(
                _("{name}: {filename} declares a DTD or entities (an XML attack?); refused").format(
                    name=name, filename=info.filename
                )
            )
        if info.filename == "[Content_Types].xml" and b"macroEnabled" in content:
            raise ScoresheetError(_("{name}: a macro-enabled workbook; refused").format(name=name))
    _check_code_and_links(archive, name)


# Content types and relationship types of code and of links to other files, whatever the
# part is called: a VBA project, ActiveX controls, embedded OLE objects, external links.
_CODE_TYPES = ("vbaproject", "macroenabled", "activex", "oleobject", "externallink", "vbadata")
_LINK_MODES = ("external",)


def _check_code_and_links(archive: zipfile.ZipFile, name: str) -> None:
    """Refuse code and external links, decided by content types and relationships (a VBA
    project stored as ``xl/macros.dat`` is still a VBA project)."""
    from defusedxml import ElementTree

    members = {info.filename: info for info in archive.infolist()}
    for part in sorted(members):
        if part != "[Content_Types].xml" and not part.endswith(".rels"):
            continue
        try:
            root = ElementTree.fromstring(archive.read(members[part]))
        except Exception as exc:  # a hostile part can fail the parser in any way
            raise ScoresheetError(
                _("{name}: {part} is damaged ({error}); refused").format(
                    name=name, part=part, error=type(exc).__name__
                )
            ) from None
        for element in root.iter():
            tag = element.tag.rsplit("}", 1)[-1]
            if tag in ("Default", "Override"):
                kind = element.get("ContentType", "")
                if any(mark in kind.lower() for mark in _CODE_TYPES):
                    where = element.get("PartName") or f"*.{element.get('Extension', '')}"
                    raise ScoresheetError(
                        _(
                            "{name}: {where} is {kind} (code or a link to another file); "
                            "scoresheet reads only plain .xlsx workbooks"
                        ).format(name=name, where=where, kind=kind[:80])
                    )
            elif tag == "Relationship":
                kind = element.get("Type", "")
                last = kind.rsplit("/", 1)[-1].lower()
                mode = element.get("TargetMode", "").lower()
                if any(mark in last for mark in _CODE_TYPES) or (
                    mode in _LINK_MODES and last != "hyperlink"
                ):
                    target = element.get("Target", "")[:80]
                    raise ScoresheetError(
                        _(
                            "{name}: {part} links {target} as {last} (code or a link to another "
                            "file); scoresheet reads only plain .xlsx workbooks"
                        ).format(name=name, part=part, target=target, last=last)
                    )


def strict_json(text: str) -> Any:
    """JSON kept in a workbook cell, read as strictly as a game file is.

    A repeated key, nesting too deep or an integer of thousands of digits raises
    ``ValueError`` (``json`` would keep the last of two keys silently):

    >>> strict_json('{"rounds": 1, "rounds": 2}')
    Traceback (most recent call last):
    ValueError: "rounds" is given twice at the top level (1, then 2); refused: keep the one meant
    """

    try:
        return parse(text, source="")
    except ScoresheetError as error:
        raise ValueError(str(error).removeprefix(": ")) from None
