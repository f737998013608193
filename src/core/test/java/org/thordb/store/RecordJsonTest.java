package org.thordb.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.thordb.testing.Seeded;

/**
 * The catalog's rows as the streaming reader reads them equal what Jackson's databind reads from
 * the same bytes (databind writes them): random rows of every kind, strings of any characters,
 * absent numbers.
 */
@ExtendWith(Seeded.class)
class RecordJsonTest {
    private static final ObjectMapper DATABIND = new ObjectMapper();

    @Test
    void readsWhatDatabindReads(SplittableRandom rnd) throws Exception {
        for (int i = 0; i < 3_000; i++) {
            FileRow f = new FileRow(rnd.nextInt(), text(rnd), rnd.nextInt(), text(rnd), text(rnd), rnd.nextInt(),
                    text(rnd), rnd.nextLong(), rnd.nextInt(), rnd.nextInt(), rnd.nextInt(), rnd.nextInt(), text(rnd),
                    text(rnd), boxed(rnd), text(rnd), boxed(rnd), boxed(rnd));
            same(f, FileRow.class);
            same(new Catalog.Schema(rnd.nextInt(), rnd.nextInt(), rnd.nextInt(), rnd.nextInt(), text(rnd)), Catalog.Schema.class);
            same(new Catalog.SolitaireFile(rnd.nextInt(), rnd.nextInt(), text(rnd), text(rnd), text(rnd), rnd.nextInt(),
                    text(rnd), rnd.nextLong(), rnd.nextInt(), rnd.nextInt(), rnd.nextInt(), text(rnd)), Catalog.SolitaireFile.class);
            List<MergeGroup.Layout> layouts = rnd.nextInt(4) == 0 ? null : new ArrayList<>();
            for (int k = layouts == null ? 0 : rnd.nextInt(4); k > 0; k--) {
                layouts.add(new MergeGroup.Layout(rnd.nextInt(), rnd.nextInt()));
            }
            same(new MergeGroup(rnd.nextInt(), rnd.nextInt(), rnd.nextInt(), rnd.nextLong(), layouts, rnd.nextBoolean(),
                    text(rnd)), MergeGroup.class);
        }
    }

    @Test
    void absentComponentsAreNullOrZeroAsDatabindReadsThem() throws Exception {
        byte[] old = "{\"base\":3,\"kind\":\"wthor\",\"games\":7}".getBytes(StandardCharsets.UTF_8);
        FileRow f = RecordJson.read(old, FileRow.class);
        assertEquals(DATABIND.readValue(old, FileRow.class), f);
        assertEquals(null, f.theoretical());
        assertEquals(0, f.year());
    }

    @Test
    void refusesWhatIsNoRow() {
        for (String bad : List.of("[]", "{\"base\":1,\"colour\":2}", "{\"base\":\"x\"}", "{\"base\":1} {}", "{\"base\":1",
                "{\"merging\":1}")) {
            Class<? extends Record> type = bad.contains("merging") ? MergeGroup.class : FileRow.class;
            assertThrows(java.io.IOException.class, () -> RecordJson.read(bad.getBytes(StandardCharsets.UTF_8), type), bad);
        }
    }

    private static <T extends Record> void same(T row, Class<T> type) throws Exception {
        byte[] json = DATABIND.writeValueAsBytes(row);
        assertEquals(DATABIND.readValue(json, type), RecordJson.read(json, type), new String(json, StandardCharsets.UTF_8));
        assertEquals(row, RecordJson.read(json, type));
    }

    private static Integer boxed(SplittableRandom rnd) {
        return rnd.nextInt(3) == 0 ? null : rnd.nextInt();
    }

    /** Null sometimes, else characters of every kind: quotes, backslashes, controls, accents, beyond the BMP. */
    private static String text(SplittableRandom rnd) {
        if (rnd.nextInt(5) == 0) {
            return null;
        }
        StringBuilder s = new StringBuilder();
        for (int n = rnd.nextInt(12); n > 0; n--) {
            switch (rnd.nextInt(5)) {
                case 0 -> s.append("\"\\/\n\t\u0001".charAt(rnd.nextInt(6)));
                case 1 -> s.appendCodePoint(0x1F600 + rnd.nextInt(40));
                case 2 -> s.append((char) (0xC0 + rnd.nextInt(0x100)));
                default -> s.append((char) (' ' + rnd.nextInt(95)));
            }
        }
        return s.toString();
    }
}
