package org.funssa.destruct.names;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Type;
import org.funssa.cps.text.IrParser;
import org.junit.jupiter.api.Test;

/**
 * New names never repeat a name of their kind (label or variable) the function has, whether the supply keeps
 * every name or only its prefixes'.
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
    void declaredPrefixesSkipTheNamesOfTheirKindTheFunctionHas() {
        FreshNames names = FreshNames.of(F, "edge", "tmp");
        // one counter for every prefix and kind; labels clash only with labels: edge1 is a variable, so a
        // free label; edge2 is free ("edge02" is not "edge2"); edge3 is a label
        assertThat(names.label("edge").name()).isEqualTo("edge1");
        assertThat(names.label("edge").name()).isEqualTo("edge2");
        assertThat(names.label("edge").name()).isEqualTo("edge4");
        assertThat(names.variable("tmp", Type.I32).name()).isEqualTo("tmp5");
        // variables clash only with variables: edge1 is a parameter, tmp2 a let, edge3 a label
        FreshNames again = FreshNames.of(F, "edge", "tmp");
        assertThat(again.variable("edge", Type.I32).name()).isEqualTo("edge2");
        assertThat(again.variable("tmp", Type.I32).name()).isEqualTo("tmp3");
        assertThat(FreshNames.of(F, "tmp").variable("tmp", Type.I32).name()).isEqualTo("tmp1");
        FreshNames third = FreshNames.of(F, "tmp");
        third.variable("tmp", Type.I32);
        assertThat(third.variable("tmp", Type.I32).name()).isEqualTo("tmp3");
    }

    @Test
    void anUndeclaredPrefixIsRefused() {
        assertThatThrownBy(() -> FreshNames.of(F, "edge").variable("tmp", Type.I32))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"tmp\" was not declared");
        assertThatThrownBy(() -> FreshNames.of(F, "tmp").label("edge"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"edge\" was not declared");
    }

    @Test
    void withoutPrefixesEveryNameOfTheKindIsKeptAndAnyPrefixServes() {
        FreshNames names = FreshNames.of(F);
        assertThat(names.label("edge").name()).isEqualTo("edge1");
        assertThat(names.variable("x_", Type.I32).name()).isEqualTo("x_3");
        assertThat(names.label("edge").name()).isEqualTo("edge4");
        assertThat(names.variable("tmp", Type.I32).name()).isEqualTo("tmp5");
    }
}
