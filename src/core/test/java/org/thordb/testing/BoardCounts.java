package org.thordb.testing;

import org.thordb.othello.Position;

/**
 * Counts on a board made here square by square, with no bitboard trick of thordb's: what the
 * tests compare the query language's {@code mobility(…)} and {@code frontier(…)} with.
 */
public final class BoardCounts {
    private BoardCounts() {
    }

    /** The side's legal moves, square by square and ray by ray. */
    public static int mobility(Position b, boolean black) {
        long me = black ? b.black() : b.white();
        long opp = black ? b.white() : b.black();
        int n = 0;
        for (int sq = 0; sq < 64; sq++) {
            if (((me | opp) >>> sq & 1) != 0) {
                continue;
            }
            boolean legal = false;
            for (int dr = -1; dr <= 1 && !legal; dr++) {
                for (int dc = -1; dc <= 1 && !legal; dc++) {
                    int r = sq / 8 + dr;
                    int c = sq % 8 + dc;
                    int between = 0;
                    while ((dr != 0 || dc != 0) && r >= 0 && r < 8 && c >= 0 && c < 8 && (opp >>> (r * 8 + c) & 1) != 0) {
                        r += dr;
                        c += dc;
                        between++;
                    }
                    legal = between > 0 && r >= 0 && r < 8 && c >= 0 && c < 8 && (me >>> (r * 8 + c) & 1) != 0;
                }
            }
            n += legal ? 1 : 0;
        }
        return n;
    }

    /** The side's discs with an empty square among their 8 neighbours. */
    public static int frontier(Position b, boolean black) {
        long mine = black ? b.black() : b.white();
        long empty = ~(b.black() | b.white());
        int n = 0;
        for (int sq = 0; sq < 64; sq++) {
            if ((mine >>> sq & 1) == 0) {
                continue;
            }
            boolean open = false;
            for (int dr = -1; dr <= 1; dr++) {
                for (int dc = -1; dc <= 1; dc++) {
                    int r = sq / 8 + dr;
                    int c = sq % 8 + dc;
                    open |= r >= 0 && r < 8 && c >= 0 && c < 8 && (empty >>> (r * 8 + c) & 1) != 0;
                }
            }
            n += open ? 1 : 0;
        }
        return n;
    }
}
