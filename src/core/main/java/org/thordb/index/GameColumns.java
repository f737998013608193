package org.thordb.index;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.store.Keys;
import org.thordb.store.Store;
import org.thordb.wthor.WthorGame;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/**
 * The fields of every game as columns in memory, indexed by game id: player and tournament
 * numbers, scores, the number of moves, the result, and what a game has from its file (base,
 * year, board side, record number). The one per-game table of a store: queries, the explorer's
 * figures, grouped statistics and sorted pages read it; only the moves, for the board conditions,
 * are kept apart ({@link MoveTable}, made only when asked). A predicate that matches many terms (a
 * substring of thousands of names, one field compared with another) is answered from these in
 * one pass over the games instead of a union of thousands of postings entries; a conjunction tests
 * them on the games its other parts leave. Made by one scan of the game records the first time a
 * catalog needs them, then kept for as long as that catalog lives (an import makes a new one):
 * 14 bytes a game, 140 MB at ten million.
 *
 * <p>They are read from the store, not rebuilt from the records: the import writes each game
 * file's columns beside its records, in the same batch ({@link #entry}, family {@code columns}, 10
 * bytes a game), so a new process reads a few values instead of every record (at ten million
 * games, 100 MB rather than 850). A file without its entry (a store written before there were
 * entries, a file whose theoretical scores a fill changed) is read from its records instead, and
 * {@code thordb optimize} writes the entry.
 *
 * <p>Usage: {@code GameColumns c = GameColumns.of(reader); int black = c.black(id);}
 */
public final class GameColumns {
    private static final PerCatalog<GameColumns> MADE = new PerCatalog<>();

    /** Where the WTHOR record starts in a {@code games} value (see {@link GameRow}). */
    private static final int RECORD_AT = 17;

    private final char[] black;
    private final char[] white;
    private final char[] tournament;
    private final byte[] score;
    private final byte[] theoretical;
    private final byte[] moves;
    private final byte[] result;
    /** The games whose theoretical score is known: a theoretical test holds for no other. */
    private TheoreticalKnown known;
    /** The catalog's game files, for what a game has from its file. */
    private List<FileRow> files = List.of();
    // each game's file (an index into files), made the first time a file's field is asked for: a
    // count never needs it, a grouping by year does (4 bytes a game)
    private volatile int[] fileOf;

    private GameColumns(int size) {
        black = new char[size];
        white = new char[size];
        tournament = new char[size];
        score = new byte[size];
        theoretical = new byte[size];
        moves = new byte[size];
        result = new byte[size];
    }

    /** The columns of a reader's catalog: made by one scan of its records the first time, then shared. */
    public static GameColumns of(IndexReader r) {
        return MADE.get(r.catalog(), () -> build(r));
    }

    /** The columns of a reader's catalog when they are made already, else null (nothing is scanned). */
    public static GameColumns ifMade(IndexReader r) {
        return MADE.ifMade(r.catalog());
    }

    private static GameColumns build(IndexReader r) {
        GameColumns t = new GameColumns(r.catalog().nextGameId());
        t.known = TheoreticalKnown.of(r);
        List<FileRow> files = r.catalog().gameFiles();
        t.files = List.copyOf(files);
        // two halves side by side: most of the time is the store's decompression of the entries
        // (10 bytes a game: 0.3 s of a one-shot command at ten million games, 0.18 s in halves);
        // a multi-get is a read of the view's snapshot, which two threads may make at once
        int mid = files.size() / 2;
        ForkJoinTask<?> low = mid == 0 ? null
                : ForkJoinPool.commonPool().submit(() -> readFiles(r, files.subList(0, mid), t));
        readFiles(r, files.subList(mid, files.size()), t);
        if (low != null) {
            low.join();
        }
        return t;
    }

    /** Fills some files' games from their stored entries, or from their records where an entry is missing. */
    private static void readFiles(IndexReader r, List<FileRow> files, GameColumns t) {
        List<byte[]> keys = new ArrayList<>(files.size());
        for (FileRow f : files) {
            keys.add(key(f.firstId()));
        }
        List<byte[]> entries = r.view().getAll(Store.Space.COLUMNS, keys);
        for (int i = 0; i < files.size(); i++) {
            FileRow f = files.get(i);
            if (!t.read(f, entries.get(i))) {
                fromRecords(r.view(), f, t);
            }
        }
    }

    /** Fills a file's games from its records (the values read as they lie, without decoding a row a game). */
    private static void fromRecords(Store.View v, FileRow f, GameColumns t) {
        v.scanRange(Store.Space.GAMES, GameRow.key(f.firstId()), GameRow.key(f.firstId() + f.games()), (k, val) -> {
            t.put(Keys.getU32(k, 0), val[2], val, RECORD_AT);
            return true;
        });
    }

    /** The key of a game file's stored columns in family {@code columns}: its first game id. */
    public static byte[] key(int firstId) {
        return Keys.u32(firstId);
    }

    private static final byte ENTRY_VERSION = 2;
    /** Bytes of a game in an entry: tournament, Black, White (u16 each), score, theoretical, moves, result. */
    private static final int STORED = 10;

    /**
     * A game file's stored columns, for its import to write beside its records: a version byte, the
     * games (u32), then each column whole, in game order: tournament, Black and White numbers
     * (u16, little-endian, as the record has them), score, theoretical score, number of moves,
     * result. Column by column, so that a reader copies each in one bulk move.
     *
     * @param side the board side (8 or 10)
     * @param records the file's WTHOR records in order
     */
    public static byte[] entry(int side, List<byte[]> records) {
        int n = records.size();
        byte[] out = new byte[5 + n * STORED];
        out[0] = ENTRY_VERSION;
        Keys.putU32(out, 1, n);
        for (int i = 0; i < n; i++) {
            byte[] rec = records.get(i);
            for (int c = 0; c < 3; c++) { // tournament, Black, White: the record's bytes 0–5
                out[5 + 2 * (c * n + i)] = rec[2 * c];
                out[5 + 2 * (c * n + i) + 1] = rec[2 * c + 1];
            }
            int bytes = 5 + 6 * n;
            out[bytes + i] = rec[6];
            out[bytes + n + i] = rec[7];
            out[bytes + 2 * n + i] = (byte) moveCount(rec, 0, side);
            out[bytes + 3 * n + i] = (byte) Terms.result(rec[6] & 0xff, side);
        }
        return out;
    }

    /** The entry of a stored file made again from its records ({@code thordb optimize}, for a file without one). */
    public static byte[] entryFromRecords(Store.View v, FileRow f) {
        List<byte[]> records = new ArrayList<>(f.games());
        v.scanRange(Store.Space.GAMES, GameRow.key(f.firstId()), GameRow.key(f.firstId() + f.games()), (k, val) -> {
            records.add(Arrays.copyOfRange(val, RECORD_AT, RECORD_AT + WthorGame.recordSize(val[2])));
            return true;
        });
        return records.size() == f.games() ? entry(f.side(), records) : null;
    }

    /** Whether an entry is one this version reads for the file (else the file is read from its records). */
    public static boolean fits(FileRow f, byte[] e) {
        int n = f.games();
        return e != null && e.length == 5 + (long) n * STORED && e[0] == ENTRY_VERSION && Keys.getU32(e, 1) == n;
    }

    /** Fills a file's games from its entry; false when there is none or it does not fit the file (read the records). */
    private boolean read(FileRow f, byte[] e) {
        int n = f.games();
        if (!fits(f, e) || f.firstId() + n > score.length) {
            return false;
        }
        int id = f.firstId();
        ByteBuffer b = ByteBuffer.wrap(e).order(ByteOrder.LITTLE_ENDIAN);
        b.position(5);
        b.asCharBuffer().get(tournament, id, n);
        b.position(5 + 2 * n);
        b.asCharBuffer().get(black, id, n);
        b.position(5 + 4 * n);
        b.asCharBuffer().get(white, id, n);
        int bytes = 5 + 6 * n;
        System.arraycopy(e, bytes, score, id, n);
        System.arraycopy(e, bytes + n, theoretical, id, n);
        System.arraycopy(e, bytes + 2 * n, moves, id, n);
        System.arraycopy(e, bytes + 3 * n, result, id, n);
        return true;
    }

    /** The games whose theoretical score is known. */
    public TheoreticalKnown known() {
        return known;
    }

    /** Whether a game's theoretical score is known. */
    public boolean theoreticalKnown(int id) {
        return known.known(id);
    }

    /**
     * Clears, in {@code words} (bit = game id), the games of {@code [from, to)} whose theoretical
     * score is unknown; {@code from} and {@code to} need not fall on word boundaries.
     */
    public void keepKnown(int from, int to, long[] words) {
        known.keepKnown(from, to, words);
    }

    /** Fills a game's columns from its WTHOR record, which starts at {@code at} in {@code record}. */
    private void put(int id, int side, byte[] record, int at) {
        tournament[id] = (char) ((record[at] & 0xff) | (record[at + 1] & 0xff) << 8);
        black[id] = (char) ((record[at + 2] & 0xff) | (record[at + 3] & 0xff) << 8);
        white[id] = (char) ((record[at + 4] & 0xff) | (record[at + 5] & 0xff) << 8);
        int s = record[at + 6] & 0xff;
        score[id] = (byte) s;
        theoretical[id] = record[at + 7];
        result[id] = (byte) Terms.result(s, side);
        moves[id] = (byte) moveCount(record, at, side);
    }

    /** The record's move bytes before the first 0. */
    private static int moveCount(byte[] record, int at, int side) {
        int n = 0;
        int recordLength = WthorGame.recordSize(side);
        while (WthorGame.MOVES_OFFSET + n < recordLength && record[at + WthorGame.MOVES_OFFSET + n] != 0) {
            n++;
        }
        return n;
    }

    /** Black's player number in the game's base. */
    public int black(int id) {
        return black[id];
    }

    /** White's player number. */
    public int white(int id) {
        return white[id];
    }

    /** The tournament number. */
    public int tournament(int id) {
        return tournament[id];
    }

    /** Black's discs as stored. */
    public int score(int id) {
        return score[id] & 0xff;
    }

    /** The stored theoretical score. */
    public int theoretical(int id) {
        return theoretical[id] & 0xff;
    }

    /** The number of moves (the record's move bytes before the first 0), as the {@code MOVES} term has it. */
    public int moves(int id) {
        return moves[id] & 0xff;
    }

    /** The result code from the stored score: 0 Black won, 1 White won, 2 draw. */
    public int result(int id) {
        return result[id];
    }

    /**
     * The columns whole, by game id, for a pass that loops over them itself (a call a game costs
     * more than the test in a one-shot process, whose code the JVM compiles only once): do not
     * change them. Player and tournament numbers are unsigned 16-bit, the others unsigned bytes.
     */
    public char[] blackColumn() {
        return black;
    }

    /** White's player numbers (see {@link #blackColumn}). */
    public char[] whiteColumn() {
        return white;
    }

    /** The tournament numbers (see {@link #blackColumn}). */
    public char[] tournamentColumn() {
        return tournament;
    }

    /** Black's stored discs (see {@link #blackColumn}). */
    public byte[] scoreColumn() {
        return score;
    }

    /** The stored theoretical scores (see {@link #blackColumn}; known ones: {@link #theoreticalKnown}). */
    public byte[] theoreticalColumn() {
        return theoretical;
    }

    /** The numbers of moves (see {@link #blackColumn}). */
    public byte[] movesColumn() {
        return moves;
    }

    /** The game's file among the catalog's game files; null for an id no file holds. */
    public FileRow file(int id) {
        int f = fileIndex()[id];
        return f < 0 ? null : files.get(f);
    }

    /** The game's base number (that of its file). */
    public int base(int id) {
        return file(id).base();
    }

    /** The year of the game's file. */
    public int year(int id) {
        return file(id).year();
    }

    /** The board side of the game's file: 8 or 10. */
    public int side(int id) {
        return file(id).side();
    }

    /** The game's record number in its file, from 0 (a file's games have consecutive ids, in record order). */
    public int record(int id) {
        return id - file(id).firstId();
    }

    private int[] fileIndex() {
        int[] f = fileOf;
        if (f == null) {
            synchronized (this) {
                if (fileOf == null) {
                    int[] made = new int[score.length];
                    Arrays.fill(made, -1);
                    for (int i = 0; i < files.size(); i++) {
                        FileRow row = files.get(i);
                        Arrays.fill(made, row.firstId(), Math.min(made.length, row.firstId() + row.games()), i);
                    }
                    fileOf = made;
                }
                f = fileOf;
            }
        }
        return f;
    }

    /** How many games the columns hold room for (the catalog's next game id). */
    public int size() {
        return score.length;
    }
}
