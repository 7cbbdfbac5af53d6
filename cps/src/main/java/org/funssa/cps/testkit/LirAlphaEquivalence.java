package org.funssa.cps.testkit;

import io.vavr.control.Either;
import java.util.function.Function;
import org.funssa.core.lir.Module;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.ir.Program;
import org.funssa.cps.verify.Verifier;
import org.funssa.cps.verify.Violation;

/** {@link LirLaw#alphaEquivalent}: two translations into the IR give α-equivalent programs. */
record LirAlphaEquivalence(String name, Function<Module, Program> f, Function<Module, Program> g) implements LirLaw {

    @Override
    public Verdict check(LirSample sample) {
        var a = translate("the first", f, sample.module());
        if (a.isLeft()) {
            return a.getLeft();
        }
        var b = translate("the second", g, sample.module());
        if (b.isLeft()) {
            return b.getLeft();
        }
        return Alpha.equivalent(a.get(), b.get()) ? Verdict.HOLDS
                : new Verdict.Broken("not α-equivalent", "the first translation gives\n" + Applied.text(a.get())
                        + "the second gives\n" + Applied.text(b.get()));
    }

    private static Either<Verdict.Broken, Program> translate(String which, Function<Module, Program> t, Module m) {
        Program out;
        try {
            out = t.apply(m);
        } catch (RuntimeException | StackOverflowError e) {
            return Either.left(new Verdict.Broken("translation threw", which + " translation threw " + e));
        }
        var violations = Verifier.verify(out);
        if (!violations.isEmpty()) {
            return Either.left(new Verdict.Broken("output fails the verifier", which + " translation made a"
                    + " program the verifier rejects: " + violations.take(3).map(Violation::toString).mkString("; ")));
        }
        return Either.right(out);
    }
}
