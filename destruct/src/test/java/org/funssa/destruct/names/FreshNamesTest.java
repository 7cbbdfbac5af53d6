package org.funssa.destruct.names;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Type;
import org.funssa.cps.text.IrParser;
import org.junit.jupiter.api.Test;

/**
 * New labels never repeat a label the function has: they are numbered beyond every number that ends one. New
 * variables are numbered from the function's variable count.
 */
class FreshNamesTest {

    /** Names of every kind that could clash: parameters, lets, labels, and a look-alike that cannot. */
    private static final Function F = function("""
            (MODULE "t" (SYMTAB ("f" STATIC UNKNOWN 4 ".text" XDEF)))
            fun f(edge1: i32, m0: mem) -> (i32, mem) =
              let tmp2 = add.i32 edge1 1
              let x_1 = add.i32 tmp2 1
              let edge02 = add.i32 x_1 1
              letrec edge3(x_2: i32) =
                return (x_2, m0)
              in jump edge3(edge02)
            """);

    private static Function function(String text) {
        Program p = IrParser.parse("t.ir", text);
        return p.functions().head();
    }

    @Test
    void aNewLabelIsNumberedBeyondEveryNumberEndingALabelAndANewVariableBeyondTheFunctionsCount() {
        FreshNames names = FreshNames.of(F);
        // labels: edge3 is the only one, so a new label is numbered from 4, whatever the variables are named
        assertThat(names.label("edge").name()).isEqualTo("edge4");
        assertThat(names.label("edge").name()).isEqualTo("edge5");
        // variables: numbered from the function's count, their prefix only a hint
        Atom.Var x = names.variable("x_", Type.I32);
        assertThat(x.id()).isEqualTo(F.varCount());
        assertThat(x.hint()).isEqualTo("x_");
        assertThat(names.variable("tmp", Type.I32).id()).isEqualTo(F.varCount() + 1);
        assertThat(names.variableCount()).isEqualTo(F.varCount() + 2);
    }

    @Test
    void aPrefixEndingInADigitIsRefused() {
        assertThatThrownBy(() -> FreshNames.of(F).label("edge1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("must end in a character that is not a digit, not \"edge1\"");
        assertThatThrownBy(() -> FreshNames.of(F).label(""))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFunctionWhoseLabelsEndInTheLargestLongHasNoFreshLabel() {
        Function f = function("""
                (MODULE "t" (SYMTAB ("f" STATIC UNKNOWN 4 ".text" XDEF)))
                fun f(x: i32, m0: mem) -> (i32, mem) =
                  letrec r9223372036854775807() =
                    return (x, m0)
                  in jump r9223372036854775807()
                """);
        assertThatThrownBy(() -> FreshNames.of(f).label("edge"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no larger number is left");
    }
}
