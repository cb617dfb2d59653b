"""The application shell's game-neutral parts: what a game gives the shell (:mod:`.engine`)."""
