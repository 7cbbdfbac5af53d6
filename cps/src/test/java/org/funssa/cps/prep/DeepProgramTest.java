package org.funssa.cps.prep;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Op;
import org.funssa.core.lir.Stmt;
import org.funssa.core.lir.Symbol;
import org.junit.jupiter.api.Test;

/** Sizes of seed programs' extremes: 10^5 blocks in a dominator chain, an expression 10^6 deep. */
class DeepProgramTest {

    @Test
    void aHundredThousandDiamondBlocksGoThroughEveryPass() {
        Module.Function f = LirGenerator.generate(7, GeneratorConfig.sized(600_000, Shape.DIAMONDS))
                .module().function("main").get();
        assertThat(Cfg.of(f).size()).isGreaterThanOrEqualTo(100_000);
        Module.Function out = f;
        for (FunctionPass pass : Runs.PIPELINE) {
            out = pass.apply(out);
        }
        assertThat(out.body().forAll(TreeDivision::isDivided)).isTrue();
        assertThat(PhiPlacement.place(f, PhiPlacement.Variant.MINIMAL).count()).isPositive();
        assertThat(PhiPlacement.place(out, PhiPlacement.Variant.PRUNED).count()).isPositive();
    }

    @Test
    void anExpressionAMillionDeepIsDividedWithoutRecursion() {
        int depth = 1_000_000;
        LExp e = new LExp.Reg(LirType.I32, "x%");
        for (int i = 0; i < depth; i++) {
            e = new LExp.Binary(Op.ADD, LirType.I32, e, LExp.IntConst.of(LirType.I32, 1));
        }
        Module.Function f = new Module.Function("f",
                Vector.of(new Symbol.Reg("x%", LirType.I32, 4, 0, Vector.empty())),
                Vector.of(new Stmt.Prologue(0, 0, Vector.of(new LExp.Reg(LirType.I32, "x%"))),
                        new Stmt.Set(LirType.I32, new LExp.Reg(LirType.I32, "x%"), e),
                        new Stmt.Epilogue(0, 0, Vector.of(new LExp.Reg(LirType.I32, "x%")))));
        Module.Function divided = TreeDivision.apply(f);
        assertThat(divided.body()).hasSize(depth + 2);
        assertThat(divided.symbols()).hasSize(depth);
        assertThat(divided.body().forAll(TreeDivision::isDivided)).isTrue();
        assertThat(FrameScalarPromotion.apply(f)).isSameAs(f);
    }
}
