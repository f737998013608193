package org.thordb;

import org.thordb.usecase.Games;
import org.thordb.usecase.StoredSolitaires;
import org.thordb.usecase.Explore;
import org.thordb.usecase.Players;
import org.thordb.usecase.Stats;
import org.thordb.engine.Engine;
import org.thordb.engine.MatchedGames;
import org.thordb.engine.StoredGame;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.function.Executable;
import org.roaringbitmap.RoaringBitmap;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.ingest.Importer;
import org.thordb.othello.Position;
import org.thordb.sample.SampleBase;
import org.thordb.store.RocksStore;
import org.thordb.store.Store;

/**
 * A closed store never reaches RocksDB: every call after close throws CLOSED (a call that reached a
 * freed handle would kill the JVM with SIGSEGV, and with it this test run), close waits for the
 * reads under way, and open results are closed with the store.
 */
class ClosedStoreTest {
    @TempDir
    Path tmp;
    private Path files;

    @BeforeEach
    void base() {
        files = tmp.resolve("files");
        SampleBase.write(files, "CLUB", 2001, 2, 300, 9L);
    }

    private Engine imported(String name) {
        Engine db = Engine.open(tmp.resolve(name));
        db.importFiles(List.of(files), Importer.Options.defaults(), m -> { });
        return db;
    }

    private static void closed(Executable call, String what) {
        ThorDbException e = assertThrows(ThorDbException.class, call, what);
        assertEquals(ErrorCode.CLOSED, e.code(), what + ": " + e.getMessage());
    }

    /** Every public method of Engine but close, path, openGenerations and explorer, and each use case that asks it, called after close. */
    @Test
    void everyPublicMethodThrowsClosedAfterClose() {
        Engine db = imported("db");
        Position start = Position.start();
        Map<String, Executable> calls = new LinkedHashMap<>();
        calls.put("catalog", db::catalog);
        calls.put("importFiles", () -> db.importFiles(List.of(files), Importer.Options.defaults(), m -> { }));
        calls.put("read", () -> db.read(r -> r.all()));
        calls.put("game", () -> Games.game(db, 0));
        calls.put("game(base,year,record)", () -> Games.game(db, "CLUB", 2001, 0));
        calls.put("games", () -> Games.of(db, RoaringBitmap.bitmapOf(0, 1)));
        calls.put("duplicates", () -> Games.duplicates(db, (String) null));
        calls.put("sourceText", () -> Games.sourceText(db, 0));
        calls.put("players", () -> Players.of(db, "", "games"));
        calls.put("solitaires", () -> StoredSolitaires.matching(db, ""));
        calls.put("explore10", () -> Explore.explore10(db, "g6", ""));
        calls.put("importPlayers", () -> db.importPlayers(files, null, m -> { }));
        calls.put("forEachGame", () -> Games.forEach(db, g -> true));
        calls.put("all", () -> Games.all(db));
        calls.put("position", () -> Games.reaching(db, start));
        calls.put("positions", () -> Games.reachingEach(db, java.util.List.of(start)));
        calls.put("opening", () -> Games.opening(db, new int[] {37}));
        calls.put("query", () -> db.query("year = 2001"));
        calls.put("explain", () -> Games.explain(db, "year = 2001"));
        calls.put("explore", () -> Explore.exploration(db, start, ""));
        calls.put("select", () -> Games.select(db, "year = 2001"));
        calls.put("count", () -> Games.count(db, "year = 2001"));
        calls.put("count(position)", () -> Games.count(db, "position = f5d6"));
        calls.put("verify", () -> db.verify(false, m -> { }));
        calls.put("verify(sample)", () -> db.verify(false, 1, 1L, m -> { }));
        calls.put("sizes", db::sizes);
        calls.put("compact", db::compact);
        calls.put("optimize", () -> db.optimize(false, m -> { }));
        calls.put("notes", () -> Games.notes(db, "player = \"Nobody\""));
        calls.put("removeBase", () -> db.removeBase("CLUB"));
        calls.put("stats", () -> Stats.groups(db, "year", ""));
        calls.put("page", () -> Games.pageOf(db, "year = 2001", "-year", 0, 5));
        calls.put("pageAfter", () -> Games.pageAfter(db, "year = 2001", "-year", 0, 5));
        calls.put("firstGames", () -> Explore.firstGames(db, start, "", java.util.List.of(37)));
        calls.put("undo", () -> db.undo(m -> { }));
        calls.put("sayPlayers", () -> db.sayPlayers("A", "B", true));
        calls.put("unsayPlayers", () -> db.unsayPlayers("A", "B"));
        calls.put("samePlayer", () -> Players.samePlayer(db, "A", "B"));
        calls.put("conflicts", () -> Players.nameConflicts(db));
        calls.put("aliases", () -> Players.aliases(db));
        calls.put("pruneReleases", () -> db.pruneReleases(null));
        calls.put("fillTheoretical", () -> db.fillTheoretical(org.thordb.query.Filter.ALL, 14, 1, new org.thordb.ingest.TheoreticalWriter.Listener() { }));

        Set<String> covered = new TreeSet<>();
        calls.keySet().forEach(k -> covered.add(k.replaceAll("\\(.*", "")));
        Set<String> publicMethods = new TreeSet<>();
        for (Method m : Engine.class.getDeclaredMethods()) {
            if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())) {
                publicMethods.add(m.getName());
            }
        }
        // explorer() hands out this handle's cache, asked only inside a read (which throws CLOSED: the "explore" line)
        publicMethods.removeAll(Set.of("close", "path", "openGenerations", "explorer"));
        Set<String> missing = new TreeSet<>(publicMethods); // the use cases' lines ask through the engine too
        missing.removeAll(covered);
        assertEquals(Set.of(), missing, "a new public method needs its line here");

        MatchedGames open = db.query("year = 2001");
        Iterator<StoredGame> it = open.iterator();
        it.next();
        db.close();
        db.close(); // again: nothing
        assertEquals(tmp.resolve("db"), db.path());
        calls.forEach((name, call) -> closed(call, name));
        // the result that was open was closed with the store
        closed(open::count, "count of an open result");
        closed(open::ids, "ids of an open result");
        closed(open::iterator, "iterator of an open result");
        closed(it::next, "next of an iterator taken before close");
        closed(open::stream, "stream of an open result");
        open.close(); // after the store: nothing to free, no crash
    }

    @Test
    void aClosedResultThrowsClosedAndTheStoreGoesOn() {
        try (Engine db = imported("db")) {
            MatchedGames r = db.query("year = 2001");
            Iterator<StoredGame> it = r.iterator();
            r.close();
            r.close();
            closed(it::next, "next after the result's close");
            closed(r::count, "count after the result's close");
            assertEquals(300, Games.count(db, "year = 2001"));
        }
    }

    @Test
    void closeUnderLoadWaitsForReadsAndNeverCrashes() throws Exception {
        for (int round = 0; round < 5; round++) {
            Engine db = imported("load" + round);
            AtomicLong answered = new AtomicLong();
            List<Throwable> wrong = Collections.synchronizedList(new ArrayList<>());
            CountDownLatch started = new CountDownLatch(4);
            List<Thread> readers = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int kind = t;
                Thread th = new Thread(() -> {
                    started.countDown();
                    try {
                        while (true) {
                            switch (kind) {
                                case 0 -> Games.count(db, "result = draw or position = f5d6c3");
                                case 1 -> {
                                    try (MatchedGames r = db.query("year >= 2001")) {
                                        r.stream().limit(50).forEach(g -> { });
                                    }
                                }
                                case 2 -> Explore.exploration(db, Position.start(), "year = 2002");
                                default -> Games.forEach(db, g -> g.id() < 200);
                            }
                            answered.incrementAndGet();
                        }
                    } catch (ThorDbException e) {
                        if (e.code() != ErrorCode.CLOSED) {
                            wrong.add(e);
                        }
                    } catch (Throwable e) {
                        wrong.add(e);
                    }
                });
                th.start();
                readers.add(th);
            }
            started.await();
            // the close comes while the readers are at work: after a number of answers that grows each round
            long before = 20L * (round + 1);
            org.thordb.testing.Await.until(java.time.Duration.ofSeconds(30), () -> answered.get() >= before || !wrong.isEmpty(),
                    "the readers answer before the close");
            db.close();
            for (Thread th : readers) {
                th.join(30_000);
                assertTrue(!th.isAlive(), "every reader stops once the store is closed");
            }
            assertTrue(wrong.isEmpty(), "only CLOSED after close: " + wrong);
            assertTrue(answered.get() > 0, "the readers ran before the close");
        }
    }

    @Test
    void closeInsideAReadIsRefusedRatherThanDeadlocking() {
        try (Engine db = imported("db")) {
            ThorDbException e = assertThrows(ThorDbException.class, () -> db.read(r -> {
                db.close();
                return null;
            }));
            assertEquals(ErrorCode.BAD_ARGUMENT, e.code());
            assertEquals(300, Games.count(db, "year = 2002"));
        }
    }

    @Test
    void theRocksStoreAloneThrowsClosedToo() {
        RocksStore s = RocksStore.open(tmp.resolve("raw"));
        Store.View v = s.view();
        Store.Batch b = s.batch();
        s.close();
        s.close();
        closed(s::view, "view");
        closed(s::batch, "batch");
        closed(s::sizes, "sizes");
        closed(s::flush, "flush");
        closed(s::compact, "compact");
        closed(() -> v.get(Store.Space.META, new byte[] {1}), "get on a view open at close");
        closed(() -> v.scan(Store.Space.GAMES, new byte[0], null, (k, x) -> true), "scan on a view open at close");
        closed(() -> b.put(Store.Space.META, new byte[] {1}, new byte[] {2}), "put on a batch open at close");
        closed(b::commit, "commit on a batch open at close");
        v.close();
        b.close();
    }
}
