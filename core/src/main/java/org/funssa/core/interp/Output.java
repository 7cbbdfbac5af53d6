package org.funssa.core.interp;

import io.vavr.control.Option;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/** One output stream of a run (stdout or stderr): kept in full, copied to an optional sink, size-limited. */
final class Output {
    private final String name;
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final Option<OutputStream> sink;
    private final long limit;

    Output(String name, Option<OutputStream> sink, long limit) {
        this.name = name;
        this.sink = sink;
        this.limit = limit;
    }

    void write(byte[] b, int off, int len) {
        if (bytes.size() + (long) len > limit) {
            throw new RuntimeTrap(RuntimeError.Kind.OUTPUT_LIMIT, name + " exceeded " + limit + " bytes");
        }
        bytes.write(b, off, len);
        for (OutputStream out : sink) {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw new RuntimeTrap(RuntimeError.Kind.LIBRARY_ERROR, "cannot write " + name + ": " + e.getMessage());
            }
        }
    }

    void flush() {
        for (OutputStream out : sink) {
            try {
                out.flush();
            } catch (IOException e) {
                // The run's outcome is decided; the captured bytes are complete regardless of the sink.
            }
        }
    }

    /** Everything written, one char per byte. */
    String text() {
        return bytes.toString(StandardCharsets.ISO_8859_1);
    }
}
