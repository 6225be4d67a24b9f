"""Shared pytest configuration for mjspec's unit tests."""

pytest_plugins = ["pytester"]
