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
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.ir.Program;
import org.funssa.destruct.lir.LirWriter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 4: every construction × every registered destruction (alone and followed by Chaitin's coalescing)
 * on every corpus program, in both LIR forms: the LIR written back contains no PHI, reads back as the same
 * module after printing, and prints exactly the program's .ans under the LIR interpreter.
 */
class CorpusDestructionTest {

    /** The programs core's corpus-known-failures.txt lists: they do not print their .ans as input either. */
    private static final Set<String> KNOWN_FAILURES = TestCorpus.knownFailures().keySet();

    @TestFactory
    Stream<DynamicTest> everyConstructionAndDestructionPrintsTheAnswer() {
        return Stream.ofAll(TestCorpus.require().programs())
                .filter(p -> !KNOWN_FAILURES.contains(p.path()))
                .flatMap(program -> program.lirFiles().map(file -> DynamicTest.dynamicTest(name(program, file),
                        () -> check(file, program.expectedOutput()))));
    }

    private static String name(Corpus.Program program, Path file) {
        String f = file.getFileName().toString();
        return program.path() + f.substring(f.indexOf('.'));
    }

    private static void check(Path file, String expected) {
        Module module = LirReader.read(file);
        // Many methods write the same LIR for a program; the interpreter is deterministic, so each distinct
        // text is run once and its verdict shared by every combination that wrote it.
        Map<String, String> verdicts = new ConcurrentHashMap<>();
        Vector<String> failures = Vector.of(Construction.values()).toJavaParallelStream()
                .flatMap(c -> {
                    Program ssa = Ssa.construct(module, c);
                    return Destructions.names().toJavaStream().flatMap(name -> java.util.stream.Stream.of(false, true)
                            .map(chaitin -> outcome(ssa, c, Destructions.named(name, chaitin).get(), expected,
                                    verdicts)));
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
