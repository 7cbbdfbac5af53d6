package org.funssa.cps.ir;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/**
 * Every operation on a 10⁵-deep nest of local functions and on a body of 10⁶ lets, on the default thread
 * stack: nothing may recurse to a depth proportional to the program.
 */
class DeepTest {

    private static final int DEPTH = 100_000;
    private static final int LETS = 1_000_000;

    private static Program program(Function f) {
        return new Program("deep", Vector.empty(), Vector.empty(), Vector.of(f));
    }

    private static void allOperations(Function a, Function sameAsA, Function renamed) {
        assertThat(a.hashCode()).isEqualTo(sameAsA.hashCode());
        assertThat(a).isEqualTo(sameAsA);
        assertThat(a).isNotEqualTo(renamed);
        assertThat(a.toString()).hasSizeLessThan(300);
        assertThat(Verifier.verify(a)).isEmpty();
        assertThat(Alpha.equivalent(a, renamed)).isTrue();
        String text = IrPrinter.print(program(a));
        Program parsed = IrParser.parse("deep.ir", text);
        assertThat(parsed).isEqualTo(program(a));
        assertThat(IrPrinter.print(parsed)).isEqualTo(text);
    }

    @Test
    void deepNest() {
        allOperations(DeepIr.nest(DEPTH, "a"), DeepIr.nest(DEPTH, "a"), DeepIr.nest(DEPTH, "b"));
    }

    @Test
    void deepNestDifferingAtTheBottomIsNotEqual() {
        Function a = DeepIr.nest(DEPTH, "a");
        Function b = DeepIr.nest(DEPTH + 1, "a");
        assertThat(a).isNotEqualTo(b);
        assertThat(Alpha.equivalent(a, b)).isFalse();
    }

    @Test
    void errorAtTheBottomOfADeepNestIsReportedWithItsPath() {
        Function a = DeepIr.nest(DEPTH, "a");
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

    @Test
    void millionLets() {
        allOperations(DeepIr.longBody(LETS, "a"), DeepIr.longBody(LETS, "a"), DeepIr.longBody(LETS, "b"));
    }
}
