package org.thordb.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.thordb.testing.Seeded;

/** The one-pass fold of ASCII names says what the normalizer and the regular expressions say. */
@ExtendWith(Seeded.class)
class NameIndexTest {
    @Test
    void asciiNamesFoldAsTheNormalizerFoldsThem(SplittableRandom rnd) {
        String alphabet = "abcXYZ  \t\n\u000b\f\r\u001c\u001f-'.,0123456789~é";
        for (String s : new String[] {"", " ", "Tastet Marc", "  TASTET\t\tmarc  ", "\u001cA  b\u001f", "Préqualif", "x\r\ny"}) {
            assertEquals(NameIndex.foldUnicode(s), NameIndex.fold(s), "'" + s + "'");
        }
        for (int i = 0; i < 200_000; i++) {
            StringBuilder sb = new StringBuilder();
            int n = rnd.nextInt(12);
            for (int k = 0; k < n; k++) {
                sb.append(alphabet.charAt(rnd.nextInt(alphabet.length())));
            }
            String s = sb.toString();
            assertEquals(NameIndex.foldUnicode(s), NameIndex.fold(s), "'" + s + "'");
        }
    }
}
