package org.funssa.cps.opt;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import org.funssa.core.lir.Op;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.DeepIr;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.testkit.Generators;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/**
 * dce on generated programs, which give it work, and on nests 10^5 deep and bodies of 10^6 lets; its laws on
 * generated and corpus programs are in {@link OptimizationLawsTest}.
 */
class DeadCodeEliminationLawsTest {

    private static final DeadCodeElimination DCE = DeadCodeElimination.PASS;

    @Test
    void theGeneratedProgramsGiveItWork() {
        int changed = 0;
        for (int seed = 1; seed <= 100; seed++) {
            Program program = Generators.ir(Construction.PRUNED).generate(seed, 12).program();
            changed += DCE.apply(program) == program ? 0 : 1;
        }
        assertThat(changed).as("generated programs dce changes, of 100").isGreaterThan(10);
    }

    /** A live chain 10^5 deep and a body of 10^6 live lets are returned as they are. */
    @Test
    void deepAndLongLiveCodeIsKept() {
        Function deep = DeepIr.nest(100_000, "");
        assertThat(DCE.apply(deep)).isSameAs(deep);
        Function lengthy = DeepIr.longBody(1_000_000, "");
        assertThat(DCE.apply(lengthy)).isSameAs(lengthy);
    }

    /**
     * A chain of 10^5 diamonds nested each in the previous one's join, every branch dead: every branch becomes a
     * jump to its join, every arm goes, and the join chain stays 10^5 deep. (The input verifies by construction;
     * the output is verified.)
     */
    @Test
    void hundredThousandDeadDiamonds() {
        int depth = 100_000;
        Function diamonds = deadDiamonds(depth);
        Function out = DCE.apply(diamonds);
        assertThat(Verifier.verify(out)).isEmpty();
        int levels = 0;
        ArrayDeque<Body> work = new ArrayDeque<>();
        work.push(out.body());
        while (!work.isEmpty()) {
            Body body = work.pop();
            assertThat(body.lets()).isEmpty();
            assertThat(body.tail()).isInstanceOfAny(Tail.Jump.class, Tail.Return.class);
            assertThat(body.functions().size()).isLessThanOrEqualTo(1);
            body.functions().forEach(f -> work.push(f.body()));
            levels += body.functions().size();
        }
        assertThat(levels).isEqualTo(depth);
        assertThat(DCE.apply(out)).isSameAs(out);
    }

    /**
     * {@code let cᵢ = tstlts a i; letrec lᵢ() = jump jᵢ() and rᵢ() = jump jᵢ() and jᵢ() = (level i + 1)
     * in if cᵢ then lᵢ() else rᵢ()}, ending in {@code return (a)}; built from the innermost level out.
     */
    private static Function deadDiamonds(int depth) {
        Atom.Var a = new Atom.Var(0, "a", Type.I32);
        Body body = Body.of(Vector.empty(), new Tail.Return(Vector.of(a)));
        for (int i = depth - 1; i >= 0; i--) {
            Atom.Var c = new Atom.Var(1 + i, "c", Type.I32);
            Label join = new Label("j" + i);
            Label left = new Label("l" + i);
            Label right = new Label("r" + i);
            Body arm = Body.of(Vector.empty(), Tail.Jump.of(join));
            body = new Body(Vector.of(Let.of(c, new Expr.Prim(Op.TSTLTS, Type.I32, Vector.of(a, Atom.IntLit.of(
                    Type.I32, i))))), Vector.of(new Fn(left, Vector.empty(), arm), new Fn(right, Vector.empty(), arm),
                    new Fn(join, Vector.empty(), body)), new Tail.Branch(c, Tail.Jump.of(left), Tail.Jump.of(right)));
        }
        return Function.of("diamonds", Vector.of(a), Vector.of(Type.I32), body, 1 + depth);
    }
}
