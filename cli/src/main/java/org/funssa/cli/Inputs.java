package org.funssa.cli;

import io.vavr.collection.Vector;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.lir.Diagnostic;
import org.funssa.core.lir.LirChecker;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.SourceText;

/** Reading the modules commands work on: a file, or the embedded example. */
final class Inputs {

    /** The name the embedded example has in messages. */
    static final String EXAMPLE_NAME = "example.lir";

    private Inputs() {}

    /**
     * The LIR module in a UTF-8 file (a byte that is not UTF-8 is a {@link org.funssa.core.lir.LirSyntaxError}
     * at its place), checked by {@link LirChecker} and by building each function's control-flow
     * graph; an unreadable file, bad LIR, a violation of LIR's static semantics or a body whose control flow
     * cannot be built is an input error naming the file, one line per violation. The reader's warnings go to
     * {@code warnings}.
     */
    static Module read(Path file, PrintStream warnings) {
        return readWithPositions(file, warnings).module();
    }

    /** Like {@link #read}, keeping where each statement was read for runtime error messages. */
    static LirReader.Parsed readWithPositions(Path file, PrintStream warnings) {
        String text;
        try {
            text = SourceText.read(file);
        } catch (NoSuchFileException e) {
            throw new InputError(file + ": no such file");
        } catch (IOException e) {
            throw new InputError(file + ": cannot read: " + e.getMessage());
        }
        LirReader.Parsed parsed = LirReader.readWithPositions(file.toString(), text);
        parsed.warnings().forEach(warnings::println);
        Vector<Diagnostic> violations = LirChecker.check(parsed);
        if (!violations.isEmpty()) {
            throw new InputError(violations.mkString("\n"));
        }
        parsed.module().functions().forEach(f -> Cfg.of(f, parsed.positions()));
        return parsed;
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

}
