package org.funssa.cps.construct;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.gen.Storage;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.alpha.Alpha;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Program;
import org.funssa.cps.prep.LirNames;
import org.funssa.cps.prep.TreeDivision;
import org.junit.jupiter.api.Test;

/**
 * Construction divides trees while it lowers statements to lets (Lowering), and before only what needs LIR
 * statements or blocks (TreeDivision.beforeLowering). Constructing a module whose trees TreeDivision has divided
 * first must give the same IR up to the names of the temporaries, under the options that change what lowering
 * reads (copy folding, ψ construction), for the lifted, dropped and pruned constructions. Not for the minimal one,
 * where each temporary of divided LIR is a register and gets dead φs at its definitions' frontiers, nor for the
 * semi-pruned one, which gives the temporaries of lazy IFs dead φs too, ordered by name among each other: their
 * names are numbered from 1 in both ways, among fewer temporaries when the division is left to lowering. Frame
 * promotion stays off: run after division it would find temporaries holding frame loads where it otherwise
 * finds the loads.
 */
class DivisionWhileLoweringTest {

    private static final Vector<Construction> CONSTRUCTIONS = Vector.of(Construction.LIFTED, Construction.DROPPED,
            Construction.PRUNED);

    private static final ConstructionOptions NO_PROMOTION = ConstructionOptions.DEFAULTS.withFramePromotion(false);

    private static final Vector<ConstructionOptions> OPTIONS = Vector.of(NO_PROMOTION, ConstructionOptions.PLAIN,
            NO_PROMOTION.withPsiConstruction(true));

    @Test
    void generatedModulesConstructAsTheirDividedForms() {
        for (Shape shape : Shape.values()) {
            for (Storage storage : Storage.values()) {
                for (long seed = 0; seed < 4; seed++) {
                    Module module = LirGenerator.generate(seed, GeneratorConfig.defaults().withShape(shape)
                            .withStorage(storage)).module();
                    for (ConstructionOptions options : OPTIONS) {
                        for (Construction construction : CONSTRUCTIONS) {
                            assertSameAsDivided(module, construction, options,
                                    shape + " " + storage + " seed " + seed + " " + construction + " " + options);
                        }
                    }
                }
            }
        }
    }

    /** Trees in every place a statement has them, a lazy IF among them, and loads in a jump's test. */
    @Test
    void nestedTreesEverywhereConstructAsTheirDividedForm() {
        Module module = LirReader.read("trees.lir", """
                (MODULE "trees"
                  (SYMTAB
                    ("f" STATIC UNKNOWN 4 ".text" XDEF)
                    ("g" STATIC UNKNOWN 4 ".text" XREF)
                    ("a" STATIC I32 4 ".bss" XDEF))
                  (FUNCTION "f"
                    (SYMTAB ("x%" REG I32 4 0) ("y%" REG I32 4 0) ("z%" REG I32 4 0))
                    (PROLOGUE (0 0) (REG I32 "x%") (REG I32 "y%"))
                    (SET I32 (REG I32 "z%") (ADD I32 (MUL I32 (REG I32 "x%") (INTCONST I32 3))
                      (SUB I32 (MEM I32 (STATIC I64 "a")) (REG I32 "y%"))))
                    (SET I32 (MEM I32 (ADD I64 (STATIC I64 "a") (MUL I64 (INTCONST I64 4) (INTCONST I64 0))))
                      (NEG I32 (REG I32 "z%")))
                    (CALL (STATIC I64 "g") ((ADD I32 (REG I32 "x%") (INTCONST I32 1)) (MEM I32 (STATIC I64 "a")))
                      ((REG I32 "y%")))
                    (SET I32 (REG I32 "x%") (IF I32 (TSTGTS I32 (REG I32 "y%") (INTCONST I32 0))
                      (ADD I32 (REG I32 "x%") (REG I32 "z%")) (REG I32 "y%")))
                    (JUMPC (TSTLTS I32 (ADD I32 (MEM I32 (STATIC I64 "a")) (REG I32 "x%")) (INTCONST I32 9))
                      (LABEL I64 "yes") (LABEL I64 "no"))
                    (DEFLABEL "yes")
                    (EPILOGUE (0 0) (SUB I32 (REG I32 "x%") (MEM I32 (STATIC I64 "a"))))
                    (DEFLABEL "no")
                    (EPILOGUE (0 0) (BAND I32 (REG I32 "x%") (REG I32 "z%")))))
                """);
        for (ConstructionOptions options : OPTIONS) {
            for (Construction construction : CONSTRUCTIONS) {
                assertSameAsDivided(module, construction, options, construction + " " + options);
            }
        }
    }

    private static void assertSameAsDivided(Module module, Construction construction, ConstructionOptions options,
                                            String what) {
        Program whileLowering = Ssa.construct(module, construction, options);
        Module divided = new Module(module.name(), module.symbols(), module.items().map(item ->
                item instanceof Module.Function f
                        ? TreeDivision.apply(f, LirNames.supply(f), options.psiConstruction())
                        : item));
        Program before = Ssa.construct(divided, construction, options);
        // the IR keeps the function's own symbols; divided first, they include the temporaries TreeDivision declares
        Vector<Function> functions = before.functions().zip(whileLowering.functions())
                .map(p -> p._1.withSymbols(p._2.symbols()));
        assertThat(Alpha.equivalent(whileLowering, new Program(before.name(), before.symbols(), before.data(),
                functions))).as(what).isTrue();
    }
}
