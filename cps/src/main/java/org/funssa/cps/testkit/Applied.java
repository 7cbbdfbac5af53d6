package org.funssa.cps.testkit;

import io.vavr.control.Either;
import io.vavr.control.Option;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.rewrite.IdentityCache;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.verify.Verifier;
import org.funssa.cps.verify.Violation;

/** A pass applied under a law: its verified output, or the verdict that it threw or broke the verifier. */
final class Applied {

    /**
     * The verified outputs of the passes applied to the last few samples' programs, by pass: the laws of one pass
     * checked on one sample (its meaning and its idempotence) apply it to the sample once. A thread checks every
     * law on its sample before the next, so a few entries serve the threads of a parallel run.
     */
    private static final IdentityCache<Program, Map<Pass, Either<Verdict.Broken, Program>>> OUTPUTS =
            new IdentityCache<>(8);

    private Applied() {}

    /** {@link #apply(Pass, Program)} on a sample's program, once for all the laws that ask for it. */
    static Either<Verdict.Broken, Program> applyToSample(Pass pass, Program program) {
        Map<Pass, Either<Verdict.Broken, Program>> outputs = OUTPUTS.get(program, p -> new ConcurrentHashMap<>());
        return Option.of(outputs.get(pass)).getOrElse(() -> {
            Either<Verdict.Broken, Program> output = apply(pass, program);
            outputs.put(pass, output);
            return output;
        });
    }

    static Either<Verdict.Broken, Program> apply(Pass pass, Program program) {
        return apply(pass, program, Option.none());
    }

    /**
     * The pass's output checked by the verifier, or, when {@code wellFormed} is given, by it instead (it names
     * the first problem of a program, or none).
     */
    static Either<Verdict.Broken, Program> apply(Pass pass, Program program,
                                                 Option<Function<Program, Option<String>>> wellFormed) {
        Program out;
        try {
            out = pass.apply(program);
        } catch (RuntimeException | StackOverflowError e) {
            return Either.left(new Verdict.Broken("pass threw", pass.name() + " threw " + e));
        }
        if (wellFormed.isDefined()) {
            Option<String> problem = wellFormed.get().apply(out);
            return problem.isEmpty() ? Either.right(out) : Either.left(new Verdict.Broken("output is not well formed",
                    pass.name() + " made a program that is not well formed: " + problem.get()));
        }
        var violations = Verifier.verify(out);
        if (!violations.isEmpty()) {
            return Either.left(new Verdict.Broken("output fails the verifier", pass.name() + " made a program the"
                    + " verifier rejects: " + violations.take(3).map(Violation::toString).mkString("; ")));
        }
        return Either.right(out);
    }

    /** The program's text, for failure details. */
    static String text(Program program) {
        return IrPrinter.print(program);
    }
}
