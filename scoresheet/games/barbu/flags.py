"""Barbu's readable flags of ``add`` and ``edit`` (its ``Flags`` role): a light module,
read to build the command line without importing the game. ``entry.deal_from_flags``
reads them, keyed as :attr:`scoresheet.flag.Flag.key` says."""

from __future__ import annotations

from scoresheet.flag import Flag
from scoresheet.i18n import N_

FLAGS: tuple[Flag, ...] = (
    Flag("declarer", N_("Check the declarer (the rotation decides it)."), completion="player"),
    Flag(
        "double",
        N_(
            "PLAYER=WHOM, repeatable. WHOM: names or initials (Ann,Dan); maximum (or max, x, "
            "table): double every other player (from a doubled player: also redouble every "
            "double received); family (or flanks): double the two other non-declarers; none. "
            "A keyword a player's name could also mean is refused: "
            "type :maximum, :none for the keyword. Given in any order: put in table order."
        ),
        repeatable=True,
        completion="player assignment",
        short="-d",
    ),
    Flag(
        "redouble",
        N_(
            "PLAYER=WHOM, repeatable: whom PLAYER redoubles (names, or all: everyone who "
            "doubled PLAYER; :all if a player's name starts with all)."
        ),
        repeatable=True,
        completion="player assignment",
        short="-r",
    ),
    Flag(
        "tricks",
        N_("Tricks per player: Ann=3,Bob=4,… or one number per player in seating order."),
    ),
    Flag("hearts", N_("Hearts per player (no-hearts), as for --tricks.")),
    Flag("ace", N_("Who took the A♥ (no-hearts)."), completion="player"),
    Flag("queens", N_("Queens per player (no-queens), as for --tricks.")),
    Flag("king", N_("Who took the K♥ (no-king)."), completion="player"),
    Flag(
        "second-last",
        N_("Who took the second-to-last trick (no-last-two)."),
        completion="player",
    ),
    Flag("last", N_("Who took the last trick (no-last-two, no-last-trick)."), completion="player"),
    Flag("order", N_("Dominoes going-out order, first out first: Cat,Ann,Dan,Bob.")),
    Flag("start", N_("Dominoes: the starting rank (J).")),
    Flag("trump", N_("Trumps: the trump suit (hearts, h, ♥).")),
    Flag(
        "cards",
        N_("Ravage City cards taken, PLAYER=♠/♥/♦/♣ (Ann=3/4/2/3), repeatable."),
        repeatable=True,
        completion="player assignment",
    ),
    Flag("most", N_("Ravage City: the players tied for the most cards of one suit (Ann,Cat).")),
    Flag(
        "beats",
        N_("Chinese Poker beats, PLAYER=front/middle/back (Ann=2/1/3), repeatable."),
        repeatable=True,
        completion="player assignment",
    ),
    Flag(
        "hand",
        N_(
            "Chinese Poker hand, 'PLAYER=front | middle | back' "
            "('Ann=AS AH 2C | KS KH KD 3C 3D | …'), repeatable."
        ),
        repeatable=True,
        completion="player assignment",
    ),
)
