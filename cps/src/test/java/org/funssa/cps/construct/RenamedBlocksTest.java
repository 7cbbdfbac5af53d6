package org.funssa.cps.construct;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.Vector;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.funssa.core.cfg.Cfg;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.graph.DominatorTree;
import org.funssa.core.graph.IntList;
import org.funssa.core.lir.Module;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.prep.PhiPlacement;
import org.funssa.cps.rewrite.Substitution;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * What renaming records for redundant-φ elimination (RenamedBlocks) against what reading the code it wrote gives:
 * the node each jump goes to, taken from the graph's successors, is the node its label names; and the blocks
 * recorded as using each φ, told by the environment as the blocks were lowered, include every block whose code uses
 * it, each once, and only blocks in its scope (dominated by its block). And the decision's replacement of each atom
 * the code uses, by variable number, is the substitution's. On generated modules of every shape, for the three
 * placements, with copy folding (which reads φs into copies) and without.
 */
class RenamedBlocksTest {

    private static final Vector<ConstructionOptions> OPTIONS = Vector.of(ConstructionOptions.DEFAULTS,
            ConstructionOptions.PLAIN.withRedundantPhiElimination(true));

    private static final int SEEDS = 6;

    @TestFactory
    Stream<DynamicTest> theRecordedTargetsAndUsersAreThoseTheCodeGives() {
        return Stream.of(Shape.values()).map(shape -> DynamicTest.dynamicTest(shape.name(), () -> {
            int phisUsed = 0;
            for (int seed = 0; seed < SEEDS; seed++) {
                Module module = LirGenerator.generate(seed, GeneratorConfig.defaults().withShape(shape)).module();
                for (Module.Function f : module.functions()) {
                    for (ConstructionOptions options : OPTIONS) {
                        for (PhiPlacement.Variant variant : PhiPlacement.Variant.values()) {
                            phisUsed += check(NormalForm.of(f, options), variant, options,
                                    shape + " seed " + seed + " " + f.name() + " " + variant + " " + options);
                        }
                    }
                }
            }
            if (shape != Shape.STRAIGHT) {
                assertThat(phisUsed).as("φs used in %s", shape).isPositive();
            }
        }));
    }

    /** Checks one function's tables; returns how many φs some block uses. */
    private static int check(NormalForm form, PhiPlacement.Variant variant, ConstructionOptions options,
                             String where) {
        RenamedBlocks renamed = CytronConstruction.rename(form, variant, options).blocks();
        Cfg cfg = form.cfg();
        DominatorTree tree = form.dominators();
        for (int node = 0; node < renamed.size(); node++) {
            Tail tail = renamed.code(tree.preorder().get(node)).tail();
            assertThat(renamed.jumpCount(node)).as(where).isEqualTo(tail.jumpCount());
            for (int k = 0; k < tail.jumpCount(); k++) {
                int named = tree.preNumber(cfg.blockOf(tail.jump(k).target().name()).get());
                assertThat(renamed.target(node, k)).as("%s: node %d jump %d", where, node, k).isEqualTo(named);
            }
        }
        Map<Atom, BitSet> usersInCode = usersInCode(renamed, tree);
        int used = 0;
        for (int node = 1; node < renamed.size(); node++) {
            int block = tree.preorder().get(node);
            for (Atom.Var phi : renamed.params(node)) {
                IntList users = renamed.users(phi);
                BitSet recorded = new BitSet();
                for (int i = 0; i < users.size(); i++) {
                    int user = users.get(i);
                    assertThat(recorded.get(user)).as("%s: %s recorded twice for block %d", where, phi, user)
                            .isFalse();
                    assertThat(tree.dominates(block, user)).as("%s: %s used out of scope", where, phi).isTrue();
                    recorded.set(user);
                }
                BitSet using = usersInCode.getOrDefault(phi, new BitSet());
                BitSet missing = (BitSet) using.clone();
                missing.andNot(recorded);
                assertThat(missing.isEmpty()).as("%s: blocks %s use %s, not recorded", where, missing, phi).isTrue();
                used += using.isEmpty() ? 0 : 1;
            }
        }
        AgreedParameters agreed = AgreedParameters.decide(renamed, "rpe", true);
        Substitution substitution = agreed.substitution();
        for (Atom a : usersInCode.keySet()) {
            assertThat(agreed.replacement(a)).as("%s: %s", where, a).isEqualTo(substitution.apply(a));
        }
        return used;
    }

    /** For each atom, the blocks whose lets or tail use it, read from the code. */
    private static Map<Atom, BitSet> usersInCode(RenamedBlocks renamed, DominatorTree tree) {
        Map<Atom, BitSet> users = new HashMap<>();
        for (int node = 0; node < renamed.size(); node++) {
            int b = tree.preorder().get(node);
            Lowering.Block code = renamed.code(b);
            Vector<Atom> uses = code.tail().uses();
            for (Let let : code.lets()) {
                for (int i = 0; i < let.operandCount(); i++) {
                    uses = uses.append(let.operand(i));
                }
            }
            for (Tail.Jump jump : code.tail().jumps()) {
                uses = uses.appendAll(jump.args());
            }
            for (Atom a : uses) {
                users.computeIfAbsent(a, x -> new BitSet()).set(b);
            }
        }
        return users;
    }
}
