"""Tortuga 1667 at the table: the application side of the second game (its engine adapter for the
shell, its table scene, setup, end screen, help, saves and its GameModule)."""
