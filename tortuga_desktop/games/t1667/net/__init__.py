"""Tortuga 1667 at network tables: the game's network adapter (:mod:`.adapter`), the game as the
server runs it (:mod:`.run`) and its data on the wire (:mod:`.codec`)."""
