"""Test-wide settings: headless SDL, and a private home for saves/settings/statistics."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# Never read or write the real user's saves and settings from tests.
os.environ["TORTUGA_HOME"] = tempfile.mkdtemp(prefix="tortuga-tests-")
