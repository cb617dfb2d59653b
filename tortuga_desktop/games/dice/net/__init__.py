"""The dice game at network tables: its network adapter (:mod:`.adapter`: the game as the server runs it,
its options, its computer players and their pacing, and the headless client's player)."""
