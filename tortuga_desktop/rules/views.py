"""Player views (R9): what one seat may know, as JSON-compatible data.

``player_view`` strips what a seat may not know: the values are *absent*, not masked.
"""

from __future__ import annotations

from typing import Any

from .codec import state_to_dict
from .events import visible
from .state import DICE, SELECT, State
from .text import describe


# ---------------------------------------------------------------- player views
def player_view(g: State, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may know (R9); ``None`` is the public view (a spectator).

    Others' rolled dice, pending selections, kept tile values and returned tiles are absent;
    so are the random state, the seed and the pool's make-up (only its size is known).
    """
    d = state_to_dict(g)
    del d["rng"]
    del d["events"]
    del d["record"]
    del d["config"]["seed"]
    pool = d.pop("pool")
    d["pool_size"] = sum(pool)
    d["viewer"] = seat
    revealed = not (g.phase == DICE and g.stage == SELECT)
    if not revealed:
        d["stuck"] = [s for s in g.stuck if s == seat]
    act = d["act"]
    decider = g.act_order[g.act_pos] if g.act_order and g.act_pos < len(g.act_order) else None
    if g.drawn and decider != seat:
        act["drawn"] = None
        act["drawn_count"] = len(g.drawn)
    for i, sd in enumerate(d["seats"]):
        p = g.seats[i]
        sd["tile_count"] = len(p.tiles)
        if i == seat:
            continue
        del sd["tiles"]
        del sd["returned"]
        sd["has_selected"] = p.selection is not None
        if p.roll is not None and not p.open_roll and not (revealed and i in g.stuck):  # R3.6: stuck rolls are shown
            if revealed and p.selection is not None:
                shown = set(p.selection)
                sd["roll"] = [f if die in shown else None for die, f in zip(p.hand, p.roll, strict=True)]
            else:
                sd["roll"] = None
        if not revealed:
            sd["selection"] = None
    d["log"] = [[e.round, t] for e in visible(g.events, seat) if (t := describe(e, g.names))]
    return d


