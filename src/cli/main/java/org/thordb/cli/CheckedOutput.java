package org.thordb.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.OutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;

/**
 * An output stream whose failures are not swallowed: {@link java.io.PrintWriter} and
 * {@link PrintStream} keep an I/O error to themselves (a full disk, {@code /dev/full}, a
 * closed pipe), so a command would print "exported 76534 games" and exit 0 over a cut file. Under
 * them, this stream turns the first failed write or flush into an {@link UncheckedIOException} (so it
 * passes through the writers, and the library's export says how far it got) that names the output
 * and the bytes written before it; the command line says it as its own error (status 2).
 *
 * <p>Usage: {@code new PrintWriter(new OutputStreamWriter(CheckedOutput.standardOutput(), UTF_8))}
 */
final class CheckedOutput extends OutputStream {
    private final OutputStream out;
    private final String name;
    private long written;

    CheckedOutput(OutputStream out, String name) {
        this.out = out;
        this.name = name;
    }

    /** The process's standard output, unbuffered underneath (the writer above buffers). */
    static CheckedOutput standardOutput() {
        return new CheckedOutput(new FileOutputStream(FileDescriptor.out), "standard output");
    }

    /** Bytes written so far. */
    long written() {
        return written;
    }

    @Override
    public void write(int b) {
        try {
            out.write(b);
            written++;
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void write(byte[] b, int off, int len) {
        try {
            out.write(b, off, len);
            written += len;
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void flush() {
        try {
            out.flush();
        } catch (IOException e) {
            throw failed(e);
        }
    }

    @Override
    public void close() {
        flush();
    }

    private UncheckedIOException failed(IOException e) {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return new UncheckedIOException(name + ": the write failed: " + why + " (" + String.format("%,d", written)
                + " bytes written before it)", e);
    }
}
