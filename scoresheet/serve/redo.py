"""Correcting a past deal on the scoring link: its own questions, pre-filled.

A past deal is corrected through the very questions it was entered with — those of the
game as it stood before it (:mod:`scoresheet.prefill`) — each already answered as the
file holds the deal. The page keeps no state here either: it sends the answers given so
far (``answers``), the pre-filled answers not reached yet (``later``), and perhaps a new
answer, ``back``, or the question to stop at (``at``: the answer the player tapped to
change). :func:`redo` replays them and answers with the question to ask (its saved
answer as ``typed``, to keep or change), or — once every question is answered and the
whole game takes the corrected deal — the deal to save, how it scores, and what changed
(before → after). The save itself goes through ``POST deals/N/correct``, as the JSON
correction does (same token, same 409 when the deal changed meanwhile, same history).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoresheet import prefill, registry
from scoresheet import record as rec
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _
from scoresheet.prompting import navigation, reason
from scoresheet.questions import Form, Question, StartAgain
from scoresheet.serve.form import MAX_ANSWERS, MAX_TEXT, _question, label, read_answers
from scoresheet.session import deal_changes

Pairs = list[tuple[str, str]]


class NoSuchDeal(ScoresheetError):
    """The deal to correct is not (or no longer) in the game."""


def read_request(
    body: Any,
) -> tuple[Pairs, str | None, bool, Pairs | None, str | None]:
    """A correction request's answers, new answer, ``back``, ``later`` and ``at`` (the
    arguments of :func:`redo` after the deal's number); raises with what is wrong."""
    pairs, text, back = read_answers(body)
    later, at = read_redo(body)
    return pairs, text, back, later, at


def read_redo(body: Any) -> tuple[Pairs | None, str | None]:
    """The ``later`` pairs (``None``: not sent — start from the deal as saved) and the
    ``at`` key of a correction request; raises with what is wrong."""
    assert isinstance(body, Mapping)  # read_answers() has said so
    later = body.get("later")
    pairs: Pairs | None = None
    if later is not None:
        if not isinstance(later, list) or len(later) > MAX_ANSWERS:
            raise ScoresheetError(
                _("later: a list of at most {most} [key, text] pairs").format(most=MAX_ANSWERS)
            )
        pairs = []
        for i, pair in enumerate(later):
            if not (
                isinstance(pair, list)
                and len(pair) == 2
                and all(isinstance(x, str) and len(x) <= MAX_TEXT for x in pair)
            ):
                raise ScoresheetError(
                    _(
                        "later[{index}]: a [key, text] pair of strings of at most {most} characters"
                    ).format(index=i, most=MAX_TEXT)
                )
            pairs.append((pair[0], pair[1]))
    at = body.get("at")
    if at is not None and not (isinstance(at, str) and len(at) <= MAX_TEXT):
        raise ScoresheetError(_("at: the key of a question, a string"))
    return pairs, at


class _Walk:
    """One correction request replayed: the form, what was typed for each answer, the
    pre-filled answers still to come, and what to tell the page."""

    def __init__(self, form: Form, players: Sequence[str], later: Pairs) -> None:
        self.form = form
        self.players = list(players)
        self.later = list(later)
        self.texts: dict[str, str] = {}
        self.labels: dict[str, str] = {}
        self.typed: str | None = None  # shown in the current question, to keep or change
        self.error: str | None = None

    def give(self, q: Question, text: str) -> None:
        self.form.answer(text)
        self.texts[q.key] = text
        self.labels[q.key] = label(q.prompt, self.players)
        self.later = [p for p in self.later if p[0] != q.key]

    def given(self, pairs: Sequence[tuple[str, str]]) -> None:
        """The answers the page holds, each as long as the current question is its."""
        left = dict(pairs)
        while (q := self.form.current()) is not None and q.key in left:
            self.give(q, left.pop(q.key))

    def pending(self, key: str) -> str | None:
        return next((t for k, t in self.later if k == key), None)

    def prefilled(self, at: str | None) -> None:
        """The answers saved before, as far as they still hold (stopping at ``at``): the
        first one refused now is shown typed, with the reason."""
        while (q := self.form.current()) is not None:
            text = self.pending(q.key)
            if text is None:
                return
            if q.key == at:
                self.typed = text
                return
            try:
                self.give(q, text)
            except ScoresheetError as refused:
                self.typed, self.error = text, reason(refused)
                return

    def back(self) -> None:
        """Back one question: the answer dropped is kept, shown typed, to keep or change."""
        asked = list(self.form.asked)
        if not self.form.back():
            self.error = _("this is the first question of the deal")
            return
        kept = self.form.answers
        dropped = [(k, self.texts[k]) for k in asked if k not in kept and k in self.texts]
        keys = {k for k, _t in dropped}
        self.later = dropped + [p for p in self.later if p[0] not in keys]
        q = self.form.current()
        if q is not None:
            self.typed = self.pending(q.key)


def _as_saved(dq: Any, result: Any, number: int, saved: Mapping[str, Any]) -> Any:
    """The deal the questions make from the answers as saved (what the player did not
    change), or ``None`` when they cannot make it."""
    form = dq.form()
    try:
        prefill.replay(form, prefill.answers_of(result, number, saved))
        if form.current() is None:
            return dq.deal(form.answers)
    except (ScoresheetError, StartAgain):
        pass
    return None


def redo(
    game: Any,
    number: int,
    pairs: Sequence[tuple[str, str]],
    text: str | None = None,
    back: bool = False,
    later: Sequence[tuple[str, str]] | None = None,
    at: str | None = None,
) -> dict[str, Any]:
    """Replay a correction of deal ``number`` of ``game`` (an open game); what the page
    shows next. ``later`` ``None``: the deal's answers as saved, all to come.

    The reply has what :func:`scoresheet.serve.form.ask`'s has (``number``, ``title``,
    ``intro``, ``answers``, ``labels``, ``told``, perhaps ``note`` and ``error``, and
    ``question`` or ``deal`` and ``shown``), and ``later`` (the pre-filled answers still
    to come, to send back), ``was`` (the deal as the file holds it), ``typed`` (the
    answer to show in the question) and, with the deal, ``changes`` (one line per field
    changed, before → after).
    """
    source = game.path.name
    data = rec.to_data(game.record)
    deals = data["deals"]
    if not 1 <= number <= len(deals):
        raise NoSuchDeal(
            _("deal {number}: no such deal (the game has {played})").format(
                number=number, played=len(deals)
            )
        )
    saved = deals[number - 1]
    result = prefill.before(data, number, source)
    dq = registry.part(result.game, "play").deal_questions(result)
    if dq is None:  # pragma: no cover - a game with a deal after it was not complete
        raise ScoresheetError(_("the game is complete: there is no deal to enter"))
    if later is None:
        later = list(prefill.answers_of(result, number, saved).items())
    walk = _Walk(dq.form(), result.players, list(later))
    note: str | None = None
    show_help = False
    try:
        walk.given(pairs)
        if back:
            walk.back()
        elif text is not None:
            q = walk.form.current()
            if q is not None:
                nav = navigation(text, walk.players)
                if nav == "back":
                    walk.back()
                elif nav == "help":
                    show_help = True
                    walk.typed = walk.pending(q.key)
                else:
                    try:
                        walk.give(q, text.strip())
                    except ScoresheetError as refused:
                        walk.typed, walk.error = text.strip(), reason(refused)
                    else:
                        walk.prefilled(None)
        else:
            walk.prefilled(at)
    except StartAgain as thrown:
        walk = _Walk(dq.form(), result.players, list(later))
        note = str(thrown)
    except ScoresheetError as refused:
        walk.error = reason(refused)
    form = walk.form
    try:
        q = form.current()
    except StartAgain as thrown:
        walk = _Walk(dq.form(), result.players, list(later))
        form, note = walk.form, str(thrown)
        q = form.current()
    reply: dict[str, Any] = {
        "number": number,
        "title": dq.title,
        "intro": list(dq.intro),
        "was": saved,
    }
    if q is None:
        made = dq.deal(form.answers)
        try:
            base = _as_saved(dq, result, number, saved)
            deal = prefill.kept(data, number, saved, made, source, base=base)
            after, scored = prefill.with_deal(data, number, deal, source)
        except ScoresheetError as refused:
            # The whole game refuses the deal (a later deal no longer fits): the last
            # answer is asked again, as typed, with the reason.
            walk.back()
            walk.error = reason(refused)
            q = form.current()
        else:
            shown = registry.part(result.game, "views").deal_text(scored, number)
            reply.update(deal=deal, shown=str(shown), changes=deal_changes(saved, after))
    told = []
    for key, value in form.told:
        said = dq.said(key, value) if dq.said else f"{key}: {value}"
        if said:
            told.append(said)
    reply["answers"] = [[k, walk.texts[k]] for k in form.asked if k in walk.texts]
    reply["labels"] = [walk.labels.get(k, k) for k in form.asked if k in walk.texts]
    reply["later"] = [[k, t] for k, t in walk.later if k not in form.answers]
    reply["told"] = told
    if note:
        reply["note"] = note
    if walk.error:
        reply["error"] = walk.error
    if q is not None:
        reply["question"] = _question(q, walk.players)
        reply["typed"] = walk.typed
        reply["help"] = show_help
    return reply
