"""``warp-empires module new``: a new theme module, ready to install, load, play and test.

The files are templates in this package; ``{{name}}`` and ``{{title}}`` are filled in.

>>> sorted(TEMPLATES)[:3]
['README.md.tmpl', 'RULES.md.tmpl', 'cards.toml.tmpl']
"""

from __future__ import annotations

import importlib.resources
import importlib.util
import keyword
import re
from collections.abc import Mapping
from pathlib import Path

#: Where each template goes, under the new project's folder (``PKG`` is the package).
TEMPLATES = {
    "pyproject.toml.tmpl": "pyproject.toml",
    "README.md.tmpl": "README.md",
    "theme_init.py.tmpl": "PKG/__init__.py",
    "RULES.md.tmpl": "PKG/RULES.md",
    "theme.toml.tmpl": "PKG/data/theme.toml",
    "zones.toml.tmpl": "PKG/data/zones.toml",
    "units.toml.tmpl": "PKG/data/units.toml",
    "factions.toml.tmpl": "PKG/data/factions.toml",
    "cards.toml.tmpl": "PKG/data/cards.toml",
    "test_theme.py.tmpl": "tests/test_PKG.py",
}

NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


class ScaffoldError(ValueError):
    """The theme cannot be made as asked; the message says why and what would do."""


def package_name(name: str) -> str:
    """The import name of the theme's package: ``warp_`` and the module name, so it never
    shadows (or is shadowed by) another package of the same name."""
    return f"warp_{name}"


def check_name(name: str) -> None:
    if not NAME.fullmatch(name) or keyword.iskeyword(name):
        raise ScaffoldError(
            f"{name!r} cannot name a module; use lower-case letters, digits and _ (up to 40), starting with a letter, e.g. napoleonic"
        )


def create(name: str, folder: str | Path, taken: Mapping[str, str] | None = None) -> Path:
    """Write a new theme called ``name`` into ``folder/name``; returns that project folder.

    Refuses a bad name, a name in ``taken`` (the themes there are, with where each comes
    from), or a folder that already exists (nothing is overwritten).
    """
    check_name(name)
    if taken and name in taken:
        # Two themes of one name are refused when they load, so the new one could never be played.
        raise ScaffoldError(f"there is already a theme called {name!r} ({taken[name]}); choose another name (nothing was changed)")
    pkg = package_name(name)
    if importlib.util.find_spec(pkg) is not None:
        # Installed, the new package would shadow that one or be shadowed by it.
        raise ScaffoldError(f"a Python package called {pkg!r} is installed already; choose another name (nothing was changed)")
    root = Path(folder) / name
    if root.exists():
        raise ScaffoldError(f"{root} already exists; choose another --dir or name (nothing was changed)")
    title = name.replace("_", " ").title()
    files = importlib.resources.files(__package__)
    for template, target in TEMPLATES.items():
        text = files.joinpath(template).read_text(encoding="utf-8")
        text = text.replace("{{name}}", name).replace("{{title}}", title).replace("{{package}}", pkg)
        path = root / target.replace("PKG", pkg)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root
