"""The shape of the house: every game a folder with the same modules, no import cycle,
no import from a lower layer up to a higher one, no module over ~600 lines, and no game
named outside its folder but in the registry.

The import graph is read from the source (``ast``), every ``import`` counted wherever
it stands: at the top, inside a function, or under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from scoresheet import registry

PACKAGE = Path(__file__).resolve().parent.parent / "scoresheet"
MAX_LINES = 600

# Layers, bottom to top; a module may import only from its own layer or below. A module
# takes the layer of the longest prefix that names it.
LAYERS: tuple[tuple[str, ...], ...] = (
    # the kernel: no game, no file
    ("errors", "limits", "names", "cards", "results", "i18n"),
    # kits every game's views use: questions, terminal text, phone rows, workbook and PDF
    # mechanics
    (
        "questions",
        "views",
        "sheets.cells",
        "sheets.findings",
        "sheets.plan",
        "sheets.read",
        "sheets.rows",
        "sheets.write",
        "paper",  # the paper sizes; the PDF of a game is made in cli.pdf
        "paper.model",
        "paper.fonts",
        "paper.kit",
        "paper.render",
        "paper.scripts",
    ),
    ("roles", "flag"),  # the interface the games implement, and the flags they declare
    ("registry",),  # the table of games, each role imported by name when asked for
    # what reads and keeps a game of any kind, through the registry
    (
        "models",
        "record",
        "record_text",
        "store",
        "locks",
        "fileinfo",
        "validation",
        "rules",
        "session",
        "entry",
        "prompting",
        "prefill",  # a past deal's questions pre-filled (each game's answers, by name)
        "views.common",
        "sheets.safety",
    ),
    # the kit of the card games of two teams of two, which both import (Belote, Coinche)
    ("partnership",),
    ("games",),
    # what shows or reads every game: dispatching through the registry
    ("sheets", "serve", "evening", "night"),
    ("cli", "__main__", "api"),  # api: the library, beside the commands it mirrors
)


def _modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


MODULES = _modules()


def _imports(name: str, path: Path) -> Iterator[str]:
    """The project modules ``name`` imports (``scoresheet.`` left off)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".") if package else []
                up = up[: len(up) - node.level + 1]
                base = ".".join(["scoresheet", *up, *([base] if base else [])])
            targets = [base] + [f"{base}.{a.name}" for a in node.names]
        else:
            continue
        for target in targets:
            if target == "scoresheet" or not target.startswith("scoresheet."):
                continue
            short = target[len("scoresheet.") :]
            # ``from scoresheet.games.barbu import score``: the module if it is one
            while short and short not in MODULES:
                short = short.rpartition(".")[0]
            if short and short != name:
                yield short


GRAPH = {name: sorted(set(_imports(name, path))) for name, path in MODULES.items()}


def _layer(name: str) -> int:
    best, layer = -1, -1
    for i, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (name == prefix or name.startswith(prefix + ".")) and len(prefix) > best:
                best, layer = len(prefix), i
    return layer


def test_every_module_has_a_layer() -> None:
    assert [m for m in MODULES if m and _layer(m) < 0] == []


def test_no_import_from_a_lower_layer_up() -> None:
    upward = [
        f"{a} (layer {_layer(a)}) imports {b} (layer {_layer(b)})"
        for a, targets in GRAPH.items()
        for b in targets
        if a and _layer(b) > _layer(a)
    ]
    assert upward == []


def test_no_import_cycle() -> None:
    # A package and its own modules are one unit for Python's import system (importing
    # ``a.b`` runs ``a/__init__.py`` first); only cycles between distinct modules count.
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for nxt in GRAPH.get(node, []):
            if node.startswith(nxt + "."):  # a module importing its own package
                continue
            if state.get(nxt) == 1:
                cycles.append([*stack[stack.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, [*stack, nxt])
        state[node] = 2

    for name in GRAPH:
        if name not in state:
            visit(name, [name])
    assert cycles == []


def test_no_module_over_600_lines() -> None:
    long = {
        str(p.relative_to(PACKAGE)): n
        for p in PACKAGE.rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def _role_files(game: registry.Game) -> set[str]:
    folder = PACKAGE / "games" / game.package
    return {str(p.relative_to(folder)) for p in folder.rglob("*.py")}


def test_every_game_folder_has_the_same_role_modules() -> None:
    wanted = {r.replace(".", "/") + ".py" for r in registry.ROLES} | {"__init__.py"}
    missing = {g.name: sorted(wanted - _role_files(g)) for g in registry.GAMES.values()}
    assert {g: m for g, m in missing.items() if m} == {}


def test_nothing_outside_a_game_folder_names_a_game() -> None:
    """Outside ``games/<game>/`` and the registry, no code names a game: no ``if game ==
    "barbu"``, no import of a game's module. Docstrings (examples of game files) may."""
    names = {g.name for g in registry.GAMES.values()}
    packages = {g.package for g in registry.GAMES.values()}
    found = []
    for name, path in MODULES.items():
        # The partnership kit's card play says "belote" for belote-rebelote (a result key,
        # a rule, a heading) and counts as Belote's by default: Belote's is the card play
        # both partnership games share.
        words = names - {"belote"} if name.startswith("partnership") else names
        if name.startswith("games.") or name in ("registry", "games"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(n.body[0].value)
            for n in ast.walk(tree)
            if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and n.body
            and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and node.value in words
                and id(node) not in docstrings
            ):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.value!r}")
        for target in GRAPH[name]:
            if target.startswith("games.") and target.split(".")[1] in packages:
                found.append(f"{path.relative_to(PACKAGE)}: imports {target}")
    assert found == []


# Functions that may be defined in one module only, and where.
_ONE_HOME = {"one_line": "errors", "decode_text": "record_text"}
# A different function under the same name, and why it stays.
_SAME_NAME_ALLOWED: set[tuple[str, str]] = set()


def test_the_shared_helpers_have_one_home() -> None:
    """One ``one_line`` (the kernel's) and one text decoding (the record format's), never
    copies of them elsewhere; and the store decodes no bytes itself."""
    copies = [
        f"{name}: defines {node.name} (its home is {_ONE_HOME[node.name]})"
        for name, path in MODULES.items()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.FunctionDef)
        and node.name in _ONE_HOME
        and name != _ONE_HOME[node.name]
        and (name, node.name) not in _SAME_NAME_ALLOWED
    ]
    assert copies == []
    store = ast.parse(MODULES["store"].read_text(encoding="utf-8"))
    decodes = [
        n.lineno
        for n in ast.walk(store)
        if (isinstance(n, ast.Attribute) and n.attr == "decode")
        or (
            isinstance(n, ast.Constant) and isinstance(n.value, str) and "utf-16" in n.value.lower()
        )
    ]
    assert decodes == []


MAX_FUNCTION_LINES = 120
# Functions allowed over MAX_FUNCTION_LINES, each with why. Splitting one takes it off the
# list; nothing new goes on it but a table of data.
LONG_FUNCTIONS: dict[str, str] = {
    # Tables of data: a workbook sheet laid out cell by cell (headings, labels, formulas in
    # reading order); cutting them would scatter one sheet over several functions.
    "evening.workbook._balances": "table: the settle workbook's balances sheet",
    "evening.workbook.plan_stats": "table: the stats workbook's sheet",
    "games.barbu.sheet.plan._doubles_sheet": "table: the doubles sheet",
    "games.barbu.sheet.totals.scores_sheet": "table: the scores sheet",
    "games.caribbean_all_fours.sheet.plan._scores_sheet": "table: the scores sheet",
    "games.caribbean_all_fours.sheet.points.points_sheet": "table: the points sheet",
    "games.coinche.sheet.scores.plan_scores": "table: the scores sheet",
    "partnership.sheet.plan.plan_inputs": "table: the deal-input columns",
    "partnership.sheet.plan._plan_rules": "table: the rules sheet",
    "partnership.sheet.scores.plan_scores": "table: the scores sheet",
}


def _long_functions() -> dict[str, int]:
    found = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    found[f"{name}.{node.name}"] = lines
    return found


def test_no_function_over_120_lines_but_the_listed_ones() -> None:
    """A function a reader can hold at once: none over ~120 lines but the listed ones."""
    assert {f: n for f, n in _long_functions().items() if f not in LONG_FUNCTIONS} == {}


def test_no_game_imports_another_game() -> None:
    """A game's modules import the kits (``partnership``, ``sheets``, ``paper``, …), never
    another game's: what two games share lives in a kit both import."""
    packages = {g.package for g in registry.GAMES.values()}
    across = [
        f"{name} imports {target}"
        for name, targets in GRAPH.items()
        if name.startswith("games.") and name.split(".")[1] in packages
        for target in targets
        if target.startswith("games.")
        and target.count(".") >= 1
        and target.split(".")[1] in packages
        and target.split(".")[1] != name.split(".")[1]
    ]
    assert across == []
