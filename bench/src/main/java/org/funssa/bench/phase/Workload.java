package org.funssa.bench.phase;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;

/**
 * The input of a {@link Phase}: one LIR module, both as a value and as its printed text, and its size.
 *
 * <p>Size is counted in <em>LIR instructions</em>: the statements of every {@code FUNCTION} body
 * ({@code SET}, jumps, {@code CALL}, {@code PROLOGUE}/{@code EPILOGUE} and {@code DEFLABEL}), the unit in
 * which {@link GeneratorConfig#sized} sizes a generated function. L-expression nodes inside a statement
 * are not counted separately.
 *
 * @param label        what the module is, e.g. {@code MIX/100000} or {@code TestFnami2/Ge7}
 * @param module       the module
 * @param text         the module as {@link LirPrinter} prints it
 * @param instructions the module's size in LIR instructions
 */
public record Workload(String label, Module module, String text, long instructions) {

    /** The seed of every generated benchmark input, so that runs on different days compare. */
    public static final long SEED = 20_240_601L;

    /** A workload for a module already in memory. */
    public static Workload of(String label, Module module) {
        return new Workload(label, module, LirPrinter.print(module), instructionsOf(module));
    }

    /** One generated function of about {@code size} instructions with the given control-flow shape. */
    public static Workload generated(Shape shape, int size) {
        Module module = LirGenerator.generate(SEED, GeneratorConfig.sized(size, shape)).module();
        return of(shape + "/" + size, module);
    }

    /** A LIR file, read with {@link LirReader}. */
    public static Workload file(String label, Path lir) {
        try {
            String text = Files.readString(lir, StandardCharsets.ISO_8859_1);
            Module module = LirReader.read(lir.toString(), text);
            return new Workload(label, module, text, instructionsOf(module));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + lir, e);
        }
    }

    /** The {@code .before.lir} form of a corpus program, e.g. {@code TestFnami2/Ge7}. */
    public static Workload corpus(Corpus corpus, String program) {
        Corpus.Program p = corpus.program(program).getOrElseThrow(() -> new IllegalArgumentException(
                "no program " + program + " in the corpus at " + corpus.root()));
        return file(program, p.before());
    }

    /** The number of statements in the bodies of the module's functions. */
    public static long instructionsOf(Module module) {
        return module.functions().map(f -> (long) f.body().size()).sum().longValue();
    }
}
