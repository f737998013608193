package org.thordb.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

/** The postings codec, and its reader of Roaring's portable format against the library's own. */
@org.junit.jupiter.api.extension.ExtendWith(org.thordb.testing.Seeded.class)
@org.thordb.testing.FullTier
class PostingsTest {
    /** Sets of every container kind and count: sparse, dense, runs, with and without run containers. */
    private static RoaringBitmap randomSet(SplittableRandom rnd) {
        RoaringBitmap b = new RoaringBitmap();
        int containers = 1 + rnd.nextInt(rnd.nextBoolean() ? 3 : 40);
        for (int c = 0; c < containers; c++) {
            int high = rnd.nextInt(300) << 16;
            switch (rnd.nextInt(4)) {
                case 0 -> { // sparse: an array container
                    for (int i = rnd.nextInt(1, 4096); i > 0; i--) {
                        b.add(high | rnd.nextInt(1 << 16));
                    }
                }
                case 1 -> { // dense: a bitmap container
                    for (int i = 0; i < 1 << 16; i++) {
                        if (rnd.nextInt(3) != 0) {
                            b.add(high | i);
                        }
                    }
                }
                case 2 -> { // ranges: a run container once optimised
                    for (int r = rnd.nextInt(1, 50); r > 0; r--) {
                        int start = rnd.nextInt(1 << 16);
                        b.add((long) (high | start), (long) (high | Math.min(1 << 16, start + rnd.nextInt(1, 3000))));
                    }
                }
                default -> b.add((long) high, (long) high + (1 << 16)); // full
            }
        }
        if (rnd.nextBoolean()) {
            b.runOptimize();
        }
        return b;
    }

    @Test
    void theFastReaderReadsWhatTheLibraryWrites(SplittableRandom rnd) {
        for (int i = 0; i < 400; i++) {
            RoaringBitmap want = randomSet(rnd);
            byte[] v = Postings.encode(want);
            if (v[0] != 1) {
                continue; // small sets are written as lists
            }
            RoaringBitmap got = Postings.roaringFast(v, 1, v.length);
            assertNotNull(got, "set " + i);
            assertEquals(want, got, "set " + i);
            assertEquals(want.getLongCardinality(), got.getLongCardinality());
            assertEquals(want, Postings.decode(v));
            RoaringBitmap other = randomSet(rnd); // and the containers work as containers
            assertEquals(RoaringBitmap.and(want, other), RoaringBitmap.and(got, other));
            assertEquals(RoaringBitmap.or(want, other), RoaringBitmap.or(got, other));
        }
    }

    @Test
    void aValueCutShortOrOfAnotherFormatIsLeftToTheLibrary() {
        RoaringBitmap b = RoaringBitmap.bitmapOf(1, 5, 70_000, 1 << 20);
        b.add(0L, 100_000L);
        b.runOptimize();
        byte[] v = Postings.encode(b);
        assertNull(Postings.roaringFast(v, 1, v.length - 3));
        byte[] bad = v.clone();
        bad[1] = 0x55;
        assertNull(Postings.roaringFast(bad, 1, bad.length));
        assertEquals(b, Postings.decode(v));
    }

    @Test
    void aValuesHeadTellsItsCountAndAUnionThroughSomeGamesKeepsOnlyThose(SplittableRandom rnd) {
        RoaringBitmap sparse = new RoaringBitmap();
        RoaringBitmap dense = new RoaringBitmap();
        for (int i = 0; i < 3_000; i++) {
            sparse.add(rnd.nextInt(10_000_000));
        }
        for (int i = 0; i < 400_000; i++) {
            dense.add(rnd.nextInt(1_000_000));
        }
        RoaringBitmap runs = RoaringBitmap.bitmapOfRange(5_000, 900_000);
        runs.add(2_000_000);
        RoaringBitmap through = new RoaringBitmap();
        for (int i = 0; i < 500; i++) {
            through.add(rnd.nextInt(10_000_000));
        }
        through.or(RoaringBitmap.bitmapOf(sparse.select(7), dense.select(9), 6_000, 2_000_000));
        Postings.Union all = new Postings.Union();
        Postings.Union some = new Postings.Union(through);
        for (RoaringBitmap b : java.util.List.of(sparse, dense, runs, RoaringBitmap.bitmapOf(17, 6_000, 9_999_999))) {
            byte[] v = Postings.encode(b.clone());
            assertEquals(b.getLongCardinality(), Postings.cardinalityOfHead(v, v.length));
            // the header alone is enough, and a head shorter than it says so
            int header = v[0] == 0 ? 3 : headerLength(v);
            assertEquals(b.getLongCardinality(), Postings.cardinalityOfHead(v, Math.min(v.length, header)));
            if (v[0] != 0) {
                assertEquals(-1, Postings.cardinalityOfHead(v, header - 1));
            }
            all.add(v);
            some.add(v);
        }
        RoaringBitmap union = all.result();
        assertEquals(RoaringBitmap.and(union, through), some.result());
        assertEquals(RoaringBitmap.or(RoaringBitmap.or(sparse, dense), RoaringBitmap.or(runs, RoaringBitmap.bitmapOf(17, 6_000, 9_999_999))),
                union);
    }

    /**
     * A set is written as whichever of a varint list and a Roaring bitmap is shorter, and every
     * reader reads a long list (an edge term's thousands of games a few dozen apart) as it reads
     * Roaring: decode, add, a union with and without games to go through, counts.
     */
    @Test
    void aSetIsWrittenAsTheShorterOfAListAndRoaringAndReadTheSameEitherWay(SplittableRandom rnd) {
        int lists = 0;
        int roarings = 0;
        for (int i = 0; i < 60; i++) {
            RoaringBitmap b = new RoaringBitmap();
            int base = rnd.nextInt(10_000_000);
            int gap = i % 2 == 0 ? 1 : 1 + rnd.nextInt(400); // dense (Roaring wins) or a few dozen apart (a list)
            int n = rnd.nextInt(1, 20_000);
            for (int j = 0, id = base; j < n; j++, id += 1 + rnd.nextInt(2 * gap)) {
                b.add(id);
            }
            int[] ids = b.toArray();
            byte[] v = Postings.encode(ids, ids.length);
            assertEquals(java.util.Arrays.toString(v), java.util.Arrays.toString(Postings.encode(b.clone())), "set " + i);
            byte[] roaring = Postings.encodeByCount(ids, ids.length);
            if (ids.length >= 48) {
                assertEquals(true, v.length <= roaring.length, "set " + i + ": never longer than Roaring");
            }
            if (v[0] == 0) {
                lists++;
            } else {
                roarings++;
            }
            assertEquals(b, Postings.decode(v), "set " + i);
            RoaringBitmap into = RoaringBitmap.bitmapOf(3, base);
            Postings.addTo(v, into);
            assertEquals(RoaringBitmap.or(b, RoaringBitmap.bitmapOf(3, base)), into);
            assertEquals(b.getLongCardinality(), Postings.cardinality(v, v.length));
            assertEquals(b.getLongCardinality(), Postings.cardinalityOfHead(v, v.length));
            RoaringBitmap through = new RoaringBitmap();
            for (int j = 0; j < 50; j++) {
                through.add(b.select(rnd.nextInt(b.getCardinality())));
                through.add(rnd.nextInt(10_000_000));
            }
            Postings.Union all = new Postings.Union();
            Postings.Union some = new Postings.Union(through);
            for (byte[] x : java.util.List.of(v, Postings.encode(new int[] {1, 10_000_001}, 2))) {
                all.add(x);
                some.add(x);
            }
            RoaringBitmap want = RoaringBitmap.or(b, RoaringBitmap.bitmapOf(1, 10_000_001));
            assertEquals(want, all.result(), "set " + i);
            assertEquals(RoaringBitmap.and(want, through), some.result(), "set " + i);
        }
        assertEquals(true, lists > 5 && roarings > 5, lists + " lists, " + roarings + " Roaring values");
        // many long lists (the edge at any move): past 65,536 ids they are set in one bitset
        Postings.Union many = new Postings.Union();
        RoaringBitmap want = new RoaringBitmap();
        for (int i = 0; i < 60; i++) {
            RoaringBitmap b = new RoaringBitmap();
            int base = rnd.nextInt(10_000_000);
            for (int j = 0, id = base; j < 2_000 + rnd.nextInt(3_000); j++, id += 1 + rnd.nextInt(60)) {
                b.add(id);
            }
            byte[] v = Postings.encode(b.toArray(), b.getCardinality());
            assertEquals(0, v[0], "a list");
            many.add(v);
            want.or(b);
        }
        many.add(Postings.encode(new int[] {5, 12_000_000}, 2));
        want.add(5);
        want.add(12_000_000);
        RoaringBitmap got = many.result();
        assertEquals(want.getLongCardinality(), got.getLongCardinality());
        assertEquals(true, want.equals(got), "the union of many long lists");
    }

    /** The length of a Roaring value's header: tag, cookie (and size or run flags), a key and a count a container. */
    private static int headerLength(byte[] v) {
        int cookie = (v[1] & 0xff) | (v[2] & 0xff) << 8 | (v[3] & 0xff) << 16 | (v[4] & 0xff) << 24;
        if ((cookie & 0xffff) == 12347) {
            int size = (cookie >>> 16) + 1;
            return 5 + (size + 7) / 8 + 4 * size;
        }
        int size = (v[5] & 0xff) | (v[6] & 0xff) << 8 | (v[7] & 0xff) << 16 | (v[8] & 0xff) << 24;
        return 9 + 4 * size;
    }

    /**
     * A position's value with its games' next moves: every id comes back with its move, whatever
     * the count (a short list or a Roaring bitmap) and however many distinct moves (one: no code;
     * up to all 65), and every reader of the ids alone reads them as if the moves were not there.
     */
    @Test
    void aValueWithItsGamesNextMovesGivesBothBackAndReadsAsItsIdsAlone(SplittableRandom rnd) {
        for (int round = 0; round < 300; round++) {
            RoaringBitmap set = round % 3 == 0 ? RoaringBitmap.bitmapOf(rnd.ints(1 + rnd.nextInt(40), 0, 1 << 24).toArray())
                    : randomSet(rnd);
            int[] ids = set.toArray();
            int distinct = new int[] {1, 2, 3, 5, 17, 65}[round % 6];
            byte[] moves = new byte[ids.length];
            for (int i = 0; i < ids.length; i++) {
                int m = rnd.nextInt(distinct);
                moves[i] = (byte) (m == 64 ? Postings.END : distinct == 1 ? 19 : m);
            }
            Postings.WithMoves e = Postings.encodeWithMoves(ids, moves, ids.length);
            byte[] v = e.value();
            byte[] apart = e.apart();
            assertEquals(ids.length >= 48, apart != null, "a Roaring value has its moves apart");
            assertEquals(true, Postings.hasMoves(v));
            assertEquals(apart != null, Postings.movesApart(v));
            assertEquals(false, Postings.hasMoves(Postings.encode(ids, ids.length)));
            assertEquals(set, Postings.decode(v));
            assertEquals(set.getLongCardinality(), Postings.cardinality(v, v.length));
            assertEquals(set.getLongCardinality(), Postings.cardinalityOfHead(v, v.length));
            Postings.Union u = new Postings.Union();
            u.add(v, v.length);
            assertEquals(set, u.result());
            RoaringBitmap some = new RoaringBitmap();
            for (int i = 0; i < ids.length; i += 3) {
                some.add(ids[i]);
            }
            Postings.Union through = new Postings.Union(some);
            through.add(v, v.length);
            assertEquals(some, through.result());
            int[] at = {0};
            assertEquals(apart == null, Postings.forEachMove(v, v.length, (id, move) -> { }), "apart: not without them");
            Postings.forEachMove(v, v.length, apart, (id, move) -> {
                assertEquals(ids[at[0]], id);
                assertEquals(moves[at[0]], move, "the move of game " + id);
                at[0]++;
            });
            assertEquals(ids.length, at[0]);
            RoaringBitmap[] byMove = new RoaringBitmap[Postings.END + 1];
            assertEquals(true, Postings.addByMove(v, v.length, apart, null, byMove));
            long n = 0;
            for (int m = 0; m <= Postings.END; m++) {
                if (byMove[m] != null) {
                    for (int id : byMove[m]) {
                        assertEquals(m, moves[java.util.Arrays.binarySearch(ids, id)]);
                    }
                    n += byMove[m].getLongCardinality();
                }
            }
            assertEquals(ids.length, n);
            // for some games only: a few (found by rank), a dense run (read in order), and ids not in the value
            RoaringBitmap only = new RoaringBitmap();
            for (int i = 0; i < ids.length; i++) {
                if (i % 97 == 0 || (i > ids.length / 3 && i < ids.length / 2)) {
                    only.add(ids[i]);
                }
            }
            only.add(1 << 30);
            RoaringBitmap[] someByMove = new RoaringBitmap[Postings.END + 1];
            assertEquals(true, Postings.addByMove(v, v.length, apart, only, someByMove));
            for (int m = 0; m <= Postings.END; m++) {
                RoaringBitmap want = byMove[m] == null ? new RoaringBitmap() : RoaringBitmap.and(byMove[m], only);
                assertEquals(want, someByMove[m] == null ? new RoaringBitmap() : someByMove[m], "move " + m);
            }
        }
        byte[] plain = Postings.encode(new int[] {4, 9}, 2);
        assertEquals(false, Postings.addByMove(plain, plain.length, null, null, new RoaringBitmap[65]));
    }
}
