package org.funssa.cps.ir;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.interp.Value;
import org.funssa.core.lir.LirType;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.interp.IrInterpreter;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Every operation (running included) on a 10⁵-deep nest of local functions and on a body of 10⁶ lets, on
 * the default thread stack: nothing may recurse to a depth proportional to the program.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DeepTest {

    private static final int DEPTH = 100_000;
    private static final int LETS = 1_000_000;

    /**
     * Built once for the class's tests (one instance per class): terms are immutable values, and building them
     * is much of the cost. Instance fields, so that they are released when the class is done.
     */
    private final Function nest = DeepIr.nest(DEPTH, "a");
    private final Function nestRenamed = DeepIr.nestRenumbered(DEPTH, "b");

    private static Program program(Function f) {
        return new Program("deep", Vector.empty(), Vector.empty(), Vector.of(f));
    }

    /**
     * Equality, hashing, printing, parsing, verification, α-equivalence and running. The parsed copy is the
     * independently built equal term that equality and hashing are checked on.
     */
    private static void allOperations(Function a, Function renamed, long resultFor7) {
        assertThat(a).isNotEqualTo(renamed);
        assertThat(a.toString()).hasSizeLessThan(300);
        assertThat(Verifier.verify(a)).isEmpty();
        assertThat(Alpha.equivalent(a, renamed)).isTrue();
        String text = IrPrinter.print(program(a));
        Program parsed = IrParser.parse("deep.ir", text);
        Function copy = parsed.functions().head();
        assertThat(copy).isNotSameAs(a);
        assertThat(copy.hashCode()).isEqualTo(a.hashCode());
        assertThat(copy).isEqualTo(a);
        assertThat(parsed).isEqualTo(program(a));
        assertThat(IrPrinter.print(parsed)).isEqualTo(text);
        RunResult run = IrInterpreter.run(program(a), RunOptions.defaults().withEntry(a.name(), 7));
        assertThat(run).isInstanceOfSatisfying(RunResult.Returned.class,
                r -> assertThat(r.values().head()).isEqualTo(Value.Int.of(LirType.I32, resultFor7)));
    }

    @Test
    void deepNest() {
        allOperations(nest, nestRenamed, 7 + DEPTH);
    }

    @Test
    void deepNestDifferingAtTheBottomIsNotEqual() {
        Function a = nest;
        Function b = DeepIr.nest(DEPTH + 1, "a");
        assertThat(a).isNotEqualTo(b);
        assertThat(Alpha.equivalent(a, b)).isFalse();
    }

    @Test
    void errorAtTheBottomOfADeepNestIsReportedWithItsPath() {
        Function a = nest;
        Body bottom = a.body();
        Vector<Label> path = Vector.empty();
        while (!bottom.functions().isEmpty()) {
            path = path.append(bottom.functions().get(0).label());
            bottom = bottom.functions().get(0).body();
        }
        Vector<Label> labels = path;
        Function broken = a.withBody(replaceBottom(a.body(), Body.of(Vector.empty(), Tail.Jump.of(new Label("nowhere")))));
        assertThat(Verifier.verify(broken)).singleElement().satisfies(v -> {
            assertThat(v.rule()).isEqualTo(org.funssa.cps.verify.Rule.UNKNOWN_LABEL);
            assertThat(v.place().path()).isEqualTo(labels);
        });
    }

    /** The nest with its innermost body replaced, rebuilt bottom-up without recursion. */
    private static Body replaceBottom(Body root, Body replacement) {
        java.util.ArrayDeque<Body> chain = new java.util.ArrayDeque<>();
        Body b = root;
        while (!b.functions().isEmpty()) {
            chain.push(b);
            b = b.functions().get(0).body();
        }
        Body rebuilt = replacement;
        while (!chain.isEmpty()) {
            Body parent = chain.pop();
            rebuilt = parent.withFunctions(Vector.of(parent.functions().get(0).withBody(rebuilt)));
        }
        return rebuilt;
    }

    /**
     * The hash is computed on first use: hashing a body halfway down first, or not at all, gives the same
     * hash at the root, and a change at the bottom changes it.
     */
    @Test
    void theHashDoesNotDependOnWhereHashingStarted() {
        Function fresh = DeepIr.nest(DEPTH, "a");
        Body middle = fresh.body();
        for (int i = 0; i < DEPTH / 2; i++) {
            middle = middle.functions().get(0).body();
        }
        int middleFirst = middle.hashCode();
        assertThat(fresh.body().hashCode()).isEqualTo(nest.body().hashCode());
        assertThat(middle.hashCode()).isEqualTo(middleFirst);
        Body changed = replaceBottom(nest.body(), Body.of(Vector.empty(), Tail.Jump.of(new Label("nowhere"))));
        assertThat(changed.hashCode()).isNotEqualTo(nest.body().hashCode());
    }

    @Test
    void millionLets() {
        allOperations(DeepIr.longBody(LETS, "a"), DeepIr.longBodyRenumbered(LETS, "b"), 7 + LETS);
    }
}
