"""Tortuga 1667, the hidden-loyalty game: its rules engine (:mod:`.rules`) and players (:mod:`.ai`)."""
