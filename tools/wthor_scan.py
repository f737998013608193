#!/usr/bin/env python3
"""The whole-process baseline of thordb's benchmarks: the work done by a script that reads WTHOR
files directly, with no index, as a user without thordb would write it.

  wthor_scan.py scan DIR          read every .wtb file of DIR and replay every game to its end;
                                  prints the games and positions seen
  wthor_scan.py batch DIR FILE    for each line "position = f5d6..." of FILE, the number of games
                                  of DIR that reach that position (any of the 8 orientations, the
                                  same side to move), one count a line, as `thordb query --batch`
                                  prints them; one pass over the games answers every line

It needs only Python 3. It shares no code with thordb: the rules and the symmetries are written
again here from the WTHOR specification, so its answers are an independent check too.
"""
import os
import sys

ALL = 0xFFFFFFFFFFFFFFFF
START_BLACK = (1 << 28) | (1 << 35)   # d5, e4 (square = (row - 1) * 8 + (column - 1))
START_WHITE = (1 << 27) | (1 << 36)   # d4, e5


def _rays():
    rays = []
    for sq in range(64):
        r, c = divmod(sq, 8)
        out = []
        for dr, dc in ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)):
            ray = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < 8 and 0 <= cc < 8:
                ray.append(1 << (rr * 8 + cc))
                rr += dr
                cc += dc
            if len(ray) >= 2:
                out.append(ray)
        rays.append(out)
    return rays


RAYS = _rays()


def flips(own, opp, sq):
    """The discs a move on sq turns over for the side owning `own` (0: not a legal move)."""
    if (own | opp) >> sq & 1:
        return 0
    f = 0
    for ray in RAYS[sq]:
        acc = 0
        for b in ray:
            if opp & b:
                acc |= b
            elif own & b:
                f |= acc
                break
            else:
                break
    return f


def can_move(own, opp):
    empty = ~(own | opp) & ALL
    while empty:
        b = empty & -empty
        if flips(own, opp, b.bit_length() - 1):
            return True
        empty ^= b
    return False


def side_after(black, white, mover):
    """Who moves in a position reached by `mover`'s move: 0 Black, 1 White, 2 nobody."""
    other = 1 - mover
    boards = (black, white)
    if can_move(boards[other], boards[mover]):
        return other
    if can_move(boards[mover], boards[other]):
        return mover
    return 2


def read_games(folder):
    """Yields each game's squares (0-63), straight from the .wtb files of a folder."""
    for name in sorted(os.listdir(folder)):
        if not name.lower().endswith(".wtb"):
            continue
        with open(os.path.join(folder, name), "rb") as f:
            data = f.read()
        for o in range(16, len(data) - 67, 68):
            squares = []
            for m in data[o + 8:o + 68]:
                if m == 0:
                    break
                row, col = divmod(m, 10)
                if not (1 <= row <= 8 and 1 <= col <= 8):
                    break
                squares.append((row - 1) * 8 + col - 1)
            yield squares


def replay(squares, visit):
    """Plays a game, passing where the mover has no move; calls visit(black, white, ply, side to
    move) for the start and after each legal move; stops at the first illegal one. The side to
    move is None for the last position, where only the rules can tell it (see side_after)."""
    black, white, mover = START_BLACK, START_WHITE, 0
    n = len(squares)
    for i in range(n):
        sq = squares[i]
        own, opp = (black, white) if mover == 0 else (white, black)
        f = flips(own, opp, sq)
        if not f:
            f = flips(opp, own, sq)
            if not f:  # a damaged game: indexed up to its last legal move
                if visit is not None:
                    visit(black, white, i, None)
                return
            mover = 1 - mover
            own, opp = opp, own
        if visit is not None:
            visit(black, white, i, mover)
        own |= f | (1 << sq)
        opp &= ~f
        black, white = (own, opp) if mover == 0 else (opp, own)
        mover = 1 - mover
    if visit is not None:
        visit(black, white, n, None)   # the last position: who moves there is worked out on demand


# the 8 symmetries of the board, as bit permutations
def _mirror_h(x):
    x = ((x >> 1) & 0x5555555555555555) | ((x & 0x5555555555555555) << 1)
    x = ((x >> 2) & 0x3333333333333333) | ((x & 0x3333333333333333) << 2)
    return ((x >> 4) & 0x0F0F0F0F0F0F0F0F) | ((x & 0x0F0F0F0F0F0F0F0F) << 4)


def _flip_v(x):
    return int.from_bytes(x.to_bytes(8, "little"), "big")


def _flip_diag(x):
    t = 0x0F0F0F0F00000000 & (x ^ (x << 28))
    x ^= t ^ (t >> 28)
    t = 0x3333000033330000 & (x ^ (x << 14))
    x ^= t ^ (t >> 14)
    t = 0x5500550055005500 & (x ^ (x << 7))
    x ^= t ^ (t >> 7)
    return x & ALL


def images(x):
    h, d = _mirror_h(x), _flip_diag(x)
    e = _mirror_h(d)
    return (x, _flip_v(x), h, _flip_v(h), d, e, _flip_v(d), _flip_v(e))


def parse_line(text):
    return [(int(text[i + 1]) - 1) * 8 + ord(text[i]) - ord("a") for i in range(0, len(text), 2)]


def target_of(line):
    """The position after a line of moves, with its side to move."""
    found = []
    mover = [0]

    def keep(b, w, ply, side):
        if side is not None:
            mover[0] = side
        if ply == len(line):
            found.append((b, w, side if side is not None else side_after(b, w, mover[0]) if ply else 0))
    replay(line, keep)
    return found[0] if found else None


def batch(folder, queries):
    targets = []
    with open(queries) as f:
        for text in f:
            text = text.strip()
            targets.append(target_of(parse_line(text.split("=", 1)[1].strip())) if text else None)
    # every orientation of every target, keyed by its boards; the side to move is checked on a hit
    by_boards = {}
    for i, t in enumerate(targets):
        if t is None:
            continue
        for b, w in set(zip(images(t[0]), images(t[1]))):
            by_boards.setdefault((b, w), []).append(i)
    counts = [0] * len(targets)
    for squares in read_games(folder):
        last_mover = [0]

        def visit(b, w, ply, side):
            hits = by_boards.get((b, w))
            if hits is None:
                if side is not None:
                    last_mover[0] = side
                return
            if side is None:
                side = side_after(b, w, last_mover[0]) if ply else 0
            else:
                last_mover[0] = side
            for i in hits:
                if targets[i][2] == side:
                    counts[i] += 1
        replay(squares, visit)
    sys.stdout.write("".join("%d\n" % c for c in counts))


def scan(folder):
    games = 0
    positions = [0]

    def visit(b, w, ply, side):
        positions[0] += 1
    for squares in read_games(folder):
        games += 1
        replay(squares, visit)
    print("%d games, %d positions" % (games, positions[0]))


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "scan":
        scan(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "batch":
        batch(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
