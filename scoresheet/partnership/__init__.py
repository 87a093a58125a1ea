"""The partnership kit: what the card games of two teams of two (Belote, Coinche) share,
beside the workbook kit (:mod:`scoresheet.sheets`) and the paper kit
(:mod:`scoresheet.paper`). It is no game, and imports none.

* :mod:`.rules`: the card play's rules (card points, totals, belote, declarations), the
  contracts and the dealer rotation (:func:`~.rules.dealer_of`);
* :mod:`.checks` and :mod:`.score`: the teams and their names, the card points and the
  card-play result of a deal, the race to the target (who has won, ties);
* :mod:`.models`: a deal's result as a game file holds it;
* :mod:`.entry`, :mod:`.play`: a deal's card play read from ``--set`` flags and asked by
  ``play`` (:class:`~.play.Race`);
* :mod:`.views`, :mod:`.paper`: what the terminal and the paper sheets say of it
  (:func:`~.views.outcome_word`);
* :mod:`.simulate`: random card play, and a game dealt until a team wins;
* :mod:`.sheet`: the team workbook: its layout, plan, writer and reader.

Each game's own modules (``games/belote/``, ``games/coinche/``) name the game and add
what is its own (Coinche's auction).
"""
