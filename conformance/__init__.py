"""mjspec's conformance tooling: loading and validating the spec, engine plugins, the runner,
reports, the command line and the pytest plugin."""

__version__ = "0.1.0"
