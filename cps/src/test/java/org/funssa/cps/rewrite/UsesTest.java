package org.funssa.cps.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Type;
import org.funssa.cps.text.VarNames;
import org.junit.jupiter.api.Test;

/** Use counts and definition sites, computed once per function object. */
class UsesTest {

    @Test
    void countsEveryOperandAndFindsEachDefinition() {
        Function f = NestTest.F;
        Uses uses = Uses.of(f);
        VarNames names = VarNames.of(f);
        Atom.Var n = names.variable("n").get();
        Atom.Var m0 = names.variable("m0").get();
        Atom.Var c = names.variable("c").get();
        Atom.Var x = names.variable("x").get();
        assertThat(uses.count(n)).isEqualTo(2); // tstlts n 0, jump a(n)
        assertThat(uses.count(c)).isEqualTo(1); // the branch
        assertThat(uses.count(x)).isEqualTo(1);
        assertThat(uses.count(m0)).isEqualTo(1);
        assertThat(uses.isUsed(new Atom.Var(99, "nowhere", Type.I32))).isFalse();
        assertThat(uses.definition(n)).contains(new Uses.Site(Nest.ROOT, -1));
        assertThat(uses.definition(c)).contains(new Uses.Site(Nest.ROOT, 0));
        assertThat(uses.definition(x)).contains(new Uses.Site(1, -1));
        assertThat(uses.definition(x).get().isParameter()).isTrue();
        assertThat(uses.definition(new Atom.Var(99, "nowhere", Type.I32))).isEmpty();
    }

    @Test
    void theSameFunctionObjectIsAnalysedOnce() {
        Function f = NestTest.F;
        assertThat(Uses.of(f)).isSameAs(Uses.of(f));
        Function equal = f.withBody(new org.funssa.cps.ir.Body(f.body().lets(), f.body().functions(), f.body().tail()));
        assertThat(Uses.of(equal)).isNotSameAs(Uses.of(f));
    }
}
