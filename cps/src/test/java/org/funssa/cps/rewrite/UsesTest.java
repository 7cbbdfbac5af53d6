package org.funssa.cps.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Type;
import org.junit.jupiter.api.Test;

/** Use counts and definition sites, computed once per function object. */
class UsesTest {

    @Test
    void countsEveryOperandAndFindsEachDefinition() {
        Function f = NestTest.F;
        Uses uses = Uses.of(f);
        Atom.Var n = new Atom.Var("n", Type.I32);
        Atom.Var m0 = new Atom.Var("m0", Type.MEM);
        Atom.Var c = new Atom.Var("c", Type.I32);
        Atom.Var x = new Atom.Var("x", Type.I32);
        assertThat(uses.count(n)).isEqualTo(2); // tstlts n 0, jump a(n)
        assertThat(uses.count(c)).isEqualTo(1); // the branch
        assertThat(uses.count(x)).isEqualTo(1);
        assertThat(uses.count(m0)).isEqualTo(1);
        assertThat(uses.isUsed(new Atom.Var("nowhere", Type.I32))).isFalse();
        assertThat(uses.definition(n)).contains(new Uses.Site(Nest.ROOT, -1));
        assertThat(uses.definition(c)).contains(new Uses.Site(Nest.ROOT, 0));
        assertThat(uses.definition(x)).contains(new Uses.Site(1, -1));
        assertThat(uses.definition(x).get().isParameter()).isTrue();
        assertThat(uses.definition(new Atom.Var("nowhere", Type.I32))).isEmpty();
    }

    @Test
    void theSameFunctionObjectIsAnalysedOnce() {
        Function f = NestTest.F;
        assertThat(Uses.of(f)).isSameAs(Uses.of(f));
        Function equal = f.withBody(new org.funssa.cps.ir.Body(f.body().lets(), f.body().functions(), f.body().tail()));
        assertThat(Uses.of(equal)).isNotSameAs(Uses.of(f));
    }
}
