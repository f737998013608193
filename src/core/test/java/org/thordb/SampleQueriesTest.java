package org.thordb;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.thordb.query.parse.QueryParser;

/** The sample queries of {@code examples/} parse (the FFO tests run them against the base). */
class SampleQueriesTest {
    @Test
    void everySampleQueryParses() throws Exception {
        for (String file : List.of("examples/queries.thq", "examples/sample-queries.thq")) {
            int queries = 0;
            for (String line : Files.readAllLines(Path.of(file))) {
                String q = line.replaceFirst("--.*", "").strip();
                if (!q.isEmpty()) {
                    QueryParser.parse(line);
                    queries++;
                }
            }
            assertTrue(queries >= 5, file + ": " + queries + " queries");
        }
    }
}
