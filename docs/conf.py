"""Sphinx configuration of the mjspec site (built with ``-W -n --keep-going -j auto``)."""

from __future__ import annotations

import sys
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "_ext"))

project = "mjspec"
author = "the mjspec authors"
copyright = "the mjspec authors"
try:
    release = metadata.version("mjspec")
except metadata.PackageNotFoundError:  # building from a checkout that is not installed
    release = "0+unknown"
version = release

extensions = ["mjspec_docs"]

exclude_patterns = ["_build", "node_modules", "README.md", ".*"]
nitpicky = True
highlight_language = "none"
language = "en"

html_theme = "furo"
html_title = "mjspec"
html_static_path = ["_static"]
html_css_files = ["mjspec.css"]
html_favicon = "_static/favicon.svg"  # a red dragon tile: browsers ask for one
html_theme_options = {"navigation_with_keys": True}

# The live examples read the bundled corpus; set ``mjspec_scenario_paths`` to a list of
# folders (relative to this file) to preview proposed fixtures instead.
