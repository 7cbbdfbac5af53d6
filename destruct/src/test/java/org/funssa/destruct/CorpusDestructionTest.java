package org.funssa.destruct;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Set;
import io.vavr.collection.Stream;
import io.vavr.collection.Vector;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.ir.Program;
import org.funssa.destruct.lir.LirWriter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 4: constructions × registered destructions (alone and followed by Chaitin's coalescing) on every corpus
 * program, in both LIR forms: the LIR written back contains no PHI, reads back as the same module after printing,
 * and prints exactly the program's .ans under the LIR interpreter.
 *
 * <p>By default every {@value #SAMPLE}th program is checked with the whole cross product, and the {@code k}th of
 * the others with three combinations: pruned construction and {@code srd3}; pruned construction and the
 * {@code k mod 6}th destruction (of the six registered now), alone when {@code k div 6} is even and followed by
 * Chaitin's coalescing when it is odd; and the {@code k mod 5}th construction and {@code srd3}. Each
 * combination of pruned construction and each construction with {@code srd3} thus meets a twelfth or a fifth of
 * the corpus. {@link Exhaustive#ON} runs the whole cross product on every program.
 */
class CorpusDestructionTest {

    /** The programs core's known-failures.txt lists: they do not print their .ans as input either. */
    private static final Set<String> KNOWN_FAILURES = Corpus.knownFailingPrograms().keySet();
    /** One program in this many gets the whole cross product by default. */
    private static final int SAMPLE = 32;

    /** One way through: a construction, a destruction, and whether Chaitin's coalescing follows. */
    private record Combination(Construction construction, String destruction, boolean chaitin) {}

    @TestFactory
    Stream<DynamicTest> everyConstructionAndDestructionPrintsTheAnswer() {
        return Stream.ofAll(TestCorpus.require().programs())
                .filter(p -> !KNOWN_FAILURES.contains(p.path()))
                .zipWithIndex()
                .flatMap(numbered -> numbered._1.lirFiles().map(file -> DynamicTest.dynamicTest(
                        name(numbered._1, file), () -> check(file, numbered._1.expectedOutput(),
                                combinations(numbered._2)))));
    }

    /** The combinations the {@code k}th program is checked with, as the class comment says. */
    private static Vector<Combination> combinations(int k) {
        Vector<Construction> constructions = Vector.of(Construction.values());
        Vector<String> destructions = Destructions.names();
        if (Exhaustive.everyNth(k, SAMPLE)) {
            return constructions.flatMap(c -> destructions.flatMap(d -> Vector.of(new Combination(c, d, false),
                    new Combination(c, d, true))));
        }
        return Vector.of(new Combination(Construction.PRUNED, "srd3", false),
                new Combination(Construction.PRUNED, destructions.get(k % destructions.size()),
                        k / destructions.size() % 2 == 1),
                new Combination(constructions.get(k % constructions.size()), "srd3", false)).distinct();
    }

    private static String name(Corpus.Program program, Path file) {
        String f = file.getFileName().toString();
        return program.path() + f.substring(f.indexOf('.'));
    }

    private static void check(Path file, String expected, Vector<Combination> combinations) {
        Module module = LirReader.read(file);
        // Many methods write the same LIR for a program; the interpreter is deterministic, so each distinct
        // text is run once and its verdict shared by every combination that wrote it.
        Map<String, String> verdicts = new ConcurrentHashMap<>();
        Vector<String> failures = combinations.groupBy(Combination::construction).toJavaParallelStream()
                .flatMap(group -> {
                    Program ssa = Ssa.construct(module, group._1);
                    return group._2.toJavaStream().map(k -> outcome(ssa, k.construction(),
                            Destructions.named(k.destruction(), k.chaitin()).get(), expected, verdicts));
                })
                .filter(s -> !s.isEmpty())
                .collect(Vector.collector());
        assertThat(failures).isEmpty();
    }

    private static String outcome(Program ssa, Construction c, Destruction method, String expected,
                                  Map<String, String> verdicts) {
        String what = c.seedName() + "/" + method.name() + ": ";
        Module written = LirWriter.write(method.apply(ssa));
        String text = LirPrinter.print(written);
        if (text.contains("(PHI")) {
            return what + "the LIR contains PHI";
        }
        Module reread = LirReader.read("written.lir", text);
        if (!reread.equals(written)) {
            return what + "the written LIR does not read back as itself";
        }
        String verdict = verdicts.computeIfAbsent(text, t -> {
            RunResult result = LirInterpreter.run(reread, RunOptions.defaults());
            if (result instanceof RunResult.Failed f) {
                return "failed " + f.error();
            }
            return result.stdout().equals(expected) ? "" : "printed something else than the .ans";
        });
        return verdict.isEmpty() ? "" : what + verdict;
    }
}
