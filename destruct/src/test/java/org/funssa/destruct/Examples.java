package org.funssa.destruct;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.verify.Verifier;
import org.funssa.destruct.lir.LirWriter;

/** Test programs in the IR text form, kept as resources next to these tests, and how to run them as LIR. */
public final class Examples {

    private Examples() {}

    public static String resource(String name) {
        try (InputStream in = Examples.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A verified program read from a resource. */
    public static Program program(String name) {
        Program p = IrParser.parse(name, resource(name));
        assertThat(Verifier.verify(p)).as("verifier on %s", name).isEmpty();
        return p;
    }

    /** The stdout of a program run by the IR interpreter, which must return. */
    public static String runAsIr(Program program) {
        RunResult result = org.funssa.cps.interp.IrInterpreter.run(program, RunOptions.defaults());
        assertThat(result).as("IR run of %s", program.name()).isInstanceOf(RunResult.Returned.class);
        return result.stdout();
    }

    /**
     * The LIR of a conventional program, checked to print and read back to itself and to hold no PHI, run;
     * the run's stdout.
     */
    public static String runAsLir(Program conventional) {
        Module module = LirWriter.write(conventional);
        String text = LirPrinter.print(module);
        assertThat(text).doesNotContain("PHI");
        assertThat(LirReader.read("written.lir", text)).isEqualTo(module);
        RunResult result = LirInterpreter.run(module, RunOptions.defaults());
        assertThat(result).as("run of%n%s", text).isInstanceOf(RunResult.Returned.class);
        return result.stdout();
    }
}
