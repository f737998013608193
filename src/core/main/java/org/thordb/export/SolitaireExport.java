package org.thordb.export;

import org.thordb.usecase.StoredSolitaires;
import org.thordb.fault.Faults;
import org.thordb.engine.Engine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.thordb.error.ErrorCode;
import org.thordb.store.Catalog;
import org.thordb.store.SolitaireRow;
import org.thordb.wthor.WthorHeader;
import org.thordb.wthor.WthorKind;
import org.thordb.wthor.WthorWriter;
import java.io.IOException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Writes the stored solitaires a query over solitaires matches back as {@code .pzz} files, one
 * per imported file they come from, under its name: a whole file comes back byte for byte (its
 * header, its presence table, its records as imported); a part of one gets the header dated
 * {@code today} with its N1 and the presence table made again.
 *
 * <p>Usage: {@code List<Path> files = new SolitaireExport(db, Path.of("out"), false, LocalDate.now()).export("empties = 20");}
 */
public final class SolitaireExport {
    private final Engine db;
    private final Path out;
    private final boolean force;
    private final LocalDate today;

    /** An export into {@code out} (made when missing); an existing file is replaced only with {@code force}. */
    public SolitaireExport(Engine db, Path out, boolean force, LocalDate today) {
        this.db = db;
        this.out = out;
        this.force = force;
        this.today = today;
    }

    /** Writes the files; returns them. */
    public List<Path> export(String query) {
        List<SolitaireRow> rows = StoredSolitaires.matching(db, query);
        Catalog c = db.catalog();
        Map<Long, List<SolitaireRow>> byFile = new LinkedHashMap<>();
        for (SolitaireRow r : rows) {
            byFile.computeIfAbsent((long) r.base() << 8 | r.empties(), k -> new ArrayList<>()).add(r);
        }
        try {
            Files.createDirectories(out);
        } catch (IOException e) {
            throw Faults.io(out, e);
        }
        List<Path> written = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (List<SolitaireRow> part : byFile.values()) {
            SolitaireRow first = part.get(0);
            Catalog.SolitaireFile f = c.solitaireFile(first.base(), first.empties());
            String name = f.name();
            if (!names.add(name.toLowerCase(Locale.ROOT))) {
                name = c.base(f.base()).name() + " " + name; // two bases' files of one name
            }
            Path target = out.resolve(name);
            if (Files.exists(target) && !force) {
                throw Faults.of(ErrorCode.BAD_ARGUMENT, target + " exists; --force replaces it");
            }
            WthorHeader stored = WthorHeader.decode(HexFormat.of().parseHex(f.header()));
            boolean whole = part.size() == f.solitaires();
            try (WthorWriter w = whole
                    ? WthorWriter.createSolitaires(target, stored, HexFormat.of().parseHex(f.presence()))
                    : WthorWriter.create(target, WthorKind.SOLITAIRES, new WthorHeader(today.getYear() / 100,
                            today.getYear() % 100, today.getMonthValue(), today.getDayOfMonth(), part.size(), stored.n2(),
                            stored.gameYear(), stored.boardSize(), stored.gameType(), stored.depth(), stored.reserved()))) {
                for (SolitaireRow r : part) {
                    w.write(r.solitaire());
                }
            }
            written.add(target);
        }
        return written;
    }
}
