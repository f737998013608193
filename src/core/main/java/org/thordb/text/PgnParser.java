package org.thordb.text;

import static org.thordb.text.SourceReader.*;

import org.thordb.fault.Faults;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.othello.Notation;


/** PGN through {@link PgnReader}, lenient: a word that is no move marks its game, not the file. */
final class PgnParser implements SourceParser {
    private final Path file;

    /** This file's bad input, in one line. */
    private ThorDbException broken(String where, String why) {
        return SourceParser.broken(file, where, why);
    }

    private final Iterator<PgnReader.Game> games;

    PgnParser(Path file, InputStream in) {
        this.file = file;
        this.games = new PgnReader(new ByteLines(in, file.toString()), file.toString(), true).iterator();
    }

    @Override
    public SourceGame next() {
        PgnReader.Game g;
        try {
            if (!games.hasNext()) {
                return null;
            }
            g = games.next();
        } catch (ThorDbException e) {
            throw Faults.of(ErrorCode.BAD_FILE, e.getMessage());
        }
        List<Integer> moves = new ArrayList<>();
        for (String m : g.moves()) {
            moves.add(m.equals("pass") ? Notation.PASS : move(m));
        }
        Map<String, String> t = g.tags();
        SourceResult result = SourceResult.NONE;
        String problem = g.problem();
        int[] discs = g.discs();
        String res = t.get("Result") != null ? t.get("Result") : g.result();
        if (discs != null && discs[0] + discs[1] <= 64) {
            result = SourceResult.discs(res == null ? discs[0] + "-" + discs[1] : res, discs[0], discs[1]);
        } else if (res != null) {
            SourceResult r = SourceResult.parse(res);
            if (r != null) {
                result = r;
            } else if (problem == null) {
                problem = "result " + quoted(res) + " is neither a disc count such as 33-31 nor 1-0, 0-1, 1/2-1/2, *";
            }
        }
        return new SourceGame(g.line(), g.offset(), g.raw(), SourceGame.tag(t, "Black"), SourceGame.tag(t, "White"),
                SourceGame.tag(t, "Event", "Site"), SourceGame.tag(t, "Date", "EventDate"), ints(moves), null,
                result, problem, 8, discsTag(t.get("TheoreticalScore")), depthTag(t.get("TheoreticalDepth")));
    }
}
