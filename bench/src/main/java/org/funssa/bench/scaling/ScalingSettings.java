package org.funssa.bench.scaling;

import io.vavr.Tuple2;
import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import org.funssa.bench.phase.Phase;
import org.funssa.bench.phase.Phases;
import org.funssa.core.gen.Shape;

/**
 * What the scaling harness runs and how.
 *
 * @param phases      phase names ({@link Phases})
 * @param sizes       generated input sizes in LIR instructions, e.g. 10^3…10^6
 * @param shapes      control-flow shapes of the generated inputs
 * @param corpus      corpus programs ({@code group/name}) measured at their own size
 * @param warmup      untimed runs before the timed ones, per phase and input (at least this many)
 * @param warmupSeconds untimed runs go on until they have taken at least this long, per phase and input, so that
 *                    a small input is timed with compiled code too (one run of 10^5 instructions is too short
 *                    for the JIT to finish, one run of 10^6 is not)
 * @param repetitions timed runs per phase and input; the median is reported
 * @param fitFrom     the smallest size used in the power-law fit
 * @param tolerance   how far the fitted exponent may exceed that of {@code n·log n} before a flag
 * @param maxSizes    the largest generated size a phase runs at, for the phases that have a cap (a phase too
 *                    slow to run at every size is measured up to its cap, and its ratio is taken there)
 * @param forks       how many JVMs of its own each phase runs in on each shape, and on the corpus ({@link Fork}),
 *                    as JMH forks each benchmark; 0 runs everything in this JVM, where a phase's time depends on
 *                    what ran before it (profiles make shared code megamorphic; heap sizing carries over). The
 *                    timed runs of all forks are pooled, so the median is over {@code forks × repetitions} runs:
 *                    one JVM's compilation decisions differ from another's, and one fork alone carries them into
 *                    every figure it gives
 */
public record ScalingSettings(Vector<String> phases, Vector<Integer> sizes, Vector<Shape> shapes,
                              Vector<String> corpus, int warmup, double warmupSeconds, int repetitions,
                              double fitFrom, double tolerance, Map<String, Integer> maxSizes, int forks) {

    /** The option names {@link #from} accepts. */
    public static final Vector<String> OPTIONS = Vector.of("phases", "sizes", "shapes", "corpus", "warmup",
            "warmup-seconds", "repetitions", "fit-from", "tolerance", "max-size", "forks");

    /**
     * The corpus programs measured by default: the largest by {@code .before.lir} size (MANIFEST.tsv), one per
     * table size, and the two that run longest under the interpreter (4·10^7 to 5·10^7 operations), without
     * which no input would show the interpreter's sustained speed.
     */
    public static final Vector<String> DEFAULT_CORPUS = Vector.of("TestFnami2/Ge7", "TestFnami2/Ne7",
            "TestFnami2/Le5", "WhiteBox2/bsort2", "WhiteBox2/nakataMatmult");

    public ScalingSettings {
        if (repetitions < 1 || warmup < 0 || !(warmupSeconds >= 0) || forks < 0) {
            throw new IllegalArgumentException(
                    "need repetitions >= 1, warmup >= 0, warmup-seconds >= 0 and forks >= 0");
        }
        if (sizes.exists(s -> s < 1)) {
            throw new IllegalArgumentException("sizes must be positive: " + sizes);
        }
        for (String phase : maxSizes.keySet()) {
            if (!phases.contains(phase)) {
                throw new IllegalArgumentException("--max-size names " + phase + ", which is not among the phases run: "
                        + phases.mkString(", "));
            }
        }
    }

    /** Whether {@code phase} runs at generated size {@code size}. */
    public boolean runs(String phase, int size) {
        return maxSizes.get(phase).forAll(max -> size <= max);
    }

    /**
     * Every registered phase on 10^3…10^6 in four shapes, each phase in one JVM of its own, at least 2 warm-up
     * runs and 5 s of them, 5 timed runs, fit from 10^4.
     */
    public static ScalingSettings defaults() {
        return new ScalingSettings(Phases.all().map(Phase::name), Vector.of(1_000, 10_000, 100_000, 1_000_000),
                Vector.of(Shape.STRAIGHT, Shape.DIAMONDS, Shape.LOOPS, Shape.MIX), DEFAULT_CORPUS, 2, 5, 5,
                10_000, 0.05, LinkedHashMap.empty(), 1);
    }

    /** These settings for one phase on the generated inputs of one shape, run in this JVM: what a fork is given. */
    public ScalingSettings only(String phase, Shape shape) {
        return new ScalingSettings(Vector.of(phase), sizes, Vector.of(shape), Vector.empty(), warmup, warmupSeconds,
                repetitions, fitFrom, tolerance, maxSizes.filterKeys(phase::equals), 0);
    }

    /** These settings for one phase on the corpus programs alone, run in this JVM: what a fork is given. */
    public ScalingSettings onlyCorpus(String phase) {
        return new ScalingSettings(Vector.of(phase), sizes, Vector.empty(), corpus, warmup, warmupSeconds,
                repetitions, fitFrom, tolerance, maxSizes.filterKeys(phase::equals), 0);
    }

    /**
     * The defaults overridden by options ({@code none} for no shape or no corpus program): {@code --sizes 1e3,1e4
     * --shapes MIX --corpus none
     * --max-size destruct.srd1=1e5 …}.
     */
    public static ScalingSettings from(Arguments args) {
        ScalingSettings d = defaults();
        Vector<String> corpus = args.list("corpus", d.corpus());
        Vector<String> shapes = args.list("shapes", d.shapes().map(Shape::name));
        return new ScalingSettings(
                args.list("phases", d.phases()),
                args.list("sizes", d.sizes().map(String::valueOf))
                        .map(s -> Arguments.parseNumber("sizes", s).intValue()),
                shapes.equals(Vector.of("none")) ? Vector.empty() : shapes.map(ScalingSettings::shape),
                corpus.equals(Vector.of("none")) ? Vector.empty() : corpus,
                args.integer("warmup", d.warmup()),
                args.real("warmup-seconds", d.warmupSeconds()),
                args.integer("repetitions", d.repetitions()),
                args.real("fit-from", d.fitFrom()),
                args.real("tolerance", d.tolerance()),
                LinkedHashMap.ofEntries(args.list("max-size", Vector.empty()).map(ScalingSettings::maxSize)),
                args.integer("forks", d.forks()));
    }

    private static Tuple2<String, Integer> maxSize(String text) {
        int equals = text.lastIndexOf('=');
        if (equals <= 0) {
            throw new IllegalArgumentException("--max-size wants PHASE=SIZE, e.g. destruct.srd1=1e5, not " + text);
        }
        return new Tuple2<>(text.substring(0, equals),
                Arguments.parseNumber("max-size", text.substring(equals + 1)).intValue());
    }

    private static Shape shape(String name) {
        return Vector.of(Shape.values()).find(s -> s.name().equalsIgnoreCase(name))
                .getOrElseThrow(() -> new IllegalArgumentException("unknown shape " + name + "; shapes: "
                        + Vector.of(Shape.values()).mkString(", ")));
    }

    /** The options that reproduce these settings. */
    public String asOptions() {
        return "--phases " + phases.mkString(",") + " --sizes " + sizes.mkString(",")
                + " --shapes " + (shapes.isEmpty() ? "none" : shapes.mkString(","))
                + " --corpus " + (corpus.isEmpty() ? "none" : corpus.mkString(","))
                + " --warmup " + warmup + " --warmup-seconds " + Arguments.format(warmupSeconds)
                + " --repetitions " + repetitions + " --fit-from " + (long) fitFrom
                + " --tolerance " + tolerance + (maxSizes.isEmpty() ? ""
                : " --max-size " + maxSizes.map(e -> e._1 + "=" + e._2).mkString(","))
                + " --forks " + forks;
    }
}
