package org.thordb.ingest;

import org.thordb.fault.Faults;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.index.Copies;
import org.thordb.index.IndexReader;
import org.thordb.index.PositionHash;
import org.thordb.store.ByteKey;
import org.thordb.store.Catalog;
import org.thordb.store.Identities;
import org.thordb.store.Store;
import org.thordb.store.Store.Space;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import org.thordb.store.Keys;

/**
 * The links between player numbers that the store keeps ({@link Identities.Link}, {@code 'I'} rows
 * of {@code files}): those found from copies (two bases naming one player of the same games in two
 * spellings close enough to be one name: {@link Identities#closeSpelling}), made again after each
 * import into a store of two bases or more; and those a user says ({@link #say}): one player, or two.
 *
 * <p>Usage: {@code int[] changed = IdentityLinks.refresh(store, catalog, hash, committer);}
 */
public final class IdentityLinks {
    private IdentityLinks() {
    }

    /**
     * Makes the copies' links again: one for each pair of names that disagree on copies and are close
     * spellings, unless a user's link says otherwise of that pair; stale ones deleted. One batch.
     * Returns {links written, links deleted}.
     */
    public static int[] refresh(Store store, Catalog catalog, PositionHash hash, Importer.Committer committer) {
        Map<ByteKey, Identities.Link> want = new HashMap<>();
        if (catalog.bases().size() >= 2) {
            try (Store.View v = store.view()) {
                IndexReader r = new IndexReader(v, catalog, hash);
                for (Copies.Disagreement d : Copies.of(r).disagreements()) {
                    Catalog.Base a = catalog.base(d.baseA());
                    Catalog.Base b = catalog.base(d.baseB());
                    String na = a == null ? null : a.player(d.numberA());
                    String nb = b == null ? null : b.player(d.numberB());
                    if (na != null && nb != null && Identities.closeSpelling(na, nb)) {
                        Identities.Link l = new Identities.Link(d.baseA(), d.numberA(), d.baseB(), d.numberB(), "copies",
                                d.games(), true);
                        want.put(new ByteKey(l.key()), l);
                    }
                }
            }
        }
        Map<ByteKey, Identities.Link> have = new HashMap<>();
        for (Identities.Link l : catalog.links()) {
            have.put(new ByteKey(l.key()), l);
        }
        // the joins of numbers whose names differ (the same name spelt otherwise, the words in another
        // order), kept so that a name lookup need not fold every name: what the whole build gives now
        List<Identities.Link> after = new ArrayList<>(catalog.links());
        after.removeIf(l -> l.rule().equals("copies"));
        after.addAll(want.values());
        Identities whole = Identities.build(catalog.bases(), after);
        Map<ByteKey, String> joins = new HashMap<>();
        for (Identities.Join j : whole.joins()) {
            if (j.rule().equals("name") || j.rule().equals("order")) {
                String na = catalog.base((int) (j.a() >>> 32)).player((int) j.a());
                String nb = catalog.base((int) (j.b() >>> 32)).player((int) j.b());
                if (na != null && !na.equals(nb)) {
                    joins.put(new ByteKey(Identities.joinKey(j)), j.rule());
                }
            }
        }
        Map<ByteKey, String> stored = new HashMap<>();
        for (Identities.Join j : catalog.storedJoins()) {
            stored.put(new ByteKey(Identities.joinKey(j)), j.rule());
        }
        int written = 0;
        int deleted = 0;
        try (Store.Batch batch = store.batch()) {
            for (Map.Entry<ByteKey, String> e : joins.entrySet()) {
                if (!e.getValue().equals(stored.get(e.getKey()))) {
                    batch.put(Space.FILES, e.getKey().bytes(), e.getValue().getBytes(StandardCharsets.US_ASCII));
                    written++;
                }
            }
            for (ByteKey k : stored.keySet()) {
                if (!joins.containsKey(k)) {
                    batch.delete(Space.FILES, k.bytes());
                    deleted++;
                }
            }
            if (catalog.joinsStamp() != catalog.namesStamp()) {
                batch.put(Space.FILES, Catalog.JOINS_STAMP_KEY, Keys.u64(catalog.namesStamp()));
                written++;
            }
            for (Map.Entry<ByteKey, Identities.Link> e : want.entrySet()) {
                Identities.Link old = have.get(e.getKey());
                if (old != null && old.rule().equals("user")) {
                    continue; // the user's word on that pair stands
                }
                if (!e.getValue().equals(old)) {
                    batch.put(Space.FILES, e.getKey().bytes(), Catalog.encode(e.getValue()));
                    written++;
                }
            }
            for (Map.Entry<ByteKey, Identities.Link> e : have.entrySet()) {
                if (e.getValue().rule().equals("copies") && !want.containsKey(e.getKey())) {
                    batch.delete(Space.FILES, e.getKey().bytes());
                    deleted++;
                }
            }
            if (written + deleted > 0) {
                committer.commit(batch);
            }
        }
        return new int[] {written, deleted};
    }

    /**
     * Records what a user says of two names: one player ({@code same}) or two, in one batch; returns
     * the link written. Each name must be a player's name in some base.
     *
     * @throws ThorDbException with {@link ErrorCode#BAD_ARGUMENT} for a name no base holds, or two
     *     spellings of one name said to be two players (the same name is one player)
     */
    public static Identities.Link say(Store store, Catalog catalog, String a, String b, boolean same,
                                      Importer.Committer committer) {
        long x = find(catalog, a);
        long y = find(catalog, b);
        if (!same && String.join(" ", Identities.words(a)).equals(String.join(" ", Identities.words(b)))) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "\"" + Faults.quote(a) + "\" and \""
                    + Faults.quote(b) + "\" are one name: they cannot be two players");
        }
        Identities.Link l = new Identities.Link((int) (x >>> 32), (int) x, (int) (y >>> 32), (int) y, "user", 0, same);
        try (Store.Batch batch = store.batch()) {
            batch.put(Space.FILES, l.key(), Catalog.encode(l));
            committer.commit(batch);
        }
        return l;
    }

    /**
     * Takes back what a user said of two names (the rules then decide again); returns whether there
     * was such a word.
     */
    public static boolean unsay(Store store, Catalog catalog, String a, String b, Importer.Committer committer) {
        long x = find(catalog, a);
        long y = find(catalog, b);
        byte[] key = Identities.Link.keyOf((int) (x >>> 32), (int) x, (int) (y >>> 32), (int) y);
        for (Identities.Link l : catalog.links()) {
            if (Arrays.equals(l.key(), key) && l.rule().equals("user")) {
                try (Store.Batch batch = store.batch()) {
                    batch.delete(Space.FILES, key);
                    committer.commit(batch);
                }
                return true;
            }
        }
        return false;
    }

    /** The (base, number) of the first player named {@code name} exactly (case aside), earliest base first. */
    private static long find(Catalog c, String name) {
        for (Catalog.Base b : c.bases()) {
            int[] m = b.playerIndex().matching(name, false);
            for (int n : m) {
                if (name.equalsIgnoreCase(b.player(n))) {
                    return ((long) b.id() << 32) | n;
                }
            }
            if (m.length > 0) {
                return ((long) b.id() << 32) | m[0];
            }
        }
        throw Faults.of(ErrorCode.BAD_ARGUMENT, "no player is named \"" + Faults.quote(name) + "\"");
    }

    /** The links and joins of a base that is removed (their rows go with it). */
    static List<byte[]> ofBase(Catalog c, int base) {
        List<byte[]> out = new ArrayList<>();
        for (Identities.Link l : c.links()) {
            if (l.baseA() == base || l.baseB() == base) {
                out.add(l.key());
            }
        }
        for (Identities.Join j : c.storedJoins()) {
            if ((int) (j.a() >>> 32) == base || (int) (j.b() >>> 32) == base) {
                out.add(Identities.joinKey(j));
            }
        }
        return out;
    }
}
