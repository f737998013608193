package org.thordb.store;

import org.thordb.fault.Faults;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.store.Store.Space;
import org.thordb.wthor.NameList;
import java.io.IOException;
import java.util.Comparator;
import java.util.NavigableMap;
import java.util.Objects;
import org.thordb.index.Terms;

/**
 * What a store holds, small enough to keep in memory and read once per import: its bases with their
 * names, its imported files (each game file a segment), and its id counters. Immutable: an import
 * loads a new one after it commits.
 *
 * <p>Usage: {@code Catalog c = Catalog.load(view); Catalog.Base ffo = c.base("WTHOR");}
 */
public final class Catalog {
    /** The schema version this code reads and writes. */
    public static final int SCHEMA_VERSION = 8;

    /** Databind, for writing rows only: made when a row is first written, not by every reader. */
    static final class Writer {
        static final ObjectMapper JSON = new ObjectMapper();

        private Writer() {
        }
    }

    /** The key of the schema in {@code META}. */
    public static final byte[] SCHEMA_KEY = "schema".getBytes(StandardCharsets.US_ASCII);

    /**
     * The {@code meta} key written when a store of schema 6 or before is upgraded: its position
     * entries do not say their games' next moves until {@code thordb optimize} writes them again
     * (then it deletes the key).
     */
    public static final byte[] MOVES_UNSAID_KEY = "next-moves-unsaid".getBytes(StandardCharsets.US_ASCII);
    /**
     * The key in {@code META} that says every game file has its edge terms ({@code EDGE}, the edge
     * index of board patterns): written with the schema of a new store, and by {@code thordb
     * optimize} once it has written them for a store made before there were any. Without it, a
     * pattern is answered by replaying the games, and {@code verify} does not look for the terms.
     */
    public static final byte[] EDGES_KEY = "edge-terms".getBytes(StandardCharsets.US_ASCII);
    /**
     * The key in {@code META} that says the store's game files split their 10-move openings: a
     * game's 10-move term is written only when another game of its file shares its first 9 moves,
     * the others being in the file's unsplit term ({@code Terms#openingUnsplit}).
     * Written with the schema of a new store; a store made before keeps every 10-move term (and
     * the files imported into it write theirs the same way), which readers read either way.
     */
    public static final byte[] SPLITS_KEY = "opening-splits".getBytes(StandardCharsets.US_ASCII);
    /** The key of the counters in {@code META}: next game id, next segment, next base (u32 each). */
    public static final byte[] COUNTERS_KEY = "counters".getBytes(StandardCharsets.US_ASCII);

    /**
     * A base: a set of game files sharing one pair of names files.
     *
     * @param id the base id
     * @param name its name, upper case ("WTHOR", "PLAYOK")
     * @param players the player names by number
     * @param tournaments the tournament names by number
     * @param playerIndex the player names, lower case, for lookups
     * @param tournamentIndex the tournament names, lower case, for lookups
     * @param playerAliases older names of players, by number (a names update that renamed them, a
     *     registry's aliases): found by {@code player =} as the current name is
     * @param tournamentAliases older names of tournaments, by number
     * @param registry the player registry's records, by number (empty without a registry)
     * @param registryAliases the registry's other spellings of players, by number
     */
    public record Base(int id, String name, List<String> players, List<String> tournaments, NameIndex playerIndex,
                       NameIndex tournamentIndex, Map<Integer, List<String>> playerAliases,
                       Map<Integer, List<String>> tournamentAliases, Map<Integer, PlayerRecord> registry,
                       Map<Integer, List<String>> registryAliases) {

        /** A base; its name indexes are made from the names. */
        public Base(int id, String name, List<String> players, List<String> tournaments) {
            this(id, name, players, tournaments, Map.of(), Map.of(), Map.of(), Map.of());
        }

        /** A base with its old names (kept when names changed), its player registry and the registry's aliases. */
        public Base(int id, String name, List<String> players, List<String> tournaments,
                    Map<Integer, List<String>> playerAliases, Map<Integer, List<String>> tournamentAliases,
                    Map<Integer, PlayerRecord> registry, Map<Integer, List<String>> registryAliases) {
            this(id, name, players, tournaments, new NameIndex(players, merge(playerAliases, registryAliases)),
                    new NameIndex(tournaments, tournamentAliases), playerAliases, tournamentAliases, registry,
                    registryAliases);
        }

        private static Map<Integer, List<String>> merge(Map<Integer, List<String>> a, Map<Integer, List<String>> b) {
            if (b.isEmpty()) {
                return a;
            }
            Map<Integer, List<String>> out = new TreeMap<>(a);
            b.forEach((n, l) -> {
                List<String> all = new ArrayList<>(out.getOrDefault(n, List.of()));
                all.addAll(l);
                out.put(n, all);
            });
            return out;
        }

        /** Every other name of a player: old names from renames, then the registry's aliases. */
        public List<String> otherNames(int number) {
            List<String> out = new ArrayList<>(playerAliases.getOrDefault(number, List.of()));
            out.addAll(registryAliases.getOrDefault(number, List.of()));
            return out;
        }

        /** A player's registry record, or null. */
        public PlayerRecord record(int number) {
            return registry.get(number);
        }

        /** A player's name, or null for an unknown number. */
        public String player(int number) {
            return number >= 0 && number < players.size() ? players.get(number) : null;
        }

        /** A tournament's name, or null for an unknown number. */
        public String tournament(int number) {
            return number >= 0 && number < tournaments.size() ? tournaments.get(number) : null;
        }
    }

    /**
     * The store's parameters, fixed when it is created.
     *
     * @param version the schema version
     * @param openingDepth the longest opening indexed
     * @param fingerprintBits the fewest partition bits of a segment's fingerprint blocks
     * @param fingerprintEntries the entries a fingerprint block holds at most on average, which
     *        sets how many more bits a larger segment takes
     * @param hash the name of the position hash
     */
    public record Schema(int version, int openingDepth, int fingerprintBits, int fingerprintEntries, String hash) {
        // written out: a record's generated equals is bootstrapped at its first call by method
        // handles that the start-up archive cannot hold, 13 ms of every store's open
        @Override
        public boolean equals(Object o) {
            return o instanceof Schema s && version == s.version && openingDepth == s.openingDepth
                    && fingerprintBits == s.fingerprintBits && fingerprintEntries == s.fingerprintEntries
                    && Objects.equals(hash, s.hash);
        }

        @Override
        public int hashCode() {
            return Objects.hash(version, openingDepth, fingerprintBits, fingerprintEntries, hash);
        }
    }

    private final Map<String, Base> basesByName;
    private final List<Base> bases;
    private final List<FileRow> gameFiles;
    private final Map<Integer, FileRow> bySegment;
    /** Each base's registry file row (JSON), by base id: a registry import changes it. */
    private final Map<Integer, String> registryStamps;
    private final NavigableMap<Integer, FileRow> byFirstId;
    private final List<FileRow> namesFiles;
    private final int nextGameId;
    private final int nextSegment;
    private final int nextBase;

    private Catalog(List<Base> bases, List<FileRow> gameFiles, List<FileRow> namesFiles, int nextGameId,
                    int nextSegment, int nextBase, Map<Integer, String> registryStamps) {
        this.registryStamps = Map.copyOf(registryStamps);
        this.bases = List.copyOf(bases);
        Map<String, Base> m = new LinkedHashMap<>();
        for (Base b : bases) {
            m.put(b.name(), b);
        }
        this.basesByName = Collections.unmodifiableMap(m);
        this.gameFiles = List.copyOf(gameFiles);
        Map<Integer, FileRow> s = new HashMap<>();
        for (FileRow f : gameFiles) {
            s.put(f.segment(), f);
        }
        this.bySegment = Collections.unmodifiableMap(s);
        TreeMap<Integer, FileRow> byFirst = new TreeMap<>();
        for (FileRow f : gameFiles) {
            byFirst.put(f.firstId(), f);
        }
        this.byFirstId = byFirst;
        this.namesFiles = List.copyOf(namesFiles);
        this.nextGameId = nextGameId;
        this.nextSegment = nextSegment;
        this.nextBase = nextBase;
    }

    /** Reads the catalog of a store. */
    public static Catalog load(Store.View v) {
        return load(v, null);
    }

    /**
     * Reads the catalog of a store, keeping the names of {@code previous} for every base whose
     * names files are the same ones (same SHA-256): after a game file's commit no name is read again.
     */
    public static Catalog load(Store.View v, Catalog previous) {
        // the files family read once, each row by its kind; with it the stamps of the game files'
        // content (all but merge groups and retired releases) and of the names (bases, names files,
        // registries)
        long[] rowsStamp = {0x51ED270B27A2D5CBL};
        long[] namesStamp = {0x3C6EF372FE94F82BL};
        Map<Integer, String> baseNames = new TreeMap<>();
        List<FileRow> games = new ArrayList<>();
        List<FileRow> names = new ArrayList<>();
        List<SolitaireFile> solitaireFiles = new ArrayList<>();
        Map<Integer, String> stamps = new HashMap<>();
        List<MergeGroup> groups = new ArrayList<>();
        List<RetiredRelease> retired = new ArrayList<>();
        List<Identities.Join> joins = new ArrayList<>();
        List<Identities.Link> links = new ArrayList<>();
        byte[][] joinsFor = {null};
        v.scanPrefix(Space.FILES, new byte[0], (k, val) -> {
            if (k.length == 0) {
                return true;
            }
            byte kind = k[0];
            long h = StoreState.entryHash(k, val);
            if (kind != 'M' && kind != 'X') {
                rowsStamp[0] = Keys.mix(rowsStamp[0] ^ h);
            }
            if (kind == 'B' || kind == 'N' || kind == 'R') {
                namesStamp[0] = Keys.mix(namesStamp[0] ^ h);
            }
            switch (kind) {
                case 'B' -> baseNames.put(Keys.getU16(val, 0), new String(k, 1, k.length - 1, StandardCharsets.UTF_8));
                case 'F' -> games.add(row(val));
                case 'N' -> names.add(row(val));
                case 'S' -> solitaireFiles.add(decodeSolitaireFile(val));
                case 'R' -> stamps.put(Keys.getU16(k, 1), new String(val, StandardCharsets.UTF_8));
                case 'M' -> groups.add(decode(val, MergeGroup.class, "a merge group row"));
                case 'X' -> retired.add(decodeRetired(val));
                case 'J' -> joins.add(Identities.join(k, val));
                case 'I' -> links.add(decode(val, Identities.Link.class, "a player link row"));
                case 'K' -> joinsFor[0] = val;
                default -> { } // a row of a later version: not this one's to read
            }
            return true;
        });
        List<Base> bases = new ArrayList<>();
        for (Map.Entry<Integer, String> e : baseNames.entrySet()) {
            int id = e.getKey();
            Base kept = previous == null ? null : previous.base(id);
            if (kept != null && kept.name().equals(e.getValue()) && sameNames(previous, names, stamps, id)) {
                bases.add(kept);
            } else {
                bases.add(new Base(id, e.getValue(), loadNames(v, id, NameKind.PLAYERS), loadNames(v, id, NameKind.TOURNAMENTS),
                        loadAliases(v, id, NameKind.PLAYERS, false), loadAliases(v, id, NameKind.TOURNAMENTS, false),
                        loadRegistry(v, id), loadAliases(v, id, NameKind.PLAYERS, true)));
            }
        }
        byte[] c = v.get(Space.META, COUNTERS_KEY);
        int nextGame = c == null ? 0 : Keys.getU32(c, 0);
        int nextSeg = c == null ? 0 : Keys.getU32(c, 4);
        int nextBase = c == null ? 0 : Keys.getU32(c, 8);
        retired.sort(Comparator.comparing(RetiredRelease::retiredAt));
        Catalog out = new Catalog(bases, games, names, nextGame, nextSeg, nextBase, stamps);
        out.contentStamp = rowsStamp[0];
        out.links = List.copyOf(links);
        out.joins = List.copyOf(joins);
        out.namesStamp = namesStamp[0];
        out.joinsStamp = joinsFor[0] == null || joinsFor[0].length != 8 ? 0 : Keys.getU64(joinsFor[0], 0);
        out.retired = List.copyOf(retired);
        out.solitaireFiles = List.copyOf(solitaireFiles);
        out.groups = List.copyOf(groups);
        out.stale = stale(groups, games);
        boolean all = !groups.isEmpty();
        for (FileRow f : games) {
            MergeGroup g = out.groupOf(f);
            all &= g != null && !g.merging();
        }
        out.allMerged = all;
        return out;
    }

    /**
     * Whether merged entries may name games that are no longer in the store: a group whose merge is
     * under way, or whose range now holds fewer live games than it merged (a year replaced or a base
     * removed since).
     */
    private static boolean stale(List<MergeGroup> groups, List<FileRow> files) {
        for (MergeGroup g : groups) {
            if (g.merging()) {
                return true;
            }
            long live = 0;
            for (FileRow f : files) {
                if (g.holds(f)) {
                    live += f.games();
                }
            }
            if (live != g.games()) {
                return true;
            }
        }
        return false;
    }

    /** Whether a base's names files in {@code now} are those {@code previous} was read with. */
    private static boolean sameNames(Catalog previous, List<FileRow> now, Map<Integer, String> stamps, int base) {
        if (!Objects.equals(previous.registryStamps.get(base), stamps.get(base))) {
            return false; // the registry changed: its records and aliases are read again
        }
        for (NameKind kind : NameKind.values()) {
            String ext = kind.extension();
            FileRow was = previous.namesFile(base, kind);
            FileRow is = null;
            for (FileRow f : now) {
                if (f.base() == base && f.kind().equals(ext)) {
                    is = f;
                }
            }
            if (was == null ? is != null : is == null || !was.sha256().equals(is.sha256())) {
                return false;
            }
        }
        return true;
    }

    /** Ranks from {@link #REGISTRY_RANK} up are the registry's aliases; below, old names from renames. */
    public static final int REGISTRY_RANK = 128;

    private static Map<Integer, List<String>> loadAliases(Store.View v, int base, NameKind kind, boolean registry) {
        Map<Integer, List<String>> out = new TreeMap<>();
        v.scanPrefix(Space.NAMES, aliasPrefix(base, kind), (k, val) -> {
            if ((k[5] & 0xff) >= REGISTRY_RANK == registry) {
                out.computeIfAbsent(Keys.getU16(k, 3), x -> new ArrayList<>()).add(NameList.decode(val));
            }
            return true;
        });
        out.replaceAll((n, l) -> List.copyOf(l));
        return Collections.unmodifiableMap(out);
    }

    private static Map<Integer, PlayerRecord> loadRegistry(Store.View v, int base) {
        Map<Integer, PlayerRecord> out = new TreeMap<>();
        v.scanPrefix(Space.NAMES, registryPrefix(base), (k, val) -> {
            out.put(Keys.getU16(k, 3), PlayerRecord.decode(val));
            return true;
        });
        return Collections.unmodifiableMap(out);
    }

    /** The key prefix of a base's aliases of one kind: base u16, the kind's code in lower case. */
    public static byte[] aliasPrefix(int base, NameKind kind) {
        return Keys.concat(Keys.u16(base), new byte[] {(byte) Character.toLowerCase(kind.code())});
    }

    /** The key of an alias: its prefix, the number u16, the alias's rank u8 among that number's. */
    public static byte[] aliasKey(int base, NameKind kind, int number, int rank) {
        return Keys.concat(aliasPrefix(base, kind), Keys.u16(number), new byte[] {(byte) rank});
    }

    /** The key prefix of a base's player registry: base u16, 'r'. */
    public static byte[] registryPrefix(int base) {
        return Keys.concat(Keys.u16(base), new byte[] {'r'});
    }

    /** The key of a player's registry record. */
    public static byte[] registryKey(int base, int number) {
        return Keys.concat(registryPrefix(base), Keys.u16(number));
    }

    /** The key in {@code FILES} of a base's registry file row: 'R', base u16. */
    public static byte[] registryFileKey(int base) {
        return Keys.concat(new byte[] {'R'}, Keys.u16(base));
    }

    private static List<String> loadNames(Store.View v, int base, NameKind kind) {
        List<String> out = new ArrayList<>();
        v.scanPrefix(Space.NAMES, namesPrefix(base, kind), (k, val) -> {
            int number = Keys.getU16(k, 3);
            while (out.size() < number) {
                out.add(null);
            }
            out.add(NameList.decode(val));
            return true;
        });
        return Collections.unmodifiableList(out);
    }

    /** The key prefix of the names of one kind of a base. */
    public static byte[] namesPrefix(int base, NameKind kind) {
        return new byte[] {(byte) (base >>> 8), (byte) base, kind.code()};
    }

    /** The key of one name. */
    public static byte[] nameKey(int base, NameKind kind, int number) {
        return Keys.concat(namesPrefix(base, kind), Keys.u16(number));
    }

    /** The key of a base's name in {@code FILES}. */
    public static byte[] baseKey(String name) {
        return Keys.concat(new byte[] {'B'}, name.getBytes(StandardCharsets.UTF_8));
    }

    /** A row's JSON decoded as a record, {@link ErrorCode#CORRUPT} naming {@code what} when it does not decode. */
    private static <T extends Record> T decode(byte[] json, Class<T> type, String what) {
        try {
            return RecordJson.read(json, type);
        } catch (IOException e) {
            throw Faults.of(ErrorCode.CORRUPT, what + " that does not decode: " + e.getMessage());
        }
    }

    /** A file row's JSON decoded ({@link ErrorCode#STORE} when it does not decode). */
    public static FileRow decodeRow(byte[] json) {
        return row(json);
    }

    /** A solitaire file row's JSON decoded ({@link ErrorCode#CORRUPT} when it does not decode). */
    public static SolitaireFile decodeSolitaireFile(byte[] json) {
        return decode(json, SolitaireFile.class, "a solitaire file row");
    }

    static FileRow row(byte[] json) {
        try {
            return RecordJson.read(json, FileRow.class);
        } catch (IOException e) {
            throw Faults.of(ErrorCode.STORE, "a file row of the store does not decode: " + e.getMessage(), e);
        }
    }

    /** The JSON bytes of a file row. */
    public static byte[] encode(FileRow f) {
        try {
            return Writer.JSON.writeValueAsBytes(f);
        } catch (JsonProcessingException e) {
            throw Faults.of(ErrorCode.STORE, String.valueOf(e), e);
        }
    }

    /** The JSON bytes of a solitaire file row. */
    public static byte[] encode(SolitaireFile f) {
        try {
            return Writer.JSON.writeValueAsBytes(f);
        } catch (JsonProcessingException e) {
            throw Faults.of(ErrorCode.STORE, String.valueOf(e), e);
        }
    }

    /** The counters value. */
    public static byte[] counters(int nextGameId, int nextSegment, int nextBase) {
        return Keys.concat(Keys.u32(nextGameId), Keys.u32(nextSegment), Keys.u32(nextBase));
    }

    /** The JSON of a schema. */
    public static byte[] encode(Schema s) {
        try {
            return Writer.JSON.writeValueAsBytes(s);
        } catch (JsonProcessingException e) {
            throw Faults.of(ErrorCode.STORE, String.valueOf(e), e);
        }
    }

    /** Reads a schema value. */
    public static Schema schema(byte[] json) {
        try {
            return RecordJson.read(json, Schema.class);
        } catch (IOException e) {
            throw Faults.of(ErrorCode.STORE, "the schema of the store does not decode: " + e.getMessage(), e);
        }
    }

    /** The bases, by id. */
    public List<Base> bases() {
        return bases;
    }

    /** A base by name (case-insensitive), or null. */
    public Base base(String name) {
        return basesByName.get(name.toUpperCase(Locale.ROOT));
    }

    /** A base by id, or null. */
    public Base base(int id) {
        for (Base b : bases) {
            if (b.id() == id) {
                return b;
            }
        }
        return null;
    }

    /** The imported game files (segments). */
    public List<FileRow> gameFiles() {
        return gameFiles;
    }

    /** The imported names files. */
    public List<FileRow> namesFiles() {
        return namesFiles;
    }

    /** The game file of a segment, or null. */
    public FileRow segment(int segment) {
        return bySegment.get(segment);
    }

    /**
     * An imported solitaire file ({@code .pzz}), as {@code FILES} keeps it under {@code 'S'} + base
     * u16 + empties u8 (JSON): enough, with its records, to write it back byte for byte.
     *
     * @param base the base id
     * @param empties N2, the empties of its solitaires
     * @param name the file name as imported
     * @param header the 16 header bytes, hex
     * @param presence the 512-byte presence table, hex
     * @param created the header's creation date, yyyymmdd
     * @param sha256 the file's SHA-256
     * @param size its size in bytes
     * @param solitaires its records
     * @param damaged the damaged records
     * @param contradicted the records whose stored solution the solver contradicts
     * @param importedAt when it was imported
     */
    public record SolitaireFile(int base, int empties, String name, String header, String presence, int created,
                                String sha256, long size, int solitaires, int damaged, int contradicted,
                                String importedAt) {
        /** Its key in {@code FILES}. */
        public byte[] key() {
            return Keys.concat(new byte[] {'S'}, Keys.u16(base), new byte[] {(byte) empties});
        }
    }

    /**
     * A release of a year that a newer one (or an older one, imported with {@code --force}) replaced:
     * its file row as it was, its records kept in {@code RETIRED} under their game ids, until
     * restored ({@code thordb undo}) or pruned. Key in {@code FILES}: {@code 'X'}, then the row's
     * first game id u32.
     *
     * @param file the release's file row, as it was when it was replaced
     * @param retiredAt when it was replaced, ISO-8601
     * @param replacedBy the file that replaced it
     * @param operation the operation that replaced it (an import's start, ISO-8601): {@code undo} restores
     *     every release the latest operation replaced
     */
    public record RetiredRelease(FileRow file, String retiredAt, String replacedBy, String operation) {
        /** Its key in {@code FILES}. */
        public byte[] key() {
            return keyOf(file.firstId());
        }

        /** The key of the retired release whose first game id is {@code firstId}. */
        public static byte[] keyOf(int firstId) {
            return Keys.concat(new byte[] {'X'}, Keys.u32(firstId));
        }
    }

    /** The JSON bytes of a retired release's row. */
    public static byte[] encode(RetiredRelease r) {
        try {
            return Writer.JSON.writeValueAsBytes(r);
        } catch (JsonProcessingException e) {
            throw Faults.of(ErrorCode.STORE, "a retired release's row does not encode: " + e.getMessage(), e);
        }
    }

    /** A retired release's row decoded. */
    public static RetiredRelease decodeRetired(byte[] json) {
        return decode(json, RetiredRelease.class, "a retired release's row");
    }

    private List<RetiredRelease> retired = List.of();
    private long contentStamp;
    private List<Identities.Link> links = List.of();
    private volatile Identities identities;
    private List<Identities.Join> joins = List.of();
    private long namesStamp;
    private long joinsStamp;
    private volatile Identities lookups;

    /** The key of the row that says for which names the {@code 'J'} rows were made (their {@link #namesStamp()}). */
    public static final byte[] JOINS_STAMP_KEY = {'K'};

    /** A hash of the bases and their names files and registries: the names the players have. */
    public long namesStamp() {
        return namesStamp;
    }

    /** The joins of numbers whose names differ that the store keeps ({@code 'J'} rows), made for {@link #joinsStamp()}. */
    public List<Identities.Join> storedJoins() {
        return joins;
    }

    /** The names stamp the {@code 'J'} rows were made for (0: none made). */
    public long joinsStamp() {
        return joinsStamp;
    }

    /**
     * The identities a name lookup needs: from the stored joins and links when they were made for
     * the names as they are ({@link Identities#light}), else the whole {@link #identities()}.
     */
    public Identities lookups() {
        Identities i = lookups;
        if (i == null) {
            i = joinsStamp == namesStamp ? Identities.light(joins, links) : identities();
            lookups = i;
        }
        return i;
    }

    /** The stored links between player numbers ({@code 'I'} rows): found from copies, or said by a user. */
    public List<Identities.Link> links() {
        return links;
    }

    /** Who the players are across bases ({@link Identities}), worked out the first time it is asked for. */
    public Identities identities() {
        Identities i = identities;
        if (i == null) {
            synchronized (this) {
                i = identities;
                if (i == null) {
                    i = Identities.build(bases, links);
                    identities = i;
                }
            }
        }
        return i;
    }

    /** The JSON bytes of a player link row. */
    public static byte[] encode(Identities.Link l) {
        return Identities.encode(l);
    }

    /**
     * A hash of every row of the catalog but the merge groups and the retired releases: the game
     * files, their names, their registries. Two catalogs with the same stamp describe the same games
     * with the same names (whatever the layout of their postings), so that what is derived from the
     * games of one (the move table, the query columns) holds for the other.
     */
    public long contentStamp() {
        return contentStamp;
    }

    /** The releases replaced and kept, oldest replacement first. */
    public List<RetiredRelease> retired() {
        return retired;
    }

    private List<SolitaireFile> solitaireFiles = List.of();
    private List<MergeGroup> groups = List.of();
    private boolean stale;
    private boolean allMerged;
    private long filesStamp;
    private boolean stamped;

    /** The merge groups ({@code thordb optimize}), by number. */
    public List<MergeGroup> groups() {
        return groups;
    }

    /** The merge group of a key suffix ({@link MergeGroup#suffix()}), or null. */
    public MergeGroup group(int suffix) {
        for (MergeGroup g : groups) {
            if (g.suffix() == suffix) {
                return g;
            }
        }
        return null;
    }

    /** The merge group holding a game file, or null when its entries are its own. */
    public MergeGroup groupOf(FileRow f) {
        for (MergeGroup g : groups) {
            if (g.holds(f)) {
                return g;
            }
        }
        return null;
    }

    /**
     * Whether merged entries may name ids of games no longer stored, which readers then mask with
     * the live ids; the next {@code thordb optimize} purges them.
     */
    public boolean staleIds() {
        return stale;
    }

    /**
     * Whether every game file's entries are in a merge group whose merge has ended, so that a
     * key's entries are the groups' alone (the store as {@code thordb optimize} leaves it).
     */
    public boolean allMerged() {
        return allMerged;
    }

    /**
     * A 64-bit stamp of the game files the catalog holds (each one's segment, first id and games,
     * and its filled theoretical scores): any import, removal or fill changes it. Worked out once per catalog.
     */
    public synchronized long gameFilesStamp() {
        if (!stamped) {
            long h = 0x9E3779B97F4A7C15L;
            for (FileRow f : gameFiles) { // in key order, the same for the same files
                h = Keys.mix(h ^ ((long) f.segment() << 32 | f.firstId()));
                h = Keys.mix(h ^ f.games());
                if (f.filledGames() > 0) { // filled scores change the explorer's figures (a file without keeps its stamp)
                    h = Keys.mix(h ^ ((long) f.filledGames() << 32 | 0xF1L));
                }
            }
            filesStamp = h;
            stamped = true;
        }
        return filesStamp;
    }

    /** The JSON bytes of a merge group row. */
    public static byte[] encode(MergeGroup g) {
        try {
            return Writer.JSON.writeValueAsBytes(g);
        } catch (JsonProcessingException e) {
            throw Faults.of(ErrorCode.STORE, String.valueOf(e), e);
        }
    }

    /** The imported solitaire files. */
    public List<SolitaireFile> solitaireFiles() {
        return solitaireFiles;
    }

    /** The solitaire file of a base and empties, or null. */
    public SolitaireFile solitaireFile(int base, int empties) {
        for (SolitaireFile f : solitaireFiles) {
            if (f.base() == base && f.empties() == empties) {
                return f;
            }
        }
        return null;
    }

    /** A base's registry file row as stored (JSON: file, sha256, players, importedAt), or null. */
    public String registryRow(int base) {
        return registryStamps.get(base);
    }

    /** The game file holding a game id, or null. */
    public FileRow gameFileOf(int id) {
        Map.Entry<Integer, FileRow> e = byFirstId.floorEntry(id);
        return e != null && id < e.getValue().firstId() + e.getValue().games() ? e.getValue() : null;
    }

    /** The game file of a base, board side and year, or null. */
    public FileRow gameFile(int base, int side, int year) {
        for (FileRow f : gameFiles) {
            if (f.base() == base && f.side() == side && f.year() == year) {
                return f;
            }
        }
        return null;
    }

    /** The names file of a base and kind, or null. */
    public FileRow namesFile(int base, NameKind kind) {
        String k = kind.extension();
        for (FileRow f : namesFiles) {
            if (f.base() == base && f.kind().equals(k)) {
                return f;
            }
        }
        return null;
    }

    /** The number of games in the store. */
    public long games() {
        long n = 0;
        for (FileRow f : gameFiles) {
            n += f.games();
        }
        return n;
    }

    /** The next free game id. */
    public int nextGameId() {
        return nextGameId;
    }

    /** The next free segment id. */
    public int nextSegment() {
        return nextSegment;
    }

    /** The next free base id. */
    public int nextBase() {
        return nextBase;
    }
}
