"""Tortuga 1667's side of the frame bench (``python -m scripts.frame_bench --game 1667``, the catalogue's
``bench``): a 9-seat demo of Normal and Easy computer players (thinking in a worker process, as the game
runs them) with a budget of 8 ms; the frames drawn while a vote or an event card turns up and while a
computer player thinks; and the parts of a frame ``--breakdown`` times: input (SDL events), poll (the
table: asking the computer players, their answers carried out, their chat), catch-up (new events into the
log and the beats), beats (animation), the table's sections (strip, mat, band, side), the log (wrapping and
drawing), the idle panel, the seat aids, pygame_gui, flip (display update) and text (rendering a line: part
of the parts that draw)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from tortuga_desktop.shell import layout as layout_mod
from tortuga_desktop.shell.bench import FrameNote, TutorialRun


class T1667Bench:
    """The 1667 table's side of the frame bench."""

    players = 9
    level: str | None = "normal,easy"
    budget = 8.0

    def note(self, scene: Any) -> FrameNote:
        from tortuga_desktop.games.t1667.table.beats import CardBeat, VoteBeat

        beat = getattr(scene, "beat", None)  # the end screen or a menu on top have none
        table = getattr(scene, "table", None)
        tags = []
        if isinstance(beat, VoteBeat):
            tags.append("vote")
        if isinstance(beat, CardBeat):
            tags.append("card")
        if table is not None and table.thinking():
            tags.append("thinking")
        return FrameNote(tags=tuple(tags), moving=type(beat).__name__ if beat is not None else "-")

    def summary(self, scene: Any) -> str:
        table = getattr(scene, "table", None)
        return (f"moves shown: {getattr(scene, 'moves_shown', '-')}, "
                f"game over: {table.is_over if table is not None else '-'}")

    def parts(self, app: Any, scene: Any) -> Sequence[tuple[object, str, str]]:
        import pygame

        from tortuga_desktop.games.t1667.table import beats as beats_mod
        from tortuga_desktop.games.t1667.table import render as render_mod
        from tortuga_desktop.games.t1667.table import scene as scene_mod

        out: list[tuple[object, str, str]] = [
            (app, "_intents", "input"), (scene.table, "poll", "poll"), (scene.table, "_hear", "poll: chat to bots"),
            (scene.table, "_ask", "poll: ask bots"), (scene.table, "_collect", "poll: answers"),
            (scene, "_catch_up", "catch-up"), (scene, "_ensure_panel", "panel (humans)")]
        for cls in (beats_mod.Beat, beats_mod.CardBeat, beats_mod.VoteBeat):
            out += [(cls, attr, f"beat {attr}") for attr in ("advance", "draw") if attr in vars(cls)]
        r = scene.renderer
        out.append((r, "draw", "table draw"))
        for attr, part in (("_seat", "strip"), ("_last_vote", "mat"), ("_galleon", "mat"), ("_status", "mat"),
                           ("_ship", "mat"), ("_rowboats", "mat"), ("_tortuga", "mat"), ("_mine", "band"),
                           ("_row", "band"), ("_decks", "band"), ("_panel", "side")):
            out.append((r, attr, f"table draw: {part}"))
        out += [(scene, "_draw_log", "log"), (scene, "log_rows", "log: rows"),
                (scene, "_draw_idle_panel", "idle panel"), (scene.aids, "draw", "seat aids"),
                (app.ui, "update", "pygame_gui"), (app.ui, "draw_ui", "pygame_gui"),
                (pygame.display, "update", "flip"), (pygame.display, "flip", "flip")]
        out += [(mod, "fit", "text") for mod in (render_mod, scene_mod)]
        out.append((render_mod, "_text", "text"))
        out += [(mod, "wrap_lines", "text") for mod in (layout_mod, scene_mod)]
        return out

    def add_options(self, parser: argparse.ArgumentParser) -> None:
        return None

    def run_case(self, args: argparse.Namespace) -> int | None:
        return None

    def walk_tutorial(self, app: Any) -> TutorialRun | None:
        from tortuga_desktop.games.t1667.table.tutorial import STEPS
        from tortuga_desktop.games.t1667.table.tutorial_scene import start_tutorial

        scene: Any = start_tutorial(app)
        coach = scene.tutorial
        frames = moves = 0
        while not coach.finished:
            step = coach.step
            for _ in range(20000):
                if step.mode == "do" and scene.panel is not None and not scene.animating:
                    break
                if step.mode != "do" and scene.coach_panel.enabled("next"):
                    break
                app.run(max_frames=1)
                frames += 1
            if step.mode == "do":
                index = coach.index
                action = step.action()
                if action is None or not scene.submit(action):
                    raise RuntimeError(f"tutorial step {step.key}: the move it asks for was refused ({coach.error})")
                moves += 1
                if coach.index == index:
                    raise RuntimeError(f"tutorial step {step.key}: the move did not take it on")
            else:
                scene.press("next")
        return TutorialRun(len(STEPS), moves, frames / 60, tuple(f"tutorial.t1667.step.{s.key}" for s in STEPS))


BENCH = T1667Bench()

__all__ = ["BENCH", "T1667Bench"]
