"""The dice game's screens (table, setup, results, hand-over, replay, tutorial, help)."""
