package org.thordb.cli;

import org.thordb.usecase.ExplorationTable;
import org.thordb.engine.Engine;
import org.thordb.engine.StoredGame;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import org.jline.keymap.BindingReader;
import org.jline.keymap.KeyMap;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.utils.InfoCmp.Capability;
import org.thordb.othello.Notation;
import org.thordb.othello.Position;
import org.thordb.othello.Replay;
import org.jline.utils.InfoCmp;
import org.thordb.explore.ExplorePolicy;
import org.thordb.usecase.Explore;

/**
 * The REPL's game viewer: one game's board at a move, with the explorer's statistics for that
 * position, stepped forward and back with the arrow keys (or {@code n}/{@code p}), Home and End
 * (or {@code g}/{@code G}) for the ends; {@code q}, Ctrl-C or Ctrl-D leaves.
 *
 * <p>Usage: {@code new GameViewer(db, terminal, game, "").run();}
 */
final class GameViewer {
    private enum Key { NEXT, BACK, FIRST, LAST, QUIT }

    private final Engine db;
    private final Terminal terminal;
    private final PrintWriter out;
    private final StoredGame game;
    private final String filter;
    /** The positions of the game: before the first move, then after each legal move. */
    private final List<Position> positions = new ArrayList<>();
    private final int[] moves;

    GameViewer(Engine db, Terminal terminal, StoredGame game, String filter) {
        this.db = db;
        this.terminal = terminal;
        this.out = terminal.writer();
        this.game = game;
        this.filter = filter;
        this.moves = game.record68().side() == 8 ? Notation.parseLine(game.moves()) : new int[0];
        positions.add(Position.start());
        Replay.replay(moves, (ply, p) -> {
            if (ply > 0) {
                positions.add(p);
            }
        });
    }

    /** Shows the game from its start and follows the keys until the viewer is left. */
    void run() {
        if (game.record68().side() != 8) {
            out.println("error: the viewer shows 8×8 games; this one is " + game.record68().side() + "×"
                    + game.record68().side());
            return;
        }
        KeyMap<Key> keys = new KeyMap<>();
        bind(keys, Key.NEXT, Capability.key_right, "\033[C", "\033OC", "n", " ", "l");
        bind(keys, Key.BACK, Capability.key_left, "\033[D", "\033OD", "p", "h");
        bind(keys, Key.FIRST, Capability.key_home, "\033[H", "\033OH", "\033[1~", "g");
        bind(keys, Key.LAST, Capability.key_end, "\033[F", "\033OF", "\033[4~", "G");
        bind(keys, Key.QUIT, null, "q", "Q", KeyMap.ctrl('C'), KeyMap.ctrl('D'));
        keys.setAmbiguousTimeout(100);
        BindingReader reader = new BindingReader(terminal.reader());
        Attributes saved = terminal.enterRawMode();
        int ply = 0;
        try {
            show(ply);
            while (true) {
                Key k = reader.readBinding(keys, null, true);
                if (k == null || k == Key.QUIT) {
                    break;
                }
                int next = switch (k) {
                    case NEXT -> Math.min(ply + 1, positions.size() - 1);
                    case BACK -> Math.max(ply - 1, 0);
                    case FIRST -> 0;
                    case LAST -> positions.size() - 1;
                    case QUIT -> ply;
                };
                if (next != ply) {
                    ply = next;
                    show(ply);
                }
            }
        } finally {
            terminal.setAttributes(saved);
        }
        out.println("left the game viewer");
        out.flush();
    }

    private void bind(KeyMap<Key> keys, Key key, Capability cap, String... sequences) {
        if (cap != null) {
            String s = KeyMap.key(terminal, cap);
            if (s != null && !s.isEmpty()) {
                keys.bind(key, s);
            }
        }
        for (String s : sequences) {
            keys.bind(key, s);
        }
    }

    /** The most empties at which the viewer shows each move's exact score, as {@code thordb explore} does. */
    static final int EXACT_EMPTIES = ExplorePolicy.EXACT_EMPTIES;

    private void show(int ply) {
        Position p = positions.get(ply);
        // the viewer redraws in place where the terminal can clear its screen (else one board under the other)
        if (!terminal.puts(InfoCmp.Capability.clear_screen)) {
            out.println();
        }
        out.printf("%s %d, record %d: %s (Black) - %s (White), %s, %d-%d (theoretical %s)%n",
                SafeText.of(game.base()), game.year(), game.record(), SafeText.of(game.black()),
                SafeText.of(game.white()), SafeText.of(game.tournament()), game.score(),
                game.record68().side() * game.record68().side() - game.score(),
                game.theoreticalKnown() ? String.valueOf(game.theoretical()) : "unknown");
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < positions.size() - 1; i++) {
            line.append(i == ply ? "[" : "").append(Notation.name(moves[i])).append(i == ply ? "]" : "");
        }
        out.println("moves: " + line + (ply == positions.size() - 1 ? " [end]" : ""));
        out.println("move " + ply + " of " + (positions.size() - 1)
                + (ply == 0 ? ": the start" : ": " + Notation.name(moves[ply - 1]) + " played")
                + (ply < positions.size() - 1 ? ", next " + Notation.name(moves[ply]) : ", the end"));
        // exact scores near the end; before, every move's estimate (marked ~)
        Explore.Answer a = Explore.of(db, p, filter,
                Explore.Settings.DEFAULT);
        ExplorationTable.table(a.exploration(), a.values(), ExplorationTable.Extras.of(a.exploration(), a.firstGames()), SafeText.printer(out));
        out.println("→ / n next, ← / p back, Home / End the ends, q leaves");
        out.flush();
    }
}
