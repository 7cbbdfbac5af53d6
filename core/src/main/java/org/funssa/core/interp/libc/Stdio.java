package org.funssa.core.interp.libc;

import static org.funssa.core.interp.libc.LibraryCall.int32;

import java.util.Arrays;
import org.funssa.core.interp.Machine;
import org.funssa.core.interp.Memory;
import org.funssa.core.interp.RuntimeError;
import org.funssa.core.interp.RuntimeTrap;

/**
 * {@code <stdio.h>} output (C11 §7.21.7) and {@code write(2)}: to stdout and stderr only. The streams
 * {@code stdout} and {@code stderr} are external data holding pointers to small {@code FILE} objects;
 * a {@code FILE*} argument is recognised by the object it points to. Output is unbuffered: it reaches
 * the machine's streams at once, which gives the same bytes per stream as the C library's buffering.
 */
final class Stdio implements Library.Part {

    private static final String STDOUT_FILE = "FILE stdout";
    private static final String STDERR_FILE = "FILE stderr";
    private static final String STDIN_FILE = "FILE stdin";

    @Override
    public Library installInto(Library library) {
        return library
                .withData("stdout", stream(STDOUT_FILE))
                .withData("stderr", stream(STDERR_FILE))
                .withData("stdin", stream(STDIN_FILE))
                .withFunction("printf", c -> {
                    byte[] out = c.format(0);
                    c.machine().writeStdout(out);
                    return int32(out.length);
                })
                .withFunction("fprintf", c -> {
                    byte[] out = c.format(1);
                    write(c, c.integer(0), out);
                    return int32(out.length);
                })
                .withFunction("sprintf", c -> {
                    byte[] out = c.format(1);
                    byte[] terminated = Arrays.copyOf(out, out.length + 1);
                    c.memory().write(c.integer(0), terminated);
                    return int32(out.length);
                })
                .withFunction("puts", c -> {
                    byte[] s = c.memory().string(c.integer(0));
                    byte[] line = Arrays.copyOf(s, s.length + 1);
                    line[s.length] = '\n';
                    c.machine().writeStdout(line);
                    return int32(line.length);
                })
                .withFunction("fputs", c -> {
                    write(c, c.integer(1), c.memory().string(c.integer(0)));
                    return int32(1);
                })
                .withFunction("putchar", c -> {
                    c.machine().writeStdout(new byte[] {(byte) c.integer(0)});
                    return int32(c.integer(0) & 0xFF);
                })
                .withFunction("fputc", Stdio::fputc)
                .withFunction("putc", Stdio::fputc)
                .withFunction("fflush", c -> int32(0))
                .withFunction("write", c -> {
                    long fd = c.integer(0);
                    long n = c.integer(2);
                    if (n < 0 || n > Integer.MAX_VALUE) {
                        throw new RuntimeTrap(RuntimeError.Kind.LIBRARY_ERROR, "write of " + n + " bytes");
                    }
                    byte[] bytes = c.memory().read(c.integer(1), (int) n);
                    if (fd == 1) {
                        c.machine().writeStdout(bytes);
                    } else if (fd == 2) {
                        c.machine().writeStderr(bytes);
                    } else {
                        return LibraryCall.int64(-1);
                    }
                    return LibraryCall.int64(n);
                });
    }

    private static Library.ExternalData stream(String fileName) {
        return new Library.ExternalData(8, (machine, address) -> {
            long file = machine.memory().allocate(Memory.Kind.STATIC, 8, fileName);
            machine.memory().storeI64(address, file);
        });
    }

    private static io.vavr.control.Option<org.funssa.core.interp.Value> fputc(LibraryCall c) {
        write(c, c.integer(1), new byte[] {(byte) c.integer(0)});
        return int32(c.integer(0) & 0xFF);
    }

    private static void write(LibraryCall c, long stream, byte[] bytes) {
        Machine m = c.machine();
        Memory memory = m.memory();
        String name = memory.kindAt(stream) == Memory.Kind.STATIC && Memory.offset(stream) == 0
                ? memory.nameAt(stream) : "";
        switch (name) {
            case STDOUT_FILE -> m.writeStdout(bytes);
            case STDERR_FILE -> m.writeStderr(bytes);
            default -> throw new RuntimeTrap(RuntimeError.Kind.LIBRARY_ERROR,
                    c.name() + " to " + memory.describe(stream) + ", which is not stdout or stderr");
        }
    }
}
