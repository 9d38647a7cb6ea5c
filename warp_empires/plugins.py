"""Finding theme modules (discovery) and building a game's plugin manager (activation).

Discovery lists every module installed under the entry-point group
``warp_empires.modules`` plus the module folders given with ``--module-path``. A module
that fails to import is reported by name with the reason; the others still load.

Activation gives each game its own :class:`pluggy.PluginManager` holding the generic
ruleset, the one chosen theme and any extras, in that order.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.metadata
import importlib.resources
import importlib.util
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import attrs
import pluggy

from . import hookspecs
from .hookspecs import hookimpl
from .model.data import ModuleInfo
from .model.loading import DataError, ThemeData, did_you_mean, load_theme_data

ENTRY_POINT_GROUP = "warp_empires.modules"

#: The files of a theme's data/ folder that hold its entries: the entries' table, the
#: ThemeData field and the hook they answer, and the step of docs/authoring.md on them.
ENTRY_FILES = {
    "zones.toml": ("zone", "zone_types", "warp_zone_types", 3),
    "units.toml": ("unit", "unit_types", "warp_unit_types", 4),
    "factions.toml": ("faction", "factions", "warp_factions", 5),
    "cards.toml": ("card", "card_types", "warp_card_types", 6),
}
DATA_FILES = ("theme.toml", *ENTRY_FILES)

#: Import names of the modules loaded from --module-path folders, which nobody knows them by.
_FOLDER_MODULES: set[str] = set()


class ModuleError(ValueError):
    """A theme module cannot be found or loaded; the message names it."""


#: While ``module check`` imports a theme, the data problems its ThemePlugin meets are
#: listed here rather than raised, so that its code and cards can be checked too.
_COLLECTING: list[list[str]] = []


@contextlib.contextmanager
def collecting_data_problems() -> Iterator[list[str]]:
    """Import a theme whose data has problems anyway: they are added to the list this
    gives rather than raised (the plugin is then only good for finding more problems)."""
    found: list[str] = []
    _COLLECTING.append(found)
    try:
        yield found
    finally:
        _COLLECTING.pop()


class ThemePlugin:
    """Answers the data hooks from a theme's TOML files.

    A theme package usually subclasses it to add rule hooks::

        class DoctorWho(ThemePlugin):
            @hookimpl
            def warp_setup(self, game): ...

        plugin = DoctorWho(__name__)

    and its entry point (or folder) exposes ``plugin``.
    """

    def __init__(self, source: str | Path):
        if isinstance(source, str) and source.partition(".")[0] in _FOLDER_MODULES:
            # Imported under a name of the engine's: its messages name its folder instead.
            source = Path(str(importlib.resources.files(source))) / "data"
        data, lacking = checked_theme_data(source, _COLLECTING[-1] if _COLLECTING else None, type(self))
        self.data: ThemeData = data
        #: The data files that gave nothing (missing, unreadable or without entries): what
        #: other entries name in them goes unchecked, as it would only repeat that.
        self.lacking: frozenset[str] = lacking

    @hookimpl
    def warp_module_info(self):
        return self.data.info

    @hookimpl
    def warp_settings(self):
        return self.data.settings

    @hookimpl
    def warp_text(self):
        return self.data.text

    @hookimpl
    def warp_map_rules(self, players):
        return self.data.map_rules

    @hookimpl
    def warp_unit_types(self):
        return list(self.data.unit_types)

    @hookimpl
    def warp_card_types(self):
        return list(self.data.card_types)

    @hookimpl
    def warp_factions(self):
        return list(self.data.factions)

    @hookimpl
    def warp_zone_types(self):
        return list(self.data.zone_types)

    @hookimpl
    def warp_ai_weights(self):
        return self.data.ai_weights


def checked_theme_data(source: str | Path, problems: list[str] | None = None, kind: type = ThemePlugin) -> tuple[ThemeData, frozenset[str]]:
    """:func:`load_theme_data`, with the data folder itself checked: every file of entries
    must be there and hold some (a game needs zones, units, factions and cards) unless
    ``kind``, the theme's class, answers their hook in code; and no other ``.toml`` file
    may be there (a misspelt one would leave its entries silently out). Also gives the
    files that gave nothing (missing, unreadable or without entries), which later checks
    pass over. Raises, or adds to ``problems``, as the loader does."""
    found: list[str] = []
    data = load_theme_data(source, found)
    folder = source if isinstance(source, Path) else importlib.resources.files(source) / "data"
    present = {f.name for f in folder.iterdir() if f.is_file()} if folder.is_dir() else set()
    ours = [
        f"{data.folder}/{name}: not a data file of a theme{did_you_mean(name, DATA_FILES)}; the data files are {', '.join(sorted(DATA_FILES))}"
        for name in sorted(present - set(DATA_FILES)) if name.endswith(".toml")
    ]
    lacking = set(data.unread)
    for name, (table, field, hook, step) in ENTRY_FILES.items():
        if getattr(kind, hook, None) is not getattr(ThemePlugin, hook) or getattr(data, field):
            continue
        lacking.add(name)
        if name not in present:
            ours.append(f"{data.folder}/{name} is missing; every theme needs one, with its [[{table}]] entries (docs/authoring.md, step {step})")
        elif name not in data.unread:  # else the loader said why it could not be read
            ours.append(f"{data.folder}/{name}: no [[{table}]] entries; a theme needs at least one (docs/authoring.md, step {step})")
    found = ours + found
    if problems is None and found:
        raise DataError(found[0])
    if problems is not None:
        problems.extend(found)
    return data, frozenset(lacking)


@attrs.frozen
class ModuleEntry:
    """A theme module that loaded: its name, the object to register and its info."""

    name: str
    plugin: Any
    info: ModuleInfo
    origin: str


@attrs.frozen
class Discovery:
    """What :func:`discover` found: modules by name, and why others failed (by name or
    folder). ``clashes`` names the modules two places offer, which are refused."""

    modules: dict[str, ModuleEntry]
    failures: dict[str, str]
    clashes: dict[str, str] = attrs.field(factory=dict)


def _plugin_of(obj: Any) -> Any:
    """A module exposing ``plugin`` registers that object; anything else registers itself.
    A module that holds a ThemePlugin under another name, or only its class, is refused
    with a line saying what to write (it would register itself, answering nothing)."""
    if not isinstance(obj, ModuleType):
        return obj
    where = f"{getattr(obj, '__file__', None) or obj.__name__}: "
    plugin = getattr(obj, "plugin", None)
    if isinstance(plugin, type) and issubclass(plugin, ThemePlugin):
        raise ModuleError(f"{where}'plugin' is the class {plugin.__name__}; the engine registers an object of it: plugin = {plugin.__name__}(...)")
    if plugin is not None:
        return plugin
    for name, value in vars(obj).items():
        if isinstance(value, ThemePlugin):
            raise ModuleError(f"{where}the theme's plugin is called {name!r}; the engine registers the one called 'plugin'")
    for name, value in vars(obj).items():
        # A ThemePlugin of the package's own (in it or in one of its modules), never made.
        if isinstance(value, type) and issubclass(value, ThemePlugin) and value.__module__.startswith(obj.__name__):
            raise ModuleError(f"{where}it defines {name}, a ThemePlugin, but no 'plugin = {name}(...)' for the engine to register")
    if not any(hasattr(value, f"{hookspecs.PROJECT}_impl") for value in vars(obj).values()):
        raise ModuleError(f"{where}it holds no theme: no 'plugin = YourTheme(...)' and no hook of its own (docs/authoring.md, step 7)")
    return obj


def _folder_of(plugin: Any) -> Path | None:
    """The folder holding the code of ``plugin`` (a module, or an object of a module's class)."""
    module = plugin if isinstance(plugin, ModuleType) else sys.modules.get(type(plugin).__module__)
    path = getattr(module, "__file__", None)
    return Path(path).resolve().parent if path else None


def _info(name: str, plugin: Any) -> ModuleInfo:
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(plugin, name=name)
    pm.check_pending()
    info = pm.hook.warp_module_info()
    if info is None:
        raise ModuleError("it is not a theme module (it answers no warp_module_info hook)")
    return info


def check_module(name: str, plugin: Any) -> None:
    """Raise with the first thing a game of this theme would trip over, so that
    ``warp-empires modules`` reports it by name before anyone plays: a ``warp_...``
    method without ``@hookimpl`` (the engine would never call it), data that does not fit
    together, a card naming an effect, a unit tag or a zone type that does not exist, a
    phase without a handler."""
    from .rulebook import Rulebook

    for attr in sorted(dir(plugin)):
        method = getattr(plugin, attr, None)
        if attr.startswith("warp_") and callable(method) and not hasattr(method, f"{hookspecs.PROJECT}_impl"):
            where = _where(method)
            raise ModuleError(f"{where}{attr} has no @hookimpl above it, so the engine would never call it")
    pm = new_manager()
    pm.register(plugin, name=name)
    pm.check_pending()
    folder = getattr(getattr(plugin, "data", None), "folder", "")
    try:
        book = Rulebook.from_plugins(pm)
    except ValueError as exc:
        # A card's problem is the theme's cards.toml's: say so, when the cards come from there.
        if folder and str(exc).startswith("card "):
            raise type(exc)(f"{folder}/cards.toml: {exc}") from None
        if folder and str(exc).startswith("[text]"):
            raise type(exc)(f"{folder}/theme.toml: {exc}") from None
        raise
    check_map_inputs(pm, book.zone_types.values(), f"{folder}/zones.toml: " if folder else "")


def map_rules(pm: Any, players: int) -> Any:
    """The theme's ``warp_map_rules`` for ``players`` (the first answer, as the hook gives
    it); ModuleError naming the file and line of an answer that is no MapRules."""
    from .model.data import MapRules

    for impl in reversed(pm.hook.warp_map_rules.get_hookimpls()):  # the order the hook asks them in
        answer = impl.function(*[{"players": players}[a] for a in impl.argnames])
        if answer is None:
            continue
        if not isinstance(answer, MapRules):
            raise ModuleError(f"{_where(impl.function)}{impl.plugin_name}: warp_map_rules must return a MapRules or None, "
                              f"not {type(answer).__name__} {str(answer)[:40]}")
        return answer
    return MapRules()


def check_map_inputs(pm: Any, zone_types: Any, where: str = "") -> None:
    """Raise ModuleError if a random map of the theme could not even be begun: its
    ``warp_map_rules`` answers something else than a MapRules, or its zone types' rolls
    give a die face twice or a face the die lacks (``where`` names the zone types' file).
    A theme whose zone types roll no face plays only on maps it ships."""
    from .model.data import roll_table

    rules = map_rules(pm, 2)
    if any(zt.rolls for zt in zone_types):
        try:
            roll_table(zone_types, rules.die)
        except ValueError as exc:
            raise ModuleError(f"{where}{exc}") from None


def _where(function: Any) -> str:
    """``file:line: `` of a function's definition, or nothing when it cannot be found."""
    code = getattr(getattr(function, "__func__", function), "__code__", None)
    return f"{code.co_filename}:{code.co_firstlineno}: " if code is not None else ""


def _load_folder(path: Path) -> Any:
    """Import a module package from a folder, under a name that cannot clash."""
    name = f"warp_local_{path.name}"
    spec = importlib.util.spec_from_file_location(name, path / "__init__.py", submodule_search_locations=[str(path)])
    if spec is None or spec.loader is None:
        raise ModuleError(f"{path} is not a Python package (no __init__.py)")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    _FOLDER_MODULES.add(name)
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


def module_folders(path: Path, unpackaged: bool = False) -> list[Path]:
    """The module folders ``--module-path path`` names: ``path`` itself when it is one,
    else the ones in it and in the theme projects in it (a folder with a ``pyproject.toml``,
    as ``module new NAME --dir path`` makes: ``path/NAME/warp_NAME``). ``unpackaged``
    also takes folders with a ``data/theme.toml`` but no ``__init__.py``."""

    def is_module(folder: Path) -> bool:
        return (folder / "__init__.py").is_file() or (unpackaged and (folder / "data" / "theme.toml").is_file())

    if is_module(path):
        return [path]
    if not path.is_dir():
        return []
    found = []
    for child in sorted(path.iterdir()):
        if is_module(child):
            found.append(child)
        elif (child / "pyproject.toml").is_file():
            try:
                inside = sorted(child.iterdir())
            except OSError:  # a project folder we may not read holds nothing we can load
                continue
            # The project's theme package (`module new` names it warp_NAME) is its theme with
            # its theme.toml there or not: loaded, a missing or misnamed one is named, where
            # passing it over hid the theme. Another package (tests/) needs its theme.toml.
            found.extend(p for p in inside if is_module(p) and (
                (p / "data" / "theme.toml").is_file() or (p.name.startswith("warp_") and (p / "data").is_dir())))
    return found


def _folder_candidates(path: Path) -> list[Path]:
    path = Path(path)
    if not path.is_dir():
        raise ModuleError(f"module path {path} is not a folder")
    found = module_folders(path)
    if not found:
        hint = " (it has a data/ folder: add an __init__.py to make it a package)" if (path / "data").is_dir() else ""
        raise ModuleError(f"module path {path} holds no theme module: neither it nor a folder in it has an __init__.py{hint}")
    return found


def _packageless(path: Path) -> list[Path]:
    """Folders in ``path`` that look like theme modules but lack an ``__init__.py``."""
    return [p for p in module_folders(path, unpackaged=True) if p != path and not (p / "__init__.py").is_file()]


def _short(exc: BaseException, folder: Path | None = None) -> str:
    """``exc`` in one line; an error raised in the theme's own code in ``folder`` (its hook
    building an effect wrongly, say) names the file and line it was raised at."""
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    out = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    # The engine's own errors name their file already; a plain Python error does not.
    if folder is not None and not isinstance(exc, (DataError, ModuleError, pluggy.PluginValidationError)) and type(exc).__name__ != "SetupError":
        import traceback

        inside = [f for f in traceback.extract_tb(exc.__traceback__) if Path(f.filename).resolve().is_relative_to(folder.resolve())]
        if inside:
            out = f"{inside[-1].filename}:{inside[-1].lineno}: {out}"
    return out


def discover(module_paths: Iterable[str | Path] = ()) -> Discovery:
    """Every theme module that can be used, and every one that failed with its reason."""
    modules: dict[str, ModuleEntry] = {}
    failures: dict[str, str] = {}
    clashes: dict[str, str] = {}
    for ep in sorted(importlib.metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        try:
            plugin = _plugin_of(ep.load())
            modules[ep.name] = ModuleEntry(ep.name, plugin, _info(ep.name, plugin), f"entry point {ep.value}")
            check_module(ep.name, plugin)
        except Exception as exc:  # a broken module must not stop the others
            modules.pop(ep.name, None)
            failures[ep.name] = _short(exc)
    for raw in module_paths:
        try:
            folders = _folder_candidates(Path(raw))
        except ModuleError as exc:
            failures[str(raw)] = str(exc)
            continue
        for folder in _packageless(Path(raw)):
            failures[folder.name] = f"{folder} has a data/theme.toml but no __init__.py, so it is not loaded"
        for folder in folders:
            try:
                plugin = _plugin_of(_load_folder(folder))
                info = _info(folder.name, plugin)
                check_module(folder.name, plugin)
            except Exception as exc:
                failures[folder.name] = _short(exc, folder)
                continue
            if info.name in modules and _folder_of(modules[info.name].plugin) == folder.resolve():
                continue  # the installed theme's own folder (pip install -e), named again: the same theme
            if info.name in modules:
                # Never let a folder silently stand in for a module of the same name.
                clash = f"{folder} is a module named {info.name!r}, like the one from {modules[info.name].origin}; rename one of them"
                failures[str(folder)] = clashes[info.name] = clash
                continue
            modules[info.name] = ModuleEntry(info.name, plugin, info, str(folder))
    return Discovery(modules, failures, clashes)


_cache: dict[tuple[str, ...], Discovery] = {}


def find_module(name: str, module_paths: Iterable[str | Path] = ()) -> ModuleEntry:
    """The module called ``name``; a :class:`ModuleError` lists the ones there are."""
    key = tuple(str(p) for p in module_paths)
    found = _cache.get(key)
    if found is None or name not in found.modules:
        found = _cache[key] = discover(module_paths)
    for raw in key:
        if raw in found.failures and not (Path(raw) / "__init__.py").is_file():
            raise ModuleError(found.failures[raw])  # a --module-path that gives nothing at all
    if name in found.clashes:
        raise ModuleError(found.clashes[name])
    if name in found.modules:
        return found.modules[name]
    if name in found.failures:
        raise ModuleError(f"module {name!r} failed to load: {found.failures[name]}")
    failed = "".join(f"; {k} failed to load: {v}" for k, v in sorted(found.failures.items())[:1])
    more = f" (and {len(found.failures) - 1} more; see `warp-empires modules`)" if len(found.failures) > 1 else ""
    # A module that failed to load may be the one asked for under its own name.
    raise ModuleError(f"unknown module {name!r}; installed modules: {', '.join(sorted(found.modules)) or 'none'}{failed}{more}")


class _Manager(pluggy.PluginManager):
    """A plugin manager that works out only once what the hook specifications and the
    hooks of a module or a theme are.

    Every game gets a fresh manager, and pluggy finds a plugin's hooks by reading each of
    its attributes with ``inspect.getattr_static`` and each hook's arguments with
    ``inspect.signature``: that was most of the cost of setting up a game. The
    specifications, modules and theme objects last as long as the program, so what pluggy
    made of them the first time (its ``HookSpec`` and ``HookImpl`` records, which hold no
    reference to a manager) is kept (with the object itself, so that its id cannot be
    reused) and handed to every later manager, in the order pluggy would have added them.
    Any other plugin, an extra listener say, is looked at afresh.
    """

    #: Whether every plugin registered is a module or a theme object: such plugins last as
    #: long as the program and answer the data hooks the same way every time, so games
    #: with the same ones may share a rulebook (see :meth:`Rulebook.from_plugins`).
    lasting = True

    #: Whether the specifications came from :mod:`hookspecs` alone, as pluggy made them
    #: for the first manager: only then may kept hooks, checked against them, be reused.
    _kept_specs = False

    def add_hookspecs(self, module_or_class: Any) -> None:
        if module_or_class is not hookspecs or vars(self.hook) or not _SPECS:
            super().add_hookspecs(module_or_class)
            if module_or_class is hookspecs and not _SPECS:
                _SPECS.extend(caller.spec for caller in vars(self.hook).values())
                self._kept_specs = True
            else:
                self._kept_specs = False
            return
        for spec in _SPECS:  # no hook is historic: a caller needs only its name and spec
            caller = pluggy.HookCaller(spec.name, self._hookexec)
            caller.spec = spec
            setattr(self.hook, spec.name, caller)
        self._kept_specs = True

    def register(self, plugin: Any, name: str | None = None) -> str | None:
        if not isinstance(plugin, (ModuleType, ThemePlugin)):
            self.lasting = False
            return super().register(plugin, name)
        plugin_name = name or self.get_canonical_name(plugin)
        impls = _IMPLS.get((id(plugin), plugin_name)) if self._kept_specs else None
        if impls is None or plugin_name in self._name2plugin or any(p is plugin for p in self._name2plugin.values()) or _changed(plugin, impls):
            registered = super().register(plugin, name)  # pluggy checks it, and names any fault
            if registered is not None and self._kept_specs and _KEPT_PLUGINS.setdefault(id(plugin), plugin) is plugin:
                _IMPLS[(id(plugin), registered)] = [
                    (hook_name, impl) for hook_name, caller in vars(self.hook).items() for impl in caller.get_hookimpls() if impl.plugin is plugin
                ]
            return registered
        self._name2plugin[plugin_name] = plugin
        hook = self.hook
        for hook_name, impl in impls:
            caller = getattr(hook, hook_name, None)
            if caller is None:  # a hook no specification declares (check_pending names it)
                caller = pluggy.HookCaller(hook_name, self._hookexec)
                setattr(hook, hook_name, caller)
            caller._add_hookimpl(impl)
        return plugin_name

    def parse_hookimpl_opts(self, plugin: Any, name: str) -> Any:
        return _kept(plugin, name, "impl", super().parse_hookimpl_opts)

    def parse_hookspec_opts(self, module_or_class: Any, name: str) -> Any:
        return _kept(module_or_class, name, "spec", super().parse_hookspec_opts)


#: What pluggy made of the hook specifications, and of each lasting plugin's hooks
#: under the name it was registered by (see :class:`_Manager`).
_SPECS: list[Any] = []
_IMPLS: dict[tuple[int, str], list[tuple[str, Any]]] = {}
_KEPT_PLUGINS: dict[int, Any] = {}
_KEPT_OPTS: dict[tuple[int, str, str], Any] = {}


def _changed(plugin: Any, impls: list[tuple[str, Any]]) -> bool:
    """Whether a hook of ``plugin`` is no longer the function its kept record was made
    from (a program, or a test, put another in its place)."""
    for hook_name, impl in impls:
        now = getattr(plugin, hook_name, None)
        if now is not impl.function and getattr(now, "__func__", now) is not getattr(impl.function, "__func__", None):
            return True
    return False


def _kept(plugin: Any, name: str, kind: str, parse: Any) -> Any:
    if not isinstance(plugin, (ModuleType, ThemePlugin)):
        return parse(plugin, name)
    if _KEPT_PLUGINS.setdefault(id(plugin), plugin) is not plugin:
        return parse(plugin, name)  # cannot happen while the first one is kept; never guess
    key = (id(plugin), name, kind)
    if key not in _KEPT_OPTS:
        _KEPT_OPTS[key] = parse(plugin, name)
    opts = _KEPT_OPTS[key]
    return None if opts is None else dict(opts)  # pluggy fills in defaults in the dict it gets


def new_manager() -> pluggy.PluginManager:
    """A plugin manager holding only the generic ruleset."""
    from .rules import generic

    pm = _Manager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    pm.register(generic, name="generic")
    return pm


def make_manager(module: str | Any, extras: Iterable[Any] = (), module_paths: Iterable[str | Path] = ()) -> pluggy.PluginManager:
    """A fresh manager for one game: generic ruleset, the theme, then the extras.

    ``module`` is a module name or an already loaded plugin object.
    Raises :class:`ModuleError` for an unknown module and
    :class:`pluggy.PluginValidationError` for a hook implementation no hook matches.
    """
    pm = new_manager()
    if isinstance(module, str):
        entry = find_module(module, module_paths)
        pm.register(entry.plugin, name=entry.name)
    else:
        pm.register(module, name=getattr(module, "__name__", type(module).__name__))
    for i, extra in enumerate(extras):
        pm.register(extra, name=f"extra{i}:{getattr(extra, '__name__', type(extra).__name__)}")
    pm.check_pending()
    return pm


__all__ = [
    "DataError",
    "Discovery",
    "ENTRY_POINT_GROUP",
    "ModuleEntry",
    "ModuleError",
    "ThemePlugin",
    "discover",
    "find_module",
    "make_manager",
]
