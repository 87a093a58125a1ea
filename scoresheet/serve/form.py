"""The deal-entry form of the scoring link: the game's own questions, replayed.

The server keeps no form between requests. The page sends the answers given so far
for the next deal (each as the question's key and the text typed or tapped), and
perhaps one new answer or ``back``; :func:`ask` replays them through the very
:class:`~scoresheet.questions.Form` that ``scoresheet play`` walks (each game's
``deal_questions``, its ``play`` role), and answers with the next
question, or the refusal of the answer just given (with the answers a check blamed
dropped), or — once every question is answered and the whole game accepts the deal —
the deal object to save, for the player to confirm. No rule of any game is written
here or in the page: only how to carry the questions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scoresheet import registry
from scoresheet.entry import KEYWORD_MARK
from scoresheet.errors import ScoresheetError
from scoresheet.i18n import _
from scoresheet.prompting import check_deal, navigation, reason
from scoresheet.questions import Form, Question, StartAgain

MAX_ANSWERS = 200  # the longest deal (every double, every per-player count) asks about 40
MAX_TEXT = 400  # characters in one answer (a Chinese Poker hand is about 40)
SHAPE = '{"answers": [[key, text], …], "text": …}'  # a request's body, as JSON


def _sent(q: Question, choice: str, players: Sequence[str]) -> str:
    """What tapping ``choice`` answers: a player's name as it is; a keyword in the form
    that can only mean the keyword (``:all``, where a player's name may start with
    ``all``), when the question reads it so and it means the same as the bare word."""
    if choice in players:
        return choice
    marked = KEYWORD_MARK + choice
    try:
        meant = q.parse(marked)
    except ScoresheetError:
        return choice  # a contract, a team, …: not a keyword of this question
    try:
        bare = q.parse(choice)
    except ScoresheetError:
        return marked  # the bare word is refused (it could name a player)
    return marked if bare == meant else choice


# Where a question's prompt stops naming what is asked and starts explaining how to
# answer: its question mark, a bracket, a colon, a comma, a semicolon, a dash, in the
# languages' own punctuation.
_CUTS = ("? ", "？", " (", "（", ": ", " : ", "：", ", ", "，", "、", "; ", " ; ", "；", " — ")
_ENDS = " ?？:：,，、"


def label(prompt: str, players: Sequence[str] = ()) -> str:
    """What an answer is listed under on the page: its question as a player reads it,
    up to where the prompt starts to list or explain the answers (never inside a
    player's name, nor right after the name it starts with), without its question mark.

    >>> label("Bob doubles whom? (Ann, maximum, none)")
    'Bob doubles whom'
    >>> label("Tricks taken (13 in all): Ann=2,Dan=1,… or one number each for Ann Bob")
    'Tricks taken'
    >>> label("Ann, redouble whom? Cat — or none", ["Ann", "Cat"])
    'Ann, redouble whom'
    >>> label("Qui a pris le dernier pli ? (0 = Ann & Cat, 1 = Bob & Dan)")
    'Qui a pris le dernier pli'
    >>> label("Bob は誰にダブルを掛けますか？（Ann, Cat, Dan, 最大）")
    'Bob は誰にダブルを掛けますか'
    >>> label("Smith, Jo (host) doubles whom? (Ann, none)", ["Smith, Jo (host)"])
    'Smith, Jo (host) doubles whom'
    """
    names = sorted((n for n in players if n), key=len, reverse=True)
    said = False  # a word of the question before here, not only a player's name
    i = 0
    while i < len(prompt):
        name = next((n for n in names if prompt.startswith(n, i)), None)
        if name is not None:
            i += len(name)
            continue
        if said and any(prompt.startswith(c, i) for c in _CUTS):
            break
        said = said or prompt[i].isalnum()
        i += 1
    shown = prompt[:i].rstrip(_ENDS).strip()
    return shown or prompt.strip()


def _question(q: Question, players: Sequence[str]) -> dict[str, Any]:
    return {
        "key": q.key,
        # What the page asks: the question worded for a tap when the game words it so.
        "prompt": q.label or q.prompt,
        "wording": q.prompt,  # as `scoresheet play` asks it, with how to type the answer
        "choices": list(q.choices),
        # What each choice's button sends: never a text that could mean two things.
        "send": [_sent(q, c, players) for c in q.choices],
        "many": q.many,
        "counts": list(q.counts),
        "total": q.total,
        "separator": q.separator,
        "help": q.help or _("Answer the question as the table played it."),
        "note": q.note,
        "players": [c for c in q.choices if c in players],
    }


def read_answers(body: Any) -> tuple[list[tuple[str, str]], str | None, bool]:
    """The answers, the new answer and ``back`` of a request; raises with what is wrong."""
    if not isinstance(body, Mapping):
        raise ScoresheetError(_("the form sends {shape}").format(shape=SHAPE))
    if "answers" not in body:
        # Not "no answers yet": a page always sends the answers it holds, [] at first.
        raise ScoresheetError(_("answers: missing; the form sends {shape}").format(shape=SHAPE))
    given = body["answers"]
    if not isinstance(given, list) or len(given) > MAX_ANSWERS:
        raise ScoresheetError(
            _("answers: a list of at most {most} [key, text] pairs").format(most=MAX_ANSWERS)
        )
    pairs: list[tuple[str, str]] = []
    for i, pair in enumerate(given):
        if not (
            isinstance(pair, list)
            and len(pair) == 2
            and all(isinstance(x, str) and len(x) <= MAX_TEXT for x in pair)
        ):
            raise ScoresheetError(
                _(
                    "answers[{index}]: a [key, text] pair of strings of at most {most} characters"
                ).format(index=i, most=MAX_TEXT)
            )
        pairs.append((pair[0], pair[1]))
    text = body.get("text")
    if text is not None and not (isinstance(text, str) and len(text) <= MAX_TEXT):
        raise ScoresheetError(
            _("text: the answer, a string of at most {most} characters").format(most=MAX_TEXT)
        )
    back = body.get("back", False)
    if not isinstance(back, bool):
        raise ScoresheetError(_("back: true or false"))
    return pairs, text, back


def ask(
    game: Any,
    pairs: Sequence[tuple[str, str]],
    text: str | None = None,
    back: bool = False,
) -> dict[str, Any]:
    """Replay ``pairs`` for the next deal of ``game`` (an open game), then answer
    ``text`` or go ``back``; what the page shows next.

    The reply has ``number``, ``title``, ``intro``, ``answers`` (the pairs to send
    next time) and ``labels`` (what to list each under), ``told`` (answers taken
    without asking, worded as ``play`` words them), perhaps a ``note`` (the hand was
    thrown in, the whole deal was refused), and either ``question`` (with ``error``
    when the answer was refused, ``help`` when ``?`` was typed) or ``deal`` and
    ``shown`` (the deal as it would be saved).
    """

    result = game.result
    dq = registry.part(result.game, "play").deal_questions(result)
    if dq is None:
        raise ScoresheetError(_("the game is complete: there is no deal to enter"))
    players = list(result.players)
    texts: dict[str, str] = {}
    labels: dict[str, str] = {}
    told: list[str] = []
    error: str | None = None
    note: str | None = None
    show_help = False

    def walk_given(form: Form, given: dict[str, str]) -> None:
        """Answer the current question from ``given`` as long as it holds its answer."""
        while (q := form.current()) is not None and q.key in given:
            t = given.pop(q.key)
            form.answer(t)  # raises for an answer refused now (the game changed)
            texts[q.key] = t
            labels[q.key] = label(q.prompt, players)

    form = dq.form()
    given = dict(pairs)
    try:
        walk_given(form, given)
        if back:
            if not form.back():
                error = _("this is the first question of the deal")
        elif text is not None:
            q = form.current()
            if q is not None:
                nav = navigation(text, players)
                if nav == "back":
                    if not form.back():
                        error = _("this is the first question of the deal")
                elif nav == "help":
                    show_help = True
                else:
                    try:
                        form.answer(text)
                        texts[q.key] = text.strip()
                        labels[q.key] = label(q.prompt, players)
                        walk_given(form, given)
                    except ScoresheetError as refused:
                        error = reason(refused)
    except StartAgain as thrown:
        form, texts, note = dq.form(), {}, str(thrown)
    except ScoresheetError as refused:
        error = reason(refused)
    # What was taken without asking, worded as `play` words it.
    for key, value in form.told:
        shown = dq.said(key, value) if dq.said else f"{key}: {value}"
        if shown:
            told.append(shown)
    try:
        q = form.current()
    except StartAgain as thrown:
        form, texts, note = dq.form(), {}, str(thrown)
        q = form.current()
    reply: dict[str, Any] = {"number": dq.number, "title": dq.title, "intro": list(dq.intro)}
    if q is None:
        deal = dq.deal(form.answers)
        try:
            scored = check_deal(game, deal)
        except ScoresheetError as refused:
            error = reason(refused)
            note = _("Deal {number} again: the whole deal was refused.").format(number=dq.number)
            form.forget(list(dq.again) or list(form.answers))
            q = form.current()
        else:
            shown = registry.part(result.game, "views").deal_text(scored, dq.number)
            reply.update(deal=deal, shown=str(shown))
    reply["answers"] = [[k, texts[k]] for k in form.asked if k in texts]
    # What the page heads each answer given with: the question, in the page's language.
    reply["labels"] = [labels.get(k, k) for k in form.asked if k in texts]
    reply["told"] = told
    if note:
        reply["note"] = note
    if error:
        reply["error"] = error
    if q is not None:
        reply["question"] = _question(q, players)
        reply["help"] = show_help  # "?" typed: show the question's help
    return reply
