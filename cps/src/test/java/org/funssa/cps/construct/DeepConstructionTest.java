package org.funssa.cps.construct;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import java.util.Set;
import java.util.function.Predicate;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Op;
import org.funssa.core.lir.Stmt;
import org.funssa.core.lir.Symbol;
import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/**
 * Issue 3's deep and large inputs: a chain of diamonds with 10^5 blocks (so the dominator tree, hence the
 * nest of the dropped and Cytron forms, is tens of thousands of levels deep) and a function of 10^6 lets
 * construct in every variant without overflowing the stack (the normal form is computed once and shared,
 * to keep the test's time down), and the two ways of building deep nests verify.
 *
 * <p>By default the diamonds are built by the two nest builders, and the lets by the other variants, so that
 * every variant meets one of the inputs; {@link Exhaustive#ON} builds both inputs in every variant.
 */
class DeepConstructionTest {

    private static final Set<Construction> DIAMONDS_BY_DEFAULT = Set.of(Construction.DROPPED, Construction.MINIMAL);

    @Test
    void hundredThousandBlocksOfDiamonds() {
        Module module = LirGenerator.generate(7, GeneratorConfig.sized(600_000, Shape.DIAMONDS)).module();
        Module.Function f = module.functions().head();
        assertThat(f.body().count(s -> s instanceof Stmt.DefLabel)).isGreaterThanOrEqualTo(90_000);
        NormalForm form = NormalForm.of(f, ConstructionOptions.DEFAULTS);
        for (Construction c : variants(DIAMONDS_BY_DEFAULT::contains)) {
            Function built = Ssa.construct(form, c, ConstructionOptions.DEFAULTS);
            if (c != Construction.LIFTED) {
                assertThat(depth(built)).as(c.seedName()).isGreaterThan(20_000);
            }
            if (c == Construction.DROPPED || c == Construction.MINIMAL) {
                // One nest built by block sinking, one by Cytron's renaming; the others share their code.
                assertThat(Verifier.verify(built)).as(c.seedName()).isEmpty();
            }
        }
    }

    @Test
    void aMillionLets() {
        int n = 1_000_000;
        Vector<Stmt> body = Vector.<Stmt>of(new Stmt.Prologue(0, 0, Vector.of(reg("a%"))))
                .appendAll(Vector.range(0, n).map(i -> (Stmt) new Stmt.Set(LirType.I32, reg(i % 2 == 0 ? "b%" : "a%"),
                        new LExp.Binary(Op.ADD, LirType.I32, reg(i % 2 == 0 ? "a%" : "b%"),
                                LExp.IntConst.of(LirType.I32, i)))))
                .append(new Stmt.Epilogue(0, 0, Vector.of(reg("a%"))));
        Module.Function f = new Module.Function("big", Vector.of(
                new Symbol.Reg("a%", LirType.I32, 4, 0, Vector.empty()),
                new Symbol.Reg("b%", LirType.I32, 4, 0, Vector.empty())), body);
        NormalForm form = NormalForm.of(f, ConstructionOptions.DEFAULTS);
        for (Construction c : variants(c -> !DIAMONDS_BY_DEFAULT.contains(c))) {
            Function built = Ssa.construct(form, c, ConstructionOptions.DEFAULTS);
            assertThat(built.body().lets()).as(c.seedName()).hasSize(n);
        }
    }

    /** The variants chosen by default, every variant when exhaustive. */
    private static Vector<Construction> variants(Predicate<Construction> byDefault) {
        return Vector.of(Construction.values()).filter(c -> Exhaustive.ON || byDefault.test(c));
    }

    private static LExp.Reg reg(String name) {
        return new LExp.Reg(LirType.I32, name);
    }

    /** The deepest nesting of local functions. */
    private static int depth(Function f) {
        int deepest = 0;
        ArrayDeque<Object[]> work = new ArrayDeque<>();
        work.push(new Object[] {f.body(), 0});
        while (!work.isEmpty()) {
            Object[] top = work.pop();
            int d = (Integer) top[1];
            deepest = Math.max(deepest, d);
            for (Fn fn : ((Body) top[0]).functions()) {
                work.push(new Object[] {fn.body(), d + 1});
            }
        }
        return deepest;
    }
}
