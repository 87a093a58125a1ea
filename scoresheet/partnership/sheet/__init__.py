"""The team workbook of the partnership kit: where every cell sits (:mod:`.layout`),
what each holds (:mod:`.plan`, :mod:`.scores`), the workbook written (:mod:`.render`:
:class:`~.render.Writer`) and a workbook checked and read back (:mod:`.audit`:
:class:`~.audit.Reader`). Belote's workbook is this one; Coinche's adds the auction's
columns and rule values (see ``games/belote/sheet/`` and ``games/coinche/sheet/``).
"""
