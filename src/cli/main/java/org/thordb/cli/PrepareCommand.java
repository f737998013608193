package org.thordb.cli;

import org.thordb.JsonAnswers.PrepareSettings;
import org.thordb.ThorDb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.concurrent.Callable;
import org.thordb.error.ErrorCode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import java.nio.file.LinkOption;
import java.util.Locale;

/**
 * {@code thordb prepare --against PLAYER --as black|white}: the opponent's repertoire as a tree
 * (the use case {@link Preparation}), as Markdown, one self-contained HTML file, or JSON.
 *
 * <p>Usage: {@code thordb prepare --against 'Tastet Marc' --as black --format html --out tastet.html}
 */
@Command(name = "prepare", footerHeading = "%nExamples:%n",
        footer = {"  thordb prepare --against 'Tastet Marc' --as black", "  thordb prepare --against 'Tastet Marc' --as white"
            + " --format html --out tastet.html"},
        description = "Prepare a game against a player: their repertoire with the other colour as a tree from the start,"
                + " the lines they played at least N times, each with their games, their score, the move they chose and the"
                + " best move's value; the lines where they score worst and where their choice gives away most come first.")
public final class PrepareCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Option(names = "--against", required = true, paramLabel = "PLAYER", description = "The opponent (any spelling a base holds).")
    String against;

    @Option(names = "--as", required = true, paramLabel = "COLOUR", description = "Your colour: black or white.")
    String colour;

    @Option(names = "--min-games", paramLabel = "N", defaultValue = "5", description = "Keep the lines they played at least N times (default: ${DEFAULT-VALUE}).")
    int minGames;

    @Option(names = "--plies", paramLabel = "N", defaultValue = "10", description = "At most N moves from the start (default: ${DEFAULT-VALUE}).")
    int plies;

    @Option(names = "--valued", paramLabel = "N", defaultValue = "8", description = "Value the N choices of theirs played most"
            + " (each an estimate of 0.2-0.6 s; default: ${DEFAULT-VALUE}).")
    int valued;

    @Option(names = "--format", defaultValue = "md", description = "md (Markdown, the default), html (one file that needs"
            + " nothing else) or json.")
    String format;

    @Option(names = "--out", paramLabel = "FILE", description = "Write to FILE (default: standard output).")
    Path out;

    @Option(names = "--force", description = "Replace FILE when it exists.")
    boolean force;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (!List.of("md", "html", "json").contains(format)) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "unknown format '" + SafeText.of(format) + "': md, html or json");
        }
        String c = colour.strip().toLowerCase(Locale.ROOT);
        if (!c.equals("black") && !c.equals("white")) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--as is black or white, not '" + SafeText.of(colour) + "'");
        }
        if (out != null && Files.exists(out, LinkOption.NOFOLLOW_LINKS) && !force) {
            throw CommandFailure.of(ErrorCode.IO, out + ": exists; --force replaces it");
        }
        PrepareSettings settings = new PrepareSettings(minGames, plies, valued);
        String text;
        try (ThorDb db = Stores.openFrontForReading(store.dir())) {
            text = db.json().prepareDocument(against, c, settings, format);
            if (format.equals("json")) {
                text += System.lineSeparator();
            }
        }
        if (out == null) {
            spec.commandLine().getOut().print(text);
        } else {
            // written beside, then moved over: a reader never sees half a file, a failure leaves the old one
            Path tmp = out.toAbsolutePath().resolveSibling(out.getFileName() + ".thordb-tmp");
            Files.writeString(tmp, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE);
            Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            spec.commandLine().getErr().println("wrote " + out);
        }
        return 0;
    }
}
