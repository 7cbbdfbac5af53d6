package org.funssa.cps.construct;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Stream;
import java.nio.file.Path;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.ir.Function;
import org.funssa.cps.prep.PhiPlacement;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 3 / seed 003 §6.2: λ-dropping yields pruned SSA. For every function of every corpus file, the
 * parameters left after block sinking and parameter dropping are exactly the φs that Cytron's pruned
 * placement puts there (same blocks, same registers, the memory token among them), and so are the
 * parameters of the {@code prun} construction. Copy folding and redundant-φ elimination are off, so that
 * every definition is a variable of its own and no φ is removed after placement.
 */
class DroppedIsPrunedTest {

    private static final ConstructionOptions OPTIONS = ConstructionOptions.DEFAULTS.withCopyFolding(false)
            .withRedundantPhiElimination(false);

    @TestFactory
    Stream<DynamicTest> droppedParametersArePrunedPhis() {
        return Stream.ofAll(TestCorpus.require().programs()).flatMap(program -> program.lirFiles()
                .map(file -> DynamicTest.dynamicTest(name(program, file), () -> check(file))));
    }

    private static String name(Corpus.Program program, Path file) {
        String f = file.getFileName().toString();
        return program.path() + f.substring(f.indexOf('.'));
    }

    private static void check(Path file) {
        Module module = LirReader.read(file);
        for (Module.Function f : module.functions()) {
            NormalForm form = NormalForm.of(f, OPTIONS);
            var placed = Phis.of(PhiPlacement.place(form.function(), PhiPlacement.Variant.PRUNED));
            Function dropped = Ssa.construct(f, Construction.DROPPED, OPTIONS);
            Function pruned = Ssa.construct(f, Construction.PRUNED, OPTIONS);
            assertThat(Phis.of(dropped)).as("dropped %s", f.name()).isEqualTo(placed);
            assertThat(Phis.of(pruned)).as("prun %s", f.name()).isEqualTo(placed);
        }
    }
}
