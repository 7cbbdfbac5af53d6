package org.funssa.cps.testkit;

import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.pass.Pass;

/** {@link Law#commutes}: the two orders of two passes give α-equivalent programs. */
record Commutation(Pass p, Pass q) implements Law {

    @Override
    public String name() {
        return p.name() + " commutes with " + q.name();
    }

    @Override
    public Verdict check(Sample sample) {
        var pq = Applied.apply(q, sample.program()).flatMap(x -> Applied.apply(p, x));
        if (pq.isLeft()) {
            return pq.getLeft();
        }
        var qp = Applied.apply(p, sample.program()).flatMap(x -> Applied.apply(q, x));
        if (qp.isLeft()) {
            return qp.getLeft();
        }
        return Alpha.equivalent(pq.get(), qp.get()) ? Verdict.HOLDS
                : new Verdict.Broken("orders differ", q.name() + " then " + p.name() + " gives\n"
                        + Applied.text(pq.get()) + p.name() + " then " + q.name() + " gives\n" + Applied.text(qp.get()));
    }
}
