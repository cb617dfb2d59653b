"""The table renderer (pure drawing: a player view in, pixels out)."""

from __future__ import annotations

from tortuga_desktop.games.dice.table.render.table import HitTarget, TableRenderer

__all__ = ["HitTarget", "TableRenderer"]
