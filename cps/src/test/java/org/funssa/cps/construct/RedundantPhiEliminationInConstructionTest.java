package org.funssa.cps.construct;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.rewrite.Nest;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Redundant-φ elimination as Cytron et al.'s construction does it, on the tables renaming wrote (RenamedBlocks),
 * gives exactly what construction without it followed by the pass {@link RedundantPhiElimination} gives, which
 * stays the reference: on generated modules of every shape (irreducible loops included), and on loops whose φs
 * receive ⊥, themselves, or each other in an irreducible loop (seed 004 §6.14's three cases and the groups of
 * ParameterDropping's second step).
 */
class RedundantPhiEliminationInConstructionTest {

    private static final Vector<Construction> CYTRON = Vector.of(Construction.MINIMAL, Construction.SEMI_PRUNED,
            Construction.PRUNED);

    private static final Vector<ConstructionOptions> OPTIONS = Vector.of(ConstructionOptions.DEFAULTS,
            ConstructionOptions.PLAIN.withRedundantPhiElimination(true));

    private static final int SEEDS = 12;

    /** Copy folding on, the loops as the LIR has them or changed (A.2): the copies make φs of seed 004 §6.14. */
    private static final Vector<ConstructionOptions> FOLDING = Vector.of(ConstructionOptions.DEFAULTS,
            ConstructionOptions.DEFAULTS.withLoopChanges(false));

    /**
     * A loop where, at the header and after copy folding, {@code k%} receives its value before the loop or itself
     * (case 3: it becomes that value), {@code u%} receives ⊥ or itself (cases 1 and 3: ⊥), and {@code t%} receives
     * ⊥ or values made in the loop, not in scope at the header (it stays, as {@code i%} does).
     */
    private static final String LOOP = """
            (MODULE "loop"
              (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
              (FUNCTION "main"
                (SYMTAB ("n%" REG I32 4 0) ("i%" REG I32 4 0) ("k%" REG I32 4 0) ("t%" REG I32 4 0)
                        ("u%" REG I32 4 0))
                (PROLOGUE (0 0) (REG I32 "n%"))
                (SET I32 (REG I32 "i%") (INTCONST I32 0))
                (SET I32 (REG I32 "k%") (MUL I32 (REG I32 "n%") (INTCONST I32 3)))
                (JUMP (LABEL I64 "head"))
                (DEFLABEL "head")
                (JUMPC (TSTLTS I32 (REG I32 "i%") (REG I32 "n%")) (LABEL I64 "body") (LABEL I64 "exit"))
                (DEFLABEL "body")
                (SET I32 (REG I32 "k%") (REG I32 "k%"))
                (SET I32 (REG I32 "u%") (REG I32 "u%"))
                (SET I32 (REG I32 "t%") (ADD I32 (REG I32 "i%") (REG I32 "k%")))
                (SET I32 (REG I32 "i%") (ADD I32 (REG I32 "i%") (INTCONST I32 1)))
                (JUMPC (TSTGTS I32 (REG I32 "i%") (INTCONST I32 100)) (LABEL I64 "late") (LABEL I64 "head"))
                (DEFLABEL "late")
                (SET I32 (REG I32 "t%") (ADD I32 (REG I32 "u%") (REG I32 "t%")))
                (JUMP (LABEL I64 "head"))
                (DEFLABEL "exit")
                (SET I32 (REG I32 "t%") (ADD I32 (REG I32 "t%") (REG I32 "k%")))
                (EPILOGUE (0 0) (REG I32 "t%"))))
            """;

    /**
     * An irreducible loop: A and B enter each other and both are entered from the entry. {@code k%} is only passed
     * copied around the loop, so after copy folding the φs of A and B for it each receive the other and the value
     * from outside: neither sees only itself and one value, and the two go together.
     */
    private static final String IRREDUCIBLE = """
            (MODULE "irreducible"
              (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
              (FUNCTION "main"
                (SYMTAB ("n%" REG I32 4 0) ("k%" REG I32 4 0))
                (PROLOGUE (0 0) (REG I32 "n%"))
                (SET I32 (REG I32 "k%") (ADD I32 (REG I32 "n%") (INTCONST I32 7)))
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 5)) (LABEL I64 "A") (LABEL I64 "B"))
                (DEFLABEL "A")
                (SET I32 (REG I32 "k%") (REG I32 "k%"))
                (SET I32 (REG I32 "n%") (SUB I32 (REG I32 "n%") (INTCONST I32 1)))
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 0)) (LABEL I64 "B") (LABEL I64 "X"))
                (DEFLABEL "B")
                (SET I32 (REG I32 "n%") (SUB I32 (REG I32 "n%") (INTCONST I32 2)))
                (JUMPC (TSTGTS I32 (REG I32 "n%") (INTCONST I32 0)) (LABEL I64 "A") (LABEL I64 "X"))
                (DEFLABEL "X")
                (SET I32 (REG I32 "n%") (ADD I32 (REG I32 "n%") (REG I32 "k%")))
                (EPILOGUE (0 0) (REG I32 "n%"))))
            """;

    @TestFactory
    Stream<DynamicTest> generatedModulesOfEveryShapeGiveWhatThePassGives() {
        return Stream.of(Shape.values()).map(shape -> DynamicTest.dynamicTest(shape.name(), () -> {
            AtomicInteger dropped = new AtomicInteger();
            Vector.range(0, SEEDS).toJavaParallelStream().forEach(seed -> {
                Module module = LirGenerator.generate(seed, GeneratorConfig.defaults().withShape(shape)).module();
                for (ConstructionOptions options : OPTIONS) {
                    for (Construction construction : CYTRON) {
                        dropped.addAndGet(compare(module, construction, options, shape + " seed " + seed));
                    }
                }
            });
            if (shape != Shape.STRAIGHT) {
                assertThat(dropped.get()).as("φs dropped in %s", shape).isPositive();
            }
        }));
    }

    @Test
    void aLoopsPhisOfItselfAndBottomGoAndOneOfValuesFromTheLoopStays() {
        Module module = LirReader.read("loop.lir", LOOP);
        for (ConstructionOptions options : FOLDING) {
            for (Construction construction : CYTRON) {
                assertThat(compare(module, construction, options, "loop")).as(construction.seedName()).isPositive();
            }
            Program fused = Ssa.construct(module, Construction.PRUNED, options);
            Program unfused = Ssa.construct(module, Construction.PRUNED, options.withRedundantPhiElimination(false));
            for (long n : new long[] {0, 3, 150}) {
                assertThat(outcome(fused, n)).as("n = %d", n).isEqualTo(outcome(unfused, n));
            }
        }
        Function pruned = Ssa.construct(module.functions().head(), Construction.PRUNED, FOLDING.get(1));
        assertThat(Phis.of(pruned).get("head").get()).containsExactly("i%", "t%");
    }

    @Test
    void thePhisOfAnIrreducibleLoopThatPassEachOtherOneValueGoTogether() {
        Module module = LirReader.read("irreducible.lir", IRREDUCIBLE);
        for (ConstructionOptions options : FOLDING) {
            for (Construction construction : CYTRON) {
                assertThat(compare(module, construction, options, "irreducible")).as(construction.seedName())
                        .isGreaterThanOrEqualTo(2);
            }
        }
        Function pruned = Ssa.construct(module.functions().head(), Construction.PRUNED, FOLDING.get(0));
        assertThat(Phis.of(pruned).get("A").get()).containsExactly("n%");
        assertThat(Phis.of(pruned).get("B").get()).containsExactly("n%");
    }

    private static String outcome(Program program, long n) {
        return GeneratedConstructionTest.outcome(IrInterpreter.run(program,
                RunOptions.defaults().withEntry("main", n)));
    }

    /**
     * Constructs each function of the module with rpe during construction and without it, then with the pass; they
     * must be the same function. Returns how many parameters rpe dropped.
     */
    private static int compare(Module module, Construction construction, ConstructionOptions options, String what) {
        int dropped = 0;
        for (Module.Function f : module.functions()) {
            String where = what + " " + f.name() + " " + construction.seedName() + " " + options;
            Function fused = Ssa.construct(f, construction, options);
            Function unfused = Ssa.construct(f, construction, options.withRedundantPhiElimination(false));
            Function reference = RedundantPhiElimination.PASS.apply(unfused);
            assertThat(Verifier.verify(fused)).as(where).isEmpty();
            assertThat(Alpha.equivalent(fused, reference)).as(where).isTrue();
            assertThat(fused).as(where).isEqualTo(reference);
            dropped += parameters(unfused) - parameters(fused);
        }
        return dropped;
    }

    private static int parameters(Function f) {
        Nest nest = Nest.of(f);
        int count = 0;
        for (int node = 1; node < nest.size(); node++) {
            Fn fn = nest.fn(node);
            count += fn.params().size();
        }
        return count;
    }
}
