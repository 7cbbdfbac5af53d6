package org.funssa.cps.prep;

import io.vavr.collection.Set;
import io.vavr.collection.Vector;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;

/** Running modules for the meaning-preservation tests: print, read back, interpret. */
final class Runs {

    private Runs() {}

    /**
     * Corpus programs that cannot print their .ans under the interpreter, as listed with reasons in
     * core's known-failures.txt (out-of-bounds accesses caught as runtime errors; step budget).
     */
    static final Set<String> KNOWN_FAILURES = Corpus.knownFailingPrograms().keySet();

    /** The passes in the order of seed 004 A.2, after promotion and before division. */
    static final Vector<FunctionPass> PIPELINE = Vector.of(FrameScalarPromotion.PASS, MergeSharedHeaders.PASS,
            Preheaders.PASS, LoopRotation.PASS, TreeDivision.PASS);

    /** The module as LirPrinter prints it and LirReader reads it back. */
    static Module roundTrip(Module module) {
        return LirReader.read(module.name(), LirPrinter.print(module));
    }

    /** Runs main after a print/read round trip. */
    static RunResult run(Module module, long budget) {
        return LirInterpreter.run(roundTrip(module), RunOptions.defaults().withStepBudget(budget));
    }

    /** What a run shows of its meaning: how it ended and what it printed. */
    static String outcome(RunResult result) {
        return switch (result) {
            case RunResult.Returned r -> "returned " + r.values() + " status " + r.exitStatus() + "\n" + r.stdout();
            case RunResult.Exited e -> "exited " + e.status() + "\n" + e.stdout();
            case RunResult.Failed f -> "failed " + f.error() + "\n" + f.stdout();
        };
    }
}
