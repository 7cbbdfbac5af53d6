package org.funssa.destruct.nest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.text.IrParser;
import org.junit.jupiter.api.Test;

/** A nest's blocks are numbered as BottomUp numbers them, and every label names the block of its function. */
class NestTest {

    private static final Function F = IrParser.parse("t.ir", """
            (MODULE "t" (SYMTAB ("f" STATIC UNKNOWN 4 ".text" XDEF)))
            fun f(n: i32, m0: mem) -> (i32, mem) =
              let c = tstlts.i32 n 0
              letrec a(x: i32) =
                letrec inner() =
                  return (x, m0)
                in jump inner()
              and b() =
                jump a(n)
              in if c then a(1) else b()
            """).functions().head();

    @Test
    void blocksAreTheBodiesOfBottomUpWithTheirParametersAndChildren() {
        Nest nest = Nest.of(F);
        assertThat(nest.bodies()).isEqualTo(BottomUp.nodes(F.body()));
        assertThat(nest.size()).isEqualTo(4);
        int a = nest.block(new Label("a"));
        int b = nest.block(new Label("b"));
        int inner = nest.block(new Label("inner"));
        assertThat(nest.child(0, 0)).isEqualTo(a);
        assertThat(nest.child(0, 1)).isEqualTo(b);
        assertThat(nest.child(a, 0)).isEqualTo(inner);
        assertThat(nest.children().get(b)).isEmpty();
        assertThat(nest.params().get(0)).isEqualTo(F.params());
        assertThat(nest.params().get(a)).containsExactly(new Atom.Var("x", Type.I32));
        assertThat(nest.params().get(inner)).isEmpty();
        assertThat(nest.bodies().get(a).tail()).isEqualTo(new Tail.Jump(new Label("inner"), Vector.empty()));
        assertThat(nest.block(new Label("nowhere"))).isEqualTo(-1);
        Tail.Branch branch = (Tail.Branch) F.body().tail();
        assertThat(nest.target(branch.ifTrue())).isEqualTo(a);
        assertThat(nest.target(branch.ifFalse())).isEqualTo(b);
        assertThat(nest.jumpCount(0)).isEqualTo(2);
        assertThat(nest.target(0, 0)).isEqualTo(a);
        assertThat(nest.target(0, 1)).isEqualTo(b);
        assertThat(nest.target(a, 0)).isEqualTo(inner);
        assertThat(nest.target(b, 0)).isEqualTo(a);
        assertThat(nest.jumpCount(inner)).isZero();
    }

    @Test
    void aNestWhoseJumpNamesNoFunctionIsRefusedWhenNumbered() {
        Body body = F.body().withTail(new Tail.Jump(new Label("nowhere"), Vector.empty()));
        assertThatThrownBy(() -> Nest.of(F.withBody(body)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("function f: the jump to nowhere has no target; verify the program before destruction");
    }

    @Test
    void aJumpToNoLabelOrWithTooFewArgumentsIsRefused() {
        Nest nest = Nest.of(F);
        assertThatThrownBy(() -> nest.target(new Tail.Jump(new Label("nowhere"), Vector.empty())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("function f: the jump to nowhere has no target; verify the program before destruction");
        assertThatThrownBy(() -> nest.target(new Tail.Jump(new Label("a"), Vector.empty())))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("function f: the jump to a passes 0 arguments for 1 parameters; verify the program "
                        + "before destruction");
    }

    @Test
    void twoLocalFunctionsOfOneLabelAreRefused() {
        Body twice = F.body().withFunctions(F.body().functions().append(F.body().functions().get(1)));
        assertThatThrownBy(() -> Nest.of(F.withBody(twice)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("function f: two local functions are named b; verify the program before destruction");
    }
}
