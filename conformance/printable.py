"""Text that is safe on a terminal and in XML: control characters shown as escapes.

Engine names, messages and stderr, and fixture titles, reach the text, JUnit and HTML
reports. A raw escape character would drive the reader's terminal, and XML 1.0 cannot
hold most control characters at all; each such character is written as its Python
escape (``\\x1b``), so the report stays one valid document that says what was there.
Newlines and tabs are kept.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every control character but newline and tab escaped."""
    return _UNSAFE.sub(_escape, text)
