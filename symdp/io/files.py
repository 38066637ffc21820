"""Reading a file the user named, with its size bounded before the bytes are read.

A path may lead anywhere: a link to ``/dev/zero`` (whose ``st_size`` is 0, so a size check on
the path passes and ``read_bytes`` then reads without end: 3.7 GB before the table check was
stopped), a FIFO (``open`` blocks until a writer comes), a folder, a file grown between the check
and the read. :func:`read_regular` opens without blocking, refuses anything that is not a regular
file, and reads at most one byte more than the limit whatever the size the system reported.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..errors import SymdpError

__all__ = ["FileRefused", "read_regular"]


class FileRefused(SymdpError):
    """A file that is not a regular file, or larger than the limit of what reads it."""


def read_regular(path: str | os.PathLike, max_bytes: int, what: str = "the file") -> bytes:
    """The bytes of the regular file `path`, at most `max_bytes` of them.

    Raises :class:`FileRefused` (naming `what`, the path and the limit) for a device, FIFO,
    socket or folder, and for a file longer than `max_bytes`; ``OSError`` for a path that does
    not exist or cannot be opened."""
    path = Path(path)
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = ("a folder" if stat.S_ISDIR(mode) else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode)
                    else "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "not a file")
            raise FileRefused(f"{what} {path} is {kind}, not a regular file")
        chunks, size = [], 0
        while size <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > max_bytes:
            raise FileRefused(f"{what} {path} has more than {max_bytes} bytes, the most it may have")
        return b"".join(chunks)
    finally:
        os.close(fd)
