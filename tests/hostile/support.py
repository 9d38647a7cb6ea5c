"""Shared pieces of the hostile-input tests: a disk that fails on cue, and the one-line check.

Every hostile case must end with one clear line, exit code 1 or 2 and no traceback, and
must leave every save already written as it was.
"""

from __future__ import annotations

import errno
from pathlib import Path

from click.testing import Result

from warp_empires import saves


def refused(result: Result, *, code: int | tuple[int, ...] = (1, 2)) -> str:
    """The one ``Error:`` line of a refused command (its last line), after checking the exit
    code and that no traceback was printed."""
    codes = (code,) if isinstance(code, int) else code
    assert result.exit_code in codes, result.output
    assert "Traceback" not in result.output, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert lines and lines[-1].startswith("Error: "), result.output
    errors = [line for line in lines if line.startswith("Error: ")]
    assert len(errors) == 1, result.output
    return lines[-1][len("Error: "):]


class FailingDisk:
    """Makes writes into ``folder`` fail, as a full disk or a folder turned read-only would.

    ``ok`` writes succeed first (the save a game starts with); then every write fails with
    ``fault`` until :meth:`heal` is called. Writes elsewhere are untouched.
    """

    def __init__(self, monkeypatch, folder: Path, ok: int = 1, fault: int = errno.EROFS):
        self.folder = Path(folder).resolve()
        self.ok = ok
        self.fault = fault
        self.failed = 0
        real = saves.tempfile.mkstemp

        def mkstemp(*args, dir=None, **kwargs):
            if dir is not None and Path(dir).resolve() == self.folder:
                if self.ok > 0:
                    self.ok -= 1
                else:
                    self.failed += 1
                    raise OSError(self.fault, "Read-only file system" if self.fault == errno.EROFS else "No space left on device")
            return real(*args, dir=dir, **kwargs)

        monkeypatch.setattr(saves.tempfile, "mkstemp", mkstemp)

    def heal(self) -> None:
        self.ok = 10**9
