"""The draw of a club night: who sits at which table, round after round.

Pure computation on numbered *units* (a player, or a registered pair in a partnership
game): nothing here reads files or prints. The draw is reproducible from its seed: it
uses one :class:`random.Random` and iterates lists only, never sets or hashes of texts,
and it stops after a fixed amount of work (never after a time), so the same roster,
options and seed give the same seats on any machine.

How it draws:

- **Tables.** :func:`layout` picks the table sizes: everyone seated when the allowed
  sizes can add up to the number of units, else as few byes as the numbers force; among
  those, sizes as close to the game's own size as they can be, then fewer tables.
- **Byes.** Each round the units to sit out are those with the fewest byes so far (ties
  drawn at random), so byes are spread over the roster.
- **Meetings.** Two units at one table *meet*. The search minimises the repeat meetings
  (the sum over pairs of ``m·(m-1)/2`` for ``m`` meetings): a greedy start, then a tabu
  search swapping units between tables of one round, with restarts. Where the numbers are
  those of an affine plane (``q²`` units at tables of ``q``, ``q`` = 3, 4 or 5, at most
  ``q + 1`` rounds: the "social golfer" design of 16 players in 4 tables over 5 rounds)
  the repeat-free night is built directly, its labels drawn from the seed.
- **Seats.** At each table the seating order is chosen to repeat as few neighbours
  (players side by side) as possible.
- **By rank.** Given a ranking, a round is drawn strong with strong (table 1 the top
  units), a unit moved away from its rank's table only to avoid a repeat meeting.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

# The weight of one repeat meeting against one table of distance from a unit's rank table
# (by rank): a repeat always costs more than any seating by rank could gain.
REPEAT = 1000
WORK = 120_000  # swaps weighed per restart: a fixed budget, the same on every machine
RESTARTS = 3


@dataclass(frozen=True)
class Round:
    """One round's draw: the tables (units in seating order) and the units on a bye."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]


def layout(units: int, sizes: Sequence[int], base: int) -> tuple[tuple[int, ...], int] | None:
    """The table sizes for ``units`` (largest first) and the byes they leave, or ``None``
    when not even one table can be filled.

    >>> layout(16, [4], 4)
    ((4, 4, 4, 4), 0)
    >>> layout(10, [4], 4)
    ((4, 4), 2)
    >>> layout(10, [3, 4, 5, 6], 4)
    ((5, 5), 0)
    >>> layout(9, [3, 4, 5, 6], 4)
    ((5, 4), 0)
    >>> layout(5, [3, 4], 4)
    ((4,), 1)
    >>> layout(2, [3, 4], 4) is None
    True
    """
    allowed = sorted(set(sizes))
    # best[m]: the cheapest (cost, tables, sizes) of tables seating exactly m units
    best: list[tuple[int, int, tuple[int, ...]] | None] = [None] * (units + 1)
    best[0] = (0, 0, ())
    for m in range(1, units + 1):
        for size in allowed:
            before = best[m - size] if size <= m else None
            if before is not None:
                cost, count, parts = before
                here = (cost + (size - base) ** 2, count + 1, tuple(sorted((*parts, size))))
                known = best[m]
                if known is None or here < known:
                    best[m] = here
    for seated in range(units, 0, -1):
        found = best[seated]
        if found is not None:
            return tuple(sorted(found[2], reverse=True)), units - seated
    return None


def _byes(rng: random.Random, units: int, count: int, bye_count: list[int]) -> list[int]:
    """The ``count`` units to sit out: the fewest byes so far, ties drawn at random."""
    order = list(range(units))
    rng.shuffle(order)
    order.sort(key=lambda u: bye_count[u])
    return sorted(order[:count])


def _pair_count(units: int, history: Sequence[Round]) -> list[list[int]]:
    meets = [[0] * units for _ in range(units)]
    for past in history:
        for table in past.tables:
            for a, b in itertools.combinations(table, 2):
                meets[a][b] += 1
                meets[b][a] += 1
    return meets


def repeats(units: int, rounds: Sequence[Round]) -> int:
    """The repeat meetings of a night: over every two units, their meetings but one.

    >>> repeats(4, [Round(((0, 1), (2, 3)), ()), Round(((0, 1), (2, 3)), ())])
    2
    """
    meets = _pair_count(units, rounds)
    return sum(max(0, meets[a][b] - 1) for a in range(units) for b in range(a + 1, units))


def neighbour_repeats(units: int, rounds: Sequence[Round]) -> int:
    """Times two units sat side by side again (around each table; tables of 3 and more)."""
    seen = [[0] * units for _ in range(units)]
    count = 0
    for one in rounds:
        for table in one.tables:
            for a, b in _sides(table):
                count += seen[a][b] > 0
                seen[a][b] += 1
                seen[b][a] += 1
    return count


def _sides(table: Sequence[int]) -> list[tuple[int, int]]:
    """The pairs seated side by side around a table."""
    n = len(table)
    if n < 3:
        return [(table[0], table[1])] if n == 2 else []
    return [(table[i], table[(i + 1) % n]) for i in range(n)]


# -- the affine plane: q² units, q + 1 rounds of q tables of q, every two meet once ---------


def _field(q: int) -> tuple[list[list[int]], list[list[int]]] | None:
    """Addition and multiplication tables of the field of ``q`` elements (3, 4, 5)."""
    if q in (3, 5):
        add = [[(a + b) % q for b in range(q)] for a in range(q)]
        mul = [[(a * b) % q for b in range(q)] for a in range(q)]
        return add, mul
    if q == 4:  # GF(4) = {0, 1, x, x+1} with x² = x + 1, elements as 2-bit numbers
        add = [[a ^ b for b in range(4)] for a in range(4)]

        def times(a: int, b: int) -> int:
            product = 0
            for bit in range(2):
                if b >> bit & 1:
                    product ^= a << bit
            if product & 4:
                product ^= 0b111  # reduce by x² + x + 1
            return product

        mul = [[times(a, b) for b in range(4)] for a in range(4)]
        return add, mul
    return None


def affine_rounds(q: int) -> list[list[list[int]]] | None:
    """The ``q + 1`` parallel classes of the affine plane of order ``q``: each a round of
    ``q`` tables of ``q`` points (``0 … q²-1``), any two points at one table exactly once.

    >>> night = affine_rounds(4)
    >>> len(night), [len(r) for r in night]
    (5, [4, 4, 4, 4, 4])
    >>> repeats(16, [Round(tuple(map(tuple, r)), ()) for r in night])
    0
    """
    field = _field(q)
    if field is None:
        return None
    add, mul = field
    out: list[list[list[int]]] = []
    for slope in range(q):  # lines y = slope·x + c
        out.append([[x * q + add[mul[slope][x]][c] for x in range(q)] for c in range(q)])
    out.append([[c * q + y for y in range(q)] for c in range(q)])  # lines x = c
    return out


# -- the search ------------------------------------------------------------------------------


class _Search:
    """A tabu search over the free rounds of a night (units swapped within a round)."""

    def __init__(
        self,
        rng: random.Random,
        units: int,
        fixed: list[list[int]],
        shapes: list[tuple[tuple[int, ...], tuple[int, ...]]],
        ideal: list[int] | None,
    ) -> None:
        self.rng = rng
        self.units = units
        self.fixed = fixed  # meetings in the rounds already drawn
        self.shapes = shapes  # per free round: table sizes, byes
        self.ideal = ideal  # by rank: each unit's rank table

    def start(self) -> None:
        """A greedy start: each unit to the open table where it has met the fewest."""
        self.meets = [row[:] for row in self.fixed]
        self.tables: list[list[list[int]]] = []
        for sizes, byes in self.shapes:
            tables: list[list[int]] = [[] for _ in sizes]
            out = set(byes)
            order = [u for u in range(self.units) if u not in out]
            ideal = self.ideal
            if ideal is not None:
                order.sort(key=lambda u: ideal[u])
            else:
                self.rng.shuffle(order)
            for u in order:
                best: tuple[int, float] | None = None
                choice = 0
                for t, table in enumerate(tables):
                    if len(table) >= sizes[t]:
                        continue
                    cost = REPEAT * sum(self.meets[u][v] for v in table)
                    if self.ideal is not None:
                        cost += abs(t - self.ideal[u])
                    key = (cost, self.rng.random())
                    if best is None or key < best:
                        best, choice = key, t
                for v in tables[choice]:
                    self.meets[u][v] += 1
                    self.meets[v][u] += 1
                tables[choice].append(u)
            self.tables.append(tables)
        self.cost = self._cost()

    def _cost(self) -> int:
        m = self.meets
        n = self.units
        cost = REPEAT * sum(m[a][b] * (m[a][b] - 1) // 2 for a in range(n) for b in range(a + 1, n))
        if self.ideal is not None:
            for tables in self.tables:
                for t, table in enumerate(tables):
                    cost += sum(abs(t - self.ideal[u]) for u in table)
        return cost

    def _delta(self, r: int, ta: int, u: int, tb: int, w: int) -> int:
        """The change of cost if ``u`` (table ``ta``) and ``w`` (table ``tb``) swap in ``r``."""
        m = self.meets
        mu, mw = m[u], m[w]
        change = 0
        for x in self.tables[r][ta]:
            if x != u:
                change += mw[x] - (mu[x] - 1)
        for y in self.tables[r][tb]:
            if y != w:
                change += mu[y] - (mw[y] - 1)
        change *= REPEAT
        if self.ideal is not None:
            iu, iw = self.ideal[u], self.ideal[w]
            change += abs(tb - iu) + abs(ta - iw) - abs(ta - iu) - abs(tb - iw)
        return change

    def _swap(self, r: int, ta: int, u: int, tb: int, w: int) -> None:
        m = self.meets
        a, b = self.tables[r][ta], self.tables[r][tb]
        for x in a:
            if x != u:
                m[u][x] -= 1
                m[x][u] -= 1
                m[w][x] += 1
                m[x][w] += 1
        for y in b:
            if y != w:
                m[w][y] -= 1
                m[y][w] -= 1
                m[u][y] += 1
                m[y][u] += 1
        a[a.index(u)] = w
        b[b.index(w)] = u

    def _conflicts(self, r: int) -> list[tuple[int, int]]:
        """(table, unit) of every unit of round ``r`` meeting someone again, or (by rank)
        away from its rank's table."""
        found: list[tuple[int, int]] = []
        m = self.meets
        for t, table in enumerate(self.tables[r]):
            for u in table:
                if any(m[u][v] > 1 for v in table if v != u) or (
                    self.ideal is not None and self.ideal[u] != t
                ):
                    found.append((t, u))
        return found

    def run(self, work: int, floor: int) -> tuple[int, list[list[list[int]]]]:
        """Search until ``work`` swaps were weighed (or the cost reaches ``floor``); the best
        seating found and its cost. Each step makes the best swap in a round drawn among
        those with a conflict (a tabu list keeps a unit from going back to the table it
        just left); after many steps without progress, a few random swaps shake it up."""
        best_cost = self.cost
        best = [[t[:] for t in tables] for tables in self.tables]
        tabu: dict[tuple[int, int, int], int] = {}
        step = 0
        stale = 0
        rounds = list(range(len(self.tables)))
        while work > 0 and best_cost > floor:
            step += 1
            work -= 1  # a step costs something even when there is nothing to weigh
            open_rounds = [r for r in rounds if len(self.tables[r]) > 1 and self._conflicts(r)]
            if not open_rounds:
                break
            r = open_rounds[self.rng.randrange(len(open_rounds))]
            tables = self.tables[r]
            move: tuple[int, float, int, int, int, int] | None = None
            for ta, u in self._conflicts(r):
                for tb, table in enumerate(tables):
                    if tb == ta:
                        continue
                    for w in table:
                        work -= 1
                        change = self._delta(r, ta, u, tb, w)
                        banned = tabu.get((r, u, tb), 0) > step or tabu.get((r, w, ta), 0) > step
                        if banned and self.cost + change >= best_cost:
                            continue
                        key = (change, self.rng.random(), ta, u, tb, w)
                        if move is None or key < move:
                            move = key
            if move is None:
                continue
            change, _, ta, u, tb, w = move
            self._swap(r, ta, u, tb, w)
            self.cost += change
            tenure = 4 + self.rng.randrange(8)
            tabu[(r, u, ta)] = step + tenure
            tabu[(r, w, tb)] = step + tenure
            if self.cost < best_cost:
                best_cost, stale = self.cost, 0
                best = [[t[:] for t in tables] for tables in self.tables]
            else:
                stale += 1
            if stale > 200:  # a plateau: shake
                stale = 0
                for _ in range(3):
                    r = self.rng.randrange(len(self.tables))
                    if len(self.tables[r]) < 2:
                        continue
                    ta, tb = self.rng.sample(range(len(self.tables[r])), 2)
                    u = self.rng.choice(self.tables[r][ta])
                    w = self.rng.choice(self.tables[r][tb])
                    self.cost += self._delta(r, ta, u, tb, w)
                    self._swap(r, ta, u, tb, w)
        return best_cost, best


def _seat(
    rng: random.Random, table: list[int], sides: list[list[int]], pairs: bool
) -> tuple[int, ...]:
    """The table's seating order with the fewest neighbours seen before (``sides``
    counts them); pairs sit opposite each other (their units listed once here)."""
    members = table[:]
    rng.shuffle(members)
    if pairs or len(members) < 4:
        chosen = members  # tables of two pairs or of three: everyone is everyone's neighbour
    else:
        first, rest = members[0], members[1:]
        chosen = members
        low: int | None = None
        for order in itertools.permutations(rest):
            seats = [first, *order]
            cost = sum(sides[a][b] for a, b in _sides(seats))
            if low is None or cost < low:
                low, chosen = cost, seats
                if cost == 0:
                    break
    for a, b in _sides(chosen):
        sides[a][b] += 1
        sides[b][a] += 1
    return tuple(chosen)


def draw(
    seed: int,
    units: int,
    sizes: Sequence[int],
    base: int,
    rounds: int,
    *,
    history: Sequence[Round] = (),
    ranking: Sequence[int] | None = None,
    pairs: bool = False,
    construct: bool = True,
    work: int = WORK,
) -> list[Round]:
    """Draw ``rounds`` more rounds for ``units`` units after the rounds of ``history``.

    ``sizes`` are the table sizes allowed (in units), ``base`` the game's own; with a
    ``ranking`` (units best first) the rounds are seated by rank. ``pairs``: the units
    are pairs (seated opposite their partner), so neighbours do not count; without
    ``construct`` the affine plane is left to the search to find; ``work`` bounds the
    search (swaps weighed per restart).
    Deterministic: the same arguments give the same rounds.
    """
    shape = layout(units, sizes, base)
    if shape is None:
        raise ValueError("too few units for one table")
    table_sizes, bye_total = shape
    rng = random.Random(f"scoresheet-night:{seed}:{len(history)}")
    bye_count = [0] * units
    for past in history:
        for u in past.byes:
            bye_count[u] += 1
    shapes: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for _ in range(rounds):
        byes = _byes(rng, units, bye_total, bye_count)
        for u in byes:
            bye_count[u] += 1
        shapes.append((table_sizes, tuple(byes)))
    ideal: list[int] | None = None
    if ranking is not None:
        ideal = [0] * units
        place = 0
        seated = [u for u in ranking if u not in set(shapes[0][1])]
        for t, size in enumerate(table_sizes):
            for u in seated[place : place + size]:
                ideal[u] = t
            place += size
    found = (
        _plane(rng, units, table_sizes, bye_total, rounds)
        if construct and not history and ideal is None
        else None
    )
    if found is None:
        fixed = _pair_count(units, history)
        best: tuple[int, list[list[list[int]]]] | None = None
        for _ in range(RESTARTS):
            search = _Search(rng, units, fixed, shapes, ideal)
            search.start()
            result = search.run(work, 0)
            if best is None or result[0] < best[0]:
                best = result
            if best[0] == 0:
                break
        assert best is not None
        found = best[1]
    sides = [[0] * units for _ in range(units)]
    for past in history:
        for table in past.tables:
            for a, b in _sides(table):
                sides[a][b] += 1
                sides[b][a] += 1
    out: list[Round] = []
    for (_, sitting_out), tables in zip(shapes, found, strict=True):
        out.append(Round(tuple(_seat(rng, t, sides, pairs) for t in tables), sitting_out))
    return out


def _plane(
    rng: random.Random, units: int, sizes: tuple[int, ...], byes: int, rounds: int
) -> list[list[list[int]]] | None:
    """A repeat-free night built from the affine plane, when the numbers are its own."""
    q = sizes[0] if sizes else 0
    if byes or q * q != units or any(s != q for s in sizes) or rounds > q + 1:
        return None
    classes = affine_rounds(q)
    if classes is None:
        return None
    label = list(range(units))
    rng.shuffle(label)
    rng.shuffle(classes)
    return [[[label[p] for p in table] for table in one] for one in classes[:rounds]]
