package org.funssa.bench.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Every registered phase but the interpreter — LIR parsing and printing, each construction variant, each
 * destruction method, the LIR writer and whole pass strings — on generated functions of 10^3…10^6
 * instructions in four shapes ({@code generated}) and on the largest corpus programs ({@code corpus}).
 * Select with {@code -p phase=construct.prun -p size=100000}. Settings for a 2-core shared machine: see
 * bench/README.md.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 2, jvmArgsAppend = {"-Xmx4g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class PhaseBench {

    @Benchmark
    public long generated(GeneratedInput input) {
        return input.trial.run();
    }

    @Benchmark
    public long corpus(CorpusInput input) {
        return input.trial.run();
    }
}
