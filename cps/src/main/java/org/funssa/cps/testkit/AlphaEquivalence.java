package org.funssa.cps.testkit;

import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.pass.Pass;

/** {@link Law#alphaEquivalent}: two passes give α-equivalent programs. */
record AlphaEquivalence(Pass f, Pass g) implements Law {

    @Override
    public String name() {
        return f.name() + " is α-equivalent to " + g.name();
    }

    @Override
    public Verdict check(Sample sample) {
        var a = Applied.apply(f, sample.program());
        if (a.isLeft()) {
            return a.getLeft();
        }
        var b = Applied.apply(g, sample.program());
        if (b.isLeft()) {
            return b.getLeft();
        }
        return Alpha.equivalent(a.get(), b.get()) ? Verdict.HOLDS
                : new Verdict.Broken("not α-equivalent", f.name() + " gives\n" + Applied.text(a.get()) + g.name()
                        + " gives\n" + Applied.text(b.get()));
    }
}
