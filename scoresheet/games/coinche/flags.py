"""This game's readable flags of ``add`` and ``edit`` (its ``Flags`` role): none of its
own; its deals take the contract and ``--set KEY=VALUE``, which every game has."""

from __future__ import annotations

from scoresheet.flag import Flag

FLAGS: tuple[Flag, ...] = ()
