"""The exceptions of the map generator, each carrying a one-line message."""

from __future__ import annotations


class MapError(ValueError):
    """Base class: something about a map is wrong; ``str(error)`` says what in one line."""


class MapGenerationError(MapError):
    """No map met the theme's constraints; the message names the constraint that failed."""


class MapFileError(MapError):
    """A map file cannot be read: not JSON, truncated, wrong format or inconsistent."""


class MapImportError(MapError):
    """A Risk-style ``.map`` or GraphML file cannot be turned into a zone map."""
