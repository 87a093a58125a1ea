"""The questions a game asks at the table, written once as data.

A game describes a deal as a *plan*: a function from the answers given so far to the
next :class:`Question` (``None`` once the deal is whole). A :class:`Form` keeps the
answers and does everything a way of asking needs — the next question, reading an
answer, going back one question, re-asking only the answers a check found wrong —
without reading or printing anything, so the terminal (``scoresheet play``) and a web
form can walk the same questions.

>>> def plan(answers):
...     if "n" not in answers:
...         return Question("n", "How many?", int_answer, help="A whole number.")
...     return None
>>> form = Form(plan)
>>> form.current().prompt
'How many?'
>>> form.answer("3")
>>> form.current() is None, form.answers
(True, {'n': 3})
>>> form.back(), form.answers
(True, {})
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _, pgettext
from scoresheet.names import ascii_forms

BACK_WORDS = frozenset({"back"})
HELP_WORDS = frozenset({"?", "help"})


class _NoAnswer:
    def __repr__(self) -> str:
        return "NO_ANSWER"


NO_ANSWER: Any = _NoAnswer()
"""A question's ``only`` when it has more than one possible answer (it is asked)."""


@dataclass(frozen=True)
class Question:
    """One thing to ask: where the answer goes, how to ask, what may be answered.

    ``parse`` reads the typed text into the answer (raising :class:`ScoresheetError`
    with the reason when it cannot); ``choices`` are the answers a form may offer
    (empty for free text); ``help`` explains the question in the rules' words. A
    question whose ``only`` is set has one possible answer: it is not asked, and the
    answer is taken as given. ``note`` says what the answers so far have settled (a
    point scored, the trump suit), to show before the question. ``label`` is the
    question worded for a tap on a phone, where the choices are buttons and the counts
    boxes each labelled with its player (``Hearts taken — 13 in all``, ``Who took the
    K♥?``): no list of the answers, no way of typing them; empty, a page shows ``prompt``.
    """

    key: str
    prompt: str
    parse: Callable[[str], Any]
    choices: tuple[str, ...] = ()
    help: str = ""
    only: Any = NO_ANSWER
    note: str = ""  # what the answers so far have settled, shown before the question
    # For a form with buttons (the terminal ignores these): ``counts`` names who or what
    # gets one number each (answered as the numbers in that order, joined by
    # ``separator``; ``total`` what they add up to); ``many`` says several of the
    # choices may be answered at once, in one line.
    counts: tuple[str, ...] = ()
    total: int | None = None
    many: bool = False
    separator: str = " "
    label: str = ""  # the question for a tap (a form with buttons); "": the prompt


class StartAgain(Exception):
    """Raised by a plan when the deal cannot go on as answered and is asked again from
    its first question (the hand was thrown in): the message says why."""


@dataclass(frozen=True)
class DealQuestions:
    """The next deal of a game as its questions: what any way of asking needs.

    ``form`` makes a fresh :class:`Form`; ``deal`` makes the deal object from complete
    answers; ``title`` and ``intro`` are shown before the first question; ``said``
    words an answer taken without asking (``""``: not shown); when the whole deal is
    refused, ``again`` names the answers asked again (empty: every answer).
    """

    number: int
    title: str
    intro: tuple[str, ...]
    form: Callable[[], Form]
    deal: Callable[[Mapping[str, Any]], dict[str, Any]]
    said: Callable[[str, Any], str] | None = None
    again: tuple[str, ...] = ()


def int_answer(text: str) -> int:
    """A whole number ≥ 0 (full-width digits typed on a Japanese or Chinese keyboard too).

    >>> int_answer("１２")
    12
    """
    t = ascii_forms(text).strip()
    if not (t.isascii() and t.isdigit()) or len(t) > 6:
        raise ScoresheetError(_('"{typed}" is not a whole number').format(typed=text.strip()[:20]))
    return int(t)


Plan = Callable[[Mapping[str, Any]], Question | None]
Check = Callable[[Mapping[str, Any]], None]
Blame = Callable[[Mapping[str, Any], ScoresheetError], Sequence[str]]


@dataclass
class Form:
    """The answers given to a plan's questions, in the order they were given.

    ``check`` (optional) is run on the answers after each answer; when it raises, the
    answer is refused — and ``blame`` names the earlier answers that must be asked
    again (by default none: only the answer just given is refused).
    """

    plan: Plan
    check: Check | None = None
    blame: Blame | None = None
    answers: dict[str, Any] = field(default_factory=dict)
    asked: list[str] = field(default_factory=list)  # keys the player answered, in order
    told: list[tuple[str, Any]] = field(default_factory=list)  # answers taken, not asked

    def current(self) -> Question | None:
        """The next question to ask; questions with one possible answer are answered here."""
        while (q := self.plan(self.answers)) is not None and q.only is not NO_ANSWER:
            self.answers[q.key] = q.only
            self.told.append((q.key, q.only))
        return q

    def answer(self, text: str) -> None:
        """Read ``text`` as the answer to the current question; raises with the reason.

        When the check finds earlier answers wrong, those are dropped (to be asked
        again) and the error is raised; the others are kept.
        """
        q = self.current()
        if q is None:
            raise ScoresheetError(_("every question is answered"))
        value = q.parse(text)
        trial = {**self.answers, q.key: value}
        if self.check is not None:
            try:
                self.check(trial)
            except ScoresheetError as error:
                wrong = [k for k in (self.blame(trial, error) if self.blame else ()) if k != q.key]
                for key in wrong:
                    self._drop(key)
                raise
        self.answers[q.key] = value
        self.asked.append(q.key)

    def _drop(self, key: str) -> None:
        self.answers.pop(key, None)
        if key in self.asked:
            self.asked.remove(key)

    def back(self) -> bool:
        """Forget the last answer the player gave (and what followed from it); ``False``
        when there is none to go back to."""
        if not self.asked:
            return False
        last = self.asked.pop()
        keys = list(self.answers)
        for key in keys[keys.index(last) :] if last in keys else []:
            if key == last or key not in self.asked:
                del self.answers[key]
        return True

    def forget(self, keys: Sequence[str]) -> None:
        """Drop these answers, to be asked again."""
        for key in keys:
            self._drop(key)


def help_text(question: Question) -> str:
    """What ``?`` shows: the rules' words, then the possible answers."""
    lines = [question.help or _("Answer the question as the table played it.")]
    if question.choices:
        lines.append(_("Possible answers: {answers}.").format(answers=", ".join(question.choices)))
    lines.append(
        _("Type {back} for the previous question, {quit} to stop.").format(
            back=pgettext("answer", "back").split("|")[0],
            quit=pgettext("answer", "quit").split("|")[0],
        )
    )
    return "\n".join(lines)
