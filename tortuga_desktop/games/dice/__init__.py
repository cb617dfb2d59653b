"""The dice game (Tortuga, the pirate dice board game): its application side (``table``).

Its rules are in ``tortuga_desktop.games.dice.rules`` and its computer players in ``tortuga_desktop.games.dice.ai``."""
