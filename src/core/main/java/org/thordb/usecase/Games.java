package org.thordb.usecase;

import java.util.Optional;
import java.util.Arrays;
import java.util.function.Predicate;
import org.thordb.othello.Position;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.Keys;
import org.thordb.text.ByteLines;
import java.util.ArrayList;
import java.util.Locale;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.engine.GamePages;
import org.thordb.engine.PlayerDirectory;
import org.thordb.error.ThorDbException;
import org.thordb.index.Copies;
import org.thordb.index.Duplicates;
import org.thordb.index.IndexReader;
import org.thordb.query.ast.Expr;
import org.thordb.query.exec.QueryEngine;
import org.thordb.query.parse.QueryParser;
import org.thordb.query.plan.QueryPlanner;
import org.thordb.store.GameRow;
import java.util.List;
import org.thordb.engine.Engine;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;
import org.thordb.query.Filter;
import org.thordb.engine.StoredGame;

/**
 * A filter's games, counted or paged: the one answer the command line's {@code count} and
 * {@code query}, the REPL, {@code /api/count}, {@code /api/games} and the library give. It owns
 * what goes with the games besides the games: the notes a user should hear (names no base holds,
 * copies counted once), said with the first page only, and the next page's cursor.
 *
 * <p>Usage: {@code Games.Count c = Games.countWithNotes(db, Filter.parse("year = 1990"));}
 */
public final class Games {
    private Games() {
    }

    /**
     * A count.
     *
     * @param filter the games asked for
     * @param count how many there are
     * @param notes what a user should hear besides ({@link #notes(Engine, Filter)})
     */
    public record Count(Filter filter, long count, List<String> notes) {
    }

    /** How many games a filter matches, with the notes (what the command line, the REPL and the API say). */
    public static Count countWithNotes(Engine db, Filter f) {
        long n = count(db, f);
        return new Count(f, n, List.copyOf(Games.notes(db, f)));
    }

    /**
     * A page of games.
     *
     * @param filter the games asked for
     * @param total how many games the filter matches
     * @param games the page's games, in the order asked for
     * @param notes with the first page (no offset, no cursor): what a user should hear; else empty
     * @param next the cursor of the next page (the last game's id) when the page is full, else -1
     */
    public record Page(Filter filter, long total, List<StoredGame> games, List<String> notes, int next) {
    }

    /**
     * A page: {@code limit} games from {@code offset}, or after the game {@code after} (a cursor: the
     * last id of the page before; -1 for none) in {@code sort}'s order ({@link #pageOf(Engine, Filter, String, int, int)}).
     */
    public static Page page(Engine db, Filter f, String sort, int offset, int after, int limit) {
        if (after >= 0 && offset != 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "a page is asked for from an offset or after a game, not both");
        }
        GamePages.Page p = after >= 0 ? Games.pageAfter(db, f, sort, after, limit) : Games.pageOf(db, f, sort, offset, limit);
        boolean first = offset == 0 && after < 0;
        List<String> notes = first ? List.copyOf(Games.notes(db, f)) : List.of();
        int next = !p.games().isEmpty() && p.games().size() == limit ? p.games().get(p.games().size() - 1).id() : -1;
        return new Page(f, p.total(), p.games(), notes, next);
    }

    /** The filter of a query's text: blank is every game; null is refused ("no query"). */
    public static Filter filter(String query) {
        if (query == null) {
            throw Faults.of(ErrorCode.QUERY, "no query");
        }
        return Filter.of(QueryParser.parseOrBlank(query));
    }

    /**
     * A page of a query's games (every game for a blank query), ordered by {@code sort}: keys
     * {@link GamePages#KEYS}, comma-separated, {@code -} before a key for descending (null or
     * blank: by id); then by id.
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} for a bad query, {@link ErrorCode#BAD_ARGUMENT}
     *     for a bad sort key, offset or limit
     */
    public static GamePages.Page pageOf(Engine db, String query, String sort, int offset, int limit) {
        return pageOf(db, filter(query), sort, offset, limit);
    }

    /** {@link #pageOf(Engine, String, String, int, int)} of a filter. */
    public static GamePages.Page pageOf(Engine db, Filter filter, String sort, int offset, int limit) {
        if (offset < 0 || limit < 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "offset and limit are 0 or more, not " + offset + " and " + limit);
        }
        return db.read(r -> GamePages.page(r, filter, sort, offset, limit));
    }

    /**
     * The {@code limit} games after game {@code after} in {@code sort}'s order (keyset paging: pass
     * the last id of the page before): a page deep in a sorted result costs what the first does.
     */
    public static GamePages.Page pageAfter(Engine db, String query, String sort, int after, int limit) {
        return pageAfter(db, filter(query), sort, after, limit);
    }

    /** {@link #pageAfter(Engine, String, String, int, int)} of a filter. */
    public static GamePages.Page pageAfter(Engine db, Filter filter, String sort, int after, int limit) {
        if (after < 0 || limit < 0) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "after and limit are 0 or more, not " + after + " and " + limit);
        }
        return db.read(r -> GamePages.page(r, filter, sort, 0, limit, after));
    }

    /**
     * What a user should hear about a query besides its games: each name it asks for that no base
     * holds, with the stored names nearest it; how many copies of games from other bases it counted
     * once. Empty when there is nothing to say.
     *
     * @throws ThorDbException with {@link ErrorCode#QUERY} when the query is not valid
     */
    public static List<String> notes(Engine db, String query) {
        return notes(db, filter(query));
    }

    /** {@link #notes(Engine, String)} of a filter. */
    public static List<String> notes(Engine db, Filter filter) {
        Expr e = filter.where();
        return db.read(r -> {
            List<String> out = new ArrayList<>(e == null ? List.of() : PlayerDirectory.unknownNames(e, r.catalog()));
            String copies = copiesNote(filter, r);
            if (copies != null) {
                out.add(copies);
            }
            return out;
        });
    }

    /** "N games, K copies counted once" when the query's games hold copies of one another from other bases. */
    private static String copiesNote(Filter f, IndexReader r) {
        if (f.allCopies() || r.catalog().bases().size() < 2) {
            return null;
        }
        RoaringBitmap all = f.where() == null ? r.all() : QueryEngine.evaluate(f.where(), r);
        long once = Copies.once(r, all).getLongCardinality();
        long left = all.getLongCardinality() - once;
        return left == 0 ? null : String.format(Locale.ROOT, "%,d games, %,d cop%s of games from other bases"
                + " counted once (copies = all counts each)", once, left, left == 1 ? "y" : "ies");
    }

    /**
     * The groups of duplicate games (one whole move list, up to symmetry) holding a game the query
     * matches (every group for a blank query), each earliest first: base imported first, then year,
     * then record. See {@link Duplicates}.
     */
    public static List<List<StoredGame>> duplicates(Engine db, String where) {
        return duplicates(db, where == null || where.isBlank() ? Filter.ALL : Filter.parse(where));
    }

    /** {@link #duplicates(Engine, String)} of a query read once (every group when it has no condition). */
    public static List<List<StoredGame>> duplicates(Engine db, Filter filter) {
        RoaringBitmap sel = filter.where() == null ? null : Games.select(db, filter);
        return db.read(r -> {
            List<Duplicates.Group> groups = sel == null ? Duplicates.of(r).groups()
                    : Duplicates.of(r).touching(sel);
            List<List<StoredGame>> out = new ArrayList<>(groups.size());
            for (Duplicates.Group g : groups) {
                List<StoredGame> games = new ArrayList<>(g.ids().length);
                for (int id : g.ids()) {
                    GameRow row = r.game(id);
                    if (row != null) {
                        games.add(StoredGame.of(row, r.catalog()));
                    }
                }
                out.add(games);
            }
            return out;
        });
    }

    /** The plan of a query, drawn: which parts the indexes answer, what they read, how many games each gives. */
    public static String explain(Engine db, String query) {
        return db.read(r -> {
            QueryPlanner.Planned p = QueryPlanner.plan(QueryParser.parse(query), r);
            long t0 = System.nanoTime();
            long n = QueryEngine.execute(p, r).getLongCardinality();
            long us = (System.nanoTime() - t0) / 1000;
            return p.plan().explain(r.catalog()) + "result: " + n + " games (bitmap operations " + us + " us)\n";
        });
    }

    /**
     * A game's text as the text source it was imported from holds it, byte for byte.
     *
     * @param file the source file's name
     * @param format the source's format code ({@code ggf}, {@code pgn}, …)
     * @param line the line the game starts on, from 1
     * @param bytes the game's bytes
     */
    public record SourceText(String file, String format, int line, byte[] bytes) {
        /** The bytes as text (UTF-8 when they are valid UTF-8, else ISO-8859-1). */
        public String text() {
            return ByteLines.decode(bytes, 0, bytes.length);
        }
    }

    /** A game by id. */
    public static Optional<StoredGame> game(Engine db, int id) {
        return db.read(r -> {
            GameRow row = r.game(id);
            return Optional.ofNullable(row == null ? null : StoredGame.of(row, r.catalog()));
        });
    }

    /** A game by base name, year and record number (8×8 files). */
    public static Optional<StoredGame> game(Engine db, String base, int year, int record) {
        return db.read(r -> {
            Catalog.Base b = r.catalog().base(base);
            if (b == null) {
                return Optional.empty();
            }
            int id = r.gameId(b.id(), 8, year, record);
            if (id < 0) {
                id = r.gameId(b.id(), 10, year, record);
            }
            GameRow row = id < 0 ? null : r.game(id);
            return Optional.ofNullable(row == null ? null : StoredGame.of(row, r.catalog()));
        });
    }

    /**
     * The text a game was imported from, when it came from a text source (GGF, PGN, …); empty for
     * a game of a WTHOR file, whose record is the game.
     */
    public static Optional<SourceText> sourceText(Engine db, int id) {
        return db.read(r -> {
            FileRow f = r.catalog().gameFileOf(id);
            byte[] v = f == null || !f.fromSource() ? null : r.sourceBytes(id);
            return Optional.ofNullable(v == null ? null : new SourceText(f.name(), f.source(),
                    Keys.getU32(v, 0), Arrays.copyOfRange(v, 4, v.length)));
        });
    }

    /** The games of a bitmap, in id order. */
    public static List<StoredGame> of(Engine db, RoaringBitmap ids) {
        return db.read(r -> {
            List<StoredGame> out = new ArrayList<>(ids.getCardinality());
            for (int id : ids) {
                GameRow row = r.game(id);
                if (row != null) {
                    out.add(StoredGame.of(row, r.catalog()));
                }
            }
            return out;
        });
    }

    /**
     * Visits every game in id order (base by base, year by year, as imported) on one consistent
     * view, reading the store in batches; the visitor returns false to stop.
     */
    public static void forEach(Engine db, Predicate<StoredGame> visitor) {
        db.read(r -> {
            r.scanGames(row -> visitor.test(StoredGame.of(row, r.catalog())));
            return null;
        });
    }

    /** The ids of every game. */
    public static RoaringBitmap all(Engine db) {
        return db.read(IndexReader::all);
    }

    /** The games that reach a position, in any orientation. */
    public static RoaringBitmap reaching(Engine db, Position p) {
        return db.read(r -> r.position(p));
    }

    /**
     * The games that reach each of many positions, in their order: {@link #reaching} of each,
     * looked up together (on a merged store, three batched reads for all of them, not three each).
     */
    public static List<RoaringBitmap> reachingEach(Engine db, List<Position> ps) {
        return db.read(r -> List.of(r.positions(ps.toArray(new Position[0]))));
    }

    /** The games that begin with a line, under the symmetries of the start position. */
    public static RoaringBitmap opening(Engine db, int[] line) {
        return db.read(r -> r.opening(line));
    }

    /** The ids of the games a query matches (every game when it is blank). */
    public static RoaringBitmap select(Engine db, String query) {
        return select(db, filter(query));
    }

    /** The ids of the games a filter matches. */
    public static RoaringBitmap select(Engine db, Filter filter) {
        return db.read(r -> QueryEngine.matching(filter, r));
    }

    /** The number of games a query matches (every game when it is blank). */
    public static long count(Engine db, String query) {
        return count(db, filter(query));
    }

    /** The number of games a filter matches. */
    public static long count(Engine db, Filter filter) {
        Expr e = filter.where();
        if (!filter.allCopies() && e instanceof org.thordb.query.ast.Predicate.PositionMatch p) {
            // the commonest batch question: counted entry by entry, no bitmap built
            long n = db.read(r -> r.catalog().bases().size() < 2 ? r.positionCount(p.position()) : -1L);
            if (n >= 0) {
                return n;
            }
        }
        return db.read(r -> QueryEngine.matching(filter, r)).getLongCardinality();
    }
}
