package org.thordb.explore;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.thordb.index.IndexReader;
import org.thordb.index.PositionKeys;
import org.thordb.othello.Position;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.thordb.index.Copies;
import org.thordb.store.Catalog;

/**
 * The explorations of the positions most games reach, worked out once by {@code thordb optimize}
 * and kept in the store ({@code meta}, keys {@code "explore/"} + the canonical position's 17 bytes),
 * as an opening book keeps its lines: near the start a position is reached by a large part of the
 * base (a third of it after two moves), and its rows need every game's result and scores, which
 * at ten million games took 15–50 ms where any other position takes a fraction of a millisecond.
 *
 * <p>An entry holds the rows by the canonical position each move leads to, so that they are shown
 * in whatever orientation the position is asked in, and the stamp of the game files it was made
 * from: after an import or a removal (other files, other stamp) it is not used, and the next
 * optimize makes the book again. Only the unfiltered exploration is kept.
 *
 * <p>Usage: {@code Exploration e = ExplorationBook.lookup(reader, position); // null: not in the book}
 */
public final class ExplorationBook {
    private ExplorationBook() {
    }

    /** The key prefix of the book's entries in {@code meta}. */
    public static final byte[] PREFIX = "explore2/".getBytes(StandardCharsets.US_ASCII);

    /**
     * The prefix of the entries of the book's first layout (rows without the count of known
     * theoretical scores): never read, deleted when the book is made again.
     */
    public static final byte[] OLD_PREFIX = "explore/".getBytes(StandardCharsets.US_ASCII);

    /**
     * Positions reached by at least this many games are put in the book by default: at ten
     * million games, about a thousand positions, worked out in seconds; below it a position's
     * exploration takes under a few milliseconds.
     */
    public static final long DEFAULT_FROM = 10_000;

    /** The {@code meta} key of the games from which the book was made (u64), beside its entries. */
    public static final byte[] FROM_KEY = "explore-from".getBytes(StandardCharsets.US_ASCII);

    /** The most positions the book holds: the most played first. */
    static final int MOST = 20_000;

    /** The key of a position's entry. */
    public static byte[] key(Position p) {
        Position c = p.canonical();
        byte[] k = PositionKeys.key(c.black(), c.white(), PositionKeys.sideCode(c.toMove()));
        byte[] out = Arrays.copyOf(PREFIX, PREFIX.length + k.length);
        System.arraycopy(k, 0, out, PREFIX.length, k.length);
        return out;
    }

    /**
     * The book's entries for a reader's store: every position reached by at least {@code from}
     * games, found from the start position down the rows of each, explored the way the explorer
     * would explore it with no filter ({@link Explorer.Way#LOOKUPS}). Keys to values, most played first.
     */
    public static Map<byte[], byte[]> build(IndexReader r, RowFigures columns, long from) {
        Map<byte[], byte[]> out = new LinkedHashMap<>();
        long stamp = stamp(r.catalog());
        walk(r, columns, from, (p, e) -> {
            out.put(key(p), encode(stamp, p, e));
            return out.size() < MOST;
        });
        return out;
    }

    /**
     * Every position at least {@code from} games reach, found from the start position down the rows
     * of each (a position once up to symmetry, the most played first), with its unfiltered
     * exploration, to {@code visit} until it says stop: the positions a book keeps.
     */
    static void walk(IndexReader r, RowFigures columns, long from, java.util.function.BiPredicate<Position, Exploration> visit) {
        if (r.catalog().gameFiles().stream().noneMatch(f -> f.side() == 8)) {
            return;
        }
        ArrayDeque<Position> todo = new ArrayDeque<>();
        Set<Position> seen = new HashSet<>();
        todo.add(Position.start());
        seen.add(Position.start().canonical());
        while (!todo.isEmpty()) {
            Position p = todo.poll();
            Exploration e = Explorer.explore(r, columns, p, "", Explorer.Way.LOOKUPS, Explorer.BY_INTERSECTION);
            if (e.total() < from) {
                continue;
            }
            if (!visit.test(p, e)) {
                return;
            }
            for (Exploration.Row row : e.rows()) {
                if (row.games() >= from) {
                    Position next = p.play(row.move());
                    if (seen.add(next.canonical())) {
                        todo.add(next);
                    }
                }
            }
        }
    }

    private static byte[] encode(long stamp, Position p, Exploration e) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeLong(stamp);
            out.writeLong(e.total());
            write(out, e.endsHere());
            out.writeInt(e.rows().size());
            for (Exploration.Row row : e.rows()) {
                Position c = p.play(row.move()).canonical();
                out.writeLong(c.black());
                out.writeLong(c.white());
                out.writeByte(PositionKeys.sideCode(c.toMove()));
                write(out, row);
            }
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
        return bytes.toByteArray();
    }

    private static void write(DataOutputStream out, Exploration.Row r) throws IOException {
        out.writeLong(r.games());
        out.writeLong(r.blackWins());
        out.writeLong(r.draws());
        out.writeLong(r.whiteWins());
        out.writeDouble(r.averageScore());
        out.writeDouble(r.averageTheoretical());
        out.writeInt(r.firstYear());
        out.writeInt(r.lastYear());
        out.writeLong(r.theoreticalGames());
    }

    private static Exploration.Row read(DataInputStream in, int move) throws IOException {
        return new Exploration.Row(move, in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readDouble(),
                in.readDouble(), in.readInt(), in.readInt(), in.readLong());
    }

    /** What {@link #check} found of an entry. */
    public enum Check {
        /** Made from the store's files as they are, and what exploring its position gives now. */
        SAME,
        /** Made from other files (before an import or a removal): not used, and no problem. */
        OLD,
        /** Made from the store's files, but not what its games give, or not an entry at all. */
        DIFFERS
    }

    /**
     * Checks one entry of the book (its key and value as {@code meta} holds them) against the
     * exploration of its position worked out now, the way {@link #build} works it out.
     */
    public static Check check(IndexReader r, RowFigures columns, byte[] key, byte[] value) {
        Position p = key.length == PREFIX.length + PositionKeys.LENGTH ? PositionKeys.position(key, PREFIX.length) : null;
        if (p == null || value.length < 8) {
            return Check.DIFFERS;
        }
        if (ByteBuffer.wrap(value).getLong() != stamp(r.catalog())) {
            return Check.OLD;
        }
        Exploration booked = decode(r, p, value);
        return booked != null && booked.equals(Explorer.explore(r, columns, p, "", Explorer.Way.LOOKUPS,
                Explorer.BY_INTERSECTION)) ? Check.SAME : Check.DIFFERS;
    }

    /**
     * The stamp of the book made from a catalog's game files: theirs, and in a store of two bases or
     * more, a mark that the entries count each game once ({@link Copies}): a book
     * made before copies were counted once is not read.
     */
    static long stamp(Catalog c) {
        return c.bases().size() < 2 ? c.gameFilesStamp() : c.gameFilesStamp() ^ 0x6C0F1E5C0F1E5L;
    }

    /**
     * The unfiltered exploration of {@code p} from the book, in {@code p}'s orientation, or null
     * when the book has no entry for it made from the store's files as they are.
     */
    public static Exploration lookup(IndexReader r, Position p) {
        byte[] v = r.meta(key(p));
        return v == null ? null : decode(r, p, v);
    }

    /** An entry's value as the exploration of {@code p}, or null when it is not of the store's files as they are. */
    private static Exploration decode(IndexReader r, Position p, byte[] v) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(v))) {
            if (in.readLong() != stamp(r.catalog())) {
                return null; // made from other files: an import or a removal since
            }
            long total = in.readLong();
            Exploration.Row ends = read(in, -1);
            // the legal moves of p as asked, grouped by the position they lead to
            Map<Position, List<Integer>> groups = new LinkedHashMap<>();
            for (long m = p.legalMoves(); m != 0; m &= m - 1) {
                int sq = Long.numberOfTrailingZeros(m);
                groups.computeIfAbsent(p.play(sq).canonical(), k -> new ArrayList<>()).add(sq);
            }
            int n = in.readInt();
            List<Exploration.Row> rows = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                long black = in.readLong();
                long white = in.readLong();
                int side = in.readByte();
                Position child = null;
                for (Position c : groups.keySet()) {
                    if (c.black() == black && c.white() == white && PositionKeys.sideCode(c.toMove()) == side) {
                        child = c;
                        break;
                    }
                }
                if (child == null) {
                    return null; // not the position's moves: left to the explorer
                }
                rows.add(read(in, Explorer.shown(groups.get(child))));
            }
            rows.sort(Comparator.comparingLong(Exploration.Row::games).reversed().thenComparingInt(Exploration.Row::move));
            return new Exploration(p, "", total, rows, ends);
        } catch (IOException e) {
            return null; // a value cut short: the explorer works it out
        }
    }
}
