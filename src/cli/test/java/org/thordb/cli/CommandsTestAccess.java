package org.thordb.cli;

/** Runs the command line from tests of other packages. */
public final class CommandsTestAccess {
    private CommandsTestAccess() {
    }

    /** What a run printed and its status. */
    public record Run(int status, String out, String err) {
    }

    /** Runs the command line in this JVM. */
    public static Run run(String... args) {
        CommandsTest.Run r = CommandsTest.run(args);
        return new Run(r.status(), r.out(), r.err());
    }
}
