"""Fuzz every text field of the app with random Unicode (issue 16), headless.

    SDL_VIDEODRIVER=dummy python -m scripts.fuzz_text [--cases 1000] [--seed 1]

Types (``TEXTINPUT`` events, as SDL delivers them) and pastes random text into the seat
names and the seed of *New game* and into the name and folder of the *Save game* dialog:
zero-width characters (U+200B-U+200D, U+2060, U+FEFF), bidi controls (U+202E, RTL marks),
variation selectors (U+FE0F), NUL and other controls, lone surrogates (pastes only: SDL's
text input is valid UTF-8), emoji, every plane, and pastes of up to 10,000 characters; then
presses Backspace/Delete/Home/End at random, starts the game or saves. Prints the cases
tried and every failure (an exception, or a field holding a character pygame cannot draw).
Exit status 1 if anything failed.
"""

from __future__ import annotations

import logging
import os
import random
import sys
import tempfile
import time
import traceback
from pathlib import Path

from scripts import harness

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

NASTY = ["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u202e", "\u202d", "\u200e", "\u200f", "\u061c",
         "\ufe0f", "\ufe0e", "\u034f", "\U000e0001", "\U000e0100", "\u00ad", "\x00", "\x07", "\x1b", "\n", "\r",
         "\t", "\u2028", "\u2029", "\ufff0", "\uffff", "\U0010ffff", "\U0001f600", "\U0001f3f4\u200d\u2620\ufe0f",
         "\u05e9\u05dc\u05d5\u05dd", "\u0645\u0631\u062d\u0628\u0627", "e\u0301", "\u0301", "\u0e01\u0e34",
         "\u1100\u1161", "\u3164", "\U00020000", "\ud800", "\udcff"]


def junk(rng: random.Random) -> str:
    n = rng.choice((1, 1, 1, 2, 3, 8, 40, 200, 1000, 10_000))
    out: list[str] = []
    for _ in range(n):
        r = rng.random()
        if r < 0.35:
            out.append(rng.choice(NASTY))
        elif r < 0.6:
            out.append(chr(rng.randrange(0x20, 0x3000)))
        else:
            out.append(chr(rng.randrange(0, 0x110000)))
    return "".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = harness.parser(__doc__, seed=1)
    ap.add_argument("--cases", type=int, default=1000)
    args = ap.parse_args(argv)
    logging.getLogger("tortuga_desktop").addHandler(logging.NullHandler())  # refusals are expected here
    work = tempfile.mkdtemp(prefix="tortuga-fuzz-text-")
    os.environ["TORTUGA_HOME"] = work
    os.chdir(work)  # nothing the fuzzer types may land in the project folder

    import pygame

    from tortuga_desktop.games.dice.table.gamesetup import SetupConfig
    from tortuga_desktop.shell.main import build_parser
    from tortuga_desktop.shell.saves import is_visible_char
    from tortuga_desktop.shell.scenes.dialogs import SafeTextEntryLine
    from tortuga_desktop.shell.scenes.menu import MenuScene
    from tortuga_desktop.shell.start import make_app

    rng = random.Random(args.seed)
    app = make_app(build_parser().parse_args(["--mute", "--size", "1280x720"]))
    app.fixed_dt = 1 / 60
    failures: list[str] = []
    tried = typed = pasted = keys = 0
    t0 = time.perf_counter()

    def fields() -> list[SafeTextEntryLine]:
        return [el for el in app.ui.get_sprite_group().sprites() if isinstance(el, SafeTextEntryLine) and el.visible]

    def screen(which: str) -> None:
        app.clear_to(MenuScene())
        app.run(max_frames=1)
        if which == "setup":
            app.top.new_game()
            app.run(max_frames=1)
            if hasattr(app.top, "games"):  # the game chooser (two games): the dice game
                app.top.choose([m.key for m in app.top.games].index("tortuga"))
        else:
            app.session.start_game(SetupConfig.default())
            app.run(max_frames=2)
            app.session.open_save_dialog()
        app.run(max_frames=2)

    try:
        for case in range(args.cases):
            which = "setup" if case % 2 == 0 else "save"
            if case % 50 in (0, 1):
                screen(which)
            try:
                entries = fields()
                if not entries:
                    screen(which)
                    entries = fields()
                entry = rng.choice(entries)
                app.ui.set_focus_set(entry)
                text = junk(rng)
                tried += 1
                r = rng.random()
                if r < 0.5:
                    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT,
                                                         text="".join(c for c in text if not 0xD800 <= ord(c) <= 0xDFFF)))
                    typed += 1
                elif r < 0.85:
                    entry.paste_text(text)
                    pasted += 1
                else:
                    key = rng.choice((pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_HOME, pygame.K_END,
                                      pygame.K_LEFT, pygame.K_RIGHT, pygame.K_a))
                    mod = pygame.KMOD_CTRL if key == pygame.K_a else 0
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
                    keys += 1
                app.run(max_frames=1)
                bad = [c for e in fields() for c in e.get_text() if not is_visible_char(c)]
                if bad:
                    failures.append(f"case {case}: a field holds U+{ord(bad[0]):04X}")
                if rng.random() < 0.05:  # start the game / save with whatever is in the fields
                    top = app.top
                    if getattr(top, "name", "") == "setup":
                        top.start()
                    elif getattr(top, "name", "") == "save":
                        folder = top.folder_entry.get_text() if top.folder_entry is not None else ""
                        if Path(folder.strip()).is_absolute():  # save into the scratch folder only
                            folder = str(Path(work) / "elsewhere")
                        top.save(folder=folder)
                        app.session.writer().flush(5)
                    app.run(max_frames=3)
                    screen(which)
                if app.exit_code is not None:
                    failures.append(f"case {case}: the app quit")
                    app.exit_code = None
            except Exception:
                failures.append(f"case {case}: {traceback.format_exc(limit=3)!a}"[:400])
                screen(which)
    finally:
        app.close()
    print(f"fuzz_text: {tried} cases ({typed} typed, {pasted} pasted, {keys} editing keys) in "
          f"{time.perf_counter() - t0:.1f} s: {len(failures)} failures")
    for f in failures[:30]:
        print("  FAIL", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
