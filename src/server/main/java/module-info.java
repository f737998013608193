/**
 * thordb's web explorer and HTTP API: the library's first embedder on the web, built on its
 * exported front alone ({@link org.thordb.ThorDb} and its JSON answers), on Javalin.
 */
module org.thordb.web {
    requires transitive org.thordb; // WebServer.start takes its ThorDb
    requires io.javalin;
    requires com.fasterxml.jackson.databind;
    requires org.eclipse.jetty.server;
    requires org.eclipse.jetty.http;
    requires jetty.servlet.api;

    exports org.thordb.web;
}
