package org.thordb.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.jline.keymap.BindingReader;
import org.jline.keymap.KeyMap;
import org.jline.terminal.Attributes;
import org.jline.terminal.Terminal;
import org.jline.utils.InfoCmp;
import org.jline.utils.InfoCmp.Capability;
import org.thordb.Board;
import org.thordb.Game;
import org.thordb.error.ThorDbException;

/**
 * The REPL's game viewer: one game's board at a move, with the explorer's statistics for that
 * position, stepped forward and back with the arrow keys (or {@code n}/{@code p}), Home and End
 * (or {@code g}/{@code G}) for the ends; {@code q}, Ctrl-C or Ctrl-D leaves.
 *
 * <p>Usage: {@code new GameViewer(terminal, game, board -> explorerTable(board)).run();}
 */
final class GameViewer {
    private enum Key { NEXT, BACK, FIRST, LAST, QUIT }

    private final Terminal terminal;
    private final PrintWriter out;
    private final Game game;
    /** The explorer's table for a board, as the REPL's {@code :explore} prints it. */
    private final Function<Board, String> explorer;
    /** The positions of the game: before the first move, then after each legal move (a damaged game's up to its damage). */
    private final List<Board> positions = new ArrayList<>();
    /** The moves played, a1…h8. */
    private final List<String> moves = new ArrayList<>();
    /** Whether the game is 8×8: a 10×10 game's WTHOR record is longer than 68 bytes. */
    private final boolean eightByEight;

    GameViewer(Terminal terminal, Game game, Function<Board, String> explorer) {
        this.terminal = terminal;
        this.out = terminal.writer();
        this.game = game;
        this.explorer = explorer;
        this.eightByEight = game.wthorRecord().length == 68;
        positions.add(Board.start());
        if (eightByEight) {
            String line = game.moves().replaceAll("\\s", "");
            for (int i = 0; i + 2 <= line.length(); i += 2) {
                String move = line.substring(i, i + 2);
                try {
                    positions.add(positions.get(positions.size() - 1).play(move));
                } catch (ThorDbException e) {
                    break; // a damaged game: shown up to the move that is not legal
                }
                moves.add(move);
            }
        }
    }

    /** Shows the game from its start and follows the keys until the viewer is left. */
    void run() {
        if (!eightByEight) {
            out.println("error: the viewer shows 8×8 games; this one is 10×10");
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

    private void show(int ply) {
        Board b = positions.get(ply);
        // the viewer redraws in place where the terminal can clear its screen (else one board under the other)
        if (!terminal.puts(InfoCmp.Capability.clear_screen)) {
            out.println();
        }
        int squares = eightByEight ? 64 : 100;
        out.printf("%s %d, record %d: %s (Black) - %s (White), %s, %d-%d (theoretical %s)%n",
                SafeText.of(game.base()), game.year(), game.record(), SafeText.of(game.black()),
                SafeText.of(game.white()), SafeText.of(game.tournament()), game.blackDiscs(),
                squares - game.blackDiscs(),
                game.theoreticalDiscs().isPresent() ? String.valueOf(game.theoreticalDiscs().getAsInt()) : "unknown");
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < positions.size() - 1; i++) {
            line.append(i == ply ? "[" : "").append(moves.get(i)).append(i == ply ? "]" : "");
        }
        out.println("moves: " + line + (ply == positions.size() - 1 ? " [end]" : ""));
        out.println("move " + ply + " of " + (positions.size() - 1)
                + (ply == 0 ? ": the start" : ": " + moves.get(ply - 1) + " played")
                + (ply < positions.size() - 1 ? ", next " + moves.get(ply) : ", the end"));
        // exact scores near the end; before, every move's estimate (marked ~)
        SafeText.print(explorer.apply(b), out);
        out.println("→ / n next, ← / p back, Home / End the ends, q leaves");
        out.flush();
    }
}
