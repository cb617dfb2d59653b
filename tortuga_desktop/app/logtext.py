"""Translate the engine's English log lines and the bots' English reasons for display.

The rules engine stays pure and writes its log in English (``Game.log_entries_for``); the
app shows each line in the player's language by matching it against the patterns below and
filling the matching ``log.*`` / ``reason.*`` key of :mod:`.i18n` with translated parts
(names stay as they are; action and chest names are translated; chest letters such as
``RBW`` become a list of colour names).  A line no pattern knows is shown as it is.

    translate_line("Anna reveals AB: Board.")   # in German: "Anna deckt AB auf: Entern."
    translate_reason("takes the red chest")
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from .i18n import action_name, chest_name, get_language, tr

__all__ = ["translate_line", "translate_reason", "LOG_PATTERNS", "REASON_PATTERNS"]

_ACTIONS = {"Expand fleet": 0, "Recruit crew": 1, "Treasure hunt": 2, "Board": 3, "Raid": 4}
_COLOURS = {"red": 0, "blue": 1, "yellow": 2, "white": 3, "purple": 4}
_LETTERS = {"R": 0, "B": 1, "Y": 2, "W": 3, "P": 4}
_ACT = "(?P<action>Expand fleet|Recruit crew|Treasure hunt|Board|Raid)"
_COL = "(?P<colour>red|blue|yellow|white|purple)"
_NAME = "(?P<name>.+?)"


def _chests(letters: str) -> str:
    return ", ".join(chest_name(_LETTERS[c]).lower() for c in letters if c in _LETTERS)


def _where(text: str) -> str:
    """"Board" / "skulls only" / "skulls only (action chosen next)" after a reveal."""
    if text in _ACTIONS:
        return action_name(_ACTIONS[text])
    if text.startswith("skulls only"):
        return tr("log.skulls_only")
    return text


def _area(text: str) -> str:
    return {"fleet": tr("log.area.fleet"), "crew": tr("log.area.crew"), "bag": tr("log.area.bag"),
            "center island": tr("log.area.center"), "island": tr("log.area.island")}.get(text, text)


def _token(text: str) -> str:
    return tr("log.token.boat") if text.startswith("boat") else tr("log.token.pirate")


def _rolls(text: str) -> str:
    parts = []
    for item in text.split():
        letter, _, face = item.partition("=")
        parts.append(f"{letter}={tr('term.skull') if face == 'skull' else action_name(_ACTIONS.get(face, 0))}"
                     if face in _ACTIONS or face == "skull" else item)
    return " ".join(parts)


def _pos(text: str) -> str:
    return tr("table.pos1") if text == "1st" else tr("table.pos2")


Conv = Callable[[str], str]
_CONV: dict[str, Conv] = {
    "action": lambda v: action_name(_ACTIONS[v]),
    "colour": lambda v: chest_name(_COLOURS[v]).lower(),
    "colour2": lambda v: chest_name(_COLOURS[v]).lower(),
    "chests": _chests,
    "where": _where,
    "dest": _area,
    "area": _area,
    "token": _token,
    "token1": lambda v: tr(f"log.token1.{v}"),
    "rolls": _rolls,
    "pos": _pos,
}

#: (regex, key) — the regex's named groups become the key's placeholders (converted by _CONV).
LOG_PATTERNS: list[tuple[str, str]] = [
    (r"Round (?P<n>\d+) begins; (?P<name>.+) is the start player\.", "log.round_start"),
    (r"Round (?P<n>\d+) begins\.", "log.round_1"),
    (rf"{_NAME} is the start player\.", "log.start_player"),
    (rf"{_NAME} draws a {_COL} chest to the island and a (?P<colour2>red|blue|yellow|white|purple) chest to the crew\.",
     "log.setup_draw2"),
    (rf"{_NAME} draws a {_COL} chest to the island\.", "log.draw_island"),
    (r"Everyone with dice left rolls behind their screen: (?P<names>.+)\.", "log.roll"),
    (rf"{_NAME} reveals (?P<dice>[A-E]+): (?P<where>.+)\.", "log.reveal"),
    (rf"{_NAME} cannot place any die and reveals the roll\.", "log.stuck"),
    (rf"{_NAME} rerolls openly: (?P<rolls>.+)\.", "log.reroll"),
    (rf"{_NAME} openly selects (?P<dice>[A-E]+): (?P<where>.+)\.", "log.open_select"),
    (rf"{_NAME} flips the bonus tile on {_ACT} to 2\.", "log.bonus_flip"),
    (rf"{_NAME} puts a bonus tile on {_ACT}\.", "log.bonus_new"),
    (rf"{_NAME} turns the skulls to {_ACT}\.", "log.skulls_to"),
    (r"All dice are placed: the actions resolve\.", "log.actions_start"),
    (rf"{_ACT}: nobody takes part\.", "log.nobody"),
    (rf"{_NAME} \((?P<pos>1st|2nd)\) forfeits {_ACT}\.", "log.forfeit"),
    (rf"{_NAME} \((?P<pos>1st|2nd)\) boards (?P<target>.+)\.", "log.boards"),
    (rf"{_NAME} \((?P<pos>1st|2nd)\) raids (?P<target>.+)\.", "log.raids"),
    (rf"{_NAME} expands the fleet: boat (?P<old>\d+) -> (?P<new>\d+)\.", "log.expand"),
    (rf"{_NAME} recruits crew: pirate (?P<old>\d+) -> (?P<new>\d+)\.", "log.recruit"),
    (rf"{_NAME} hunts treasure and draws a {_COL} chest\.", "log.hunt_chest"),
    (rf"{_NAME} hunts treasure, but the bag is empty\.", "log.hunt_empty"),
    (rf"{_NAME} draws two treasure tiles: (?P<a>\d+) and (?P<b>\d+) coins\.", "log.tiles_drawn_own"),
    (rf"{_NAME} draws two treasure tiles\.", "log.tiles_drawn"),
    (rf"{_NAME} keeps a treasure tile and returns the other\.", "log.tile_keep_return"),
    (rf"{_NAME} keeps the (?P<a>\d+)-coin tile and returns the (?P<b>\d+)\.", "log.tile_keep_return_own"),
    (rf"{_NAME} keeps a (?P<a>\d+)-coin tile and returns the other (?P<b>\d+)\.", "log.tile_keep_return_own"),
    (rf"{_NAME} keeps a (?P<a>\d+)-coin treasure tile\.", "log.tile_keep_own"),
    (rf"{_NAME} keeps a treasure tile\.", "log.tile_keep"),
    (rf"{_NAME} finds no treasure tile: the pool is empty\.", "log.tile_none"),
    (rf"{_NAME} defends: both (?P<token>boats|pirates) move back one box\.", "log.defends"),
    (rf"{_NAME}'s (?P<token1>boat|pirate) moves back one box\.", "log.pushed"),
    (rf"{_NAME} takes a {_COL} chest from (?P<target>.+)'s (?P<area>fleet|crew)\.", "log.steal"),
    (rf"{_NAME} takes the {_COL} chest from the center island\.", "log.take_center"),
    (rf"{_NAME}'s (?P<area>fleet|crew) is over capacity: a {_COL} chest goes to the (?P<dest>bag|center island)\.",
     "log.over_capacity"),
    (r"Chests move\.", "log.move_start"),
    (rf"{_NAME} brings (?P<n>\d+) chest\(s\) to Tortuga: (?P<chests>[RBYWP]+)\.", "log.to_tortuga"),
    (rf"{_NAME} moves (?P<chests>[RBYWP]+) to the (?P<area>fleet|crew)\.", "log.moves"),
    (rf"{_NAME} has no room for a {_COL} chest: it goes to the (?P<dest>bag|center island)\.", "log.no_room"),
    (r"The game ends\. Scores: (?P<scores>.+)\. Winner: (?P<winners>.+)\.", "log.game_end"),
    (r"The game is stopped by the round limit\.", "log.capped"),
    (rf"{_ACT}: (?P<totals>.+)\.", "log.totals"),
]

REASON_PATTERNS: list[tuple[str, str]] = [
    (rf"dice to {_ACT}", "reason.dice_to"),
    (rf"skulls to {_ACT}", "reason.skulls_to"),
    (rf"bonus tile on {_ACT}", "reason.bonus_on"),
    (rf"forfeits {_ACT}: nothing worth taking", "reason.forfeit"),
    (rf"{_ACT} helps", "reason.helps"),
    (rf"boards {_NAME}: {_COL} chest in the (?P<area>fleet|crew)", "reason.boards_chest"),
    (rf"raids {_NAME}: {_COL} chest in the (?P<area>fleet|crew)", "reason.raids_chest"),
    (rf"boards {_NAME}: pushes the leader back", "reason.boards_push"),
    (rf"raids {_NAME}: pushes the leader back", "reason.raids_push"),
    (r"boards", "reason.boards"),
    (r"raids", "reason.raids"),
    (rf"takes the {_COL} chest", "reason.takes"),
    (r"keeps the richer treasure tile", "reason.richer_tile"),
    (r"keeps the most valuable chests", "reason.valuable"),
    (r"picks at random", "reason.random"),
    (r"the only legal move", "reason.only"),
]

_COMPILED: dict[str, list[tuple[re.Pattern[str], str]]] = {}


def _compiled(which: str) -> list[tuple[re.Pattern[str], str]]:
    if which not in _COMPILED:
        pats = LOG_PATTERNS if which == "log" else REASON_PATTERNS
        _COMPILED[which] = [(re.compile(p + r"\Z"), k) for p, k in pats]
    return _COMPILED[which]


def _params(m: re.Match[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in m.groupdict().items():
        if value is None:
            continue
        conv = _CONV.get(name)
        out[name] = conv(value) if conv is not None else value
    return out


def _join_names(text: str) -> str:
    """"Ann and Di" -> "Ann & Di" translated conjunction."""
    parts = text.split(" and ")
    return tr("log.and").join(parts) if len(parts) > 1 else text


@lru_cache(maxsize=4096)
def _translate(line: str, lang: str, which: str) -> str:
    suffix = ""
    if which == "reason" and line.endswith(" (search prefers it)"):
        line = line[: -len(" (search prefers it)")]
        suffix = " " + tr("reason.search")
    for pat, key in _compiled(which):
        m = pat.match(line)
        if m is None:
            continue
        params = _params(m)
        if key == "log.game_end":
            params["winners"] = _join_names(params["winners"])
        return tr(key, **params) + suffix
    return line + suffix


def translate_line(line: str) -> str:
    """An engine log line in the current language (unchanged if no pattern matches)."""
    if get_language() == "en":
        return line
    return _translate(line, get_language(), "log")


def translate_reason(reason: str) -> str:
    """A bot's reason in the current language (unchanged if no pattern matches)."""
    if get_language() == "en":
        return reason
    return _translate(reason, get_language(), "reason")
