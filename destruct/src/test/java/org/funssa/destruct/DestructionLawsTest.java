package org.funssa.destruct;

import io.vavr.collection.Stream;
import io.vavr.collection.Vector;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.testkit.Generator;
import org.funssa.cps.testkit.Generators;
import org.funssa.cps.testkit.Law;
import org.funssa.cps.testkit.LawRunner;
import org.funssa.cps.testkit.LirLaw;
import org.funssa.cps.testkit.LirLawRunner;
import org.funssa.cps.testkit.LirSample;
import org.funssa.cps.testkit.Sample;
import org.funssa.destruct.conventional.Conventional;
import org.funssa.destruct.lir.LirWriter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Issue 5's laws for every registered destruction ({@link Destructions#names()}, so methods registered later
 * are checked too), alone and followed by Chaitin's coalescing, after every construction: the destruction
 * preserves meaning on generated IR, and destruction ∘ construction, written back as LIR, is the identity on
 * the meaning of generated LIR.
 */
class DestructionLawsTest {

    /**
     * Checks per law, shared among the constructions and methods so that the time does not grow with the
     * registry: with 5 constructions and 2 methods, each alone and with Chaitin, 50 samples per pair.
     */
    private static final int CHECKS = 1000;
    private static final int MAX_SIZE = 10;
    private static final int SAMPLES = Math.max(10, CHECKS / (Construction.values().length * methods().size()));

    /** The generated samples, shared by every method: the constructed programs are made once. */
    private static final Map<String, Object> CACHE = new ConcurrentHashMap<>();

    private static Vector<Destruction> methods() {
        return Destructions.names().flatMap(name -> Vector.of(false, true)
                .map(chaitin -> Destructions.named(name, chaitin).get()));
    }

    private static <T> Generator<T> cached(String key, Generator<T> generator) {
        @SuppressWarnings("unchecked")
        Generator<T> g = (seed, size) -> (T) CACHE.computeIfAbsent(key + " " + seed + " " + size,
                k -> generator.generate(seed, size));
        return g;
    }

    @TestFactory
    Stream<DynamicTest> everyDestructionPreservesMeaningAfterEveryConstruction() {
        return Stream.of(Construction.values()).flatMap(c -> methods().map(method -> DynamicTest.dynamicTest(
                c.seedName() + "/" + method.name(), () -> {
                    Generator<Sample> samples = cached(c.seedName(), Generators.ir(c));
                    LawRunner.on(samples).samples(SAMPLES).maxSize(MAX_SIZE)
                            .check(Law.preservesMeaning(method, Conventional::violation))
                            .assertHolds();
                })));
    }

    @TestFactory
    Stream<DynamicTest> destructionAfterConstructionIsTheIdentityOnMeaning() {
        Generator<LirSample> lir = cached("lir", Generators.lir());
        return Stream.of(Construction.values()).flatMap(c -> methods().map(method -> DynamicTest.dynamicTest(
                c.seedName() + "/" + method.name(), () -> LirLawRunner.on(lir).samples(SAMPLES).maxSize(MAX_SIZE)
                        .check(LirLaw.preservesMeaning(method.name() + " ∘ " + c.seedName()
                                + " is the identity on meaning", m -> LirWriter.write(method.apply(Ssa.construct(m, c)))))
                        .assertHolds())));
    }
}
