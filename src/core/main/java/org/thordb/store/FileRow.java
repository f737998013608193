package org.thordb.store;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.HexFormat;
import org.thordb.wthor.WthorHeader;

/**
 * An imported file, as the {@code FILES} space keeps it (JSON). A game file is one segment: its
 * games have the dense ids {@code firstId … firstId + games − 1}. A names file has no segment.
 *
 * <p>Usage: {@code for (FileRow f : catalog.gameFiles()) System.out.println(f.name() + " " + f.games());}
 *
 * @param base the base id
 * @param kind {@code wtb}, {@code wtd}, {@code jou} or {@code trn}
 * @param year the year of a game file (0 for names)
 * @param name the file name as imported
 * @param header the 16 header bytes, hex
 * @param created the header's creation date as yyyymmdd
 * @param sha256 the file's SHA-256, hex
 * @param size the file's size in bytes
 * @param segment the segment id (game files), else -1
 * @param firstId the first game id (game files)
 * @param games the number of records (games or names)
 * @param damaged the number of damaged games
 * @param importedAt when it was imported, ISO-8601
 * @param source for games imported from a text format, its {@code SourceFormat} code ({@code ggf},
 *     {@code pgn}, …; every year of the source file has a row with the file's name and SHA-256, and
 *     the header is made by thordb); null for a WTHOR file
 * @param fingerprintBits the partition bits of an 8×8 game file's fingerprint blocks, fixed at its
 *     import (from schema 6); null for other files, and for rows written before, whose bits follow
 *     from their game count by the rule of the time
 * @param theoretical what the file's theoretical scores are ({@link #theoreticalStatus()}); null in rows written before
 * @param theoreticalDepth the depth of a known file's scores, when the row says it
 * @param filled how many of the file's unknown theoretical scores {@code thordb theoretical --fill}
 *     computed into the store (each game's row says which, flags bit 1, with the depth); null for none
 */
@com.fasterxml.jackson.annotation.JsonInclude(JsonInclude.Include.NON_NULL)
public record FileRow(int base, String kind, int year, String name, String header, int created, String sha256,
                      long size, int segment, int firstId, int games, int damaged, String importedAt, String source,
                      Integer fingerprintBits, String theoretical, Integer theoreticalDepth,
                      Integer filled) {

    /** Every game's theoretical score is known, computed at {@link #depth()} empties. */
    public static final String KNOWN = "known";
    /** No game's theoretical score is known (a text source without them; a WTHOR file whose depth and scores are all 0). */
    public static final String UNKNOWN = "unknown";
    /** The theoretical bytes hold each game's final score, not a theoretical one (as PlayOK's files do): unknown. */
    public static final String FINAL_SCORE = "final-score";
    /** A text source that gave some games' theoretical scores: each game's row says (bit 1 of its flags). */
    public static final String PER_GAME = "per-game";

    /** A row as rows were before they said their theoretical scores. */
    public FileRow(int base, String kind, int year, String name, String header, int created, String sha256,
                   long size, int segment, int firstId, int games, int damaged, String importedAt, String source,
                   Integer fingerprintBits) {
        this(base, kind, year, name, header, created, sha256, size, segment, firstId, games, damaged, importedAt,
                source, fingerprintBits, null, null, null);
    }

    /** This row saying what its games' theoretical scores are. */
    public FileRow withTheoretical(String status, Integer depth) {
        return new FileRow(base, kind, year, name, header, created, sha256, size, segment, firstId, games, damaged,
                importedAt, source, fingerprintBits, status, depth, filled);
    }

    /** This row with {@code more} games' theoretical scores filled. */
    public FileRow withFilled(int more) {
        return new FileRow(base, kind, year, name, header, created, sha256, size, segment, firstId, games, damaged,
                importedAt, source, fingerprintBits, theoretical, theoreticalDepth, filledGames() + more);
    }

    /** This row with so many damaged games. */
    public FileRow withDamaged(int n) {
        return new FileRow(base, kind, year, name, header, created, sha256, size, segment, firstId, games, n,
                importedAt, source, fingerprintBits, theoretical, theoreticalDepth, filled);
    }

    /** How many of the file's theoretical scores were filled by the solver (0 for none). */
    @JsonIgnore
    public int filledGames() {
        return filled == null ? 0 : filled;
    }

    /**
     * Whether each game's row says if its theoretical score is known (flags bit 1): a text source
     * that gave some, or a file some of whose unknown scores were filled. Otherwise the file's
     * status says it for every game.
     */
    @JsonIgnore
    public boolean knownPerGame() {
        return PER_GAME.equals(theoreticalStatus()) || filledGames() > 0;
    }

    /**
     * Whether a game of this file has a known theoretical score: every game of a known file, and
     * the games whose rows say so in a file known per game.
     */
    public boolean theoreticalKnown(GameRow row) {
        return KNOWN.equals(theoreticalStatus()) || knownPerGame() && row.theoreticalGiven();
    }

    /** The depth of a game's known theoretical score (0: unknown, or given without its depth). */
    public int theoreticalDepth(GameRow row) {
        return KNOWN.equals(theoreticalStatus()) ? depth() : theoreticalKnown(row) ? row.theoreticalDepth() : 0;
    }

    /**
     * The theoretical byte a game's record had when imported: the record's own, but for a game
     * of a WTHOR file whose unknown scores were filled, whose byte the fill replaced (0 in a file
     * of unknown scores, the final score in a file of final scores). A text source's records are
     * thordb's own: its games' text is what was imported.
     */
    public int importedTheoretical(GameRow row, int theoreticalByte, int scoreByte) {
        if (fromSource() || filledGames() == 0 || !row.theoreticalGiven()) {
            return theoreticalByte;
        }
        return FINAL_SCORE.equals(theoreticalStatus()) ? scoreByte : UNKNOWN.equals(theoreticalStatus()) ? 0 : theoreticalByte;
    }

    /**
     * What the file's theoretical scores are: {@link #KNOWN}, {@link #UNKNOWN}, {@link #FINAL_SCORE}
     * or {@link #PER_GAME}. A row written before rows said it: a text source's are unknown (no
     * reader gave them then), a WTHOR file's known ({@code thordb verify --db} tells a file whose
     * bytes say otherwise, and {@code --repair} writes its row again).
     */
    @JsonIgnore
    public String theoreticalStatus() {
        return theoretical != null ? theoretical : fromSource() ? UNKNOWN : KNOWN;
    }

    /** The empties a file's theoretical scores were computed at: its row's, else its header's (P3, as the format reads it). */
    @JsonIgnore
    public int depth() {
        if (theoreticalDepth != null) {
            return theoreticalDepth;
        }
        if (header == null || header.length() != 32) {
            return 0;
        }
        return WthorHeader.decode(HexFormat.of().parseHex(header)).effectiveDepth();
    }

    /** A row of a WTHOR file. */
    public FileRow(int base, String kind, int year, String name, String header, int created, String sha256,
                   long size, int segment, int firstId, int games, int damaged, String importedAt) {
        this(base, kind, year, name, header, created, sha256, size, segment, firstId, games, damaged, importedAt, null, null,
                null, null, null);
    }

    /** A row with the partition bits of its fingerprint blocks (null: none named). */
    public FileRow withFingerprintBits(Integer bits) {
        return new FileRow(base, kind, year, name, header, created, sha256, size, segment, firstId, games, damaged,
                importedAt, source, bits, theoretical, theoreticalDepth, filled);
    }

    /** Whether the games came from a text format rather than a WTHOR file. */
    @JsonIgnore
    public boolean fromSource() {
        return source != null;
    }

    /** Whether this is a game file (a segment). */
    @JsonIgnore
    public boolean holdsGames() {
        return kind.equals("wtb") || kind.equals("wtd");
    }

    /** The board side of a game file. */
    @JsonIgnore
    public int side() {
        return kind.equals("wtd") ? 10 : 8;
    }

    /** The key of a game file: 'F', base u16, side u8, year i32. */
    public static byte[] gameFileKey(int base, int side, int year) {
        return Keys.concat(new byte[] {'F'}, Keys.u16(base), new byte[] {(byte) side}, Keys.i32(year));
    }

    /** The key of a names file: 'N', base u16, the kind's code ('P' players, 'T' tournaments). */
    public static byte[] namesFileKey(int base, NameKind kind) {
        return Keys.concat(new byte[] {'N'}, Keys.u16(base), new byte[] {kind.code()});
    }

    /** This row's key. */
    @JsonIgnore
    public byte[] key() {
        return holdsGames() ? gameFileKey(base, side(), year) : namesFileKey(base, NameKind.ofExtension(kind));
    }
}
