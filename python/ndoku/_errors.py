"""The exceptions ndoku raises: one base class, one subclass per kind of failure."""


class NdokuError(Exception):
    """Base class of every error ndoku raises; its message is ndoku's own."""


class ParseError(NdokuError, ValueError):
    """Text that does not read as a puzzle: bad characters, a wrong number of
    cells, malformed f-puzzles JSON or an unsupported constraint."""


class RulesError(NdokuError, ValueError):
    """Rules that cannot hold (a region of the wrong size, an unsupported
    size), or givens that break a rule."""


class GameError(NdokuError, ValueError):
    """A move a game cannot take: a cell off the board, a value out of range,
    a given changed."""


class LogicError(NdokuError):
    """Human-style logic cannot work on this puzzle: a board over 64x64, a
    grid that contradicts itself, a puzzle without a solution."""


class GenerateError(NdokuError):
    """The generator could not make a puzzle as asked (a target, level or
    rating not met within the attempts)."""


class GaveUpError(NdokuError):
    """A search ran out of its node budget or time limit before it could
    answer."""


__all__ = [
    "NdokuError",
    "ParseError",
    "RulesError",
    "GameError",
    "LogicError",
    "GenerateError",
    "GaveUpError",
]
