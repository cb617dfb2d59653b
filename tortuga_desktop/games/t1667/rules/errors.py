"""Errors raised by the Tortuga 1667 rules engine.

Three kinds of refused action are told apart: :class:`MalformedActionError` (not an action at
all), :class:`NotYourTurnError` (a seat with no open decision) and :class:`IllegalActionError`
(a well-formed action the rules do not allow now). A refused action changes nothing.
"""


class RulesError(ValueError):
    """Base class of every error the 1667 engine raises on bad input."""


class MalformedActionError(RulesError):
    """The input is not an action: wrong type, unknown word, field out of range."""


class IllegalActionError(RulesError):
    """A well-formed action that the rules do not allow now."""


class NotYourTurnError(IllegalActionError):
    """The seat has no open decision (it is not this seat's turn, vote or choice)."""


class SetupError(RulesError):
    """A new game cannot be set up with these settings."""


class ScenarioError(RulesError):
    """A scenario spec does not describe a legal position."""


class RecordError(RulesError):
    """A game record is malformed or does not replay."""
