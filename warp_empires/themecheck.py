"""Everything wrong with a theme, in one pass, for ``warp-empires module check``.

Loading a theme stops at its first problem, as a game must. Its author wants the whole
list, one line each, naming the file and the entry: every unknown table, key and field,
every name that points at nothing (a tag, a unit, a zone type, an effect, a phase, a
parameter), every hook written under a wrong name, without ``@hookimpl`` or with
arguments its hook does not pass, and every number beyond the bounds of
:mod:`warp_empires.limits`.

>>> problems("doctor_who")
[]
"""

from __future__ import annotations

import importlib.metadata
import importlib.util
import inspect
import os
import sys
import tomllib
import traceback
import types
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import attrs

from . import hookspecs, limits
from .model.data import CardType, Faction, ModuleInfo, Settings, ThemeText, UnitType, ZoneType
from .model.loading import DataError, did_you_mean
from .plugins import (
    ENTRY_POINT_GROUP, ModuleError, _load_folder, _plugin_of, check_map_inputs, checked_theme_data, collecting_data_problems, module_folders, new_manager,
)
from .answers import handler_problem
from .rulebook import data_problems, effect_problem, given_at

#: Every hook, with the arguments the engine calls it with.
HOOKS: dict[str, tuple[str, ...]] = {
    name: tuple(inspect.signature(function).parameters)
    for name, function in vars(hookspecs).items()
    if name.startswith("warp_") and callable(function)
}
_MARK = f"{hookspecs.PROJECT}_impl"


@attrs.frozen
class Found:
    """Where a theme lives: its package folder (``None`` when unknown) and how to import it."""

    name: str
    folder: Path | None
    load: Callable[[], Any]
    packaged: bool = True  # False: a folder with data/theme.toml but no __init__.py


def _declared_name(folder: Path) -> str:
    try:
        return tomllib.loads((folder / "data" / "theme.toml").read_text(encoding="utf-8-sig"))["module"]["name"]
    except Exception:  # unreadable: the data check says why; the folder's name stands in
        return folder.name


def theme_names(module_paths: Iterable[str | Path] = ()) -> dict[str, str]:
    """The name of every theme there is, with where it comes from: the installed entry
    points and the ``--module-path`` folders (by their declared names; no theme's code is
    imported)."""
    names = {ep.name: f"installed, from {ep.value}" for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP)}
    for raw in module_paths:
        for folder in module_folders(Path(raw), unpackaged=True):
            names.setdefault(_declared_name(folder), str(folder))
    return names


def locate(name: str, module_paths: Iterable[str | Path] = ()) -> Found:
    """The theme called ``name`` (by its declared name or its folder's), among the
    ``--module-path`` folders first, then the installed entry points."""
    known: list[str] = []
    for raw in module_paths:
        for folder in module_folders(Path(raw), unpackaged=True):
            known.append(_declared_name(folder))
            # warp_NAME: the package `module new NAME` makes, named so even when its name cannot be read.
            if name in (folder.name, known[-1]) or folder.name == f"warp_{name}":
                packaged = (folder / "__init__.py").is_file()
                return Found(name, folder, lambda f=folder: _plugin_of(_load_folder(f)), packaged)
    for ep in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        known.append(ep.name)
        if ep.name == name:
            spec = importlib.util.find_spec(ep.value.split(":")[0])
            folder = Path(spec.origin).parent if spec is not None and spec.origin else None
            return Found(name, folder, lambda e=ep: _plugin_of(e.load()))
    raise ModuleError(f"unknown module {name!r}{did_you_mean(name, known)}; the modules are {', '.join(sorted(known)) or 'none'}")


def problems(name: str, module_paths: Iterable[str | Path] = ()) -> list[str]:
    """Every problem of the theme ``name``, one line each (empty when it is sound)."""
    found = locate(name, module_paths)
    data_folder = found.folder / "data" if found.folder is not None else None
    if not found.packaged:
        out: list[str] = []
        checked_theme_data(data_folder, out)
        return out + [f"{found.folder} has a data/theme.toml but no __init__.py, so it is not loaded; "
                      "add an __init__.py (see docs/authoring.md, step 7)"]
    before = set(sys.modules)
    with collecting_data_problems() as out:
        try:
            plugin = found.load()
        except Exception as exc:
            plugin = None
            failure = exc
    for module in set(sys.modules) - before:
        path = getattr(sys.modules[module], "__file__", None) or ""
        if found.folder is not None and Path(path).resolve().is_relative_to(found.folder.resolve()):
            del sys.modules[module]  # the theme's own, imported leniently: a game must import it afresh
    if plugin is None:
        if isinstance(failure, (DataError, ModuleError)):  # a whole sentence, naming its file
            out.append(str(failure))
        else:
            # Data the theme read before its import failed has had its problems listed already.
            if not out and data_folder is not None and (data_folder / "theme.toml").is_file():
                checked_theme_data(data_folder, out)
            out.append(_blame_import(failure, found.folder))
        return out
    if found.folder is not None:
        out += import_problems(found.folder)
    hooks = hook_problems(plugin)
    out += hooks
    try:
        out += rule_problems(name, _sound_hooks(plugin) if hooks else plugin, code=_file_of(plugin))
    except Exception as exc:  # the theme's own code, asked for its data, fails: say where
        out.append(_blame_import(exc, found.folder, "asked for its data"))
    return out


KIT = "warp_empires.kit"


def engine_imports(source: str, filename: str = "<theme>") -> list[tuple[str, int, str]]:
    """Every place ``source`` reaches into the engine other than through the kit, as
    ``(file, line, module)``. Read with ``ast``, so an import inside a function or under
    ``TYPE_CHECKING`` counts too; relative imports stay inside the theme's own package."""
    import ast

    found = []

    def refuse(node: Any, module: str) -> None:
        if (module == "warp_empires" or module.startswith("warp_empires.")) and module != KIT:
            found.append((filename, node.lineno, module))

    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                refuse(node, alias.name)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "warp_empires":  # the package's names: warp_empires.Step, or the kit
                for alias in node.names:
                    refuse(node, f"warp_empires.{alias.name}")
            else:
                refuse(node, node.module)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name not in ("import_module", "__import__"):
                continue
            named = {kw.arg: kw.value for kw in node.keywords}
            target = node.args[0] if node.args else named.get("name")
            package = (node.args[1] if len(node.args) > 1 else named.get("package")) if name == "import_module" else None
            if isinstance(target, ast.Constant) and isinstance(target.value, str):
                module = target.value
                if module.startswith(".") and isinstance(package, ast.Constant) and isinstance(package.value, str):
                    module = f"{package.value}.{module.lstrip('.')}"  # import_module(".rules", "warp_empires")
                refuse(node, module)
    return found


def import_problems(folder: Path) -> list[str]:
    """A line for every import of the engine, in the theme's Python files, not made through
    the kit: what the kit does not list may change under the theme without notice."""
    out = []
    for path in sorted(folder.rglob("*.py")):
        try:
            source = path.read_text(encoding="utf-8")
            found = engine_imports(source, str(path))
        except (OSError, UnicodeDecodeError, SyntaxError):
            continue  # a file that cannot be read or parsed is reported as it is imported
        out += [f"{file}, line {line}: imports {module}; a theme imports the engine only through {KIT} "
                "(docs/authoring.md, \"The theme kit\")" for file, line, module in found]
    return out


def _sound_hooks(plugin: Any) -> Any:
    """A stand-in for ``plugin`` with only its well-formed hooks, so that the rest of the
    theme can be checked while its broken hooks are reported."""
    stand_in = types.SimpleNamespace()
    for attr in dir(plugin):
        method = getattr(plugin, attr, None)
        if attr in HOOKS and hasattr(method, _MARK) and not _bad_arguments(attr, method):
            setattr(stand_in, attr, method)
    for attr in ("data", "lacking"):
        if hasattr(plugin, attr):
            setattr(stand_in, attr, getattr(plugin, attr))
    return stand_in


def _where(function: Any) -> str:
    code = getattr(inspect.unwrap(getattr(function, "__func__", function)), "__code__", None)
    return f"{code.co_filename}:{code.co_firstlineno}: " if code is not None else ""


def _blame_import(exc: BaseException, folder: Path | None, when: str = "imported") -> str:
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if folder is not None and Path(f.filename).resolve().is_relative_to(folder.resolve())]
    where = f"{frames[-1].filename}:{frames[-1].lineno}: " if frames else ""
    text = str(exc).strip().splitlines()
    if isinstance(exc, SyntaxError) and exc.filename and exc.msg:
        # Code that cannot be compiled never ran: no frame names it, but the error does.
        where, text = f"{exc.filename}:{exc.lineno}: ", [exc.msg]
    return f"{where}the theme's code fails when {when}: {type(exc).__name__}{': ' + text[0] if text else ''}"


def hook_problems(plugin: Any) -> list[str]:
    """Methods named like hooks but not marked, marked methods that are no hook, and hook
    methods asking for an argument their hook never passes, each with its file and line."""
    out = []
    for attr in sorted(dir(plugin)):
        try:
            method = getattr(plugin, attr)
        except Exception:
            continue
        if not callable(method) or isinstance(method, type):
            continue
        marked = hasattr(method, _MARK)
        if not marked:
            if attr.startswith("warp_"):
                what = "" if attr in HOOKS else f" (and no hook is called {attr}{did_you_mean(attr, HOOKS)})"
                out.append(f"{_where(method)}{attr} has no @hookimpl above it, so the engine would never call it{what}")
            continue
        if attr not in HOOKS:
            out.append(f"{_where(method)}{attr} is marked @hookimpl but no hook is called that{did_you_mean(attr, HOOKS)}; the hooks are in docs/hooks.md")
            continue
        for arg in _bad_arguments(attr, method):
            given = ", ".join(HOOKS[attr]) or "no arguments"
            out.append(f"{_where(method)}{attr} asks for {arg!r}, which the hook never passes; {attr} is called with {given}")
    return out


def _bad_arguments(hook: str, method: Any) -> list[str]:
    """The arguments ``method`` needs that hook ``hook`` does not pass."""
    try:
        wanted = [p.name for p in inspect.signature(method).parameters.values() if p.default is inspect.Parameter.empty
                  and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)]
    except (TypeError, ValueError):
        return []
    return [arg for arg in wanted if arg not in HOOKS[hook]]


def _file_of(plugin: Any) -> str:
    module = inspect.getmodule(plugin) or inspect.getmodule(type(plugin))
    return getattr(module, "__file__", None) or getattr(plugin, "__name__", type(plugin).__name__)


def rule_problems(name: str, plugin: Any, code: str = "") -> list[str]:
    """What the theme's data hooks answer, checked as a game's rulebook checks it, with
    every problem listed: wrong kinds of answer, duplicate ids, bounds, card effects and
    their parameters, phases without a handler, and what effects' params name."""
    from .effects import library
    from .rulebook import Rulebook, SetupError, ai_weights, collect, merged, wrong_answer

    out: list[str] = []
    pm = new_manager()
    pm.register(plugin, name=name)
    hook = pm.hook
    code = code or _file_of(plugin)
    toml = getattr(getattr(plugin, "data", None), "folder", "")

    def single(hook_name: str, kind: type, default: Any) -> Any:
        answer = getattr(hook, hook_name)()
        if isinstance(answer, kind):
            return answer
        out.append(wrong_answer(pm, hook_name, lambda a: isinstance(a, kind), f"a {kind.__name__}"))
        return default

    unlisted: list[str] = []  # hooks whose answer could not be read: what names their entries is not checked

    def listed(hook_name: str, what: str, kind: type) -> dict[str, Any]:
        try:
            return collect(getattr(hook, hook_name)(), what, kind, pm, hook_name)
        except SetupError as exc:
            out.append(str(exc) if " must return " in str(exc) else f"{code}: {exc}")  # the former names its file
            unlisted.append(hook_name)
            return {}

    def mapping(hook_name: str) -> dict[str, Any]:
        try:
            return merged(pm, hook_name)
        except SetupError as exc:
            out.append(str(exc))
            unlisted.append(hook_name)
            return {}

    info = single("warp_module_info", ModuleInfo, ModuleInfo(name, "0", ""))
    text = single("warp_text", ThemeText, ThemeText())
    settings = single("warp_settings", Settings, Settings())
    if settings.computer_player:
        from .agents import make_agent

        try:
            make_agent(settings.computer_player, 0)
        except ValueError as exc:
            where = f"{toml}/theme.toml: [settings]" if toml else f"{code}: warp_settings"
            out.append(f"{where}, field 'computer_player': {exc}")
    units = listed("warp_unit_types", "unit types", UnitType)
    factions = listed("warp_factions", "factions", Faction)
    zones = listed("warp_zone_types", "zone types", ZoneType)
    card_types = listed("warp_card_types", "card types", CardType)
    toml_cards = {ct.id for ct in getattr(getattr(plugin, "data", None), "card_types", ())}

    def card_file(card_id: str) -> str:
        return f"{toml}/cards.toml" if toml and card_id in toml_cards else code

    data = getattr(plugin, "data", None)
    from_toml = {(kind, t.id) for kind in ("unit_types", "zone_types", "card_types") for t in getattr(data, kind, ())}
    from_toml |= {("factions", f.id) for f in getattr(data, "factions", ())}
    out += [f"{code}: {problem}" for problem in data_problems(*(
        {k: v for k, v in kinds.items() if (field, k) not in from_toml}
        for field, kinds in (("unit_types", units), ("zone_types", zones), ("card_types", card_types), ("factions", factions))))]
    known = dict(library.EFFECTS)
    for effect_name, impl in mapping("warp_card_effects").items():
        problem = effect_problem(pm, effect_name, impl)
        if effect_name in library.EFFECTS:
            out.append(f"{code}: effect {effect_name!r} is already in the effect library; give the theme's effect another name")
        elif problem:
            out.append(problem)
        else:
            known[effect_name] = impl
    effects = {}
    for ct in card_types.values():
        if ct.effect not in known:
            out.append(f"{card_file(ct.id)}: card {ct.id!r}, field 'effect': no effect is called {ct.effect!r}{did_you_mean(ct.effect, known)}; docs/effects.md lists them")
            continue
        try:
            effects[ct.id] = known[ct.effect](ct)
        except (KeyError, TypeError, ValueError) as exc:
            out.append(f"{card_file(ct.id)}: card {ct.id!r}, field 'params': {exc}")
    phases = mapping("warp_phase_handlers")
    out += [given_at(pm, "warp_phase_handlers", phase) + problem
            for phase, handler in phases.items() if (problem := handler_problem(phase, handler))]
    where = f"{toml}/theme.toml: [settings]" if toml else f"{code}: warp_settings"
    for phase in settings.phases if "warp_phase_handlers" not in unlisted else ():
        if phase not in phases:
            out.append(f"{where}, field 'phases': no phase {phase!r} is handled{did_you_mean(phase, phases)}; known phases: {', '.join(sorted(phases))}")
    where = f"{toml}/theme.toml: [text]" if toml else f"{code}: warp_text"
    for field in ("phases", "phase_help"):
        for phase in getattr(text, field):
            # A phase handled but missing from the turn is the turn's misspelling, named above.
            if phase not in settings.phases and phase not in phases:
                out.append(f"{where}, field '{field}.{phase}': {phase!r} is not a phase of the turn{did_you_mean(phase, settings.phases)}")
    try:
        ai_weights(pm)
    except SetupError as exc:
        out.append(str(exc))
    try:  # what a random map of the theme needs: its map rules, and one zone type for each die face
        check_map_inputs(pm, zones.values(), f"{toml}/zones.toml: " if toml else f"{code}: ")
    except ModuleError as exc:
        out.append(str(exc))
    out += _default_map_problems(pm, zones, max(2, min(len(factions), 8)), code)
    cards = tuple(ct for ct in card_types.values() for _ in range(ct.copies))
    book = Rulebook(info, settings, units, factions, zones, card_types, cards, effects, phases, text=text)
    if getattr(plugin, "lacking", ()) or {"warp_unit_types", "warp_zone_types"} & set(unlisted):
        return out  # entries missing, said once already: cards naming them would repeat it
    for type_id, effect in effects.items():
        for problem in effect.check(book):
            out.append(f"{card_file(type_id)}: card {type_id!r}, field 'params': {problem}")
    return out


def _default_map_problems(pm: Any, zones: dict[str, Any], most: int, code: str) -> list[str]:
    """What is wrong with the maps ``warp_default_map`` names for 2 to ``most`` players: a
    path to no file, a file that is no map, a map with zone types the theme lacks. ``play``
    would only find out when a game of that many players began."""
    from .mapgen.mapfile import MapFileError, load

    out: list[str] = []
    seen: set[str] = set()
    impls = [impl for impl in pm.hook.warp_default_map.get_hookimpls() if hasattr(impl.function, "__code__")]
    if impls:  # the theme's hook, where its author will look (the last registered answers first)
        code = _where(impls[-1].function).rstrip(": ") or code
    for players in range(2, most + 1):
        try:
            path = pm.hook.warp_default_map(players=players)
        except Exception as exc:  # the theme's own code: said as the rest of its errors are
            out.append(f"{code}: warp_default_map(players={players}) failed: {type(exc).__name__}: {exc}")
            break
        if path is None or str(path) in seen:
            continue
        seen.add(str(path))
        where = f"{code}: warp_default_map(players={players})"
        if not isinstance(path, (str, os.PathLike)):
            out.append(f"{where} must return the path of a map file or None, not {path!r}")
        elif not Path(path).is_file():
            out.append(f"{where} names {path}, which is not a file")
        else:
            try:
                unknown = sorted({z.type for z in load(path).zones} - set(zones))
            except (MapFileError, ValueError) as exc:
                out.append(f"{where} names {path}, which is not a map: {exc}")
                continue
            if unknown:
                out.append(f"{where} names {path}, whose zones are of types the theme lacks: {', '.join(unknown)}")
    return out
