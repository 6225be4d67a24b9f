"""Shared pytest configuration for mjspec's unit tests (``browser_site``: the built site and
the browser, one of each per session, for every browser test file)."""

pytest_plugins = ["pytester", "browser_site"]
