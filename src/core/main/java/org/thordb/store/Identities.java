package org.thordb.store;

import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import com.ibm.icu.text.Transliterator;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongFunction;

/**
 * Who the players are, across bases and releases of names files: thordb's own player identities.
 * A player number of a base is a name in one release of one names file, not a person; an identity
 * joins the numbers that are one person, each by a rule a user can see ({@link #joins()}) and undo
 * ({@code thordb players split}):
 *
 * <ul>
 *   <li>{@code name}: the same name (case, accents, spaces and punctuation aside, and any script
 *       transliterated to Latin by ICU4J);</li>
 *   <li>{@code order}: the same words in another order ({@code Choirov Unurbat}, {@code Unurbat Choirov});</li>
 *   <li>{@code copies}: two spellings that differ by a letter or two a word (a transliteration:
 *       {@code Dmitriy}, {@code Dmitry}) that two bases give one player of the same games (a stored
 *       link, found at import from the copies, {@link Link});</li>
 *   <li>{@code user}: said so by hand ({@code thordb players alias A B}) or by an aliases file.</li>
 * </ul>
 *
 * A {@code different} link (a split) keeps two numbers apart whatever a rule says. Each identity
 * has a preferred name (the one its earliest base gives, the FFO's for a transcription of it),
 * and its members' names are its aliases.
 *
 * <p>Usage: {@code int who = catalog.identities().of(base, number); String name = catalog.identities().preferred(who);}
 */
public final class Identities {
    /**
     * A stored link between two player numbers (a row {@code 'I'} of {@code files}): found at import
     * from copies that name one player two ways, or said by a user.
     *
     * @param baseA the first number's base
     * @param numberA the first number
     * @param baseB the other's base
     * @param numberB the other number
     * @param rule {@code copies} or {@code user}
     * @param games the copies that name them so (0 for a user's link)
     * @param same true: one player; false: two players, kept apart whatever a rule says
     */
    public record Link(int baseA, int numberA, int baseB, int numberB, String rule, int games, boolean same) {
        /** Its key in {@code files}: 'I', then the two numbers, the lower first. */
        public byte[] key() {
            return keyOf(baseA, numberA, baseB, numberB);
        }

        /** The key of the link between two numbers, whichever comes first. */
        public static byte[] keyOf(int baseA, int numberA, int baseB, int numberB) {
            long a = ((long) baseA << 16) | numberA;
            long b = ((long) baseB << 16) | numberB;
            long lo = Math.min(a, b);
            long hi = Math.max(a, b);
            return Keys.concat(new byte[] {'I'}, Keys.u16((int) (lo >>> 16)), Keys.u16((int) (lo & 0xffff)),
                    Keys.u16((int) (hi >>> 16)), Keys.u16((int) (hi & 0xffff)));
        }
    }

    /**
     * Why two numbers are one player: the rule and the names it joined.
     *
     * @param a the one number (base &lt;&lt; 32 | number)
     * @param b the other
     * @param rule {@code name}, {@code order}, {@code copies} or {@code user}
     * @param games for {@code copies}: the copies that name them so
     */
    public record Join(long a, long b, String rule, int games) {
    }

    /**
     * One name of an identity.
     *
     * @param base the base that gives it
     * @param number its number there
     * @param name the name
     */
    public record Member(int base, int number, String name) {
    }

    private final Map<Long, Integer> identityOf = new HashMap<>();
    private final List<List<Member>> members = new ArrayList<>();
    private final List<Join> joins = new ArrayList<>();

    private Identities() {
    }

    /** The identity of a player number of a base, or -1 when it has no name. */
    public int of(int base, int number) {
        Integer i = identityOf.get(((long) base << 32) | number);
        return i == null ? -1 : i;
    }

    /** The names that make up an identity, earliest base first. */
    public List<Member> members(int identity) {
        return members.get(identity);
    }

    /** An identity's preferred name: the one its earliest base gives. */
    public String preferred(int identity) {
        return members.get(identity).get(0).name();
    }

    /** The preferred name of the player a number of a base is, or null when the number has no name. */
    public String preferredName(int base, int number) {
        int i = of(base, number);
        return i < 0 ? null : preferred(i);
    }

    /** The identities there are. */
    public int size() {
        return members.size();
    }

    /** Every join a rule made, in the order they were made. */
    public List<Join> joins() {
        return joins;
    }

    /**
     * The numbers of base {@code base} that are one player with a number of {@code matched} (a
     * number of each base, as a name lookup found them), sorted.
     */
    public int[] sameAs(Map<Integer, int[]> matched, int base) {
        TreeSet<Integer> out = new TreeSet<>();
        Set<Integer> ids = new HashSet<>();
        matched.forEach((b, numbers) -> {
            for (int n : numbers) {
                int i = of(b, n);
                if (i >= 0) {
                    ids.add(i);
                } else if (b == base) {
                    out.add(n);
                }
            }
        });
        for (int i : ids) {
            for (Member m : members.get(i)) {
                if (m.base() == base) {
                    out.add(m.number());
                }
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The identities a name lookup needs, from what the store keeps: the joins of numbers whose names
     * differ ({@code name} rule across spellings, {@code order}), made at import ({@code 'J'} rows),
     * and the stored links; a number in none is its own player (the same name in another base is
     * found by the name itself). Cheap: no name is folded.
     */
    public static Identities light(List<Join> joins, List<Link> links) {
        Identities out = new Identities();
        Map<Long, Integer> index = new HashMap<>();
        List<long[]> nodes = new ArrayList<>();
        LongFunction<Integer> node = k -> index.computeIfAbsent(k, x -> {
            nodes.add(new long[] {x});
            return nodes.size() - 1;
        });
        for (Join j : joins) {
            node.apply(j.a());
            node.apply(j.b());
        }
        for (Link l : links) {
            node.apply(((long) l.baseA() << 32) | l.numberA());
            node.apply(((long) l.baseB() << 32) | l.numberB());
        }
        int[] parent = new int[nodes.size()];
        for (int i = 0; i < parent.length; i++) {
            parent[i] = i;
        }
        List<int[]> apart = new ArrayList<>();
        for (Link l : links) {
            if (!l.same()) {
                apart.add(new int[] {index.get(((long) l.baseA() << 32) | l.numberA()), index.get(((long) l.baseB() << 32) | l.numberB())});
            }
        }
        for (Link l : links) {
            if (l.same()) {
                out.join(parent, apart, index, l, nodes);
            }
        }
        for (Join j : joins) {
            out.union(parent, apart, index.get(j.a()), index.get(j.b()), nodes, j.rule(), j.games());
        }
        Map<Integer, Integer> idOfRoot = new HashMap<>();
        for (int i = 0; i < parent.length; i++) {
            int r = find(parent, i);
            Integer id = idOfRoot.computeIfAbsent(r, x -> {
                out.members.add(new ArrayList<>());
                return out.members.size() - 1;
            });
            long key = nodes.get(i)[0];
            out.identityOf.put(key, id);
            out.members.get(id).add(new Member((int) (key >>> 32), (int) key, null));
        }
        return out;
    }

    /** A join's row in {@code files}: 'J', then the two numbers, the lower first; the value is the rule. */
    public static byte[] joinKey(Join j) {
        return Keys.concat(new byte[] {'J'}, Arrays.copyOfRange(Link.keyOf((int) (j.a() >>> 32), (int) j.a(),
                (int) (j.b() >>> 32), (int) j.b()), 1, 9));
    }

    /** The join a {@code 'J'} row keeps. */
    public static Join join(byte[] key, byte[] value) {
        long a = ((long) Keys.getU16(key, 1) << 32) | Keys.getU16(key, 3);
        long b = ((long) Keys.getU16(key, 5) << 32) | Keys.getU16(key, 7);
        return new Join(a, b, new String(value, StandardCharsets.US_ASCII), 0);
    }

    /** The identities of the stored players, joined by the rules and the stored links. */
    public static Identities build(List<Catalog.Base> bases, List<Link> links) {
        Identities out = new Identities();
        List<long[]> nodes = new ArrayList<>(); // {key}
        List<String> names = new ArrayList<>();
        Map<Long, Integer> index = new HashMap<>();
        for (Catalog.Base b : bases) {
            List<String> players = b.players();
            for (int n = 0; n < players.size(); n++) {
                String name = players.get(n);
                if (name == null || name.isBlank()) {
                    continue;
                }
                long key = ((long) b.id() << 32) | n;
                index.put(key, nodes.size());
                nodes.add(new long[] {key});
                names.add(name);
            }
        }
        int size = nodes.size();
        int[] parent = new int[size];
        for (int i = 0; i < size; i++) {
            parent[i] = i;
        }
        List<int[]> apart = new ArrayList<>();
        for (Link l : links) {
            Integer a = index.get(((long) l.baseA() << 32) | l.numberA());
            Integer b = index.get(((long) l.baseB() << 32) | l.numberB());
            if (a != null && b != null && !l.same()) {
                apart.add(new int[] {a, b});
            }
        }
        // a user's word first, then the same name, then the same words in another order, then copies
        for (Link l : links) {
            if (l.same() && l.rule().equals("user")) {
                out.join(parent, apart, index, l, nodes);
            }
        }
        String[] folded = new String[size];
        String[] sorted = new String[size];
        Map<String, Integer> byName = new HashMap<>();
        Map<String, Integer> byOrder = new HashMap<>();
        for (int i = 0; i < size; i++) {
            String[] words = words(names.get(i));
            folded[i] = String.join(" ", words);
            sorted[i] = sortedWords(words);
        }
        for (int i = 0; i < size; i++) {
            Integer j = byName.putIfAbsent(folded[i], i);
            if (j != null && !folded[i].isEmpty()) {
                out.union(parent, apart, j, i, nodes, "name", 0);
            }
        }
        for (int i = 0; i < size; i++) {
            if (sorted[i].indexOf(' ') < 0) {
                continue; // one word: no order to change
            }
            Integer j = byOrder.putIfAbsent(sorted[i], i);
            if (j != null) {
                out.union(parent, apart, j, i, nodes, "order", 0);
            }
        }
        for (Link l : links) {
            if (l.same() && !l.rule().equals("user")) {
                out.join(parent, apart, index, l, nodes);
            }
        }
        Map<Integer, Integer> idOfRoot = new HashMap<>();
        for (int i = 0; i < size; i++) {
            int r = find(parent, i);
            Integer id = idOfRoot.get(r);
            if (id == null) {
                id = out.members.size();
                idOfRoot.put(r, id);
                out.members.add(new ArrayList<>());
            }
            long key = nodes.get(i)[0];
            out.identityOf.put(key, id);
            out.members.get(id).add(new Member((int) (key >>> 32), (int) key, names.get(i)));
        }
        for (List<Member> m : out.members) {
            m.sort(Comparator.comparingInt(Member::base).thenComparingInt(Member::number));
        }
        out.members.replaceAll(List::copyOf);
        return out;
    }

    private void join(int[] parent, List<int[]> apart, Map<Long, Integer> index, Link l, List<long[]> nodes) {
        Integer a = index.get(((long) l.baseA() << 32) | l.numberA());
        Integer b = index.get(((long) l.baseB() << 32) | l.numberB());
        if (a != null && b != null) {
            union(parent, apart, a, b, nodes, l.rule(), l.games());
        }
    }

    private void union(int[] parent, List<int[]> apart, int a, int b, List<long[]> nodes, String rule, int games) {
        int ra = find(parent, a);
        int rb = find(parent, b);
        if (ra == rb) {
            return;
        }
        for (int[] p : apart) { // a split keeps the two apart, whatever joins their groups
            int x = find(parent, p[0]);
            int y = find(parent, p[1]);
            if (x == ra && y == rb || x == rb && y == ra) {
                return;
            }
        }
        parent[rb] = ra;
        joins.add(new Join(nodes.get(a)[0], nodes.get(b)[0], rule, games));
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    /**
     * A name's words, folded: any script transliterated to Latin (ICU4J, only for a name that has a
     * letter outside Latin), accents and case dropped, split at anything but a letter or a digit.
     */
    public static String[] words(String name) {
        String s = name;
        boolean ascii = true;
        for (int i = 0; i < s.length() && ascii; i++) {
            ascii = s.charAt(i) < 0x80;
        }
        if (!ascii) { // the common case, ASCII, needs neither ICU nor a normalisation
            if (!latin(s)) {
                s = Transliteration.toLatin(s);
            }
            s = Normalizer.normalize(s, Normalizer.Form.NFKD);
        }
        List<String> out = new ArrayList<>(3);
        StringBuilder w = new StringBuilder(16);
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            i += Character.charCount(c);
            int type = Character.getType(c);
            if (type == Character.NON_SPACING_MARK || type == Character.COMBINING_SPACING_MARK || type == Character.ENCLOSING_MARK) {
                continue; // an accent, once decomposed
            }
            if (Character.isLetterOrDigit(c)) {
                w.appendCodePoint(Character.toLowerCase(c));
            } else if (w.length() > 0) {
                out.add(w.toString());
                w.setLength(0);
            }
        }
        if (w.length() > 0) {
            out.add(w.toString());
        }
        return out.toArray(new String[0]);
    }

    /** A name's words in alphabetical order, joined: the same for the same words in any order. */
    private static String sortedWords(String[] words) {
        String[] s = words.clone();
        Arrays.sort(s);
        return String.join(" ", s);
    }

    /** Whether two names' words ({@link #words}) are the same words, in any order. */
    public static boolean sameWords(String[] a, String[] b) {
        return sortedWords(a).equals(sortedWords(b));
    }

    private static boolean latin(String s) {
        for (int i = 0; i < s.length(); ) {
            int c = s.codePointAt(i);
            if (Character.isLetter(c) && Character.UnicodeScript.of(c) != Character.UnicodeScript.LATIN) {
                return false;
            }
            i += Character.charCount(c);
        }
        return true;
    }

    /** ICU4J's transliterator, loaded the first time a name outside Latin is met (its data take a while). */
    private static final class Transliteration {
        private static final Transliterator ANY_LATIN = Transliterator.getInstance("Any-Latin; Latin-ASCII");

        static String toLatin(String s) {
            synchronized (ANY_LATIN) {
                return ANY_LATIN.transliterate(s);
            }
        }
    }

    /**
     * Whether two names may be spellings of one name: the same number of words, paired (in their
     * order or, for four words or fewer, another) so that each pair is the same word or, beginning
     * with the same letter, one a letter or two off the other (one edit for a word of up to 7
     * letters, two from 8: {@code dmitriy}/{@code dmitry}, {@code aleksandr}/{@code alexandr},
     * {@code tatiana}/{@code tatyana}), and at least one pair the same word.
     */
    public static boolean closeSpelling(String a, String b) {
        String[] x = words(a);
        String[] y = words(b);
        if (x.length != y.length || x.length == 0) {
            return false;
        }
        if (close(x, y)) {
            return true;
        }
        if (x.length <= 4) {
            for (String[] p : permutations(y)) {
                if (close(x, p)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean close(String[] x, String[] y) {
        boolean oneSame = false;
        for (int i = 0; i < x.length; i++) {
            if (x[i].equals(y[i])) {
                oneSame = true;
                continue;
            }
            if (x[i].isEmpty() || y[i].isEmpty() || x[i].charAt(0) != y[i].charAt(0)) {
                return false;
            }
            int allowed = Math.min(x[i].length(), y[i].length()) >= 8 ? 2 : 1;
            if (distance(x[i], y[i], allowed) > allowed) {
                return false;
            }
        }
        return oneSame;
    }

    private static List<String[]> permutations(String[] a) {
        List<String[]> out = new ArrayList<>();
        permute(a.clone(), 0, out);
        return out;
    }

    private static void permute(String[] a, int k, List<String[]> out) {
        if (k == a.length) {
            out.add(a.clone());
            return;
        }
        for (int i = k; i < a.length; i++) {
            String t = a[k];
            a[k] = a[i];
            a[i] = t;
            permute(a, k + 1, out);
            a[i] = a[k];
            a[k] = t;
        }
    }

    /**
     * The Damerau–Levenshtein (optimal string alignment) distance: inserts, deletes, substitutions
     * and swaps of two neighbours ({@code yaer} is one edit from {@code year}); more than
     * {@code cap} when the lengths alone say so.
     */
    public static int distance(String a, String b, int cap) {
        if (Math.abs(a.length() - b.length()) > cap) {
            return cap + 1;
        }
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    /** A link's JSON row. */
    static byte[] encode(Link l) {
        return ("{\"baseA\":" + l.baseA() + ",\"numberA\":" + l.numberA() + ",\"baseB\":" + l.baseB() + ",\"numberB\":"
                + l.numberB() + ",\"rule\":\"" + l.rule() + "\",\"games\":" + l.games() + ",\"same\":" + l.same() + "}")
                .getBytes(StandardCharsets.UTF_8);
    }
}
