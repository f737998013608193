package org.thordb.wthor;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.thordb.error.ErrorCode;
import org.thordb.fault.Faults;

/**
 * The contents of a names file, {@code .JOU} (players, 20-byte records) or {@code .TRN}
 * (tournaments, 26-byte records): each name kept byte for byte, decoded as ISO-8859-1 up to its
 * first zero byte. A name's number is its index from 0.
 *
 * <p>Usage: {@code NameList players = NameList.read(Path.of("WTHOR.JOU")); String n = players.name(1);}
 *
 * @param kind {@link WthorKind#PLAYERS} or {@link WthorKind#TOURNAMENTS}
 * @param header the header as stored
 * @param records the raw records
 * @param warnings what was odd about the file, one line each
 */
public record NameList(WthorKind kind, WthorHeader header, List<byte[]> records, List<String> warnings) {

    /** Checks the kind and freezes the lists. */
    public NameList {
        if (!kind.isNames()) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, String.valueOf(kind + " is not a names kind"));
        }
        records = Collections.unmodifiableList(new ArrayList<>(records));
        warnings = List.copyOf(warnings);
    }

    /** Reads a names file of the kind its name says. */
    public static NameList read(Path path) {
        return read(path, WthorKind.of(path));
    }

    /** Reads a names file as the given kind. */
    public static NameList read(Path path, WthorKind kind) {
        try (WthorReader r = WthorReader.open(path, kind)) {
            if (!kind.isNames()) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT,
                        path + ": not a names file");
            }
            List<byte[]> recs = new ArrayList<>((int) r.recordCount());
            for (byte[] b = r.nextRecord(); b != null; b = r.nextRecord()) {
                recs.add(b);
            }
            return new NameList(kind, r.header(), recs, r.warnings());
        }
    }

    /** A new names file of the given names (ISO-8859-1, cut to 19 or 25 characters). */
    public static NameList of(WthorKind kind, LocalDate created, List<String> names) {
        List<byte[]> recs = new ArrayList<>(names.size());
        for (String n : names) {
            recs.add(encode(n, kind.recordSize()));
        }
        return new NameList(kind, WthorHeader.forNames(created, names.size()), recs, List.of());
    }

    /** The record bytes for a name: ISO-8859-1, at most size − 1 characters, zero-padded. */
    public static byte[] encode(String name, int size) {
        byte[] b = new byte[size];
        byte[] s = name.getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(s, 0, b, 0, Math.min(s.length, size - 1));
        return b;
    }

    /** The number of names. */
    public int size() {
        return records.size();
    }

    /** Whether a number names an entry of this file. */
    public boolean contains(int number) {
        return number >= 0 && number < records.size();
    }

    /** The name with this number, decoded as ISO-8859-1 up to the first zero byte. */
    public String name(int number) {
        return decode(records.get(number));
    }

    /** A name record decoded as ISO-8859-1 up to its first zero byte. */
    public static String decode(byte[] b) {
        int n = 0;
        while (n < b.length && b[n] != 0) {
            n++;
        }
        return new String(b, 0, n, StandardCharsets.ISO_8859_1);
    }

    /** Every name, in number order. */
    public List<String> names() {
        List<String> out = new ArrayList<>(records.size());
        for (int i = 0; i < records.size(); i++) {
            out.add(name(i));
        }
        return out;
    }

    /** Writes the file: the header as it is, then the records. */
    public void write(Path target) {
        try (WthorWriter w = WthorWriter.create(target, kind, header)) {
            for (byte[] b : records) {
                w.write(b);
            }
        }
    }
}
