package org.funssa.bench.jmh;

import org.funssa.bench.phase.Workload;
import org.funssa.core.corpus.Corpus;
import org.openjdk.jmh.annotations.Param;

/**
 * JMH state: a phase bound to the {@code .before.lir} of one of the largest corpus programs
 * (by size in MANIFEST.tsv; all are TestFnami2 comparison tables of 12 functions and ~1,200 labels).
 * The corpus is found as {@link Corpus#require} says: {@code -Dfunssa.corpus=DIR} or {@code shared/corpus}
 * beside the working directory.
 */
public class CorpusInput extends PhaseInput {

    @Param({"TestFnami2/Ge7", "TestFnami2/Ne7", "TestFnami2/Le5"})
    public String program;

    @Override
    protected Workload workload() {
        return Workload.corpus(Corpus.require(), program);
    }
}
