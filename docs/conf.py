"""Sphinx configuration of the pocha-rules documentation.

Build with ``sphinx-build -n -W --keep-going -b html docs docs/_build/html``
(nitpicky, warnings are errors) and run the pages' examples with
``sphinx-build -b doctest docs docs/_build/doctest``. Both work offline:
intersphinx falls back to the inventories committed in ``_inventories/``.

The Spanish site is the same sources through the catalogs of
``locales/es/LC_MESSAGES``, built into the folder ``es/`` of the English one:
``sphinx-build -n -W --keep-going -D language=es -b html docs
docs/_build/html/es``. docs/contributing.md says how to update the catalogs.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from docutils.nodes import Element
from sphinx.addnodes import pending_xref
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.ext.autodoc.mock import mock
from sphinx.ext.napoleon.docstring import GoogleDocstring
from sphinx.pycode import ModuleAnalyzer
from sphinx.util import logging

import pocha_rules

logger = logging.getLogger(__name__)

DOCS = Path(__file__).resolve().parent
"""This folder: the sources of the site."""

project = "pocha-rules"
author = "The pocha-rules developers"
copyright = "The pocha-rules developers"
release = pocha_rules.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
    "sphinx.ext.doctest",
]

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build"]

# Every cross-reference must resolve (run with -n -W).
nitpicky = True
nitpick_ignore: list[tuple[str, str]] = [
    # Type variables of generic signatures (run_chunks, RayExecutor.submit).
    ("py:class", "pocha_rules.parallel.R"),
    ("py:class", "pocha_rules.cluster.T"),
    ("py:class", "pocha_rules.matches.G"),
    ("py:class", "G"),
    # gymnasium's autoreset modes, named unqualified in the learner's
    # vector environment's signature (gymnasium has no inventory to link to).
    ("py:class", "AutoresetMode"),
]
# The type variables of the game protocol (rules, state, move, view) and of
# the OpenSpiel games' shared classes (state, observer).
nitpick_ignore_regex = [("py:class", r"pocha_rules\.(games|_spiel|_common\.\w+)\._\w+")]
# The RL frameworks' own classes (in the adapters' signatures) have no
# inventory to link to.
nitpick_ignore_regex += [
    ("py:class", r"(pettingzoo|gymnasium|pyspiel|numpy|jax|starlette)\..*"),
    # JAX ships no inventory offline: its names stay plain text.
    ("py:(func|mod|class)", r"jax(\..*)?"),
    ("py:class", r"Array"),
]

# --- MyST ------------------------------------------------------------------

myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# --- autodoc / napoleon ------------------------------------------------------

autodoc_typehints = "description"
autodoc_typehints_format = "short"
autodoc_member_order = "bysource"
autodoc_preserve_defaults = True
autodoc_default_options: dict[str, object] = {}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_rtype = False
napoleon_attr_annotations = True
# Only parameters that the docstring describes get a type line: the private
# positional constructor of GameState has nothing to show.
autodoc_typehints_description_target = "documented_params"
# The adapters' frameworks are optional extras: where one is not installed,
# its adapter module is documented against stand-ins.
_EXTRAS = (
    "numpy",
    "gymnasium",
    "pettingzoo",
    "pyspiel",
    "open_spiel",
    "stable_baselines3",
    "jax",
    "starlette",
    "uvicorn",
    "websockets",
)
autodoc_mock_imports = [name for name in _EXTRAS if importlib.util.find_spec(name) is None]


def _attribute_docstring(self: GoogleDocstring) -> list[str]:
    """Parse an attribute's or a property's docstring as ordinary text.

    Napoleon reads ``"word: more words"`` on an attribute docstring's first
    line as ``type: description``. Every attribute and property of the library
    carries a real annotation instead, and many summaries use a colon
    (``"The largest hand: deck_size // players"``), so that reading would turn
    the summary into an unresolvable type.
    """
    lines = self._dedent(self._consume_to_end())
    return type(self)(lines, self._config).lines()


GoogleDocstring._parse_attribute_docstring = _attribute_docstring  # type: ignore[method-assign]

# --- intersphinx: the online inventories, with committed local copies as the
# fallback so that an offline build resolves the same links --------------------

intersphinx_mapping = {
    "python": ("https://docs.python.org/3", (None, "_inventories/python.inv")),
    "attrs": ("https://www.attrs.org/en/stable", (None, "_inventories/attrs.inv")),
    # numpy ships no inventory offline: the fallback lists the few names the
    # batch engine's reference links to.
    "numpy": ("https://numpy.org/doc/stable", (None, "_inventories/numpy.inv")),
}
intersphinx_timeout = 10

# --- doctest -----------------------------------------------------------------
# The pages' examples run with ``-b doctest``. The docstrings' own examples
# run under pytest (``--doctest-modules``) with their module's globals, so
# they are not run a second time here.

doctest_test_doctest_blocks = ""
doctest_global_setup = """
from pocha_rules import *
import importlib.util
no_pettingzoo = importlib.util.find_spec("pettingzoo") is None
no_openspiel = importlib.util.find_spec("pyspiel") is None
no_numpy = importlib.util.find_spec("numpy") is None
no_gymnasium = importlib.util.find_spec("gymnasium") is None
"""

# --- translations ------------------------------------------------------------
# One catalog per page (gettext_compact off): a page without a translation
# yet, or with new paragraphs, shows them in English until its catalog is
# updated (docs/contributing.md, "Translations").

language = "en"
locale_dirs = [str(DOCS / "locales")]
gettext_compact = False
gettext_uuid = False
gettext_location = False

# The languages, their folders and the pages each translates: site_languages.py.
sys.path.insert(0, str(DOCS))
from site_languages import LANGUAGES, translates  # noqa: E402

# --- HTML --------------------------------------------------------------------

html_theme = "furo"
# The search ranks the rules pages first among equal matches (the file says why).
# (Sphinx opens it from the working directory: the path is made absolute.)
html_search_scorer = str(DOCS / "search_scorer.js")
html_title = f"pocha-rules {release}"
html_static_path = ["_static"]
html_css_files = ["pocha.css"]
# The search page's summary and no-results sentence in Spanish and German.
html_js_files = ["search_messages.js"]
templates_path = ["_templates"]
# Furo's sidebar, with the language switch under the search box.
html_sidebars = {
    "**": [
        "sidebar/brand.html",
        "sidebar/search.html",
        "sidebar/languages.html",
        "sidebar/scroll-start.html",
        "sidebar/navigation.html",
        "sidebar/ethical-ads.html",
        "sidebar/scroll-end.html",
        "sidebar/variant-selector.html",
    ]
}


def _language_links(app: Sphinx, config: object) -> None:
    """Give the sidebar's language switch the path from this site's root to
    each language's root, with the pages each language has (``-D language=es``
    is known only once the configuration is read)."""
    here = LANGUAGES.get(app.config.language, LANGUAGES["en"]).folder
    up = "../" * here.count("/")
    app.config.html_context["pocha_languages"] = [
        (code, language.label, up + language.folder, language.pages)
        for code, language in LANGUAGES.items()
    ]


def _some_pages(app: Sphinx, config: object) -> None:
    """Build a language that translates some pages only (German: Poch's pages
    for players) as a site of those pages: its root is the first of them, the
    others are left out, and a link to one of those leads to the English site
    (through its inventory: build the English site first). The toctrees of the
    translated pages name the pages left out, and leave them out."""
    language = LANGUAGES.get(app.config.language)
    if language is None or language.pages is None:
        return
    config_ = app.config
    config_.root_doc = language.pages[0]
    sources = [*DOCS.rglob("*.md"), *DOCS.rglob("*.rst")]
    for source in sources:
        page = source.relative_to(DOCS).with_suffix("").as_posix()
        if not page.startswith("_") and not translates(app.config.language, page):
            config_.exclude_patterns.append(source.relative_to(DOCS).as_posix())
    english = Path(app.outdir).parent / "objects.inv"
    config_.intersphinx_mapping["site"] = ("../", (None, str(english)))
    config_.suppress_warnings = [*config_.suppress_warnings, "toc.excluded", "toc.not_readable"]


# --- public names defined in private modules ---------------------------------
# The package re-exports names from private modules (``pocha_rules._pocha.rules``)
# and sets their ``__module__`` to the public module, so that the reference
# says ``pocha_rules.RuleSet``. autodoc reads attribute docstrings and source
# order from the module named by ``__module__``; give that module's analyzer
# the entries of the private module each public name was defined in.


def _public_modules() -> list[ModuleType]:
    package = importlib.import_module("pocha_rules")
    found = [package]
    for info in pkgutil.iter_modules(package.__path__):
        if not info.name.startswith("_"):
            with mock(autodoc_mock_imports):
                found.append(importlib.import_module(f"pocha_rules.{info.name}"))
    return found


def _merge_private_sources(app: Sphinx) -> None:
    package = importlib.import_module("pocha_rules")
    with mock(autodoc_mock_imports):
        modules = [
            importlib.import_module(info.name)
            for info in pkgutil.walk_packages(package.__path__, "pocha_rules.")
            if not info.name.endswith("__main__")
        ]
    for public in _public_modules():
        target = ModuleAnalyzer.for_module(public.__name__)
        target.analyze()
        for name in getattr(public, "__all__", ()):
            obj = getattr(public, name)
            if getattr(obj, "__module__", None) != public.__name__:
                continue
            for module in modules:
                if module is public or getattr(module, name, None) is not obj:
                    continue
                source = ModuleAnalyzer.for_module(module.__name__)
                source.analyze()
                _copy_entries(source, target, name)


def _copy_entries(source: ModuleAnalyzer, target: ModuleAnalyzer, name: str) -> None:
    for scope, doc in source.attr_docs.items():
        if scope[0] == name or scope[0].startswith(f"{name}.") or scope == ("", name):
            target.attr_docs.setdefault(scope, doc)
    for scope, annotation in source.annotations.items():
        if scope[0] == name or scope[0].startswith(f"{name}."):
            target.annotations.setdefault(scope, annotation)
    for key, order in source.tagorder.items():
        if key == name or key.startswith(f"{name}."):
            target.tagorder.setdefault(key, order)


# --- names re-exported by the package -----------------------------------------
# ``pocha_rules.views`` and ``pocha_rules.bots`` define names that the package
# re-exports; the reference documents them once, as ``pocha_rules.observe``
# and so on. A reference written inside those modules' docstrings
# (``:func:`observe```, ``pocha_rules.views.observe``) is sent there.


def _reexported_target(target: str, module: str | None) -> str | None:
    if (module or "").startswith("pocha_rules.poch"):
        return None  # Poch's names are its own, never Pocha's
    name = target.lstrip(".")
    for prefix in ("pocha_rules.views.", "pocha_rules.bots.", "pocha_rules.records."):
        if name.startswith(prefix):
            name = name[len(prefix) :]
            break
    else:
        if not (module or "").startswith("pocha_rules"):
            return None
    if name.split(".", 1)[0] in pocha_rules.__all__:
        return f"pocha_rules.{name}"
    return None


def _resolve_reexported(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Element
) -> Element | None:
    if node.get("refdomain") != "py":
        return None
    target = _reexported_target(node["reftarget"], node.get("py:module"))
    if target is None or target == node["reftarget"]:
        return None
    domain = env.domains["py"]
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, node["reftype"], target, node, contnode
    )


# --- the reference must cover every public name -----------------------------------


def _check_coverage(app: Sphinx, env: BuildEnvironment) -> None:
    language = LANGUAGES.get(app.config.language)
    if language is not None and language.pages is not None:
        return  # a site of some pages only: the reference is the English one
    documented = set(env.domains["py"].objects)
    package = importlib.import_module("pocha_rules")
    for module in _public_modules():
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name)
            names = {f"{module.__name__}.{name}"}
            if module is not package and getattr(package, name, None) is obj:
                names.add(f"pocha_rules.{name}")
            if not names & documented:
                logger.warning("the API reference does not document %s", min(names))
        if module.__name__ not in env.domains["py"].modules:
            logger.warning("the API reference does not document module %s", module.__name__)


# --- standard-library classes named by their private module --------------------
# ``concurrent.futures.Executor`` is defined in ``concurrent.futures._base``,
# which is what a type hint names; Python's inventory has the public name.


def _resolve_public_stdlib(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Element
) -> Element | None:
    target = node.get("reftarget", "")
    if not target.startswith("concurrent.futures._base."):
        return None
    from sphinx.ext import intersphinx

    node["reftarget"] = "concurrent.futures." + target.rsplit(".", 1)[1]
    return intersphinx.missing_reference(app, env, node, contnode)


# --- two games, one name ---------------------------------------------------------
# Pocha and Poch each have a RuleSet, a GameState, a Card...: a short name
# in a type hint or a docstring means the one of the game whose module it is
# written in.


def _prefer_own_game() -> None:
    from sphinx.domains.python import PythonDomain

    original = PythonDomain.find_obj

    def find_obj(
        self: PythonDomain, env: BuildEnvironment, modname: str | None, *args: Any, **kwargs: Any
    ) -> Any:
        matches = original(self, env, modname, *args, **kwargs)
        if len(matches) > 1:
            poch = (modname or "").startswith("pocha_rules.poch")
            own = [m for m in matches if m[0].startswith("pocha_rules.poch.") == poch]
            if len(own) == 1:
                return own
        return matches

    PythonDomain.find_obj = find_obj  # type: ignore[method-assign]


# --- accessibility -----------------------------------------------------------------


def _heading_levels(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Give the sidebar's captions (``role="heading"``, from Sphinx's toctree)
    the level that screen readers need and Sphinx leaves out."""
    tree = context.get("furo_navigation_tree")
    if isinstance(tree, str):
        context["furo_navigation_tree"] = tree.replace(
            'role="heading">', 'role="heading" aria-level="2">'
        )


# --- numpy's names as the modules import them ------------------------------------
# Where numpy is not installed, autodoc documents the batch modules against a
# stand-in, and their hints keep the alias they were written with
# (``np.ndarray``): link them to numpy's own names, as a build with numpy does.


def _resolve_numpy_alias(
    app: Sphinx, env: BuildEnvironment, node: pending_xref, contnode: Element
) -> Element | None:
    target = node.get("reftarget", "")
    if not target.startswith("np."):
        return None
    from sphinx.ext import intersphinx

    node["reftarget"] = "numpy." + target[len("np.") :]
    return intersphinx.missing_reference(app, env, node, contnode)


# --- the Spanish search: the question words with their accents ------------------
# Sphinx's Spanish stopwords write the question words without their accents
# ("quien", "cuando", "donde"); a player types them with ("quién reparte
# primero"). The index then keeps "quién" as a word of its own (its stem,
# "quien", is a stopword), while the search page looks up that stem and finds
# no page at all. The accented forms are stopwords too.


def _spanish_search() -> type:
    from sphinx.search.es import SearchSpanish

    class SpanishSearch(SearchSpanish):
        stopwords = SearchSpanish.stopwords | {
            "quién",
            "quiénes",
            "cuándo",
            "cómo",
            "dónde",
            "cuál",
            "cuáles",
        }

    return SpanishSearch


def setup(app: Sphinx) -> None:
    app.add_search_language(_spanish_search())
    _prefer_own_game()
    # After Furo's own handler (priority 500), which builds the tree.
    app.connect("html-page-context", _heading_levels, priority=900)
    app.connect("config-inited", _language_links)
    # Before intersphinx reads its mapping (at priority 800).
    app.connect("config-inited", _some_pages, priority=400)
    app.connect("builder-inited", _merge_private_sources)
    app.connect("missing-reference", _resolve_public_stdlib)
    app.connect("missing-reference", _resolve_numpy_alias)
    app.connect("missing-reference", _resolve_reexported)
    app.connect("env-check-consistency", _check_coverage)
