"""Errors raised by the rules engine."""


class RulesError(ValueError):
    """Base class of every error the rules engine raises on bad input."""


class MalformedActionError(RulesError):
    """The input is not an action at all: wrong type, unknown word, bad field."""


class IllegalActionError(RulesError):
    """A well-formed action that is not legal now (wrong seat, wrong moment, breaks a rule)."""


class StateFormatError(RulesError):
    """A serialised game (a save file) is malformed or describes an impossible state."""


class UnreachableStateError(StateFormatError):
    """A well-formed serialised game whose state the rules cannot reach: it breaks an assumption
    the phase code relies on (see :func:`.invariants.check_assumptions`)."""


class SetupError(RulesError):
    """A new game cannot be set up with these options (player count, seed, names, ...)."""


class ScenarioError(RulesError):
    """A scenario spec does not describe a legal position (see :mod:`.scenario`)."""


class EngineLoopError(RulesError):
    """An engine loop ran past its bound: the state breaks an assumption the phase code relies on
    (only a state the rules cannot reach, e.g. a hand-edited save, gets here). Raised instead of
    spinning forever; the game is not usable after it."""
