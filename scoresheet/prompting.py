"""Guided entry shared by every game's ``scoresheet play``: the prompter and the deal loop.

A game supplies the questions of a deal (:class:`~scoresheet.questions.DealQuestions`)
and how it is introduced; :func:`ask_deal` walks them until the whole deal is valid
(asking again on error), and :func:`run_deals` saves each deal only when it is whole and
valid, notices another command writing the file meanwhile, and stops cleanly on ``q``,
end of input or Ctrl-C, leaving the file as it was after the last complete deal.
"""

from __future__ import annotations

import copy
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from scoresheet import entry
from scoresheet import record as rec
from scoresheet.errors import ScoresheetError, one_line
from scoresheet.i18n import _, ngettext, pgettext
from scoresheet.limits import MAX_ANSWER
from scoresheet.questions import BACK_WORDS, HELP_WORDS, StartAgain, help_text
from scoresheet.session import add_deal, open_game, rescore
from scoresheet.views.common import rules_in_force
from scoresheet.views.term import Term, cells, wrap

if TYPE_CHECKING:
    from scoresheet.questions import DealQuestions, Form, Question
    from scoresheet.session import OpenGame

QUIT_WORDS = frozenset({"q", "quit"})
HELP_WIDTH = 80
"""The widest that ``?``'s explanations are printed, even on a wider terminal."""


class Quit(Exception):
    """The player typed ``q`` or ``quit``."""


class TooLong(Exception):
    """A piped answer runs past :data:`scoresheet.limits.MAX_ANSWER` (``play < /dev/zero``)."""


# "deal 3, no-queens, doubles entry 2: …", "deal 1, hearts, declarations entry 1: …",
# "deal 2: …"
_PREFIX = re.compile(r"^deal \d+(?:, [a-z-]+)?(?:, [a-z_]+ entry \d+)?: ")


def reason(error: ScoresheetError) -> str:
    """An error's message without the deal number and contract the player already sees.

    >>> reason(ScoresheetError("deal 1, hearts, declarations entry 2: four Js are declared twice"))
    'four Js are declared twice'
    """
    return _PREFIX.sub("", str(error), count=1)


ANSWER_ROOM = 12
"""Cells left after a prompt for the answer: a prompt that leaves less is asked on its own
wrapped lines, followed by a short ``> `` prompt."""


class Prompter:
    """Reads answers line by line from standard input and prints the questions.

    Every line it prints fits the terminal's width (``COLUMNS``, else the terminal's own,
    else 80), measured in display cells and broken only between words: a continued line
    is indented under its first. (A single word wider than the terminal, such as a long
    file name, is printed whole on its own line rather than cut.) A question too long to
    leave room for the answer on its line is shown on its own lines, and the answer is
    typed after ``> ``.
    """

    def __init__(self, width: int | None = None) -> None:
        self.echo_answers = not sys.stdin.isatty()
        self.term = Term.detect(width)

    @property
    def width(self) -> int:
        """The width every printed line fits, in display cells."""
        return self.term.width

    def line(self, prompt: str) -> str:
        asked = f"{prompt}: "
        if cells(asked) + ANSWER_ROOM <= self.width:
            typer.echo(asked, nl=False)
        else:
            for part in wrap(f"{prompt}:", self.width, clip_words=False):
                typer.echo(part)
            asked = "> "
            typer.echo(asked, nl=False)
        try:
            text = _read_answer()
        except EOFError:
            typer.echo("")
            raise
        if self.echo_answers:  # piped answers: keep the transcript readable (and harmless)
            self._echo_answer(cells(asked), text)
        return text.strip()

    def _echo_answer(self, used: int, text: str) -> None:
        """A piped answer after its prompt, continued on indented lines if it is long."""
        shown = one_line(text).strip()
        words = shown.split()
        if not words or used + cells(words[0]) > self.width:
            typer.echo("")
            for part in wrap(f"  {shown}", self.width, clip_words=False) if words else []:
                typer.echo(part)
            return
        first, *rest = wrap(" " * used + shown, self.width, clip_words=False)
        typer.echo(first[used:])
        for part in rest:
            typer.echo(part)

    def refuse(self, error: ScoresheetError) -> None:
        self.say(f"  ✗ {one_line(reason(error))}")

    def say(self, text: str = "", *, width: int | None = None, indent: str | None = None) -> None:
        """Prose: each line of ``text`` wrapped at spaces to the width (or ``width``, when
        narrower), continued under ``indent`` (default: two cells further in than it
        starts)."""
        limit = min(width or self.width, self.width)
        for para in text.split("\n"):
            lead = para[: len(para) - len(para.lstrip(" "))]
            more = lead + "  " if indent is None else indent
            for part in wrap(para, limit, more, clip_words=False):
                typer.echo(part)

    def show(self, text: str) -> None:
        """A view already fitted to the width (a table, the totals), printed as it is."""
        typer.echo(text)


def navigation(text: str, players: Sequence[str], *, can_quit: bool = False) -> str | None:
    """``back``, ``help`` (or, where ``can_quit``, ``quit``) when ``text`` asks for it;
    refused when a player could be meant, naming both readings (a player's exact name
    always means the player, a word after ``:`` always the word).

    >>> navigation("q", ["Quinn", "Bob"], can_quit=True)
    Traceback (most recent call last):
    scoresheet.errors.ScoresheetError: "q" could be the player Quinn or quit; type the ...
    >>> navigation("Q", ["Q", "Bob"], can_quit=True) is None
    True
    """
    t = entry.typed(text).casefold()
    word = t.removeprefix(entry.KEYWORD_MARK)
    words = {
        **dict.fromkeys(BACK_WORDS, "back"),
        **dict.fromkeys(HELP_WORDS, "help"),
        **(dict.fromkeys(QUIT_WORDS, "quit") if can_quit else {}),
    }
    found = entry.keyword(text, words)
    marked, what = (found[0], str(found[1])) if found is not None else (False, None)
    if what is None or marked or entry.typed(text) in players:
        return what if what is None or marked else None
    could = entry.player_matches(t, players)
    if could:
        shown = pgettext("answer", what).split("|")[0]
        raise ScoresheetError(
            _(
                "{typed} could be the player {player} or {word}; "
                "type the player's name in full, {marked} for {word}"
            ).format(
                typed=entry.quote(text),
                player=entry.either(could),
                word=shown,
                marked=f"{entry.KEYWORD_MARK}{word}",
            )
        )
    return what


def _refuse_if_an_answer(q: Question, text: str) -> None:
    """``q`` (or ``quit``) typed where it is also an answer (the queen, no-queens): refused,
    naming both readings; ``:q`` always quits."""
    if entry.typed(text).startswith(entry.KEYWORD_MARK):
        return
    try:
        value = q.parse(text)
    except ScoresheetError:
        return
    word = entry.typed(text).casefold()
    if isinstance(value, str | int):
        message = _("{typed} could be the answer {value} or quit; type {marked} to quit")
    else:
        message = _("{typed} could be an answer here or quit; type {marked} to quit")
    raise ScoresheetError(
        message.format(typed=entry.quote(text), value=value, marked=f"{entry.KEYWORD_MARK}{word}")
    )


def walk(
    io: Prompter,
    form: Form,
    players: Sequence[str],
    *,
    said: Callable[[str, Any], str] | None = None,
) -> dict[str, Any]:
    """Ask the form's questions until every one is answered; the answers.

    ``?`` (or ``help``) explains the current question, ``back`` returns to the previous
    one (as far as the first); a refused answer is asked again with the reason.
    Answers with only one possibility are not asked: ``said`` words how they are shown.
    """
    shown: str | None = None
    while True:
        q = form.current()
        for key, value in form.told:
            shown = said(key, value) if said else f"{key}: {value}"
            if shown:
                io.say(f"  {shown}")
        form.told.clear()
        if q is None:
            return form.answers
        if q.note and q.key != shown:
            for line in q.note.splitlines():
                io.say(f"  {line}")
        shown = q.key
        text = io.line(q.prompt)
        try:
            nav = navigation(text, players, can_quit=True)
            if nav == "quit":
                _refuse_if_an_answer(q, text)
                raise Quit
            if nav == "help":
                for line in help_text(q).splitlines():  # prose reads best at most 80 wide
                    io.say(f"  {line}", width=HELP_WIDTH, indent="  ")
            elif nav == "back":
                if not form.back():
                    io.say("  " + _("this is the first question of the deal"))
            else:
                form.answer(text)
        except ScoresheetError as error:
            io.refuse(error)


def ask_deal(
    io: Prompter,
    game: OpenGame,
    questions: DealQuestions,
    *,
    again: str,
    settled: Callable[[dict[str, Any]], Iterable[str]] | None = None,
) -> dict[str, Any]:
    """Ask the deal's questions until the whole deal is valid; the deal (nothing is saved).

    A plan that throws the hand in (:class:`~scoresheet.questions.StartAgain`) starts the
    deal afresh, saying why. Once every question is answered, ``settled`` gives the lines
    to say about the deal (a split, a kick that won the game); a deal the game refuses is
    refused with the reason, ``again`` is said, and the answers ``questions.again`` names
    are asked again (every answer when it names none).
    """
    players = game.result.players
    form = questions.form()
    while True:
        try:
            answers = walk(io, form, players, said=questions.said)
        except StartAgain as thrown:
            io.say(f"  {thrown}")
            form = questions.form()
            continue
        deal = questions.deal(answers)
        for line in settled(deal) if settled else ():
            io.say(line)
        try:
            check_deal(game, deal)
        except ScoresheetError as error:
            io.refuse(error)
            io.say(again)
            if questions.again:
                form.forget(questions.again)
            else:
                form = questions.form()
            continue
        return deal


def heading(io: Prompter, questions: DealQuestions) -> None:
    """A deal's title and what to report, before its first question."""
    io.say()
    io.say(questions.title)
    for line in questions.intro:
        io.say(f"  {line}")


def opening(file: str, game: str, rules: Any, progress: str) -> str:
    """The intro's first line: the file, the game, the rules in force (the preset and every
    house option that changes it, as ``show`` names them), the game's progress, and the
    words the prompts understand."""
    return _(
        "{file}: {game}, rules {rules} — {progress}. Type ? to explain a question, "
        "{back} for the previous one, {quit} to stop; a deal is saved once it is complete."
    ).format(
        file=file,
        game=game,
        rules=rules_in_force(rules),
        progress=progress,
        back=pgettext("answer", "back").split("|")[0],
        quit=pgettext("answer", "quit").split("|")[0],
    )


def check_deal(game: OpenGame, deal: dict[str, Any]) -> Any:
    """Score the game with ``deal`` added (nothing is saved); raises if it is refused."""
    data = copy.deepcopy(rec.to_data(game.record))
    data["deals"].append(dict(deal))
    return rescore(data, game.path.name)[1]


def _stopped(game: OpenGame) -> str:
    n = len(game.result.deals)
    return ngettext(
        "deal {number} was not saved; {file} keeps its {n} deal",
        "deal {number} was not saved; {file} keeps its {n} deals",
        n,
    ).format(number=n + 1, file=game.path.name, n=n)


def run_deals(
    path: Path,
    io: Prompter,
    *,
    intro: Callable[[OpenGame[Any]], Iterable[str]],
    enter_deal: Callable[[Prompter, OpenGame[Any]], dict[str, Any]],
    report: Callable[[Any, int], Iterable[str]],
    closing: Callable[[OpenGame[Any]], Iterable[str]],
) -> int:
    """Ask deal after deal until the game is complete or the player stops; the exit code.

    ``enter_deal`` asks one whole deal (it may raise :class:`Quit`, ``EOFError`` or
    ``KeyboardInterrupt``); ``report`` gives the lines to show once a deal is saved;
    ``intro`` and ``closing`` the lines before the first deal and after the last.
    """
    game = open_game(path)
    for line in intro(game):
        io.say(line)
    while not game.result.complete:
        try:
            deal = enter_deal(io, game)
        except Quit:
            io.say(_("quit: {stopped}").format(stopped=_stopped(game)))
            return 0
        except (EOFError, KeyboardInterrupt) as stop:
            if isinstance(stop, KeyboardInterrupt):  # the cursor is still after the prompt
                typer.echo("", err=True)
            stopped = "scoresheet: " + _("stopped; {stopped}").format(stopped=_stopped(game))
            for part in wrap(stopped, io.width, "  ", clip_words=False):
                typer.echo(part, err=True)
            return 130
        except TooLong:
            typer.echo(
                "scoresheet: "
                + _(
                    "standard input: an answer of more than {limit} characters; refused; {stopped}"
                ).format(limit=f"{MAX_ANSWER:,}", stopped=_stopped(game)),
                err=True,
            )
            return 2
        number = len(game.result.deals) + 1
        try:
            scored, _saved = add_deal(game, deal)
        except ScoresheetError:
            fresh = open_game(path)
            if fresh.snapshot.data == game.snapshot.data:
                raise
            now = len(fresh.result.deals)
            io.say(
                ngettext(
                    "{file} was changed by another command while deal {number} was being "
                    "entered: that deal was not saved. The game now has {n} deal; "
                    "carrying on from there.",
                    "{file} was changed by another command while deal {number} was being "
                    "entered: that deal was not saved. The game now has {n} deals; "
                    "carrying on from there.",
                    now,
                ).format(file=path.name, number=number, n=now)
            )
            game = fresh
            continue
        for line in report(scored, number):
            io.show(line)
        game = open_game(path)
    for line in closing(game):
        io.show(line)
    return 0


def _read_answer() -> str:
    """One answer: as typed at a terminal, or a line of at most ``MAX_ANSWER`` characters
    from a pipe or a file (which may never end a line: ``/dev/zero``)."""
    if sys.stdin.isatty():
        return input()
    line = sys.stdin.readline(MAX_ANSWER + 1)
    if not line:
        raise EOFError
    if len(line) > MAX_ANSWER:
        raise TooLong
    return line.rstrip("\r\n")
