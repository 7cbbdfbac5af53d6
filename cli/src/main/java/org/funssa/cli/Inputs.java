package org.funssa.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;

/** Reading the modules commands work on: a file, or the embedded example. */
final class Inputs {

    /** The name the embedded example has in messages. */
    static final String EXAMPLE_NAME = "example.lir";

    private Inputs() {}

    /** The LIR module in a file; an unreadable file or bad LIR is an input error naming the file. */
    static Module read(Path file) {
        return readWithPositions(file).module();
    }

    /** Like {@link #read(Path)}, keeping where each statement was read for runtime error messages. */
    static LirReader.Parsed readWithPositions(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new InputError(file + ": no such file");
        } catch (IOException e) {
            throw new InputError(file + ": cannot read: " + e.getMessage());
        }
        return LirReader.readWithPositions(file.toString(), text);
    }

    /** The embedded example's text: a loop, a diamond and a call. */
    static String exampleText() {
        try (InputStream in = Inputs.class.getResourceAsStream("example.lir")) {
            if (in == null) {
                throw new IllegalStateException("example.lir is missing from the funssa jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Module example() {
        return LirReader.read(EXAMPLE_NAME, exampleText());
    }

    /** The file's module, or the example when no file is given. */
    static Module fileOrExample(Path file) {
        return file == null ? example() : read(file);
    }
}
