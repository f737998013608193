#!/usr/bin/env python3
"""The REPL's first answer, timed as a user sees it: starts `tools/thordb repl` on a terminal
(a pseudo-terminal), waits for its prompt, types a query, and measures the time from the Enter to
the next prompt (the answer printed whole). Prints one line of JSON.

Usage: tools/repl_first_answer.py STORE 'year = 1990'
"""
import fcntl
import json
import os
import struct
import termios
import pty
import re
import select
import sys
import time

PROMPT = b"thordb> "


def read_until(fd, marker, buf, timeout):
    end = time.monotonic() + timeout
    while marker not in buf:
        left = end - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no {marker!r} after {timeout} s; got {buf[-300:]!r}")
        r, _, _ = select.select([fd], [], [], left)
        if r:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                raise EOFError(f"the REPL ended; got {buf[-300:]!r}")
            buf += chunk
    return buf


def main():
    store, query = sys.argv[1], sys.argv[2]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    t_start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(os.path.join(root, "tools", "thordb"), ["thordb", "repl", "--db", store, "--history", os.devnull])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))  # a terminal's size, as a user's
    buf = read_until(fd, PROMPT, b"", 60)
    t_prompt = time.monotonic()
    os.write(fd, query.encode() + b"\r")
    t_enter = time.monotonic()
    after = read_until(fd, PROMPT, buf[buf.index(PROMPT) + len(PROMPT):], 60)
    t_answer = time.monotonic()
    os.write(fd, b"\x04")  # Ctrl-D leaves
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass
    answer = after.decode("utf-8", "replace")
    found = re.search(r"(\d+) games? \(", answer)
    games = int(found.group(1)) if found else None
    print(json.dumps({"promptMs": round(1000 * (t_prompt - t_start), 1),
                      "firstAnswerMs": round(1000 * (t_answer - t_enter), 1), "games": games}))


if __name__ == "__main__":
    main()
