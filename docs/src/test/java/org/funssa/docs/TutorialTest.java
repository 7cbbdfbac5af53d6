package org.funssa.docs;

import static org.assertj.core.api.Assertions.assertThat;

import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.funssa.core.corpus.Corpus;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.construct.CanonicalOrder;
import org.funssa.cps.construct.Construction;
import org.funssa.cps.construct.Ssa;
import org.funssa.cps.history.History;
import org.funssa.cps.history.ProgramSize;
import org.funssa.cps.history.Step;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.testkit.Generators;
import org.funssa.cps.testkit.Law;
import org.funssa.cps.testkit.LawRunner;
import org.funssa.cps.testkit.LirLaw;
import org.funssa.cps.testkit.LirLawRunner;
import org.funssa.cps.testkit.Sample;
import org.funssa.cps.testkit.Verdict;
import org.funssa.destruct.Destruction;
import org.funssa.destruct.Destructions;
import org.funssa.destruct.lir.LirWriter;
import org.junit.jupiter.api.Test;

/** The code of docs/tutorial.md: each region is quoted there verbatim (DocsSnippetsTest checks it). */
class TutorialTest {

    // region pass
    /** Removes a block parameter that every jump passes the same constant, binding it with a let instead. */
    static final class ConstantParameters implements Pass {

        @Override
        public String name() {
            return "constant-parameters";
        }

        @Override
        public Program apply(Program program) {
            return new Program(program.name(), program.symbols(), program.data(),
                    program.functions().map(ConstantParameters::apply));
        }

        static Function apply(Function f) {
            // 1. For each label, the arguments of every jump to it.
            Map<Label, List<Vector<Atom>>> calls = new HashMap<>();
            ArrayDeque<Body> todo = new ArrayDeque<>(List.of(f.body()));
            while (!todo.isEmpty()) {
                Body b = todo.pop();
                b.tail().jumps().forEach(j -> calls.computeIfAbsent(j.target(), l -> new ArrayList<>()).add(j.args()));
                b.functions().forEach(fn -> todo.push(fn.body()));
            }
            // 2. The parameter positions that always receive one and the same literal.
            Map<Label, Map<Integer, Atom>> constant = new HashMap<>();
            calls.forEach((label, argLists) -> {
                for (int k = 0; k < argLists.get(0).size(); k++) {
                    Atom first = argLists.get(0).get(k);
                    int position = k;
                    boolean literal = first instanceof Atom.IntLit || first instanceof Atom.FloatLit;
                    if (literal && argLists.stream().allMatch(args -> args.get(position).equals(first))) {
                        constant.computeIfAbsent(label, l -> new HashMap<>()).put(k, first);
                    }
                }
            });
            return constant.isEmpty() ? f : f.withBody(rebuild(f.body(), constant));
        }

        /** Rebuilds the nest bottom-up with an explicit stack: nests may be 10^5 deep. */
        private static Body rebuild(Body root, Map<Label, Map<Integer, Atom>> constant) {
            record Frame(Body body, List<Fn> done) {}
            ArrayDeque<Frame> stack = new ArrayDeque<>(List.of(new Frame(root, new ArrayList<>())));
            Body result = null;
            while (result == null) {
                Frame top = stack.peek();
                if (top.done().size() < top.body().functions().size()) {
                    stack.push(new Frame(top.body().functions().get(top.done().size()).body(), new ArrayList<>()));
                    continue;
                }
                stack.pop();
                Tail tail = switch (top.body().tail()) {
                    case Tail.Jump j -> drop(j, constant);
                    case Tail.Branch b -> new Tail.Branch(b.condition(), drop(b.ifTrue(), constant),
                            drop(b.ifFalse(), constant));
                    case Tail.Switch s -> new Tail.Switch(s.value(), s.cases().map(c ->
                            new Tail.Case(c.value(), drop(c.target(), constant))), drop(s.otherwise(), constant));
                    case Tail.Return r -> r;
                };
                Body body = new Body(top.body().lets(), Vector.ofAll(top.done()), tail);
                if (stack.isEmpty()) {
                    result = body;
                } else {
                    Frame parent = stack.peek();
                    Fn fn = parent.body().functions().get(parent.done().size());
                    Map<Integer, Atom> fixed = constant.getOrDefault(fn.label(), Map.of());
                    Vector<Let> bindings = Vector.empty();
                    Vector<Atom.Var> params = Vector.empty();
                    for (int k = 0; k < fn.params().size(); k++) {
                        if (fixed.containsKey(k)) {
                            bindings = bindings.append(Let.of(fn.params().get(k), new Expr.Copy(fixed.get(k))));
                        } else {
                            params = params.append(fn.params().get(k));
                        }
                    }
                    parent.done().add(new Fn(fn.label(), params, body.withLets(bindings.appendAll(body.lets()))));
                }
            }
            return result;
        }

        private static Tail.Jump drop(Tail.Jump jump, Map<Label, Map<Integer, Atom>> constant) {
            Map<Integer, Atom> fixed = constant.getOrDefault(jump.target(), Map.of());
            Vector<Atom> args = Vector.empty();
            for (int k = 0; k < jump.args().size(); k++) {
                if (!fixed.containsKey(k)) {
                    args = args.append(jump.args().get(k));
                }
            }
            return new Tail.Jump(jump.target(), args);
        }
    }
    // endregion

    @Test
    void theLawHoldsOnTheCorpusAndOnGeneratedPrograms() {
        // region law
        Law law = Law.preservesMeaning(new ConstantParameters());
        // endregion

        // region corpus
        for (Corpus.Program p : Corpus.require().programs().take(8)) {
            Program program = Ssa.construct(LirReader.read(p.before()), Construction.LIFTED);
            Verdict verdict = law.check(new Sample(program, 100_000_000));
            assertThat(verdict).as(p.path()).isEqualTo(Verdict.HOLDS);
        }
        // endregion

        // region generated
        LawRunner.on(Generators.ir(Construction.LIFTED)).samples(20).check(law).assertHolds();
        // endregion
    }

    @Test
    void thePassRemovesConstantParametersAndCanBeUndone() {
        Program program = Generators.ir(Construction.LIFTED).generate(3, 10).program();
        // region history
        History history = History.of(program)
                .apply(new ConstantParameters(), LinkedHashMap.of("note", "tutorial"))
                .mark("constants removed");
        System.out.println(history.log().last());   // 1 constant-parameters(note=tutorial) …
        History undone = history.undo();
        assertThat(undone.current()).isSameAs(program);
        assertThat(undone.redo().current()).isEqualTo(history.snapshot("constants removed"));
        // endregion
        assertThat(history.log().last().step().pass()).isEqualTo("constant-parameters");
        assertThat(history.log().last().size()).isEqualTo(ProgramSize.of(history.current()));
        assertThat(history.diff(0, 1).isEmpty()).isEqualTo(history.current().equals(program));
    }

    @Test
    void lawsAboutWholeTranslationsHoldOnGeneratedLir() {
        // region translations
        Destruction srd3 = Destructions.named("srd3").get();
        LirLaw roundTrip = LirLaw.preservesMeaning("srd3 ∘ prun is the identity on meaning",
                m -> LirWriter.write(srd3.apply(Ssa.construct(m, Construction.PRUNED))));
        LirLaw droppedIsPruned = LirLaw.alphaEquivalent("dropped is α-equivalent to prun in canonical order",
                m -> CanonicalOrder.of(Ssa.construct(m, Construction.DROPPED)),
                m -> CanonicalOrder.of(Ssa.construct(m, Construction.PRUNED)));
        LirLawRunner runner = LirLawRunner.on(Generators.lir()).samples(10);
        runner.check(roundTrip).assertHolds();
        runner.check(droppedIsPruned).assertHolds();
        // endregion
    }

    @Test
    void aPipelineIsAHistoryWhoseLogShowsWhatEachStepCost() {
        Module module = Generators.lir().generate(7, 6).module();
        // region snapshots
        long start = System.nanoTime();
        Program ssa = Ssa.construct(module, Construction.PRUNED);
        Duration construction = Duration.ofNanos(System.nanoTime() - start);
        History history = History.of(ssa, new Step("prun", LinkedHashMap.empty(), construction))
                .apply(new ConstantParameters());
        start = System.nanoTime();
        Program destructed = Destructions.named("srd3").get().apply(history.current());
        history = history.record(destructed, new Step("srd3", LinkedHashMap.empty(),
                Duration.ofNanos(System.nanoTime() - start)));
        history.log().forEach(System.out::println);
        // 0 prun 166.930 ms: 466 lets, 26 local functions; 521 new, 0 shared
        // 1 constant-parameters 0.154 ms: 466 lets, 26 local functions; 0 new, 521 shared
        // 2 srd3 2.927 ms: 481 lets, 30 local functions; 124 new, 420 shared
        // endregion
        assertThat(history.log().map(e -> e.step().pass())).containsExactly("prun", "constant-parameters", "srd3");
        assertThat(history.log().head().sharing().sharedNodes()).isZero();
        assertThat(history.log().last().sharing().sharedNodes()).isPositive(); // srd3 keeps the lets it leaves
        assertThat(history.undo().current()).isSameAs(history.snapshot(1));
    }
}
