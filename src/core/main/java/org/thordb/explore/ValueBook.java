package org.thordb.explore;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;
import org.thordb.index.IndexReader;
import org.thordb.index.PositionKeys;
import org.thordb.othello.Position;
import org.thordb.othello.Side;
import org.thordb.solve.Estimator;

/**
 * The explorer's estimates of the positions the base's games reach most, searched once by
 * {@code thordb optimize} and kept in the store ({@code meta}, keys {@code "values1/"} + the
 * canonical position's 17 bytes), as an opening book keeps its evaluations: a new process (a
 * one-shot {@code thordb explore}, a report valuing its lines, the page's first look at an opening)
 * reads them instead of searching 650,000 positions a time.
 *
 * <p>An estimate is a function of its position and the search's settings alone (no clock, no
 * threads, no games), so an entry is the very answer the search would give: each holds the
 * {@link Estimator#stamp()} it was searched under, and one searched under another (another
 * evaluation, budget or search) is not used. The games only choose which positions are kept; an
 * import does not make an entry wrong.
 *
 * <p>Usage: {@code Estimator.Estimates e = ValueBook.lookup(reader, position); // null: not kept}
 */
public final class ValueBook {
    private ValueBook() {
    }

    /** The key prefix of the book's entries in {@code meta}. */
    public static final byte[] PREFIX = "values1/".getBytes(StandardCharsets.US_ASCII);

    /** The {@code meta} key of the games from which the positions were chosen (u64), beside the entries. */
    public static final byte[] FROM_KEY = "values-from".getBytes(StandardCharsets.US_ASCII);

    /**
     * Positions reached by at least this many games get their estimates kept by default: on the
     * FFO base (117,435 games) the openings' first moves, searched in a minute or two.
     */
    public static final long DEFAULT_FROM = 1_000;

    /** The most positions the book holds: the most played first. */
    static final int MOST = 2_000;

    /** The key of a position's entry (its canonical image's). */
    public static byte[] key(Position p) {
        Position c = p.canonical();
        byte[] k = PositionKeys.key(c.black(), c.white(), PositionKeys.sideCode(c.toMove()));
        byte[] out = Arrays.copyOf(PREFIX, PREFIX.length + k.length);
        System.arraycopy(k, 0, out, PREFIX.length, k.length);
        return out;
    }

    /**
     * The book's entries for a reader's store: every position reached by at least {@code from}
     * games whose moves the explorer estimates (more empties than any exact horizon), found from the
     * start position down the rows of each, searched as the explorer searches them. Keys to values,
     * most played first; {@code searched} hears each position's number as it is searched.
     */
    public static Map<byte[], byte[]> build(IndexReader r, RowFigures columns, long from, int exactUpTo, IntConsumer searched) {
        return build(r, columns, from, exactUpTo, searched, true);
    }

    /**
     * {@link #build(IndexReader, RowFigures, long, int, IntConsumer)}; with {@code reuse}, an entry
     * the store holds already under this thordb's stamp is kept as it is rather than searched again
     * (an estimate depends on its position alone: after an import only the positions new to the
     * book are searched).
     */
    public static Map<byte[], byte[]> build(IndexReader r, RowFigures columns, long from, int exactUpTo, IntConsumer searched,
                                            boolean reuse) {
        Map<byte[], byte[]> out = new LinkedHashMap<>();
        long stamp = Estimator.stamp();
        ExplorationBook.walk(r, columns, from, (p, e) -> {
            int empties = 64 - p.discs();
            if (empties > exactUpTo && p.toMove() != Side.NONE && p.legalMoves() != 0) {
                Position c = p.canonical();
                byte[] k = key(c);
                byte[] had = reuse ? r.meta(k) : null;
                if (had != null && decode(had) != null) {
                    out.put(k, had);
                } else {
                    out.put(k, encode(stamp, Estimator.estimate(c, Estimator.Budget.explorer(empties))));
                    searched.accept(out.size());
                }
            }
            return out.size() < MOST;
        });
        return out;
    }

    static byte[] encode(long stamp, Estimator.Estimates e) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeLong(stamp);
            out.writeByte(e.depth());
            out.writeBoolean(e.exact());
            out.writeLong(e.nodes());
            out.writeByte(e.scores().size());
            for (Map.Entry<Integer, Integer> m : e.scores().entrySet()) { // best first, as searched
                out.writeByte(m.getKey());
                out.writeShort(m.getValue());
                List<Integer> line = e.lines().getOrDefault(m.getKey(), List.of());
                out.writeByte(line.size());
                for (int sq : line) {
                    out.writeByte(sq);
                }
            }
            out.writeByte(e.lines().size()); // a line without a value, were there one: none today
        } catch (IOException x) {
            throw new UncheckedIOException(x);
        }
        return bytes.toByteArray();
    }

    /** An entry's estimates (of the canonical position), or null when searched under another stamp or not an entry. */
    static Estimator.Estimates decode(byte[] v) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(v))) {
            if (in.readLong() != Estimator.stamp()) {
                return null; // another evaluation, budget or search: not this thordb's answer
            }
            int depth = in.readUnsignedByte();
            boolean exact = in.readBoolean();
            long nodes = in.readLong();
            int n = in.readUnsignedByte();
            Map<Integer, Integer> scores = new LinkedHashMap<>();
            Map<Integer, List<Integer>> lines = new LinkedHashMap<>();
            for (int i = 0; i < n; i++) {
                int sq = in.readUnsignedByte();
                scores.put(sq, (int) in.readShort());
                int k = in.readUnsignedByte();
                List<Integer> line = new ArrayList<>(k);
                for (int j = 0; j < k; j++) {
                    line.add(in.readUnsignedByte());
                }
                if (k > 0) {
                    lines.put(sq, List.copyOf(line));
                }
            }
            if (in.readUnsignedByte() != lines.size() || in.read() != -1) {
                return null;
            }
            return new Estimator.Estimates(scores, depth, exact, nodes, 0, lines);
        } catch (IOException | RuntimeException x) {
            return null; // not an entry this thordb wrote: searched again, and verify says so
        }
    }

    /**
     * Puts the kept estimates of {@code p} (up to symmetry) where the next estimate of it looks
     * first ({@link Estimator#keep}), when the book has them under this thordb's stamp; returns
     * whether it did. Answers nothing itself: the estimate is then asked as ever.
     */
    public static boolean load(IndexReader r, Position p) {
        int empties = 64 - p.discs();
        Estimator.Budget budget = Estimator.Budget.explorer(empties);
        if (Estimator.kept(p, budget)) {
            return true;
        }
        byte[] v = r.meta(key(p));
        Estimator.Estimates e = v == null ? null : decode(v);
        if (e == null) {
            return false;
        }
        Estimator.keep(p.canonical(), budget, e);
        return true;
    }

    /** What {@link #check} found of an entry. */
    public enum Check {
        /** What the search gives now. */
        SAME,
        /** Searched under another stamp: not used, and no problem. */
        OLD,
        /** Under this stamp, but not what the search gives, or not an entry at all. */
        DIFFERS
    }

    /**
     * Checks one entry's shape without searching: under this thordb's stamp (else {@link Check#OLD}),
     * it decodes whole, its key is a canonical position with legal moves, each move of it is legal
     * there and each line begins with its move and is played legally.
     */
    public static Check checkShape(byte[] key, byte[] value) {
        if (value.length >= 8 && java.nio.ByteBuffer.wrap(value).getLong() != Estimator.stamp()) {
            return Check.OLD;
        }
        Estimator.Estimates kept = decode(value);
        Position c = key.length == PREFIX.length + 17 ? position(key) : null;
        if (kept == null || c == null || c.toMove() == Side.NONE || kept.scores().isEmpty()) {
            return Check.DIFFERS;
        }
        for (int sq : kept.scores().keySet()) {
            if (!c.isLegal(sq)) {
                return Check.DIFFERS;
            }
        }
        for (Map.Entry<Integer, List<Integer>> e : kept.lines().entrySet()) {
            if (!kept.scores().containsKey(e.getKey()) || e.getValue().isEmpty() || e.getValue().get(0).intValue() != e.getKey()) {
                return Check.DIFFERS;
            }
            Position p = c;
            for (int sq : e.getValue()) { // a pass is the next side settled by the move before
                if (p.toMove() == Side.NONE || !p.isLegal(sq)) {
                    return Check.DIFFERS;
                }
                p = p.play(sq);
            }
        }
        return Check.SAME;
    }

    /** Checks one entry (its key and value as {@code meta} holds them) against its position searched now. */
    public static Check check(byte[] key, byte[] value) {
        if (value.length >= 8 && java.nio.ByteBuffer.wrap(value).getLong() != Estimator.stamp()) {
            return Check.OLD;
        }
        Estimator.Estimates kept = decode(value);
        if (kept == null || key.length != PREFIX.length + 17) {
            return Check.DIFFERS;
        }
        Position c = position(key);
        if (c == null) {
            return Check.DIFFERS;
        }
        Estimator.Estimates now = Estimator.searchAfresh(c, Estimator.Budget.explorer(64 - c.discs()));
        return now.scores().equals(kept.scores()) && List.copyOf(now.scores().keySet()).equals(List.copyOf(kept.scores().keySet()))
                && now.lines().equals(kept.lines()) && now.depth() == kept.depth() && now.exact() == kept.exact()
                ? Check.SAME : Check.DIFFERS;
    }

    /** The empties of an entry's position (0 when its key holds none). */
    public static int empties(byte[] key) {
        Position p = key.length == PREFIX.length + 17 ? position(key) : null;
        return p == null ? 0 : 64 - p.discs();
    }

    /** The canonical position of an entry's key, or null when the key holds none. */
    static Position position(byte[] key) {
        try {
            Position p = PositionKeys.position(key, PREFIX.length);
            return p != null && p.equals(p.canonical()) ? p : null;
        } catch (RuntimeException x) {
            return null;
        }
    }
}
