package org.thordb.cli;

import org.thordb.engine.Engine;
import java.io.PrintWriter;
import java.util.Map;
import java.util.concurrent.Callable;
import org.thordb.store.Catalog;
import org.thordb.store.FileRow;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import java.util.List;
import org.thordb.store.MergeGroup;

/**
 * {@code thordb info [--db DIR]}: the bases of a store with their names files, the games per base
 * and year, and the bytes on disk.
 *
 * <p>Usage: {@code thordb info --db store}
 */
@Command(name = "info",
        footerHeading = "%nExamples:%n", footer = {"  thordb info", "  thordb info --db /tmp/store", "  thordb info --players"}, description = "Show the bases, the games per base and year, and the size of the store.")
public final class InfoCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @picocli.CommandLine.Option(names = "--players", description = "Also each base's renamed players and tournaments (their old names, kept as aliases) and its player registry.")
    boolean players;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        try (Engine db = Stores.openForReading(store.dir())) {
            Catalog c = db.catalog();
            out.println("store " + db.path().toAbsolutePath().normalize());
            for (Catalog.Base b : c.bases()) {
                long games = 0;
                long damaged = 0;
                out.printf("base %s: %d players, %d tournaments%n", SafeText.of(b.name()), b.players().size(),
                        b.tournaments().size());
                for (FileRow f : c.namesFiles()) {
                    if (f.base() == b.id()) {
                        // a text source gives both kinds from one file: say which line is which
                        out.printf("  %-14s %6d %s, made %s%n", SafeText.of(f.name()), f.games(),
                                f.kind().equals("trn") ? "tournaments" : "players", date(f.created()));
                    }
                }
                out.printf("  %-6s %8s %8s  %-16s %-10s  %s%n", "year", "games", "damaged", "file", "made", "theoretical");
                for (FileRow f : c.gameFiles()) {
                    if (f.base() == b.id()) {
                        out.printf("  %-6d %8d %8d  %-16s %-10s  %s%s%n", f.year(), f.games(), f.damaged(),
                                SafeText.of(f.name()), date(f.created()), theoretical(f),
                                f.fromSource() ? "  (" + f.source() + ")" : "");
                        games += f.games();
                        damaged += f.damaged();
                    }
                }
                out.printf("  total  %8d %8d%n", games, damaged);
                for (Catalog.SolitaireFile f : c.solitaireFiles()) {
                    if (f.base() == b.id()) {
                        out.printf("  solitaires: %s, %d of %d empties%s%n", SafeText.of(f.name()), f.solitaires(), f.empties(),
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
                            + " aliases, " + SafeText.of(reg));
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
        }
        return 0;
    }

    /** One line a renamed number: {@code player 98: Zhelezov Alex → Zhelezov Aleksei}. */
    private static void renames(PrintWriter out, String what, Map<Integer, List<String>> aliases,
                                List<String> names) {
        out.printf("  %d %s renamed%n", aliases.size(), what + (aliases.size() == 1 ? "" : "s"));
        aliases.forEach((number, old) -> out.printf("    %s %d: %s → %s%n", what, number,
                SafeText.of(String.join(" → ", old)), SafeText.of(number < names.size() ? names.get(number) : "?")));
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
