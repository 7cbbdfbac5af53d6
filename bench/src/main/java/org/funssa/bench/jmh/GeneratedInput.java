package org.funssa.bench.jmh;

import org.funssa.bench.phase.Workload;
import org.funssa.core.gen.Shape;
import org.openjdk.jmh.annotations.Param;

/** JMH state: a phase bound to one generated function of {@link #size} LIR instructions and control-flow {@link #shape}. */
public class GeneratedInput extends PhaseInput {

    @Param({"1000", "10000", "100000", "1000000"})
    public int size;

    @Param({"STRAIGHT", "DIAMONDS", "LOOPS", "MIX"})
    public Shape shape;

    @Override
    protected Workload workload() {
        return Workload.generated(shape, size);
    }
}
