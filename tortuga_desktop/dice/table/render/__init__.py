"""The table renderer (pure drawing: a player view in, pixels out)."""

from __future__ import annotations

from tortuga_desktop.dice.table.render.table import HitTarget, TableRenderer

__all__ = ["HitTarget", "TableRenderer"]
