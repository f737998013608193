package org.thordb.query.plan;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.thordb.query.ast.Predicate;
import org.thordb.testing.Seeded;

/** A range of games marked in one loop equals the same games tested one by one. */
@ExtendWith(Seeded.class)
class RangeTestTest {
    @Test
    void markingARangeEqualsTestingEachGame(SplittableRandom rnd) {
        for (int round = 0; round < 1_000; round++) {
            int size = 1 + rnd.nextInt(600);
            boolean[] hit = new boolean[64];
            for (int i = 0; i < hit.length; i++) {
                hit[i] = rnd.nextInt(4) == 0;
            }
            char[] black = new char[size];
            char[] white = new char[size];
            byte[] left = new byte[size];
            byte[] right = new byte[size];
            for (int id = 0; id < size; id++) {
                black[id] = (char) rnd.nextInt(64);
                white[id] = (char) rnd.nextInt(64);
                left[id] = (byte) rnd.nextInt(256); // unsigned: 128 and more are no negative scores
                right[id] = (byte) (rnd.nextBoolean() ? left[id] : rnd.nextInt(256));
            }
            Predicate.Op op = Predicate.Op.values()[rnd.nextInt(Predicate.Op.values().length)];
            for (ColumnarPredicate.RangeTest t : new ColumnarPredicate.RangeTest[] {new NameLookup.NameRangeTest(hit, black, white),
                    new NameLookup.NameRangeTest(hit, white, null), new FieldComparison.ColumnsCompare(left, op, right, null)}) {
                int from = rnd.nextInt(size + 1);
                int to = from + rnd.nextInt(size - from + 1);
                long[] marked = new long[(size >>> 6) + 1];
                long[] tested = new long[marked.length];
                t.mark(from, to, marked);
                for (int id = from; id < to; id++) {
                    if (t.test(id)) {
                        tested[id >>> 6] |= 1L << id;
                    }
                }
                assertArrayEquals(tested, marked, t.getClass().getSimpleName() + " " + op + " round " + round);
            }
            FieldComparison.ColumnsCompare c = new FieldComparison.ColumnsCompare(left, op, right, null);
            for (int id = 0; id < size; id++) { // and the test itself says what the operator says
                int a = left[id] & 0xff;
                int b = right[id] & 0xff;
                boolean want = switch (op) {
                    case EQ -> a == b;
                    case NE -> a != b;
                    case LT -> a < b;
                    case LE -> a <= b;
                    case GT -> a > b;
                    case GE -> a >= b;
                };
                if (c.test(id) != want) {
                    throw new AssertionError(a + " " + op.symbol() + " " + b + " tested " + c.test(id));
                }
            }
        }
    }
}
