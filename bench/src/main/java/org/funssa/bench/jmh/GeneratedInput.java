package org.funssa.bench.jmh;

import org.funssa.bench.phase.Phases;
import org.funssa.bench.phase.Trial;
import org.funssa.bench.phase.Workload;
import org.funssa.core.gen.Shape;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * JMH state: a registered phase bound to one generated function of {@link #size} LIR instructions and
 * control-flow {@link #shape}. A benchmark class subclasses it and names its phase; generation and
 * binding happen once per trial (fork), outside the measurement.
 */
@State(Scope.Benchmark)
public abstract class GeneratedInput {

    @Param({"1000", "10000", "100000", "1000000"})
    public int size;

    @Param({"STRAIGHT", "DIAMONDS", "LOOPS", "MIX"})
    public Shape shape;

    /** The phase bound to the input. */
    public Trial trial;

    /** The name of the phase ({@link Phases}) to bind. */
    protected abstract String phase();

    @Setup(Level.Trial)
    public void bind() {
        trial = Phases.find(phase()).getOrElseThrow(() -> new IllegalStateException("no phase " + phase()))
                .bind().apply(Workload.generated(shape, size));
    }
}
