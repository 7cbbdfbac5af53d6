package org.funssa.bench.jmh;

import org.funssa.bench.phase.Phases;
import org.funssa.bench.phase.Trial;
import org.funssa.bench.phase.Workload;
import org.funssa.core.corpus.Corpus;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * JMH state: a registered phase bound to the {@code .before.lir} of one of the largest corpus programs
 * (by size in MANIFEST.tsv; all are TestFnami2 comparison tables of 12 functions and ~1,200 labels).
 * The corpus is found as {@link Corpus#require} says: {@code -Dfunssa.corpus=DIR} or {@code shared/corpus}
 * beside the working directory.
 */
@State(Scope.Benchmark)
public abstract class CorpusInput {

    @Param({"TestFnami2/Ge7", "TestFnami2/Ne7", "TestFnami2/Le5"})
    public String program;

    /** The phase bound to the program. */
    public Trial trial;

    /** The name of the phase ({@link Phases}) to bind. */
    protected abstract String phase();

    @Setup(Level.Trial)
    public void bind() {
        trial = Phases.find(phase()).getOrElseThrow(() -> new IllegalStateException("no phase " + phase()))
                .bind().apply(Workload.corpus(Corpus.require(), program));
    }
}
