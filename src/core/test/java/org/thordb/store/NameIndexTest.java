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

    @Test
    void wholeNamesAndPartsMatchWhatTheirFoldsSay(SplittableRandom rnd) {
        String[] words = {"Tastet", "tastet", "Marc", "MARC", "Préqualif", "prequalif", "Shaman", "Ka", "ka "};
        for (int round = 0; round < 300; round++) {
            java.util.List<String> names = new java.util.ArrayList<>();
            for (int i = rnd.nextInt(30); i > 0; i--) {
                names.add(rnd.nextInt(8) == 0 ? null : words[rnd.nextInt(words.length)] + " " + words[rnd.nextInt(words.length)]);
            }
            java.util.Map<Integer, java.util.List<String>> aliases = new java.util.HashMap<>();
            for (int i = rnd.nextInt(4); i > 0 && !names.isEmpty(); i--) {
                aliases.computeIfAbsent(rnd.nextInt(names.size()), k -> new java.util.ArrayList<>()).add(words[rnd.nextInt(words.length)]);
            }
            NameIndex index = new NameIndex(names, aliases);
            String asked = rnd.nextBoolean() ? words[rnd.nextInt(words.length)]
                    : words[rnd.nextInt(words.length)] + " " + words[rnd.nextInt(words.length)];
            String want = NameIndex.fold(asked);
            for (boolean part : new boolean[] {false, true}) {
                java.util.TreeSet<Integer> expected = new java.util.TreeSet<>();
                for (int i = 0; i < names.size(); i++) {
                    java.util.List<String> all = new java.util.ArrayList<>(aliases.getOrDefault(i, java.util.List.of()));
                    if (names.get(i) != null) {
                        all.add(names.get(i));
                    }
                    for (String n : all) {
                        String f = NameIndex.fold(n);
                        if (part ? f.contains(want) : f.equals(want)) {
                            expected.add(i);
                        }
                    }
                }
                int[] got = index.matching(asked, part);
                assertEquals(expected.stream().mapToInt(Integer::intValue).boxed().toList(),
                        java.util.Arrays.stream(got).boxed().toList(), "'" + asked + "' part " + part + " in " + names + " " + aliases);
            }
        }
    }
}
