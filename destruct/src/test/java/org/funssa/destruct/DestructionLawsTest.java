package org.funssa.destruct;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Stream;
import io.vavr.collection.Vector;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.funssa.core.testing.Exhaustive;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.testkit.Generator;
import org.funssa.cps.testkit.Generators;
import org.funssa.cps.testkit.Law;
import org.funssa.cps.testkit.LawReport;
import org.funssa.cps.testkit.LawRunner;
import org.funssa.cps.testkit.LirLaw;
import org.funssa.cps.testkit.LirLawReport;
import org.funssa.cps.testkit.LirLawRunner;
import org.funssa.destruct.conventional.Conventional;
import org.funssa.destruct.lir.LirWriter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 5's laws for every registered destruction ({@link Destructions#names()}, so methods registered later
 * are checked too), alone and followed by Chaitin's coalescing, after every construction: the destruction
 * preserves meaning on generated IR, and destruction ∘ construction, written back as LIR, is the identity on
 * the meaning of generated LIR.
 *
 * <p>By default every method alone follows every construction, and every method followed by Chaitin's
 * coalescing follows one construction, the {@code k}th method the {@code k}th construction (cyclically), so that
 * each construction and each method meets Chaitin's coalescing; {@link Exhaustive#ON} checks every pair.
 */
class DestructionLawsTest {

    /**
     * Generated programs per construction (and LIR modules for the second law), each checked with every method
     * alone and, exhaustively, with Chaitin: with {@link Exhaustive#ON}, 5 × 200 = 1,000 IR programs and 200 LIR
     * modules, 12,000 checks per law with the six methods registered now; by default 100 of each, 3,600 checks
     * per law. Sizes grow up to {@link #MAX_SIZE}, the generator's scale (a size-8 module has a few hundred LIR
     * statements), in either run.
     */
    private static final int SAMPLES = Exhaustive.ON ? 200 : 100;
    private static final int MAX_SIZE = 8;

    /** The generated samples, shared by every method: the constructed programs are made once. */
    private static final Map<String, Object> CACHE = new ConcurrentHashMap<>();

    /** The methods checked after construction {@code c}: each alone, and with Chaitin as the class comment says. */
    private static Vector<Destruction> methods(Construction c) {
        int constructions = Construction.values().length;
        return Destructions.names().zipWithIndex().flatMap(named -> Vector.of(false, true)
                .filter(chaitin -> !chaitin || Exhaustive.inTurn(named._2, c.ordinal(), constructions))
                .map(chaitin -> Destructions.named(named._1, chaitin).get()));
    }

    private static <T> Generator<T> cached(String key, Generator<T> generator) {
        @SuppressWarnings("unchecked")
        Generator<T> g = (seed, size) -> (T) CACHE.computeIfAbsent(key + " " + seed + " " + size,
                k -> generator.generate(seed, size));
        return g;
    }

    /**
     * One test per construction, in which the methods (alone and with Chaitin) are checked in parallel; every
     * law that breaks is reported with its reduced counterexample.
     */
    @TestFactory
    Stream<DynamicTest> everyDestructionPreservesMeaningAfterEveryConstruction() {
        return Stream.of(Construction.values()).map(c -> DynamicTest.dynamicTest(c.seedName(), () -> {
            LawRunner runner = LawRunner.on(cached(c.seedName(), Generators.ir(c))).samples(SAMPLES)
                    .maxSize(MAX_SIZE);
            assertThat(methods(c).toJavaParallelStream()
                    .map(method -> runner.check(Law.preservesMeaning(method, Conventional::violation)))
                    .filter(report -> !report.holds()).map(LawReport::describe)).isEmpty();
        }));
    }

    @TestFactory
    Stream<DynamicTest> destructionAfterConstructionIsTheIdentityOnMeaning() {
        LirLawRunner runner = LirLawRunner.on(cached("lir", Generators.lir())).samples(SAMPLES).maxSize(MAX_SIZE);
        return Stream.of(Construction.values()).map(c -> DynamicTest.dynamicTest(c.seedName(), () ->
                assertThat(methods(c).toJavaParallelStream()
                        .map(method -> runner.check(LirLaw.preservesMeaning(method.name() + " ∘ " + c.seedName()
                                + " is the identity on meaning", m -> LirWriter.write(method.apply(Ssa.construct(m, c))))))
                        .filter(report -> !report.holds()).map(LirLawReport::describe)).isEmpty()));
    }
}
