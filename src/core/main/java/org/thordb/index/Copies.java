package org.thordb.index;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.wthor.WthorGame;
import java.util.BitSet;
import java.util.Comparator;
import java.util.LinkedHashMap;

/**
 * Games imported again from another source: in another base, the same whole move list up to
 * symmetry ({@link Duplicates}) and the same year. What the game is decides, not its names: a
 * transcription may spell a player otherwise, or name another player altogether (a names file of
 * another release), and it is the same game still; the names then tell who played it, and where
 * they disagree the disagreement is kept ({@link #disagreements()}) and shown, never averaged away.
 * A short game (fewer than {@link #MOVES_ALONE} moves), which two different games may share by
 * chance, and a game of no known year (year 0: a source that gave no date) need a player in common
 * too (names compared without case, spaces or punctuation).
 * Such a game is one game, and every figure counts it once: of a
 * set of games, {@link #once} keeps, in each class of copies, the games of one base (the base with
 * the most of them in the set; on a tie the one whose theoretical scores are known, then the one
 * imported first). Games of one base that repeat each other (engine games played again, as the
 * FFO base's 34) stay separate games: two games of base A and their two copies in base B count two.
 * Made once per store state, and only for a set that spans two bases or more.
 *
 * <p>Usage: {@code RoaringBitmap counted = Copies.once(reader, ids);}
 */
public final class Copies {
    private static final PerCatalog<Copies> MADE = new PerCatalog<>();

    /**
     * The moves from which a game shared by two bases in the same year is a copy whatever its names
     * say. Measured on the FFO base (1977–2015): the longest move list that two games of different
     * players share, other than a whole game, has 13 moves (three games, in different years); within
     * a year, no two games of different players share one shorter than 60 moves. 20 leaves a margin.
     */
    public static final int MOVES_ALONE = 20;

    /**
     * Two names for one player of copies: the name one base gives and the name another gives, on
     * {@code games} copies (Black with Black, White with White), one of them {@code example}.
     *
     * @param baseA the base of the first name (the lower id)
     * @param numberA its player number
     * @param baseB the base of the other name
     * @param numberB its player number
     * @param games the copies on which they disagree
     * @param example a game of base A among them
     * @param exampleOther its copy in base B
     */
    public record Disagreement(int baseA, int numberA, int baseB, int numberB, int games, int example, int exampleOther) {
    }

    private List<Disagreement> disagreements = List.of();

    /** Every pair of names that disagree on copies, most copies first. */
    public List<Disagreement> disagreements() {
        return disagreements;
    }

    /** Every game that has a copy in another base. */
    private final RoaringBitmap members;
    /** The class of each member. */
    private final Map<Integer, Integer> classOf;
    /** The members of each class, with their base and rank (lower: kept first on a tie). */
    private final List<int[]> classIds;
    private final List<int[]> classBases;
    private final List<int[]> classRanks;

    private Copies(RoaringBitmap members, Map<Integer, Integer> classOf, List<int[]> ids, List<int[]> bases,
                   List<int[]> ranks) {
        this.members = members;
        this.classOf = classOf;
        this.classIds = ids;
        this.classBases = bases;
        this.classRanks = ranks;
    }

    /** The copies of the store a reader reads. */
    public static Copies of(IndexReader r) {
        return MADE.get(r.catalog(), () -> build(r));
    }

    /**
     * {@code ids} with each game counted once: the same bitmap when no copy of another base is in
     * it (a set within one base costs one check of its files).
     */
    public static RoaringBitmap once(IndexReader r, RoaringBitmap ids) {
        if (ids.isEmpty() || basesIn(r.catalog(), ids) < 2) {
            return ids;
        }
        return of(r).keepOnce(ids);
    }

    /** How many bases hold games of {@code ids} (stops at 2). */
    private static int basesIn(Catalog c, RoaringBitmap ids) {
        int first = -1;
        for (FileRow f : c.gameFiles()) {
            if (f.games() > 0 && (first < 0 || f.base() != first)
                    && ids.intersects((long) f.firstId(), (long) f.firstId() + f.games())) {
                if (first >= 0) {
                    return 2;
                }
                first = f.base();
            }
        }
        return first < 0 ? 0 : 1;
    }

    /** Every game that has a copy in another base (do not change it). */
    public RoaringBitmap members() {
        return members;
    }

    /** {@code ids} with each class of copies reduced to one base's games. */
    public RoaringBitmap keepOnce(RoaringBitmap ids) {
        RoaringBitmap touched = RoaringBitmap.and(ids, members);
        if (touched.isEmpty()) {
            return ids;
        }
        RoaringBitmap drop = new RoaringBitmap();
        BitSet done = new BitSet(classIds.size());
        touched.forEach((int id) -> {
            int k = classOf.get(id);
            if (done.get(k)) {
                return;
            }
            done.set(k);
            int[] cIds = classIds.get(k);
            int[] cBases = classBases.get(k);
            int[] cRanks = classRanks.get(k);
            // the base with the most games of the class in the set; on a tie the best-ranked
            Map<Integer, int[]> perBase = new HashMap<>(); // base -> {games, best rank}
            for (int i = 0; i < cIds.length; i++) {
                if (ids.contains(cIds[i])) {
                    int[] s = perBase.computeIfAbsent(cBases[i], b -> new int[] {0, Integer.MAX_VALUE});
                    s[0]++;
                    s[1] = Math.min(s[1], cRanks[i]);
                }
            }
            if (perBase.size() < 2) {
                return;
            }
            int keep = -1;
            int[] best = null;
            for (Map.Entry<Integer, int[]> e : perBase.entrySet()) {
                int[] s = e.getValue();
                if (best == null || s[0] > best[0] || s[0] == best[0] && s[1] < best[1]) {
                    best = s;
                    keep = e.getKey();
                }
            }
            for (int i = 0; i < cIds.length; i++) {
                if (cBases[i] != keep) {
                    drop.add(cIds[i]);
                }
            }
        });
        return drop.isEmpty() ? ids : RoaringBitmap.andNot(ids, drop);
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    /** Lowercase letters and digits of a name: "Hobo, Roel" and "hobo roel" are one name. */
    static String plain(String name) {
        if (name == null) {
            return "";
        }
        StringBuilder sb = new StringBuilder(name.length());
        name.toLowerCase(Locale.ROOT).codePoints().filter(Character::isLetterOrDigit).forEach(sb::appendCodePoint);
        return sb.toString();
    }

    private static Copies build(IndexReader r) {
        Catalog c = r.catalog();
        RoaringBitmap members = new RoaringBitmap();
        Map<Integer, Integer> classOf = new HashMap<>();
        List<int[]> ids = new ArrayList<>();
        List<int[]> bases = new ArrayList<>();
        List<int[]> ranks = new ArrayList<>();
        if (c.bases().size() < 2) {
            return new Copies(members, classOf, ids, bases, ranks);
        }
        TheoreticalKnown known = TheoreticalKnown.of(r);
        Map<List<Integer>, int[]> pairs = new LinkedHashMap<>(); // {games, example, its copy}
        for (Duplicates.Group g : Duplicates.of(r).groups()) {
            // the same moves: of the same year, two games of two bases with a player in common (one
            // of them may have been renamed since) are copies; classes are what such pairs join
            List<GameRow> rows = new ArrayList<>();
            List<String[]> names = new ArrayList<>();
            for (int id : g.ids()) {
                GameRow row = r.game(id);
                if (row != null) {
                    WthorGame w = new WthorGame(row.raw(), row.side());
                    Catalog.Base b = c.base(row.base());
                    rows.add(row);
                    names.add(new String[] {plain(b == null ? null : b.player(w.black())),
                        plain(b == null ? null : b.player(w.white()))});
                }
            }
            int n = rows.size();
            int[] parent = new int[n];
            for (int i = 0; i < n; i++) {
                parent[i] = i;
            }
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    GameRow a = rows.get(i);
                    GameRow b = rows.get(j);
                    // the moves alone make a copy of a long enough game of a known year; a short game, or
                    // an undated one (year 0: two sources that gave no date), needs a player in common too
                    boolean byMoves = new WthorGame(a.raw(), a.side()).moveCount() >= MOVES_ALONE && a.year() != 0;
                    if (a.base() != b.base() && a.year() == b.year() && (byMoves
                            || names.get(i)[0].equals(names.get(j)[0]) || names.get(i)[1].equals(names.get(j)[1]))) {
                        parent[find(parent, i)] = find(parent, j);
                        // the names of a copy: where they disagree, both are kept
                        WthorGame wa = new WthorGame(a.raw(), a.side());
                        WthorGame wb = new WthorGame(b.raw(), b.side());
                        if (!names.get(i)[0].equals(names.get(j)[0])) {
                            disagree(pairs, a, wa.black(), b, wb.black());
                        }
                        if (!names.get(i)[1].equals(names.get(j)[1])) {
                            disagree(pairs, a, wa.white(), b, wb.white());
                        }
                    }
                }
            }
            Map<Integer, List<GameRow>> classes = new HashMap<>();
            for (int i = 0; i < n; i++) {
                classes.computeIfAbsent(find(parent, i), x -> new ArrayList<>()).add(rows.get(i));
            }
            for (List<GameRow> cls : classes.values()) {
                if (cls.size() < 2) {
                    continue;
                }
                int k = ids.size();
                int[] cIds = new int[cls.size()];
                int[] cBases = new int[cls.size()];
                int[] cRanks = new int[cls.size()];
                for (int i = 0; i < cls.size(); i++) {
                    GameRow row = cls.get(i);
                    cIds[i] = row.id();
                    cBases[i] = row.base();
                    // known theoretical scores first, then the base imported first
                    cRanks[i] = (known.known(row.id()) ? 0 : 1 << 20) | row.base();
                    members.add(row.id());
                    classOf.put(row.id(), k);
                }
                ids.add(cIds);
                bases.add(cBases);
                ranks.add(cRanks);
            }
        }
        members.runOptimize();
        Copies out = new Copies(members, classOf, ids, bases, ranks);
        List<Disagreement> d = new ArrayList<>();
        pairs.forEach((k, v) -> d.add(new Disagreement(k.get(0), k.get(1), k.get(2), k.get(3), v[0], v[1], v[2])));
        d.sort(Comparator.comparingInt(Disagreement::games).reversed()
                .thenComparingInt(Disagreement::baseA).thenComparingInt(Disagreement::numberA)
                .thenComparingInt(Disagreement::baseB).thenComparingInt(Disagreement::numberB));
        out.disagreements = List.copyOf(d);
        return out;
    }

    /** Counts one copy on which two bases name one player otherwise (the lower base id first). */
    private static void disagree(Map<List<Integer>, int[]> pairs, GameRow a, int numberA, GameRow b, int numberB) {
        if (a.base() > b.base()) {
            disagree(pairs, b, numberB, a, numberA);
            return;
        }
        int[] v = pairs.computeIfAbsent(List.of(a.base(), numberA, b.base(), numberB), k -> new int[] {0, a.id(), b.id()});
        v[0]++;
    }
}
