"""The dice game (Tortuga, the pirate dice board game): its application side (``table``).

Its rules are in ``tortuga_desktop.rules`` and its computer players in ``tortuga_desktop.ai``."""
