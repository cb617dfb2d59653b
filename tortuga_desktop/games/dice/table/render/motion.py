"""Turn a change between two player views into an animation :class:`Timeline`.

The game has already moved on when this runs: ``old`` is what the table showed, ``new``
is the view after one decision (possibly with several automatic steps).  We diff the two
and script motions: dice fly from the screen to action spaces, tokens slide along the
tracks, chests travel between areas / the centre island / the bag, tiles are drawn, and
banners announce rounds, phases and actions.  Pure function of the two views, so nothing
about the game depends on it.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from tortuga_desktop.games.dice.rules import PlayerView
from tortuga_desktop.games.dice.table.layout import AREA_NAMES
from tortuga_desktop.games.dice.table.words import action_name
from tortuga_desktop.shell.anim import Motion, Timeline
from tortuga_desktop.shell.i18n import tr

PHASE_TITLES = {"dice": "phase.dice", "actions": "phase.actions", "move": "phase.move", "over": "phase.over"}

#: stage order for chest moves in the move phase (R5.2): sail home first, then shift left
_MOVE_STAGE = {("fleet", "tortuga"): 1, ("crew", "fleet"): 2, ("island", "crew"): 3}


#: a place on the table a motion starts or ends at, as the renderer's ``rect_of`` reads it:
#: ``("chest", seat, area, index, count)``, ``("tray", seat, slot)``, ``("center", colour)``, ``("bag", colour)``...
Place = tuple[str | int, ...]


# ---------------------------------------------------------------- what each kind of motion draws
# A motion's ``data`` (:class:`~tortuga_desktop.shell.anim.Motion`) is one of these; the renderer
# (``render/table.py`` ``draw_motions``) draws by its type. ``arc``: how high a flight lifts (px).
@dataclass(frozen=True)
class Banner:
    """A title across the middle of the table (a new round, phase or action; the game's end)."""

    title: str
    sub: str = ""


@dataclass(frozen=True)
class Pulse:
    """A glowing frame around a place (``src``); ``rgb`` None: the highlight colour."""

    rgb: tuple[int, int, int] | None = None


@dataclass(frozen=True)
class ScreenShake:
    """A seat's dice screen shaken (its dice rolled behind it)."""

    seat: int


@dataclass(frozen=True)
class ChestFlight:
    """A chest of ``colour`` flying between areas, the centre island and the bag."""

    colour: int
    arc: int


@dataclass(frozen=True)
class TokenSlide:
    """A seat's boat or pirate token (``token``) hopping ``steps`` boxes along its track."""

    seat: int
    token: str
    steps: int
    arc: int


@dataclass(frozen=True)
class DieFlight:
    """A seat's die flying to an action space: its ``face`` (the action), ``label`` (its value), turning by
    ``spin`` degrees on the way."""

    seat: int
    face: int
    label: str
    spin: float
    arc: int


@dataclass(frozen=True)
class DieTumble:
    """A die rolling in its seat's tray and landing on ``face``; ``k`` is its tray slot, ``label`` its letter."""

    seat: int
    face: int
    k: int
    label: str


@dataclass(frozen=True)
class TileFlight:
    """A treasure tile flying from the pool to a seat (``art``: its face, or its back when hidden)."""

    art: str
    arc: int


@dataclass(frozen=True)
class BonusTile:
    """A bonus tile of ``value`` arriving from the supply, or turned over (``flip``) to the next value."""

    value: int
    flip: bool = False


#: what a dice-game motion draws
MotionData = Banner | Pulse | ScreenShake | ChestFlight | TokenSlide | DieFlight | DieTumble | TileFlight | BonusTile

def _names(view: PlayerView) -> list[str]:
    return list(view.names)


def build_timeline(old: PlayerView, new: PlayerView, *, actor: int | None = None,
                   kind: str | None = None) -> Timeline:
    """Script the motions that take the table from ``old`` to ``new``."""
    tl = Timeline()
    t = 0.0
    names = _names(new)
    players = new.players

    # -- banners: new round / phase / action ------------------------------------------------
    game_over = new.phase == "over" and old.phase != "over"
    if game_over:
        pass  # the "Game over" banner comes after the last chests have landed (at the end)
    elif new.round != old.round:
        tl.add(Motion("banner", 0.0, 1.2, data=Banner(tr("phase.round", n=new.round), tr("motion.phase1"))))
    elif new.phase != old.phase:
        sub = {"actions": tr("motion.phase2"), "move": tr("motion.phase3")}
        tl.add(Motion("banner", 0.0, 1.1, data=Banner(tr(PHASE_TITLES.get(new.phase, "phase.over")),
                                                      sub.get(new.phase, ""))))
    if new.phase == "actions":
        a_old = old.act_action if old.phase == "actions" else -1
        a_new = new.act_action
        if a_new != a_old and 0 <= a_new < 5:
            order = new.act_order
            parts = [tr("table.pos_line", pos=tr("table.pos1" if i == 0 else "table.pos2"), name=names[s],
                        total=new.total(s, a_new)) for i, s in enumerate(order[:2])]
            tl.add(Motion("banner", 0.5 if tl.motions else 0.0, 1.3,
                          data=Banner(action_name(a_new), "  ·  ".join(parts) or tr("motion.nobody"))))
            for i, s in enumerate(order[:2]):
                tl.add(Motion("pulse", 0.5, 1.3, src=("action", s, a_new),
                              data=Pulse((242, 193, 78) if i == 0 else (200, 200, 200))))

    # -- dice placed -------------------------------------------------------------------------
    placed_any = False
    for seat in range(players):
        so, sn = old.seats[seat], new.seats[seat]
        k_fly = 0
        for a in range(5):
            before = list(so.placed[a]) if new.round == old.round else []
            for k, die in enumerate(sn.placed[a]):
                if die in before:
                    continue
                # From its tray slot when the owner saw it, otherwise from behind the screen.
                src: Place = ("screen", seat)
                spin = 0.0
                if so.roll is not None and die in so.hand:
                    hi = so.hand.index(die)
                    if hi < len(so.roll) and so.roll[hi] is not None:
                        src = ("tray", seat, hi)
                        if so.roll[hi] == 5:
                            spin = 180.0  # a skull turned to its action
                start = t + 0.05 * k_fly
                tl.add(Motion("die", start, 0.55, src=src, dst=("die", seat, a, k),
                              data=DieFlight(seat, a, str(new.grid[die][a]), spin, arc=40),
                              hides=(("die", seat, a, k),), sound="dice_land" if k_fly == 0 else None,
                              easing="out_cubic"))
                k_fly += 1
                placed_any = True
    if placed_any:
        t += 0.6

    # -- a new roll step: screens shake / own dice tumble ---------------------------------------
    if new.phase == "dice" and new.stage == "select":
        step_changed = (old.phase != "dice" or old.stage != "select" or placed_any
                        or new.round != old.round)
        if step_changed:
            first = True
            for seat in range(players):
                sn = new.seats[seat]
                if not sn.hand:
                    continue
                roll = sn.roll
                if roll is not None and any(f is not None for f in roll):
                    for k, f in enumerate(roll):
                        if f is None:
                            continue
                        tl.add(Motion("tumble", t + 0.03 * k, 0.9 + 0.06 * k, src=("tray", seat, k),
                                      dst=("tray", seat, k), data=DieTumble(seat, f, k, "ABCDE"[sn.hand[k]]),
                                      hides=(("tray", seat, k),), easing="out_cubic",
                                      sound="dice_rattle" if first and k == 0 else None,
                                      sound_at_end="dice_land" if k == 0 else None))
                else:
                    tl.add(Motion("screen_shake", t, 0.7, data=ScreenShake(seat), hides=(("screen", seat),),
                                  sound="dice_rattle" if first else None))
                first = False
            t += 0.8

    # -- selections (✓) and decisions of a single player: a short pulse --------------------------
    if actor is not None and not tl.motions:
        src = ("screen", actor) if new.phase == "dice" else ("board", actor)
        tl.add(Motion("pulse", 0.0, 0.45, src=src, data=Pulse()))

    # -- bonus tiles ---------------------------------------------------------------------------
    for seat in range(players):
        bo, bn = old.seats[seat].bonus, new.seats[seat].bonus
        for a in range(5):
            if bn[a] > bo[a]:
                if bo[a] == 0:
                    tl.add(Motion("bonus", t, 0.7, src=("supply",), dst=("bonus", seat, a),
                                  data=BonusTile(bn[a]), hides=(("bonus", seat, a),), sound="token_slide"))
                else:
                    tl.add(Motion("bonus", t, 0.6, src=("bonus", seat, a), dst=("bonus", seat, a),
                                  data=BonusTile(bn[a], flip=True), hides=(("bonus", seat, a),), sound="click"))

    # -- tokens ----------------------------------------------------------------------------------
    tok_t = t
    for seat in range(players):
        for kind in ("boat", "pirate"):
            a, b = old.seats[seat].token(kind), new.seats[seat].token(kind)
            if a != b:
                tl.add(Motion("token", tok_t, 0.35 + 0.15 * abs(b - a), src=("box", seat, kind, a),
                              dst=("box", seat, kind, b), data=TokenSlide(seat, kind, abs(b - a), arc=0),
                              hides=(("token", seat, kind),), sound="token_slide"))
                t = max(t, tok_t + 0.3)

    # -- treasure tiles --------------------------------------------------------------------------
    pool_new = new.pool_size
    for seat in range(players):
        so, sn = old.seats[seat], new.seats[seat]
        n_old = len(so.tiles) if so.tiles is not None else so.tile_count
        n_new = len(sn.tiles) if sn.tiles is not None else sn.tile_count
        for j, i in enumerate(range(n_old, n_new)):
            art_name = f"treasure_tile_{sn.tiles[i]}" if sn.tiles is not None else "treasure_tile_back"
            tl.add(Motion("tile", t + 0.15 * j, 0.7, src=("pool", pool_new + j), dst=("tile", seat, i, n_new),
                          data=TileFlight(art_name, arc=50), hides=(("tile", seat, i),), sound="click"))

    # -- chests ----------------------------------------------------------------------------------
    _chest_motions(tl, old, new, t)
    if game_over:  # announced once everything has moved, never over chests still in flight
        tl.add(Motion("banner", tl.length, 1.8, data=Banner(tr("phase.over"), tr("motion.counting")),
                      sound="fanfare"))
    return tl


def _chest_motions(tl: Timeline, old: PlayerView, new: PlayerView, t0: float) -> None:
    players = new.players
    removed: list[tuple[Place, int]] = []  # (src key, colour)
    added: list[tuple[Place, Place, int]] = []  # (dst key, hide key, colour)
    shifts: list[tuple[Place, Place, Place, int]] = []
    for seat in range(players):
        for area in AREA_NAMES:
            a = list(old.seats[seat].area(area))
            b = list(new.seats[seat].area(area))
            if a == b:
                continue
            sm = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
            kept_a: set[int] = set()
            kept_b: set[int] = set()
            for blk in sm.get_matching_blocks():
                for d in range(blk.size):
                    ia, ib = blk.a + d, blk.b + d
                    kept_a.add(ia)
                    kept_b.add(ib)
                    if ia != ib or len(a) != len(b):
                        shifts.append((("chest", seat, area, ia, len(a)), ("chest", seat, area, ib, len(b)),
                                       ("chest", seat, area, ib), b[ib]))
            for i, c in enumerate(a):
                if i not in kept_a:
                    removed.append((("chest", seat, area, i, len(a)), c))
            for i, c in enumerate(b):
                if i not in kept_b:
                    added.append((("chest", seat, area, i, len(b)), ("chest", seat, area, i), c))
    for c in range(5):
        if old.center[c] and not new.center[c]:
            removed.append((("center", c), c))
        elif new.center[c] and not old.center[c]:
            added.append((("center", c), ("center", c), c))

    def place(k: Place) -> tuple[int | None, str]:
        if k[0] == "chest":
            return int(k[1]), str(k[2])
        return None, str(k[0])

    # Match each arrival with a departure of the same colour, preferring the natural flow.
    def score(src: Place, dst: Place) -> int:
        s_seat, s_area = place(src)
        d_seat, d_area = place(dst)
        if s_seat is not None and s_seat == d_seat:
            return 0 if (s_area, d_area) in _MOVE_STAGE else 1
        if s_seat is not None and d_seat is not None:
            return 2
        return 3

    moves: list[tuple[Place, Place, Place, int]] = []
    free = list(removed)
    for dst, hide, c in sorted(added, key=lambda x: (x[0][0] != "chest",)):
        best = None
        for j, (src, col) in enumerate(free):
            if col != c:
                continue
            sc = score(src, dst)
            if best is None or sc < best[0]:
                best = (sc, j)
        if best is not None:
            src = free.pop(best[1])[0]
        else:
            src = ("bag", c)  # drawn from the bag
        moves.append((src, dst, hide, c))
    for src, c in free:  # departures with no arrival: back into the bag
        moves.append((src, ("bag", c), (), c))

    in_move = new.phase != old.phase or old.phase == "move"
    stage_len = 0.55
    counts: dict[int, int] = {}
    for src, dst, hide, c in moves:
        _s_seat, s_area = place(src)
        _d_seat, d_area = place(dst)
        if in_move:
            if s_area == "bag":
                stage = 0
            else:
                stage = _MOVE_STAGE.get((s_area, d_area), 4)
        else:
            stage = 0 if s_area != "bag" else 0
        n = counts.get(stage, 0)
        counts[stage] = n + 1
        start = t0 + stage * stage_len + 0.03 * n
        tl.add(Motion("chest", start, 0.6, src=src, dst=dst, data=ChestFlight(c, arc=45 if stage else 70),
                      hides=(hide,) if hide else (), ghost=src[0] != "bag",
                      sound="chest_clink" if n == 0 else None))
    if moves:
        # Chests that only slid within their row move with the first wave.
        for src, dst, hide, c in shifts:
            tl.add(Motion("chest", t0, 0.45, src=src, dst=dst, data=ChestFlight(c, arc=0), hides=(hide,),
                          ghost=True))


__all__ = ["Banner", "BonusTile", "ChestFlight", "DieFlight", "DieTumble", "MotionData", "Pulse", "ScreenShake",
           "TileFlight", "TokenSlide", "build_timeline"]
