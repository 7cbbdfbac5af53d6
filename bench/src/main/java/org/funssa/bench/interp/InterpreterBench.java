package org.funssa.bench.interp;

import java.util.concurrent.TimeUnit;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Speed of the LIR interpreter on corpus programs, in LIR operations per second (the {@code operations}
 * counter; an operation is a statement executed or an L-expression node in it, as {@link LirInterpreter}
 * defines). The function compilation is done once in setup; each invocation runs the program on a fresh
 * machine. {@code TestFnami2/Ge7} is the largest module of the corpus (1187 labels); the others are the ones
 * that execute the most operations (4·10^7 to 5·10^7 each).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx2g"})
public class InterpreterBench {

    @Param({"TestFnami2/Ge7", "WhiteBox2/bsort2", "WhiteBox2/nakataMatmult", "TestEval/boyermoore"})
    public String program;

    @Param({"before", "fe"})
    public String form;

    private LirInterpreter compiled;

    /** Operations executed, reported by JMH as a rate next to the invocation rate. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Counters {
        public long operations;

        @Setup(Level.Iteration)
        public void reset() {
            operations = 0;
        }
    }

    @Setup
    public void compile() {
        Corpus.Program p = Corpus.require().program(program)
                .getOrElseThrow(() -> new IllegalArgumentException("no corpus program " + program));
        Module module = LirReader.read(form.equals("fe") ? p.frontEnd() : p.before());
        compiled = LirInterpreter.compile(module);
        RunResult check = compiled.run(RunOptions.defaults());
        if (!check.stdout().equals(p.expectedOutput())) {
            throw new IllegalStateException(program + " does not print its .ans: " + check);
        }
    }

    @Benchmark
    public RunResult run(Counters counters) {
        RunResult r = compiled.run(RunOptions.defaults());
        counters.operations += r.steps();
        return r;
    }
}
