"""The dice game at the table: its game module for the shell (``module``), table sources,
screens, decision panel, renderer, hints, review, replays and tutorial."""
