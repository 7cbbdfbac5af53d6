package org.funssa.cps.testkit;

import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.pass.Pass;

/** {@link Law#idempotent}: applying the pass twice does what applying it once does. */
record Idempotence(Pass pass) implements Law {

    @Override
    public String name() {
        return pass.name() + " is idempotent";
    }

    @Override
    public Verdict check(Sample sample) {
        var once = Applied.applyToSample(pass, sample.program());
        if (once.isLeft()) {
            return once.getLeft();
        }
        var twice = Applied.apply(pass, once.get());
        if (twice.isLeft()) {
            return twice.getLeft();
        }
        return Alpha.equivalent(once.get(), twice.get()) ? Verdict.HOLDS
                : new Verdict.Broken("not idempotent", "a second " + pass.name() + " changed\n"
                        + Applied.text(once.get()) + "into\n" + Applied.text(twice.get()));
    }
}
