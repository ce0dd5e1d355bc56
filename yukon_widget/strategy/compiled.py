"""The solver's core compiled with mypyc: the same Python source, two to three times as fast.

The searches (``search``, and ``beam`` for hard wins) and what they run on every position
(``engine.board``, ``safety``, ``relaxation``, ``crossings``, ``pairs`` and ``triples``) are
plain Python, and stay the reference. ``build`` copies those eight modules into
``yukon_widget/_compiled/`` (their imports pointed at one another's copies) and compiles them
with mypyc, when mypy and a C compiler are at hand; ``./dev`` runs it on setup, and so does
``python -m yukon_widget compile``. ``core`` returns the compiled ``search`` module when it
was built from the very sources in this tree (their hash is stored with the build), else the
pure one: a missing, stale or broken build is never used, only reported by ``status``.
``YUKON_WIDGET_PURE=1`` in the environment asks for the pure module. The tests hold the two to
the same verdicts, node counts and lines.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.machinery
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from . import beam as _pure_beam
from . import search as _pure

PACKAGE = "yukon_widget._compiled"
"""Where the build lives (generated, ignored by git, left out of the wheel)."""

MODULES = {
    "board": "yukon_widget.engine.board",
    "safety": "yukon_widget.strategy.safety",
    "relaxation": "yukon_widget.strategy.relaxation",
    "crossings": "yukon_widget.strategy.crossings",
    "pairs": "yukon_widget.strategy.pairs",
    "triples": "yukon_widget.strategy.triples",
    "search": "yukon_widget.strategy.search",
    "beam": "yukon_widget.strategy.beam",
}
"""The modules compiled, by their names in the build: the searches and all they call per move."""

_ROOT = Path(__file__).resolve().parent.parent  # the yukon_widget package folder
_TARGET = _ROOT / "_compiled"
_loaded: ModuleType | None = None
_why = ""  # why the compiled core is not used, in words


def _source(module: str) -> Path:
    return _ROOT.joinpath(*module.split(".")[1:]).with_suffix(".py")


def source_hash() -> str:
    """A hash of the eight sources as they are now (a build records the one it was made from)."""
    digest = hashlib.sha256()
    for name, module in MODULES.items():
        digest.update(name.encode() + b"\0" + _source(module).read_bytes() + b"\0")
    return digest.hexdigest()


def core() -> ModuleType:
    """The ``search`` module to run: the compiled one when it is built from these sources and
    loads, else the pure one (always, when ``YUKON_WIDGET_PURE`` is set to anything but 0)."""
    global _loaded, _why
    if _pure_asked():
        return _pure
    if _loaded is None:
        _loaded, _why = _load()
    return _loaded


def beam() -> ModuleType:
    """The ``beam`` module to run: from the same build as ``core``'s, else the pure one."""
    if core() is _pure:
        return _pure_beam
    return importlib.import_module(PACKAGE + ".beam")


def status() -> str:
    """Which core ``core`` returns, and if it is the pure one, why, in words."""
    module = core()
    if module is not _pure:
        return "compiled (mypyc)"
    if _pure_asked():
        return "pure Python (YUKON_WIDGET_PURE is set)"
    return f"pure Python ({_why})"


def _pure_asked() -> bool:
    return os.environ.get("YUKON_WIDGET_PURE", "0") not in ("", "0")


def _load() -> tuple[ModuleType, str]:
    try:
        package = importlib.import_module(PACKAGE)
    except ImportError:
        return _pure, "not built: run python -m yukon_widget compile"
    if getattr(package, "SOURCE_HASH", None) != source_hash():
        return _pure, "built from other sources: run python -m yukon_widget compile again"
    try:
        module = importlib.import_module(PACKAGE + ".search")
    except Exception as error:  # a build for another Python, a missing library, ...
        return _pure, f"the build does not load ({error})"
    suffix = "".join(Path(module.__file__ or "").suffixes)
    if suffix not in importlib.machinery.EXTENSION_SUFFIXES:
        return _pure, "the build holds no compiled module for this Python"
    return module, ""


def _absolute(module: str, dots: str, rest: str) -> str:
    """The absolute name of ``from <dots><rest> import`` written in ``module``."""
    base = module.split(".")[: -len(dots)]
    return ".".join(base + ([rest] if rest else []))


def _copy(module: str) -> str:
    """The source of ``module`` with its relative imports made absolute, except imports of
    another compiled module, which point at its copy in the build."""
    compiled = {full: name for name, full in MODULES.items()}

    def point(match: re.Match[str]) -> str:
        target = _absolute(module, match.group(1), match.group(2))
        if target in compiled:
            return f"from .{compiled[target]} import"
        return f"from {target} import"

    text = _source(module).read_text()
    return re.sub(r"^from (\.+)([\w.]*) import", point, text, flags=re.M)


_SETUP = """
import sys
from setuptools import setup
from mypyc.build import mypycify

paths = sys.argv[1:]
setup(
    name="yukon-widget-compiled",
    ext_modules=mypycify(paths, group_name="{package}.core", opt_level="3"),
    script_args=["build_ext", "--inplace", "--build-temp", "{temp}"],
)
"""


def build(force: bool = False) -> str:
    """Compile the core into ``yukon_widget/_compiled`` unless a current build is there.

    Returns what happened, in words. Raises RuntimeError (saying why) when mypyc or a C
    compiler is missing or the compilation fails; the pure core is used meanwhile, and a
    failed build leaves no half-built package behind (it is made aside and moved in whole).
    """
    global _loaded
    wanted = source_hash()
    current = _TARGET.is_dir() and _read_hash(_TARGET / "__init__.py") == wanted
    if current and not force and _compiled_files(_TARGET):
        return f"the compiled core is up to date ({_TARGET})"
    try:
        import mypyc  # noqa: F401
    except ImportError:
        raise RuntimeError("mypyc is not installed (pip install mypy)") from None
    if not (shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")):
        raise RuntimeError("no C compiler (cc, gcc or clang) was found")
    # Built in place, where mypy finds the pure modules the copies import. The hash is
    # written last: a build that fails half-way is never loaded, and is removed.
    shutil.rmtree(_TARGET, ignore_errors=True)
    _TARGET.mkdir()
    doc = (
        '"""The solver\'s core compiled with mypyc (generated by '
        'yukon_widget.strategy.compiled.build: do not edit)."""\n'
    )
    (_TARGET / "__init__.py").write_text(doc)
    paths = []
    for name, module in MODULES.items():
        (_TARGET / f"{name}.py").write_text(_copy(module))
        paths.append(str(_TARGET / f"{name}.py"))
    # setuptools runs in a scratch folder (it would read the project's pyproject.toml) and
    # writes the compiled modules there; mypy finds this package through PYTHONPATH.
    with tempfile.TemporaryDirectory(prefix="yukon-compile-") as tmp:
        setup = _SETUP.format(package=PACKAGE, temp=str(Path(tmp, "temp")))
        env = dict(os.environ, MYPY_CACHE_DIR=str(Path(tmp, "mypy-cache")))
        path = [str(_ROOT.parent), env.get("PYTHONPATH", "")]
        env["PYTHONPATH"] = os.pathsep.join(p for p in path if p)
        built = Path(tmp).joinpath(*PACKAGE.split("."))
        built.mkdir(parents=True)
        done = subprocess.run(
            [sys.executable, "-c", setup, *paths],
            cwd=tmp,
            env=env,
            capture_output=True,
            text=True,
        )
        for library in built.iterdir():
            shutil.copy2(library, _TARGET / library.name)
    if done.returncode or not _compiled_files(_TARGET):
        shutil.rmtree(_TARGET, ignore_errors=True)
        tail = "\n".join((done.stdout + done.stderr).strip().splitlines()[-15:])
        raise RuntimeError(f"mypyc could not compile the core:\n{tail}")
    shutil.rmtree(_TARGET / "__pycache__", ignore_errors=True)
    (_TARGET / "__init__.py").write_text(doc + f'\nSOURCE_HASH = "{wanted}"\n')
    _loaded = None  # load the new build on the next ``core()``
    return f"compiled the core into {_TARGET}"


def _read_hash(path: Path) -> str | None:
    try:
        found = re.search(r'SOURCE_HASH = "([0-9a-f]+)"', path.read_text())
    except OSError:
        return None
    return found.group(1) if found else None


def _compiled_files(folder: Path) -> bool:
    """Every module of the build is there compiled for this Python."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return all((folder / f"{name}{suffix}").exists() for name in MODULES)
