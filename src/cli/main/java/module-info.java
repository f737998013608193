/**
 * thordb's command line and REPL: the library's first embedder in a terminal, built on its
 * exported front alone ({@link org.thordb.ThorDb}, {@link org.thordb.Board}, {@link org.thordb.Query}
 * and the rest of {@code org.thordb}), with picocli for the commands and JLine for the REPL.
 */
module org.thordb.cli {
    requires org.thordb;
    requires org.thordb.web; // thordb serve
    requires info.picocli;
    requires org.jline.terminal;
    requires org.jline.reader;
    requires me.tongfei.progressbar;
    requires com.fasterxml.jackson.databind;
    requires org.apache.commons.csv;

    // picocli reads and sets the commands' options by reflection; nothing else is offered: the
    // command line is a program (java -m org.thordb.cli/org.thordb.cli.Main), not a library
    opens org.thordb.cli to info.picocli;
}
