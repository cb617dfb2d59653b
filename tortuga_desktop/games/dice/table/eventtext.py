"""Events and bot reasons in the player's language: the only place the app turns them into words.

The engine records typed events (:mod:`tortuga_desktop.games.dice.rules.events`) and bots give their reasons
as data (:class:`tortuga_desktop.games.dice.ai.Reason`); here each becomes one line through the ``log.*`` and
``reason.*`` keys of :mod:`.i18n`. Names stay as they are; actions, chests, areas and tokens are
translated; counts use the language's plural forms.

    event_text(Reveal(1, 4, seat=0, dice=(0, 2), action=3), ["Anna", "Ben"])  # "Anna reveals AC: Board."
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from tortuga_desktop.games.dice.ai import Reason
from tortuga_desktop.games.dice.rules import DIE_LETTERS, SKULL
from tortuga_desktop.games.dice.rules import events as ev
from tortuga_desktop.games.dice.table.words import action_name, chest_name
from tortuga_desktop.shell.i18n import tr, trn

if TYPE_CHECKING:  # pragma: no cover
    from tortuga_desktop.games.dice.table.source import LogLine

__all__ = ["event_text", "line_rows", "log_rows", "log_rows_indexed", "reason_text"]


def _letters(dice: Sequence[int]) -> str:
    return "".join(DIE_LETTERS[d] for d in dice)


def _colour(c: int) -> str:
    return chest_name(c).lower()


def _chests(chests: Sequence[int]) -> str:
    return ", ".join(_colour(c) for c in chests)


def _faces(dice: Sequence[int], faces: Sequence[int]) -> str:
    return " ".join(f"{DIE_LETTERS[d]}={tr('term.skull') if f == SKULL else action_name(f)}"
                    for d, f in zip(dice, faces, strict=True))


def _where(action: int | None) -> str:
    return action_name(action) if action is not None else tr("log.skulls_only")


def _area(name: str) -> str:
    return tr({"fleet": "log.area.fleet", "crew": "log.area.crew", "bag": "log.area.bag",
               "center": "log.area.center", "island": "log.area.island"}.get(name, "log.area.island"))


def _pos(position: int) -> str:
    return tr("table.pos1" if position == 1 else "table.pos2")


def event_text(e: ev.Event, names: Sequence[str]) -> str:  # noqa: C901 - one branch per event type
    """The log line for ``e`` in the current language ("" for events that make no line)."""

    def n(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else "?"

    if isinstance(e, ev.StartPlayer):
        return tr("log.start_player", name=n(e.seat))
    if isinstance(e, ev.ChestsDealt):
        return tr("log.setup_draw2", name=n(e.seat), colour=_colour(e.island or 0), colour2=_colour(e.crew or 0))
    if isinstance(e, ev.RoundStarted):
        if e.round == 1:
            return tr("log.round_1", n=1)
        return tr("log.round_start", n=e.round, name=n(e.start))
    if isinstance(e, ev.RollStep):
        return tr("log.roll", names=", ".join(n(s) for s in e.seats))
    if isinstance(e, ev.Reveal):
        return tr("log.reveal", name=n(e.seat), dice=_letters(e.dice), where=_where(e.action))
    if isinstance(e, ev.StuckRollShown):
        return tr("log.stuck", name=n(e.seat))
    if isinstance(e, ev.OpenReroll):
        return tr("log.reroll", name=n(e.seat), rolls=_faces(e.dice, e.faces))
    if isinstance(e, ev.OpenSelection):
        return tr("log.open_select", name=n(e.seat), dice=_letters(e.dice), where=_where(e.action))
    if isinstance(e, ev.SkullsTurned):
        return tr("log.skulls_to", name=n(e.seat), action=action_name(e.action))
    if isinstance(e, ev.BonusTileTaken):
        return tr("log.bonus_flip" if e.flip else "log.bonus_new", name=n(e.seat), action=action_name(e.action))
    if isinstance(e, ev.PhaseStarted):
        return tr("log.actions_start") if e.phase == "actions" else tr("log.move_start")
    if isinstance(e, ev.ActionTotals):
        if not e.totals:
            return tr("log.nobody", action=action_name(e.action))
        return tr("log.totals", action=action_name(e.action), totals=", ".join(f"{n(s)} {t}" for s, t in e.totals))
    if isinstance(e, ev.PositionForfeited):
        return tr("log.forfeit", name=n(e.seat), pos=_pos(e.position), action=action_name(e.action))
    if isinstance(e, ev.TargetChosen):
        return tr("log.boards" if e.action == 3 else "log.raids", name=n(e.seat), pos=_pos(e.position),
                  target=n(e.target))
    if isinstance(e, ev.TokenMoved):
        if e.why == "fleet":
            return tr("log.expand", name=n(e.seat), old=e.start, new=e.end)
        if e.why == "crew":
            return tr("log.recruit", name=n(e.seat), old=e.start, new=e.end)
        if e.why == "hit":
            return tr("log.pushed", name=n(e.seat), token1=tr(f"log.token1.{e.token}"))
        if e.why == "hit_defended":
            return tr("log.defends", name=n(e.seat), token=tr(f"log.token.{e.token}"))
        return ""
    if isinstance(e, ev.TreasureDrawn):
        if e.chest is None:
            return tr("log.hunt_empty", name=n(e.seat))
        return tr("log.hunt_chest", name=n(e.seat), colour=_colour(e.chest))
    if isinstance(e, ev.TilesDrawn):
        if len(e.values) == 2:
            return tr("log.tiles_drawn_own", name=n(e.owner), a=trn("term.coins_n", e.values[0]),
                      b=trn("term.coins_n", e.values[1]))
        return tr("log.tile_none", name=n(e.owner)) if not e.values else ""
    if isinstance(e, ev.TilesCounted):
        if e.count == 2:
            return tr("log.tiles_drawn", name=n(e.seat))
        return tr("log.tile_none", name=n(e.seat)) if e.count == 0 else ""
    if isinstance(e, ev.TileKept):
        if not e.returned:
            return tr("log.tile_keep_own", name=n(e.owner), a=e.value)
        return tr("log.tile_keep_return_own", name=n(e.owner), a=e.value, b=e.returned)
    if isinstance(e, ev.TileKeptPublic):
        return tr("log.tile_keep_return" if e.returned else "log.tile_keep", name=n(e.seat))
    if isinstance(e, ev.ChestMoved):
        if e.from_area == "center":
            return tr("log.take_center", name=n(e.seat), colour=_colour(e.colour))
        return tr("log.steal", name=n(e.seat), colour=_colour(e.colour), target=n(e.from_seat), area=_area(e.from_area))
    if isinstance(e, ev.SurplusDropped):
        dest = tr("log.dest.center" if e.to_center else "log.dest.bag")  # with its own preposition
        if e.moving:
            return tr("log.surplus_moving", name=n(e.seat), colour=_colour(e.colour), dest=dest)
        return tr("log.surplus", name=n(e.seat), area=_area(e.area), colour=_colour(e.colour), dest=dest)
    if isinstance(e, ev.ChestsDrawn):
        return tr("log.draw_island", name=n(e.seat), colour=_colour(e.chest)) if e.chest is not None else ""
    if isinstance(e, ev.ChestsToTortuga):
        return trn("log.to_tortuga", len(e.chests), name=n(e.seat), chests=_chests(e.chests))
    if isinstance(e, ev.ChestsArranged):
        return tr("log.moves", name=n(e.seat), chests=_chests(e.chests), area=_area(e.area)) if e.chests else ""
    if isinstance(e, ev.GameEnded):
        if e.capped:
            return tr("log.capped")
        return tr("log.game_end", scores=", ".join(f"{n(i)} {t}" for i, t in enumerate(e.scores)),
                  winners=tr("log.and").join(n(w) for w in e.winners))
    if isinstance(e, ev.LegacyLine):
        return e.private_text  # a line from a save made before events (shown as it was written)
    return ""


#: Bot reasons whose text counts something, and the parameter that holds the count.
REASON_COUNTS: dict[str, str] = {"x_boat": "cap", "x_pirate": "cap", "x_board_leader": "lead",
                                 "x_raid_leader": "lead", "x_arrange_fleet": "count", "x_arrange_crew": "count",
                                 "x_board_area": "count", "x_raid_area": "count"}


def reason_text(reason: Reason, names: Sequence[str]) -> str:
    """A bot's reason in the current language."""
    params: dict[str, str | int] = {}
    for key, value in reason.params:
        if key == "action":
            params["action"] = action_name(int(value))
        elif key == "colour":
            params["colour"] = _colour(int(value))
        elif key == "seat":
            params["name"] = names[int(value)] if 0 <= int(value) < len(names) else "?"
        elif key == "area":
            params["area"] = _area(str(value))
        else:  # numbers: boxes, capacities, totals, leads, coins, counts
            params[key] = value
    if reason.key == "forfeit":
        # Not "nothing worth taking": a bot may pass up a move that would help it (an Easy bot's
        # loose pick, a search's preference), so the line says only what it chose.
        attack = int(dict(reason.params).get("action", 0)) in (3, 4)
        text = tr("glance.reason.forfeit_attack" if attack else "glance.reason.forfeit", **params)
    elif reason.key in REASON_COUNTS:  # texts with a count have plural forms (``{n}``)
        count = int(params.get(REASON_COUNTS[reason.key], 0))
        text = tr(f"reason.{reason.key}.{'one' if count == 1 else 'other'}", **{**params, "n": count})
    else:
        text = tr(f"reason.{reason.key}", **params)
    return f"{text} {tr('reason.search')}" if reason.search else text


#: Log headers per phase (the round header comes first).
_PHASE_KEYS = {"dice": "table.phase.dice", "actions": "phase.actions", "move": "table.phase.move"}


def log_rows(lines: Sequence[LogLine], names: Sequence[str]) -> list[tuple[str, str]]:
    """The log as (style, text) rows: "round" and "phase" headers, "event" lines and "reason"
    lines (a bot's reason under its move, naming the seat or seats that gave it)."""
    return [(style, body) for style, body, _i in log_rows_indexed(lines, names)]


def log_rows_indexed(lines: Sequence[LogLine], names: Sequence[str]) -> list[tuple[str, str, int]]:
    """:func:`log_rows` with the index of the line each row comes from (a header: the line it
    stands above), so the log can mark the rows of new lines."""
    rows: list[tuple[str, str, int]] = []
    last: tuple[int, str] | None = None
    for i, ln in enumerate(lines):
        mine, last = line_rows(ln, names, last)
        rows += [(style, body, i) for style, body in mine]
    return rows


def line_rows(ln: LogLine, names: Sequence[str], last: tuple[int, str] | None) -> tuple[list[tuple[str, str]], tuple[int, str]]:
    """The rows of one log line (its round and phase headers when they change after ``last``,
    the (round, phase) before it) and the (round, phase) after it."""
    rows: list[tuple[str, str]] = []
    phase = getattr(ln, "phase", "")
    if last is None or ln.round != last[0]:
        rows.append(("round", tr("table.log_round", n=ln.round)))
        last = (ln.round, "")
    if phase != last[1]:
        if phase in _PHASE_KEYS:
            rows.append(("phase", tr(_PHASE_KEYS[phase])))
        last = (ln.round, phase)
    if ln.event is not None:
        body = event_text(ln.event, names)
        if body:
            rows.append(("event", body))
    if ln.reason is not None:
        seats = tuple(getattr(ln, "seats", ()) or ((ln.seat,) if ln.seat is not None else ()))
        who = ", ".join(names[s] if 0 <= s < len(names) else "?" for s in seats)
        rows.append(("reason", tr("table.reason_by", name=who, text=reason_text(ln.reason, names))))
    return rows, last
