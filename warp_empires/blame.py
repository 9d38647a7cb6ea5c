"""When a theme's own code fails during play, say so in its words, not the engine's.

An exception raised inside a theme's hook, step or card effect reaches the engine's
decision door with a traceback that ends in the engine. :func:`theme_error` finds the
deepest line of that traceback in the theme's own files and turns it into a
:class:`ThemeError` of three lines: which theme failed, where in its code, and what.
"""

from __future__ import annotations

import sys
import traceback
from pathlib import Path
from types import ModuleType
from typing import Any

ENGINE = Path(__file__).resolve().parent


class ThemeError(RuntimeError):
    """A theme's own code failed during play. The message names the theme, the file, line
    and function in the theme's code, and the error; ``__cause__`` keeps the original."""


def theme_folders(pm: Any) -> dict[Path, str]:
    """The folders holding the code of the plugins of ``pm`` that are not the engine's own."""
    out: dict[Path, str] = {}
    for name, plugin in pm.list_name_plugin():
        module = plugin if isinstance(plugin, ModuleType) else sys.modules.get(type(plugin).__module__)
        path = getattr(module, "__file__", None)
        if not path:
            continue
        folder = Path(path).resolve().parent
        if folder != ENGINE and ENGINE not in folder.parents:
            out[folder] = name
    return out


def theme_error(pm: Any, exc: BaseException, module: str = "") -> ThemeError | None:
    """A :class:`ThemeError` for ``exc`` if its traceback passes through a theme's code;
    ``module`` is the name the game knows its theme by (extras keep their own names)."""
    if isinstance(exc, ThemeError):
        return None  # already says which theme, and where
    folders = theme_folders(pm)
    blamed = None
    for frame in traceback.extract_tb(exc.__traceback__):
        path = Path(frame.filename).resolve()
        for folder, name in folders.items():
            if folder == path.parent or folder in path.parents:
                blamed = (name, frame)
    if blamed is None:
        return None
    name, frame = blamed
    if module and not name.startswith("extra"):
        name = module
    what = f"{type(exc).__name__}: {exc}".strip().splitlines()[0]
    return ThemeError(
        f"the theme {name!r} failed in its own code:\n"
        f"  {frame.filename}, line {frame.lineno}, in {frame.name}: {(frame.line or '').strip()}\n"
        f"  {what}"
    )


def blamed(pm: Any, module: str, call: Any, *args: Any) -> Any:
    """``call(*args)``, an error raised in a theme's own code turned into a
    :class:`ThemeError` naming it (as a decision does): for the theme hooks a computer
    player asks while choosing, outside the decision door."""
    try:
        return call(*args)
    except ThemeError:
        raise
    except Exception as exc:
        err = theme_error(pm, exc, module)
        if err is None:
            raise
        raise err from exc
