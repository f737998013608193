package org.thordb.cli;

import org.thordb.ThorDb;
import org.thordb.Query;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import org.thordb.web.WebServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;

/**
 * {@code thordb serve [--db DIR] [--host 127.0.0.1] [--port 8080] [--timeout S]}: the explorer page
 * and the JSON API on the store opened read-only, until Ctrl-C.
 *
 * <p>Usage: {@code thordb serve --port 8080}
 */
@Command(name = "serve",
        footerHeading = "%nExamples:%n", footer = {"  thordb serve", "  thordb serve --port 9000 --db /tmp/store",
            "  curl 'http://127.0.0.1:8080/api/count?q=year%%20%%3E%%3D%%202000'"},
        description = "Serve the explorer page and a JSON API on the store, read-only, until Ctrl-C.")
public final class ServeCommand implements Callable<Integer> {

    @Mixin
    StoreOption store;

    @Option(names = "--host", defaultValue = "127.0.0.1", description = "The address to listen on (default: ${DEFAULT-VALUE},"
            + " this machine only).")
    String host;

    @Option(names = "--port", defaultValue = "8080", description = "The port (default: ${DEFAULT-VALUE}; 0: a free one).")
    int port;

    @Option(names = "--timeout", paramLabel = "S", defaultValue = "10", description = "Stop a request after S seconds"
            + " and answer 503 (default: ${DEFAULT-VALUE}).")
    double timeout;

    @Option(names = "--allow-host", paramLabel = "NAME", description = "Also answer requests whose Host header names NAME"
            + " (repeatable; * for any). By default only the address listened on (and localhost for a loopback one):"
            + " a web page of another site cannot reach the API through a name it points at 127.0.0.1.")
    List<String> allowHosts = new ArrayList<>();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws InterruptedException {
        if (port < 0 || port > 65535) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--port takes 0 to 65535, not " + port);
        }
        if (!(timeout > 0)) {
            throw CommandFailure.of(ErrorCode.BAD_ARGUMENT, "--timeout takes seconds above 0, not " + timeout);
        }
        ThorDb db = Stores.openFrontForReading(store.dir());
        WebServer server;
        try {
            server = WebServer.start(db, host, port, (long) (timeout * 1000), new HashSet<>(allowHosts));
        } catch (ThorDbException e) {
            db.close(); // the store, not the network: a damaged block read on the way up, say
            throw e;
        } catch (RuntimeException e) {
            db.close();
            throw CommandFailure.of(ErrorCode.IO, "cannot listen on " + host + ":" + port + ": "
                    + (e.getCause() != null ? e.getCause().getMessage() : e.getMessage()));
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> { // Ctrl-C
            server.close();
            db.close();
            stopped.countDown();
        }));
        String shown = host.contains(":") ? "[" + host + "]" : host;
        spec.commandLine().getOut().println("serving " + db.path() + " (" + db.count(Query.ALL.everyCopy()) + " games, read-only) on http://"
                + shown + ":" + server.port() + "/  (Ctrl-C stops)");
        spec.commandLine().getOut().flush();
        stopped.await();
        return 0;
    }
}
