package org.funssa.cps.testkit;

import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.gen.Storage;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;

/**
 * The test kit's program generators (issue 5). LIR comes from core's {@link LirGenerator}: it terminates
 * within a known number of steps and has no undefined behaviour. IR for running is that LIR constructed
 * ({@link Ssa}), so it inherits both properties; IR for laws about form only is {@link IrGenerator}'s.
 *
 * <p>The control-flow shape and the storage of variables follow the seed, so consecutive seeds cover
 * straight code, diamonds, structured loops, unstructured flow with irreducible loops and mixtures, with
 * registers and with frame slots; every program has memory, calls between its functions, and integer and
 * float arithmetic.
 */
public final class Generators {

    /**
     * How many IR interpreter steps to allow per LIR step of the generator's bound: the two interpreters
     * count differently, and construction adds parameter passing, but the counts are of the same order
     * ({@code org.funssa.cps.interp}).
     */
    public static final long IR_STEPS_PER_LIR_STEP = 4;

    /**
     * The shapes seeds cycle through: not {@link Shape#COUNTERS_AHEAD} and {@link Shape#COUNTERS_LATE}, inputs
     * of the scaling benchmarks (tested on their own), so that a seed keeps the program it names.
     */
    private static final Shape[] SHAPES = {Shape.STRAIGHT, Shape.DIAMONDS, Shape.LOOPS, Shape.UNSTRUCTURED,
        Shape.MIX};

    private Generators() {}

    /** LIR modules of three functions with {@code size} blocks each, of the shape and storage the seed picks. */
    public static Generator<LirSample> lir() {
        return (seed, size) -> {
            LirGenerator.Generated g = LirGenerator.generate(seed, config(seed, size));
            return new LirSample(g.module(), g.stepBound());
        };
    }

    /** {@link #lir()}'s modules constructed into the IR by {@code construction} with its default options. */
    public static Generator<Sample> ir(Construction construction) {
        return lir().map(s -> new Sample(Ssa.construct(s.module(), construction),
                s.stepBudget() * IR_STEPS_PER_LIR_STEP + 1000));
    }

    /** {@link IrGenerator}'s programs: verified, not runnable. */
    public static Generator<Sample> terms() {
        return (seed, size) -> Sample.unrunnable(IrGenerator.program(seed, size));
    }

    /** The generator configuration for a seed and size: shape and storage by the seed, every feature on. */
    public static GeneratorConfig config(long seed, int size) {
        if (size < 1) {
            throw new IllegalArgumentException("size must be at least 1, not " + size);
        }
        Shape shape = SHAPES[(int) Math.floorMod(seed, (long) SHAPES.length)];
        Storage storage = Storage.values()[(int) Math.floorMod(seed / SHAPES.length,
                (long) Storage.values().length)];
        return GeneratorConfig.defaults().withBlocks(size).withShape(shape).withStorage(storage)
                .withFeatures(true, true, true);
    }
}
