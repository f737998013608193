package org.thordb.ingest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.index.Postings;
import org.thordb.index.PositionHash;
import org.thordb.index.SegmentIndexer;
import org.thordb.index.Terms;
import org.thordb.store.ByteKey;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.GameRow;
import org.thordb.store.Keys;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import org.thordb.wthor.WthorGame;

/**
 * Checks a store against itself: every game record decodes and its locator points back to it,
 * every name number resolves, and every postings entry is exactly what indexing the stored records
 * again gives (no entry missing, none different, none left over from a segment that is gone). The
 * indexes are rebuilt from the records, which are never changed, so {@code repair} rewrites what
 * differs.
 *
 * <p>Usage: {@code StoreVerifier.Report r = new StoreVerifier(store, catalog, hash).verify(false, problems::add);}
 */
public final class StoreVerifier {
    private final Store store;
    private final Catalog catalog;
    private final PositionHash hash;

    /** A verifier of a store whose catalog is {@code catalog}. */
    public StoreVerifier(Store store, Catalog catalog, PositionHash hash) {
        this.store = store;
        this.catalog = catalog;
        this.hash = hash;
    }

    /**
     * What was found and done.
     *
     * @param games the games checked
     * @param entries the postings entries checked
     * @param problems the problems found
     * @param repaired the entries written or deleted by the repair
     */
    public record Report(long games, long entries, long problems, long repaired) {
    }

    /** Hears each problem, one line. */
    public interface Listener {
        /** A problem, or what a repair did. */
        void line(String message);
    }

    private static final List<Space> POSTINGS = List.of(Space.TERMS, Space.POSITIONS, Space.FINGERPRINTS);

    /** Checks the whole store; with {@code repair}, rewrites every entry that differs from the records. */
    public Report verify(boolean repair, Listener out) {
        return verify(repair, Integer.MAX_VALUE, 0, out);
    }

    /**
     * Checks at most {@code sample} game files, drawn with {@code seed} (every file when there are
     * no more), and the whole store for entries of segments that no file holds.
     */
    public Report verify(boolean repair, int sample, long seed, Listener out) {
        List<FileRow> files = new ArrayList<>(catalog.gameFiles());
        if (sample < files.size()) {
            java.util.Collections.shuffle(files, new java.util.Random(seed));
            files = files.subList(0, sample);
        }
        long[] games = {0};
        long problems = 0;
        long repaired = 0;
        long entries = 0;
        // the entries the store holds, by segment
        Map<Integer, Map<Space, Map<ByteKey, byte[]>>> stored = new HashMap<>();
        List<byte[]> orphans = new ArrayList<>();
        List<Space> orphanSpaces = new ArrayList<>();
        try (Store.View v = store.view()) {
            for (Space s : POSTINGS) {
                v.scan(s, new byte[0], null, (k, val) -> {
                    int seg = Terms.segmentOf(k);
                    if (catalog.segment(seg) == null) {
                        orphans.add(k);
                        orphanSpaces.add(s);
                    } else {
                        stored.computeIfAbsent(seg, x -> new HashMap<>()).computeIfAbsent(s, x -> new HashMap<>())
                                .put(new ByteKey(k), val);
                    }
                    return true;
                });
            }
            // every game text of the sources family belongs to a game of a text source
            long[] strays = {0};
            v.scan(Space.SOURCES, new byte[0], null, (k, val) -> {
                FileRow f = catalog.gameFileOf(Keys.getU32(k, 0));
                if (f == null || !f.fromSource()) {
                    strays[0]++;
                    if (strays[0] <= 10) {
                        out.line("sources: the text of game " + Keys.getU32(k, 0) + ", which no text source holds");
                    }
                }
                return true;
            });
            problems += strays[0];
            // every solitaire belongs to a stored solitaire file, which holds as many as it says
            java.util.Map<Long, Integer> perFile = new java.util.HashMap<>();
            long[] loose = {0};
            v.scan(Space.SOLITAIRES, new byte[0], null, (k, val) -> {
                org.thordb.store.SolitaireRow row = org.thordb.store.SolitaireRow.decode(k, val);
                if (catalog.solitaireFile(row.base(), row.empties()) == null) {
                    loose[0]++;
                } else {
                    perFile.merge((long) row.base() << 8 | row.empties(), 1, Integer::sum);
                }
                return true;
            });
            if (loose[0] > 0) {
                out.line("solitaires: " + loose[0] + " solitaires of no stored solitaire file");
            }
            problems += loose[0];
            for (Catalog.SolitaireFile f : catalog.solitaireFiles()) {
                int have = perFile.getOrDefault((long) f.base() << 8 | f.empties(), 0);
                if (have != f.solitaires()) {
                    problems++;
                    out.line(f.name() + ": the store holds " + have + " of its " + f.solitaires() + " solitaires");
                }
            }
            for (int i = 0; i < orphans.size(); i++) {
                problems++;
                out.line(orphanSpaces.get(i).familyName() + ": an entry of segment "
                        + Terms.segmentOf(orphans.get(i)) + ", which no file holds");
            }
            for (FileRow f : files) {
                List<String> bad = new ArrayList<>();
                int[] seen = {0};
                SegmentIndexer ix = SegmentIndexer.ofStored(v, f, hash, (id, row, undecodable) -> {
                    if (row == null) {
                        bad.add("game " + id + " of " + f.name() + " does not decode: " + undecodable);
                        return;
                    }
                    if (id != f.firstId() + seen[0]) {
                        bad.add("game " + (f.firstId() + seen[0]) + " of " + f.name() + " is missing");
                    }
                    seen[0] = id - f.firstId() + 1;
                    games[0]++;
                    check(row, f, v, bad);
                });
                if (seen[0] != f.games()) {
                    bad.add(f.name() + ": the store holds " + seen[0] + " of its " + f.games() + " games");
                }
                Map<Space, Map<ByteKey, byte[]>> have = stored.getOrDefault(f.segment(), Map.of());
                Map<Space, Map<ByteKey, byte[]>> want = new HashMap<>();
                ix.emit((s, k, val) -> want.computeIfAbsent(s, x -> new HashMap<>()).put(new ByteKey(k), val));
                try (Store.Batch batch = repair ? store.batch() : null) {
                    for (Space s : POSTINGS) {
                        Map<ByteKey, byte[]> w = want.getOrDefault(s, Map.of());
                        Map<ByteKey, byte[]> h = have.getOrDefault(s, Map.of());
                        entries += w.size();
                        for (Map.Entry<ByteKey, byte[]> e : w.entrySet()) {
                            byte[] got = h.get(e.getKey());
                            if (got == null || !samePostings(s, got, e.getValue())) {
                                bad.add(s.familyName() + ": " + (got == null ? "an entry is missing" : "an entry differs")
                                        + " for " + f.name());
                                if (batch != null) {
                                    batch.put(s, e.getKey().bytes(), e.getValue());
                                }
                            }
                        }
                        for (ByteKey k : h.keySet()) {
                            if (!w.containsKey(k)) {
                                bad.add(s.familyName() + ": an entry of " + f.name() + " that its records do not give");
                                if (batch != null) {
                                    batch.delete(s, k.bytes());
                                }
                            }
                        }
                    }
                    problems += bad.size();
                    bad.forEach(out::line);
                    if (batch != null && batch.count() > 0) {
                        batch.commit();
                        repaired += batch.count();
                        out.line("repaired " + f.name() + ": " + batch.count() + " entries rewritten from its records");
                    }
                }
            }
        }
        if (repair && !orphans.isEmpty()) {
            try (Store.Batch batch = store.batch()) {
                for (int i = 0; i < orphans.size(); i++) {
                    batch.delete(orphanSpaces.get(i), orphans.get(i));
                }
                batch.commit();
                repaired += orphans.size();
                out.line("repaired: " + orphans.size() + " entries of segments no file holds deleted");
            }
        }
        return new Report(games[0], entries, problems, repaired);
    }

    /** The checks on one game: its segment, its locator, its names. */
    private void check(GameRow row, FileRow f, Store.View v, List<String> bad) {
        String where = f.name() + ": record " + row.record();
        if (row.segment() != f.segment() || row.base() != f.base() || row.year() != f.year()) {
            bad.add(where + ": the game says segment " + row.segment() + ", base " + row.base() + ", year " + row.year());
        }
        if (row.raw().length != WthorGame.recordSize(row.side())) {
            bad.add(where + ": a record of " + row.raw().length + " bytes");
            return;
        }
        byte[] loc = v.get(Space.GAME_KEYS, GameRow.locator(row.base(), row.side(), row.year(), row.record()));
        if (loc == null || Keys.getU32(loc, 0) != row.id()) {
            bad.add(where + ": its locator " + (loc == null ? "is missing" : "points to game " + Keys.getU32(loc, 0)));
        }
        if (f.fromSource()) {
            byte[] text = v.get(Space.SOURCES, GameRow.key(row.id()));
            if (text == null || text.length <= 4) {
                bad.add(where + ": its text from " + f.name() + " is missing");
            }
        }
        Catalog.Base b = catalog.base(row.base());
        if (b == null) {
            bad.add(where + ": base " + row.base() + " is not in the store");
            return;
        }
        WthorGame g = new WthorGame(row.raw(), row.side());
        boolean known = !b.players().isEmpty();
        if (known && row.damage() == null && (b.player(g.black()) == null || b.player(g.white()) == null)) {
            bad.add(where + ": a player number does not resolve in " + b.name() + "'s names");
        }
        if (!b.tournaments().isEmpty() && row.damage() == null && b.tournament(g.tournament()) == null) {
            bad.add(where + ": tournament " + g.tournament() + " does not resolve in " + b.name() + "'s names");
        }
    }

    private static boolean samePostings(Space s, byte[] a, byte[] b) {
        if (s == Space.FINGERPRINTS) {
            return Arrays.equals(a, b);
        }
        try {
            RoaringBitmap x = Postings.decode(a);
            return x.equals(Postings.decode(b));
        } catch (RuntimeException e) {
            return false;
        }
    }
}
