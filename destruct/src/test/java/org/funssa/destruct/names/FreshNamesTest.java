package org.funssa.destruct.names;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrParser;
import org.junit.jupiter.api.Test;

/** New names never repeat one the function has, whether the supply keeps every name or only its prefixes'. */
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
    void declaredPrefixesSkipTheNamesTheFunctionHas() {
        FreshNames names = FreshNames.of(F, "edge", "tmp");
        // one counter for all prefixes: edge1 is taken, edge2 is free ("edge02" is not "edge2"),
        // edge3 is a label, tmp4 is free
        assertThat(names.name("edge")).isEqualTo("edge2");
        assertThat(names.name("edge")).isEqualTo("edge4");
        assertThat(names.name("tmp")).isEqualTo("tmp5");
        assertThat(FreshNames.of(F, "edge", "tmp").name("tmp")).isEqualTo("tmp1");
        FreshNames again = FreshNames.of(F, "tmp");
        again.name("tmp");
        assertThat(again.name("tmp")).isEqualTo("tmp3");
    }

    @Test
    void anUndeclaredPrefixIsRefused() {
        assertThatThrownBy(() -> FreshNames.of(F, "edge").name("tmp"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"tmp\" was not declared");
    }

    @Test
    void withoutPrefixesEveryNameIsKeptAndAnyPrefixServes() {
        FreshNames names = FreshNames.of(F);
        assertThat(names.name("x_")).isEqualTo("x_3");
        assertThat(names.name("edge")).isEqualTo("edge4");
        assertThat(names.name("tmp")).isEqualTo("tmp5");
    }
}
