"""Tweens, easing and the animation timeline the table plays.

Nothing here touches the game: a :class:`Timeline` is a list of :class:`Motion` items
(purely visual) with start times and durations in seconds.  ``Timeline.advance(dt)`` moves
time on (scaled by the speed setting); ``skip()`` jumps to the end.  Positions are not
stored as pixels but as *location keys* that the renderer resolves every frame, so a
resize in the middle of an animation just works.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

#: what a motion moves from/to or hides: a game's own place names, e.g. ``("tray", seat, k)``
Key = tuple[object, ...]

#: seconds multiplier per speed setting (0 = no animation at all)
SPEEDS: dict[str, float] = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}


# --- easing ---------------------------------------------------------------------------


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


EASINGS: dict[str, Callable[[float], float]] = {
    "linear": linear,
    "out_cubic": ease_out_cubic,
    "in_out_cubic": ease_in_out_cubic,
    "out_back": ease_out_back,
    "out_bounce": ease_out_bounce,
}


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def arc(a: tuple[float, float], b: tuple[float, float], t: float, height: float) -> tuple[float, float]:
    """Point on a parabola from ``a`` to ``b`` lifted by ``height`` pixels at the middle."""
    x, y = lerp2(a, b, t)
    return (x, y - height * 4 * t * (1 - t))


# --- motions --------------------------------------------------------------------------


@dataclass
class Motion:
    """One visual thing happening over ``[start, start + duration]`` (timeline seconds).

    ``kind`` tells the renderer what to draw: "chest", "die", "token", "tile", "bonus",
    "tumble", "screen_shake", "banner", "pulse", "flip".  ``src``/``dst`` are location keys.
    ``hides`` are keys the renderer must not draw from the view until this motion ends
    (the thing is in flight towards them).  ``ghost`` keeps a still copy at ``src`` before
    the motion starts.
    """

    kind: str
    start: float
    duration: float
    src: Key | None = None
    dst: Key | None = None
    #: what drawing this motion needs (a title, a seat, a colour...): a value of the game's own type, which
    #: its renderer draws by (the dice game's ``render/motion.py`` ``MotionData``)
    data: object = None
    easing: str = "in_out_cubic"
    hides: tuple[Key, ...] = ()
    ghost: bool = False
    sound: str | None = None
    sound_at_end: str | None = None

    @property
    def end(self) -> float:
        return self.start + self.duration

    def progress(self, now: float) -> float:
        if self.duration <= 0:
            return 1.0 if now >= self.start else 0.0
        return max(0.0, min(1.0, (now - self.start) / self.duration))

    def eased(self, now: float) -> float:
        return EASINGS[self.easing](self.progress(now))

    def active(self, now: float) -> bool:
        return self.start <= now < self.end


class Timeline:
    """A set of motions played together; time advances by ``dt * 1/factor``."""

    def __init__(self, motions: list[Motion] | None = None) -> None:
        self.motions: list[Motion] = list(motions or [])
        self.now = 0.0
        self._sounded: set[int] = set()

    @property
    def length(self) -> float:
        return max((m.end for m in self.motions), default=0.0)

    @property
    def done(self) -> bool:
        return self.now >= self.length

    def add(self, motion: Motion) -> Motion:
        self.motions.append(motion)
        return motion

    def advance(self, dt: float) -> list[str]:
        """Move time on by ``dt`` timeline seconds; returns sound names that became due."""
        before = self.now
        self.now = min(self.length, self.now + max(0.0, dt))
        sounds: list[str] = []
        for i, m in enumerate(self.motions):
            if m.sound and i not in self._sounded and before <= m.start <= self.now:
                self._sounded.add(i)
                sounds.append(m.sound)
            j = -1 - i
            if m.sound_at_end and j not in self._sounded and before < m.end <= self.now:
                self._sounded.add(j)
                sounds.append(m.sound_at_end)
        return sounds

    def skip(self) -> None:
        self.now = self.length
        self._sounded = set(range(len(self.motions))) | {-1 - i for i in range(len(self.motions))}

    def hidden(self) -> set[Key]:
        """Keys whose view content is still in flight (not to be drawn yet)."""
        out: set[Key] = set()
        for m in self.motions:
            if self.now < m.end:
                out.update(m.hides)
        return out

    def visible(self) -> list[Motion]:
        """Motions to draw now: active ones, plus ghosts waiting at their source."""
        return [m for m in self.motions if m.active(self.now) or (m.ghost and self.now < m.start)]


__all__ = [
    "EASINGS", "SPEEDS", "Key", "Motion", "Timeline", "arc", "ease_in_out_cubic", "ease_out_back",
    "ease_out_bounce", "ease_out_cubic", "lerp", "lerp2", "linear",
]

