"""Words as values: what a panel says, kept typed until it is drawn (no pygame here).

A :class:`Words` is a translation key with its parameters (and a count for ``.one``/``.other``
plural keys); a :class:`WordList` is several phrases read as one list ("you, Anne and Jack");
:class:`Joined` puts phrases side by side with a separator ("A: Board", "A3 + B5");
:class:`Lower` is a phrase in lower case (a chest colour inside a sentence). Models say things in
these values, so tests compare them without a language, and :func:`say` turns them into text at
the edge, in the current language.

>>> say(Joined(("A", "B"), " + "))
'A + B'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tortuga_desktop.shell import i18n

__all__ = ["Joined", "Lower", "Phrase", "WordList", "Words", "say", "w"]


@dataclass(frozen=True, slots=True)
class Words:
    """A phrase: a translation key and its parameters. ``count`` picks ``key.one`` / ``key.other``."""

    key: str
    params: tuple[tuple[str, Phrase], ...] = ()
    count: int | None = None


@dataclass(frozen=True, slots=True)
class WordList:
    """Several phrases read as one list ("you, Anne and Jack")."""

    items: tuple[str | Words, ...]


@dataclass(frozen=True, slots=True)
class Joined:
    """Phrases side by side, ``sep`` between them (a phrase too: "and" is a word of the language)."""

    parts: tuple[Phrase, ...]
    sep: Phrase = ""


@dataclass(frozen=True, slots=True)
class Lower:
    """A phrase in lower case (a chest colour inside a sentence)."""

    phrase: Phrase


#: anything :func:`say` can turn into text
Phrase = str | int | Words | WordList | Joined | Lower


def w(key: str, count: int | None = None, **params: Phrase) -> Words:
    """A :class:`Words` from keyword parameters (sorted, so equal phrases compare equal)."""
    return Words(key, tuple(sorted(params.items())), count)


def say(words: Phrase, tr: Callable[..., str] | None = None) -> str:
    """The text of ``words`` in the current language (``tr`` defaults to :func:`.i18n.tr`)."""
    if tr is None:
        tr = i18n.tr
    if isinstance(words, (str, int)):
        return str(words)
    if isinstance(words, Joined):
        return say(words.sep, tr).join(say(p, tr) for p in words.parts)
    if isinstance(words, Lower):
        return say(words.phrase, tr).lower()
    if isinstance(words, WordList):
        items = [say(i, tr) for i in words.items]
        if not items:
            return tr("p1667.nobody")
        if len(items) == 1:
            return items[0]
        return tr("p1667.list", items=tr("p1667.sep").join(items[:-1]), last=items[-1])
    params = {k: say(v, tr) for k, v in words.params}
    if words.count is not None:
        return tr(f"{words.key}.{'one' if words.count == 1 else 'other'}", n=words.count, **params)
    return tr(words.key, **params)
