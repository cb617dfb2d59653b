"""The dice game's vocabulary: translation keys of its actions, chest colours and areas by rules
index, and the sections of its rules help (the texts themselves are in the ``dice`` and ``dice-help``
translation areas, :data:`tortuga_desktop.shell.i18n.TRANSLATION_AREAS`).

    action_name(3)     # "Entern"  (rules.Action or 0-4)
    chest_name(4)      # "Lila"    (rules.Chest or 0-4)
"""

from __future__ import annotations

from tortuga_desktop.shell.i18n import tr

__all__ = ["ACTION_KEYS", "AREA_KEYS", "CHEST_KEYS", "HELP_SECTIONS", "action_name", "chest_name"]

#: Translation keys by rules index (Action 0-4, Chest 0-4).
ACTION_KEYS: tuple[str, ...] = ("action.expand_fleet", "action.recruit_crew", "action.treasure_hunt",
                                "action.board", "action.raid")
CHEST_KEYS: tuple[str, ...] = ("chest.red", "chest.blue", "chest.yellow", "chest.white", "chest.purple")
AREA_KEYS: dict[str, str] = {"tortuga": "area.tortuga", "fleet": "area.fleet", "crew": "area.crew",
                             "island": "area.island"}
#: Sections of the rules help, in reading order: keys help.<section>.title / .body.
HELP_SECTIONS: tuple[str, ...] = (
    "overview", "components", "setup", "round", "dice", "skulls", "bonus", "actions", "expand_fleet",
    "recruit_crew", "treasure_hunt", "board", "raid", "surplus", "move", "end", "scoring",
    "two_players", "long_game", "hidden", "keys",
)


def action_name(action: int) -> str:
    """Name of an action (``rules.Action`` or 0-4)."""
    return tr(ACTION_KEYS[int(action)])


def chest_name(colour: int) -> str:
    """Name of a chest colour (``rules.Chest`` or 0-4), e.g. for "a {colour} chest"."""
    return tr(CHEST_KEYS[int(colour)])
