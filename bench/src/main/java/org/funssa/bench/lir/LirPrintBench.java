package org.funssa.bench.lir;

import java.util.concurrent.TimeUnit;
import org.funssa.bench.jmh.CorpusInput;
import org.funssa.bench.jmh.GeneratedInput;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Phase {@code lir.print}: a module to LIR text in the COINS layout ({@code LirPrinter.print}), on generated functions
 * of 10^3…10^6 instructions in four shapes and on the largest corpus programs. Settings for a 2-core shared
 * machine: see bench/README.md.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xmx4g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class LirPrintBench {

    /** A generated function. */
    public static class Generated extends GeneratedInput {
        @Override
        protected String phase() {
            return "lir.print";
        }
    }

    /** A corpus program, as read. */
    public static class Program extends CorpusInput {
        @Override
        protected String phase() {
            return "lir.print";
        }
    }

    @Benchmark
    public long generated(Generated input) {
        return input.trial.run();
    }

    @Benchmark
    public long corpus(Program input) {
        return input.trial.run();
    }
}
