package org.funssa.bench.jmh;

import io.vavr.collection.List;
import org.funssa.bench.phase.Phases;
import org.funssa.bench.phase.Trial;
import org.funssa.bench.phase.Workload;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * JMH state: the registered {@link #phase} bound to an input; a subclass says which input. Making the input and
 * binding happen once per trial (fork), outside the measurement.
 */
@State(Scope.Benchmark)
public abstract class PhaseInput {

    /** The phases JMH runs by default: every one of {@link Phases}, in its order, but {@code interp}. */
    @Param({"lir.parse", "lir.print", "construct.lifted", "construct.dropped", "construct.mini", "construct.semi",
            "construct.prun", "ir.rebuild", "destruct.naive", "destruct.brig", "destruct.srd1", "destruct.srd2",
            "destruct.srd3", "destruct.bois", "outofpsi.srd3", "outofpsi.bois", "opt.cpyp", "opt.cstp", "opt.dce",
            "opt.cse", "opt.preqp", "opt.hli", "opt.ssag", "opt.osr", "opt.gra", "opt.rpe", "opt.ebe", "opt.cbb",
            "opt.esplt", "opt.divex", "opt.shrink", "lir.write", "pipeline.prun/naive", "pipeline.prun/srd3",
            "pipeline.dropped/bois", "pipeline.prun/cpyp/cstp/cse/dce/srd3"})
    public String phase;

    /** The phase bound to the input. */
    public Trial trial;

    /** The input. */
    protected abstract Workload workload();

    @Setup(Level.Trial)
    public void bind() {
        trial = Phases.named(List.of(phase)).single().bind().apply(workload());
    }
}
