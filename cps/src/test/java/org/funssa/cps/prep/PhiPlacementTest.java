package org.funssa.cps.prep;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.Tuple;
import io.vavr.Tuple2;
import io.vavr.collection.HashSet;
import io.vavr.collection.Set;
import io.vavr.collection.Stream;
import io.vavr.collection.TreeSet;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.cfg.RegisterEffects;
import org.funssa.core.cfg.RegisterLiveness;
import org.funssa.core.corpus.TestCorpus;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.graph.DominanceFrontiers;
import org.funssa.core.graph.Dominators;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.IntSeq;
import org.funssa.core.graph.IteratedDominanceFrontier;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.prep.PhiPlacement.Placement;
import org.funssa.cps.prep.PhiPlacement.Variant;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class PhiPlacementTest {

    /**
     * Seed 004 Figure 4.2 as its footnotes describe it: the entry defines x, y, z; both arms of a
     * diamond redefine all three; x is used only in the block defining it (footnote 3), y is used in an
     * arm but dead at the merge (footnote 4), z is used after the merge (footnote 1).
     */
    private static final String FIGURE_4_2 = """
            (MODULE "fig42"
              (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
              (FUNCTION "main"
                (SYMTAB ("x%" REG I32 4 0) ("y%" REG I32 4 0) ("z%" REG I32 4 0) ("c%" REG I32 4 0))
                (PROLOGUE (0 0) (REG I32 "c%"))
                (SET I32 (REG I32 "x%") (INTCONST I32 1))
                (SET I32 (REG I32 "y%") (INTCONST I32 2))
                (SET I32 (REG I32 "z%") (INTCONST I32 3))
                (JUMPC (TSTNE I32 (REG I32 "c%") (INTCONST I32 0)) (LABEL I64 "then") (LABEL I64 "else"))
                (DEFLABEL "then")
                (SET I32 (REG I32 "x%") (INTCONST I32 4))
                (SET I32 (REG I32 "c%") (REG I32 "x%"))
                (SET I32 (REG I32 "z%") (REG I32 "y%"))
                (SET I32 (REG I32 "y%") (INTCONST I32 5))
                (JUMP (LABEL I64 "join"))
                (DEFLABEL "else")
                (SET I32 (REG I32 "x%") (INTCONST I32 6))
                (SET I32 (REG I32 "y%") (REG I32 "c%"))
                (SET I32 (REG I32 "z%") (INTCONST I32 7))
                (JUMP (LABEL I64 "join"))
                (DEFLABEL "join")
                (EPILOGUE (0 0) (REG I32 "z%"))))
            """;

    @Test
    void figure42VariantsPlaceWhatTheFootnotesSay() {
        Module.Function main = LirReader.read("fig42.lir", FIGURE_4_2).functions().head();
        // y is read in "then" before being redefined there: non-local, but dead at the join. c (the
        // parameter, redefined in "then") is read in "else" before any definition there: the same.
        assertThat(PhiPlacement.place(main, Variant.MINIMAL).byBlock().toJavaMap())
                .containsOnlyKeys("join").containsEntry("join", TreeSet.of("c%", "x%", "y%", "z%"));
        assertThat(PhiPlacement.place(main, Variant.SEMI_PRUNED).byBlock().toJavaMap())
                .containsOnlyKeys("join").containsEntry("join", TreeSet.of("c%", "y%", "z%"));
        assertThat(PhiPlacement.place(main, Variant.PRUNED).byBlock().toJavaMap())
                .containsOnlyKeys("join").containsEntry("join", TreeSet.of("z%"));
    }

    /**
     * A block's φs come by register number, ordered by register name: z is numbered before a (it is named first),
     * yet a's φ comes first, the order of the block's parameters.
     */
    @Test
    void phisAtABlockAreOrderedByNameNotByNumber() {
        Module.Function main = LirReader.read("order.lir", """
                (MODULE "order"
                  (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
                  (FUNCTION "main"
                    (SYMTAB ("z%" REG I32 4 0) ("a%" REG I32 4 0) ("c%" REG I32 4 0))
                    (PROLOGUE (0 0) (REG I32 "c%"))
                    (SET I32 (REG I32 "z%") (INTCONST I32 1))
                    (SET I32 (REG I32 "a%") (INTCONST I32 2))
                    (JUMPC (TSTNE I32 (REG I32 "c%") (INTCONST I32 0)) (LABEL I64 "then") (LABEL I64 "join"))
                    (DEFLABEL "then")
                    (SET I32 (REG I32 "z%") (INTCONST I32 3))
                    (SET I32 (REG I32 "a%") (INTCONST I32 4))
                    (JUMP (LABEL I64 "join"))
                    (DEFLABEL "join")
                    (EPILOGUE (0 0) (ADD I32 (REG I32 "a%") (REG I32 "z%")))))
                """).functions().head();
        Cfg cfg = Cfg.of(main);
        DominatorTree tree = Dominators.of(cfg);
        RegisterEffects effects = RegisterEffects.of(cfg);
        int z = effects.numberOf("z%").get();
        int a = effects.numberOf("a%").get();
        assertThat(z).isLessThan(a);
        for (Variant variant : Variant.values()) {
            Placement placement = PhiPlacement.place(effects, tree, DominanceFrontiers.of(cfg, tree), variant);
            assertThat(placement.at(cfg.blockOf("join").get())).as(variant.name()).isEqualTo(IntSeq.of(a, z));
            assertThat(placement.at(cfg.blockOf("then").get())).as(variant.name()).isEqualTo(IntSeq.empty());
            assertThat(placement.at("join").toJavaList()).as(variant.name()).containsExactly("a%", "z%");
            assertThat(placement.count()).as(variant.name()).isEqualTo(2);
        }
    }

    @TestFactory
    Stream<DynamicTest> variantsNestAndMatchTheirDefinitionsOnTheCorpus() {
        return Stream.ofAll(TestCorpus.require().programs()).flatMap(program -> program.lirFiles().map(file ->
                DynamicTest.dynamicTest(file.getFileName().toString(), () -> {
                    for (Module.Function f : LirReader.read(file).functions()) {
                        check(f);
                        check(TreeDivision.apply(f));
                    }
                })));
    }

    /**
     * Generated functions of every shape, the counted loops of COUNTERS_AHEAD and COUNTERS_LATE included, 30
     * seeds each at the default size and one sized function of 3000 instructions (about 170 loops): pruning by
     * liveness checks places the φs the full live sets place.
     */
    @TestFactory
    Stream<DynamicTest> variantsMatchTheirDefinitionsOnGeneratedFunctions() {
        return Stream.of(Shape.values()).map(shape -> DynamicTest.dynamicTest(shape.name(), () -> {
            for (long seed = 0; seed < 30; seed++) {
                for (Module.Function f : LirGenerator.generate(seed, GeneratorConfig.defaults().withShape(shape))
                        .module().functions()) {
                    check(f);
                    check(TreeDivision.apply(f));
                }
            }
            check(TreeDivision.apply(LirGenerator.generate(1, GeneratorConfig.sized(3_000, shape)).module()
                    .functions().head()));
        }));
    }

    /**
     * PRUNED ⊆ SEMI_PRUNED ⊆ MINIMAL, and each equals its definition computed independently with
     * Sreedhar–Gao iterated frontiers and the full live sets of RegisterLiveness: MINIMAL = {(v, Y) : Y ∈
     * IDF(defs(v))}, SEMI_PRUNED the same for non-local v, PRUNED = {(v, Y) : Y ∈ IDF(defs(v)), v live-in at Y}.
     */
    private static void check(Module.Function f) {
        Cfg cfg = Cfg.of(f);
        DominatorTree tree = Dominators.of(cfg);
        RegisterLiveness liveness = RegisterLiveness.of(cfg);
        DominanceFrontiers frontiers = DominanceFrontiers.of(cfg, tree);
        Set<Tuple2<String, String>> minimal = sites(PhiPlacement.place(liveness.effects(), tree, frontiers,
                Variant.MINIMAL));
        Set<Tuple2<String, String>> semi = sites(PhiPlacement.place(liveness.effects(), tree, frontiers,
                Variant.SEMI_PRUNED));
        Set<Tuple2<String, String>> pruned = sites(PhiPlacement.place(liveness.effects(), tree, frontiers,
                Variant.PRUNED));
        assertThat(minimal.containsAll(semi)).as(f.name() + ": semi-pruned ⊆ minimal").isTrue();
        assertThat(semi.containsAll(pruned)).as(f.name() + ": pruned ⊆ semi-pruned").isTrue();

        IteratedDominanceFrontier idf = new IteratedDominanceFrontier(cfg, tree);
        Set<Tuple2<String, String>> wantMinimal = HashSet.empty();
        Set<Tuple2<String, String>> wantSemi = HashSet.empty();
        Set<Tuple2<String, String>> wantPruned = HashSet.empty();
        for (int v = 0; v < liveness.registers().size(); v++) {
            int var = v;
            IntSeq defs = IntSeq.of(java.util.stream.IntStream.range(0, cfg.size())
                    .filter(b -> liveness.defs(b).contains(var)).toArray());
            boolean nonLocal = java.util.stream.IntStream.range(0, cfg.size()).anyMatch(b -> liveness.uses(b).contains(var));
            IntSeq frontier = idf.of(defs);
            for (int i = 0; i < frontier.size(); i++) {
                int y = frontier.get(i);
                Tuple2<String, String> site = Tuple.of(liveness.registers().get(v), cfg.block(y).label());
                wantMinimal = wantMinimal.add(site);
                if (nonLocal) {
                    wantSemi = wantSemi.add(site);
                }
                if (liveness.liveIn(y).contains(v)) {
                    wantPruned = wantPruned.add(site);
                }
            }
        }
        assertThat(minimal).as(f.name() + " minimal").isEqualTo(wantMinimal);
        assertThat(semi).as(f.name() + " semi-pruned").isEqualTo(wantSemi);
        assertThat(pruned).as(f.name() + " pruned").isEqualTo(wantPruned);
    }

    private static Set<Tuple2<String, String>> sites(Placement placement) {
        return HashSet.ofAll(placement.sites());
    }
}
