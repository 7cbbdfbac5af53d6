package org.funssa.cps.testkit;

import org.funssa.cps.history.ProgramSize;
import org.funssa.cps.ir.Program;
import org.funssa.cps.text.IrPrinter;

/**
 * A sample on which a law broke, and the smallest program the {@link Reducer} found that breaks it the same
 * way. {@code generator.generate(seed, size)} gives the original again.
 *
 * @param seed     the sample's seed
 * @param size     the sample's size
 * @param original the generated program
 * @param reduced  the reduced program
 * @param verdict  how the law breaks on the reduced program
 * @param attempts candidates the reducer tried
 */
public record Counterexample(long seed, int size, Program original, Program reduced, Verdict.Broken verdict,
                             int attempts) {

    /** The law's name, the seed, how it broke and the reduced program in IR text. */
    public String describe(String law) {
        return "law \"" + law + "\" broke on the sample of seed " + seed + ", size " + size + ": " + verdict.kind()
                + "\n" + verdict.detail() + "\nreduced from " + ProgramSize.of(original) + " to "
                + ProgramSize.of(reduced) + " in " + attempts + " attempts:\n" + IrPrinter.print(reduced);
    }
}
