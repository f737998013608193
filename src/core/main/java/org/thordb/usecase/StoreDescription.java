package org.thordb.usecase;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;
import org.thordb.engine.Engine;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import org.thordb.store.MergeGroup;

/**
 * A store described for a reader ({@code thordb info}, {@code ThorDb.describe}): its bases with
 * their names files, games per year, theoretical scores and solitaires (with {@code players}, each
 * base's renamed players and tournaments and its registry), the merge of its entries, and its size
 * on disk. Text as it comes from the files: a terminal that shows it makes control characters safe.
 *
 * <p>Usage: {@code String text = StoreDescription.of(db, false);}
 */
public final class StoreDescription {
    private StoreDescription() {
    }

    /** The description, a line each. */
    public static String of(Engine db, boolean players) {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        Catalog c = db.catalog();
        out.println("store " + db.path().toAbsolutePath().normalize());
        for (Catalog.Base b : c.bases()) {
            long games = 0;
            long damaged = 0;
            out.printf("base %s: %d players, %d tournaments%n", b.name(), b.players().size(),
                    b.tournaments().size());
            for (FileRow f : c.namesFiles()) {
                if (f.base() == b.id()) {
                    // a text source gives both kinds from one file: say which line is which
                    out.printf("  %-14s %6d %s, made %s%n", f.name(), f.games(),
                            f.kind().equals("trn") ? "tournaments" : "players", date(f.created()));
                }
            }
            out.printf("  %-6s %8s %8s  %-16s %-10s  %s%n", "year", "games", "damaged", "file", "made", "theoretical");
            for (FileRow f : c.gameFiles()) {
                if (f.base() == b.id()) {
                    out.printf("  %-6d %8d %8d  %-16s %-10s  %s%s%n", f.year(), f.games(), f.damaged(),
                            f.name(), date(f.created()), theoretical(f),
                            f.fromSource() ? "  (" + f.source() + ")" : "");
                    games += f.games();
                    damaged += f.damaged();
                }
            }
            out.printf("  total  %8d %8d%n", games, damaged);
            for (Catalog.SolitaireFile f : c.solitaireFiles()) {
                if (f.base() == b.id()) {
                    out.printf("  solitaires: %s, %d of %d empties%s%n", f.name(), f.solitaires(), f.empties(),
                            f.damaged() + f.contradicted() == 0 ? "" : " (" + f.damaged() + " damaged, "
                                    + f.contradicted() + " whose solution the solver contradicts)");
                }
            }
            if (players) {
                renames(out, "player", b.playerAliases(), b.players());
                renames(out, "tournament", b.tournamentAliases(), b.tournaments());
                String reg = c.registryRow(b.id());
                out.printf("  registry: %s%n", reg == null ? "none (thordb players import FILE.csv)"
                        : b.registry().size() + " players, " + b.registryAliases().values().stream().mapToInt(List::size).sum()
                        + " aliases, " + reg);
            }
        }
        out.printf("games: %d in %d files%n", c.games(), c.gameFiles().size());
        for (MergeGroup g : c.groups()) {
            long held = c.gameFiles().stream().filter(g::holds).count();
            long after = c.gameFiles().size() - held;
            out.printf("merged: %d files in one merge group%s%s%s%n", held,
                    g.merging() ? " (a merge was interrupted: thordb optimize finishes it)" : ", " + g.mergedAt(),
                    after > 0 ? "; " + after + " files imported since have entries of their own" : "",
                    c.staleIds() && !g.merging() ? "; ids of replaced games wait for the next optimize" : "");
        }
        Map<String, Long> sizes = db.sizes();
        StringBuilder sb = new StringBuilder();
        sizes.forEach((k, v) -> {
            if (!k.equals("total")) {
                sb.append(sb.length() > 0 ? ", " : "").append(k).append(' ').append(mib(v));
            }
        });
        out.printf("size on disk: %s (tables: %s)%n", mib(sizes.get("total")), sb);
        out.flush();
        return text.toString();
    }

    private static void renames(PrintWriter out, String what, Map<Integer, List<String>> aliases,
                                List<String> names) {
        out.printf("  %d %s renamed%n", aliases.size(), what + (aliases.size() == 1 ? "" : "s"));
        aliases.forEach((number, old) -> out.printf("    %s %d: %s → %s%n", what, number,
                String.join(" → ", old), number < names.size() ? names.get(number) : "?"));
    }

    private static String mib(long bytes) {
        return String.format("%.1f MiB", bytes / 1048576.0);
    }

    private static String date(int yyyymmdd) {
        return String.format("%04d-%02d-%02d", yyyymmdd / 10000, yyyymmdd / 100 % 100, yyyymmdd % 100);
    }

    /** What a file's theoretical scores are: known at a depth, unknown, final scores in their place, or per game. */
    private static String theoretical(FileRow f) {
        String s = switch (f.theoreticalStatus()) {
            case FileRow.KNOWN -> "depth " + f.depth();
            case FileRow.FINAL_SCORE -> "unknown (final scores)";
            case FileRow.PER_GAME -> "some games'";
            default -> "unknown";
        };
        // thordb theoretical --fill: the solver's scores
        return f.filledGames() == 0 ? s : f.filledGames() == f.games() ? "filled, every game" : s + ", " + f.filledGames() + " filled";
    }
}
