package org.thordb.ingest;

import org.thordb.usecase.Games;
import org.thordb.usecase.Players;
import org.thordb.engine.PlayerDirectory;
import org.thordb.engine.Engine;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.sample.SampleBase;
import org.thordb.store.PlayerRecord;
import org.thordb.testing.PlainScan;
import org.thordb.testing.SharedData;
import org.thordb.wthor.NameList;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorKind;

/**
 * Renamed players kept as aliases on a names update, and a base's player registry (country,
 * birth date, aliases) with its query fields and the players list, checked against a plain scan.
 */
@org.thordb.testing.FullTier
class PlayerRegistryTest {
    @TempDir
    Path tmp;

    @Test
    void theSeedsEncodingsBirthDateInThreeBytesAndCountryInOne() throws IOException {
        PlayerRecord r = PlayerRecord.of("JPN", 1998, 4, 13);
        byte[] v = r.encode();
        int packed = (v[0] & 0xff) << 16 | (v[1] & 0xff) << 8 | (v[2] & 0xff);
        assertEquals(1998 * 512 + 4 * 32 + 13, packed);
        // the seed's own example: hi(j*2), lo(j*2), m*32+d for 1998-04-13
        assertEquals((1998 * 2) >> 8, v[0] & 0xff);
        assertEquals((1998 * 2) & 0xff, v[1] & 0xff);
        assertEquals(4 * 32 + 13, v[2] & 0xff);
        assertEquals(0x49, v[3] & 0xff, "JPN is the seed's byte $49");
        assertEquals(r, PlayerRecord.decode(v));
        assertEquals("1998-04-13", r.bornText());
        PlayerRecord unknownCountry = PlayerRecord.of("TPE", 1980, 0, 0);
        assertEquals(0, unknownCountry.encode()[3], "a code the seed lacks: byte 0, its letters kept");
        assertEquals("TPE", PlayerRecord.decode(unknownCountry.encode()).country());
        assertEquals("1980", unknownCountry.bornText());
        assertThrows(ThorDbException.class, () -> PlayerRecord.of("Japan", 1980, 0, 0));
        // the whole table against the seed's text, when the seeds are there
        Path seed = SharedData.root().resolve("../seeds/003_7e2255233d3ad846.txt").normalize();
        if (!Files.exists(seed)) {
            System.err.println("skipped the table check: " + seed + " not found");
            return;
        }
        Matcher m = Pattern.compile("b = \\$([0-9A-F]{2})\\) and \\(tmp = ''\\) then tmp := '([A-Z0-9?]{3})'")
                .matcher(Files.readString(seed, StandardCharsets.ISO_8859_1));
        int n = 0;
        while (m.find()) {
            int b = Integer.parseInt(m.group(1), 16);
            String code = m.group(2);
            if (b == 0) {
                assertEquals("???", code);
                continue;
            }
            assertEquals(code, PlayerRecord.seedCountry(b), "byte " + m.group(1));
            assertEquals(b, PlayerRecord.seedByte(code));
            n++;
        }
        assertEquals(191, n, "every entry of the seed's table");
    }

    /** The sample base with a newer players file that renames players 0 and 1. */
    private Path sampleWithRenames(Path files) throws IOException {
        SampleBase.write(files, "CLUB", 2001, 3, 60, 5L);
        NameList old = NameList.read(files.resolve("CLUB.JOU"));
        List<byte[]> records = new ArrayList<>(old.records());
        records.set(0, NameList.encode("Renamed Zero", 20));
        records.set(1, NameList.encode("Renamed One", 20));
        LocalDate later = old.header().creationDate().plusDays(1);
        Path newer = tmp.resolve("newer");
        Files.createDirectories(newer);
        new NameList(WthorKind.PLAYERS, WthorHeader.forNames(later, records.size()), records, List.of())
                .write(newer.resolve("CLUB.JOU"));
        return newer.resolve("CLUB.JOU");
    }

    @Test
    void aNamesUpdateKeepsTheOldNamesAsAliasesAndARegistryAnswersCountryAndBorn() throws IOException {
        Path files = tmp.resolve("files");
        Path newer = sampleWithRenames(files);
        PlainScan scan = new PlainScan(files);
        String zero = NameList.read(files.resolve("CLUB.JOU")).name(0);
        String one = NameList.read(files.resolve("CLUB.JOU")).name(1);
        String two = NameList.read(files.resolve("CLUB.JOU")).name(2);
        long zeroGames = scan.count(g -> g.black().equals(zero) || g.white().equals(zero));
        assertTrue(zeroGames > 0);
        List<String> said = new ArrayList<>();
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            db.importFiles(List.of(files), Importer.Options.defaults(), said::add);
            db.importFiles(List.of(newer), Importer.Options.defaults(), said::add);
            assertTrue(said.stream().anyMatch(l -> l.endsWith("updated " + NameList.read(newer).size()
                    + " players of base CLUB; 2 renamed, their old names kept as aliases")), said.toString());
            assertEquals(zeroGames, Games.count(db, "player = \"Renamed Zero\""));
            assertEquals(zeroGames, Games.count(db, "player = \"" + zero + "\""), "the old name still finds the games");
            assertEquals(zeroGames, Games.count(db, "player ~ \"" + zero.substring(0, 5).toLowerCase() + "\" and player = \"Renamed Zero\""));
            assertEquals(List.of(zero), db.catalog().base("CLUB").playerAliases().get(0));
            // the registry
            Path csv = tmp.resolve("players.csv");
            Files.writeString(csv, "Name,Aliases,Country,Born\n"
                    + "Renamed Zero,Zero Z.;Z. Zero,jpn,1975-04-13\n"
                    + "\"" + one + "\",,FRA,1962\n"
                    + two + ",,TPE,1990-02\n"
                    + "Nobody,,USA,1990\n"
                    + "Renamed One,,XX,1990\n", StandardCharsets.UTF_8);
            List<String> lines = new ArrayList<>();
            RegistryImport.Result r = db.importPlayers(csv, null, lines::add);
            assertEquals(3, r.players());
            assertEquals(2, r.aliases());
            assertEquals(2, r.leftOut());
            assertTrue(lines.contains(csv + ": line 5: left out: no player of base CLUB is named \"Nobody\""), lines.toString());
            assertTrue(lines.contains(csv + ": line 6: left out: 'XX' is not a 3-letter IOC country code such as JPN"),
                    lines.toString());
            assertEquals(zeroGames, Games.count(db, "player = \"Zero Z.\""));
            Map<String, String> country = new HashMap<>();
            Map<String, Integer> born = new HashMap<>();
            country.put(zero, "JPN");
            born.put(zero, 1975);
            country.put(one, "FRA");
            born.put(one, 1962);
            country.put(two, "TPE");
            born.put(two, 1990);
            assertEquals(scan.count(g -> "JPN".equals(country.get(g.black())) || "JPN".equals(country.get(g.white()))),
                    Games.count(db, "country = JPN"));
            assertEquals(scan.count(g -> "FRA".equals(country.get(g.black()))), Games.count(db, "country(black) = FRA"));
            assertEquals(scan.count(g -> (born.containsKey(g.white()) && born.get(g.white()) < 1980)),
                    Games.count(db, "born(white) < 1980"));
            assertEquals(scan.count(g -> born.getOrDefault(g.black(), 0) >= 1970 || born.getOrDefault(g.white(), 0) >= 1970),
                    Games.count(db, "born >= 1970"));
            assertEquals(scan.count(g -> "TPE".equals(country.get(g.black())) || "TPE".equals(country.get(g.white()))),
                    Games.count(db, "country = tpe"), "a code the seed lacks is kept by its letters");
            assertTrue(Games.explain(db, "country = JPN").contains("black and white postings of 1 registered player"),
                    Games.explain(db, "country = JPN"));
            for (String q : java.util.List.of("country = JPN", "country(black) = FRA", "born(white) < 1980", "born >= 1970")) {
                org.thordb.query.ast.Expr e = org.thordb.query.parse.QueryParser.parse(q);
                long want = db.read(ix -> org.thordb.query.plan.QueryPlanner.plan(e, ix,
                        org.thordb.query.plan.QueryPlanner.Access.POSTINGS).execute(ix).getLongCardinality());
                assertEquals(want, (long) db.read(ix -> org.thordb.query.plan.QueryPlanner.plan(e, ix,
                        org.thordb.query.plan.QueryPlanner.Access.COLUMNS).execute(ix).getLongCardinality()),
                        q + " from the per-game columns (the postings, checked against the scan above, say " + want + ")");
            }
            // the players list: games, wins and years from a plain count
            PlayerDirectory.Player p = Players.of(db, "", "games").stream().filter(x -> x.name().equals("Renamed Zero")).findFirst()
                    .orElseThrow();
            assertEquals(zeroGames, p.stats().games());
            long wins = scan.count(g -> (g.black().equals(zero) && g.game().blackScore() > 32)
                    || (g.white().equals(zero) && g.game().blackScore() < 32));
            assertEquals(wins, p.stats().wins());
            assertEquals("JPN", p.record().country());
            assertEquals("1975-04-13", p.record().bornText());
            assertEquals(List.of(zero, "Zero Z.", "Z. Zero"), p.aliases());
            List<PlayerDirectory.Player> byName = Players.of(db, "", "name");
            for (int i = 1; i < byName.size(); i++) {
                assertTrue(byName.get(i - 1).name().compareTo(byName.get(i).name()) <= 0);
            }
            ThorDbException e = assertThrows(ThorDbException.class, () -> Players.of(db, "", "age"));
            assertEquals(ErrorCode.BAD_ARGUMENT, e.code());
        }
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            assertEquals(zeroGames, Games.count(db, "country = JPN"), "the registry is in the store for good");
            assertEquals(0, db.verify(false, m -> { }).problems());
            db.removeBase("CLUB");
            assertEquals(null, db.catalog().registryRow(0));
        }
    }

    @Test
    void theFfoUpdateOf2025RenamesFourteenPlayersWhoseOldNamesStillFindTheirGames() {
        Path wthor = SharedData.dir("wthor");
        Path newer = SharedData.dir("wthor-2025-11");
        PlainScan scan = new PlainScan(wthor);
        long zhelezov = scan.count(g -> g.black().equals("Zhelezov Alex") || g.white().equals("Zhelezov Alex"));
        assertTrue(zhelezov > 0);
        List<String> said = new ArrayList<>();
        try (Engine db = Engine.open(tmp.resolve("db"))) {
            db.importFiles(List.of(wthor), Importer.Options.defaults(), m -> { });
            db.importFiles(List.of(newer), Importer.Options.defaults(), said::add);
            assertTrue(said.stream().anyMatch(l -> l.endsWith("updated 4412 players of base WTHOR; 14 renamed, their old"
                    + " names kept as aliases")), said.toString());
            assertTrue(said.stream().anyMatch(l -> l.endsWith("updated 463 tournaments of base WTHOR; 10 renamed, their old"
                    + " names kept as aliases")), said.toString());
            long newGames = Games.count(db, "year = 2025 and player = \"Zhelezov Aleksei\"");
            assertEquals(zhelezov + newGames, Games.count(db, "player = \"Zhelezov Alex\""));
            assertEquals(zhelezov + newGames, Games.count(db, "player = \"Zhelezov Aleksei\""));
            assertEquals(List.of("Zhelezov Alex"), db.catalog().base("WTHOR").playerAliases().get(98));
            assertEquals(14, db.catalog().base("WTHOR").playerAliases().size());
            long japon = scan.count(g -> g.tournament().equals("Championnats du Japon"));
            assertEquals(japon + Games.count(db, "year = 2025 and tournament = \"All Japan Championships\""),
                    Games.count(db, "tournament = \"Championnats du Japon\""));
        }
    }
}
