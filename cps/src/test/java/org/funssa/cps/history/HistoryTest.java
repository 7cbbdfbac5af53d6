package org.funssa.cps.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Vector;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.DeepIr;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Type;
import org.funssa.cps.pass.Pass;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/** Issue 5's snapshots: undo/redo like an editor, marks, the log, branching threads, diffs and sharing. */
class HistoryTest {

    private static final int DEEP = 100_000;

    private static Program deep() {
        return new Program("deep", Vector.empty(), Vector.empty(), Vector.of(DeepIr.nest(DEEP, "")));
    }

    private static Program small() {
        return new Program("small", Vector.empty(), Vector.empty(), Vector.of(DeepIr.nest(5, "")));
    }

    /**
     * The number of the variable the "entry" step of {@link #aStepThatChangesAFunctionBodyOrTheProgramIsKeptWhole}
     * adds: above the function's count, as that test checks how snapshots are kept, not whether they verify.
     */
    private static final int TOUCHED = 1_000_000;

    /**
     * Adds {@code let t = x + 0} to the body of local function {@code L<n>}, by path copying, with {@code t} the
     * function's next variable number, as a pass would number it.
     */
    private static Pass touch(int n) {
        return Pass.ofProgram("touch" + n, p -> {
            Function deep = p.function("deep").get();
            Atom.Var t = new Atom.Var(deep.varCount(), "t" + n, Type.I32);
            Program touched = Rewrite.replaceLocalFunction(p, "deep", new Label("L" + n), fn ->
                    fn.withBody(fn.body().withLets(fn.body().lets().append(Let.of(t,
                            new Expr.Prim(Op.ADD, Type.I32, Vector.of(fn.params().get(0), Atom.i32(0))))))));
            Function f = touched.function("deep").get();
            return touched.withFunctions(touched.functions().replace(f, f.withBody(f.body(), t.id() + 1)));
        });
    }

    @Test
    void undoRedoAndApplyAfterUndoDropsRedo() {
        Program p0 = small();
        History h = History.of(p0).apply(touch(1)).apply(touch(2));
        Program p2 = h.current();
        History back = h.undo();
        assertThat(back.current()).isNotEqualTo(p2);
        assertThat(back.redo().current()).isEqualTo(p2);
        assertThat(back.undo().current()).isSameAs(p0);
        assertThat(back.undo().canUndo()).isFalse();
        History branched = back.apply(touch(3));
        assertThat(branched.canRedo()).isFalse();
        assertThatThrownBy(branched::redo).isInstanceOf(IllegalStateException.class).hasMessageContaining("redo");
        assertThatThrownBy(() -> History.of(p0).undo()).isInstanceOf(IllegalStateException.class);
        assertThat(branched.log().map(e -> e.step().pass())).containsExactly("input", "touch1", "touch3");
        // The old history is untouched.
        assertThat(h.current()).isSameAs(p2);
        assertThat(h.log().map(e -> e.step().pass())).containsExactly("input", "touch1", "touch2");
    }

    @Test
    void marksAndCheckout() {
        History h = History.of(small()).apply(touch(1)).mark("one").apply(touch(2)).mark("two").undo().undo();
        History one = h.checkout("one");
        assertThat(one.current()).isEqualTo(h.snapshot("one"));
        assertThat(one.log().map(e -> e.step().pass())).containsExactly("input", "touch1");
        assertThat(one.checkout("two").log().map(e -> e.step().pass())).containsExactly("input", "touch1", "touch2");
        assertThat(h.marks()).containsExactly("one", "two");
        assertThatThrownBy(() -> h.checkout("three")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no mark \"three\"").hasMessageContaining("one, two");
        assertThat(h.diff("one", "two").functions()).hasSize(1);
    }

    @Test
    void logRecordsPassOptionsTimeSizeAndSharing() {
        History h = History.of(small()).apply(touch(3), LinkedHashMap.of("depth", "3", "verbose", ""));
        Vector<LogEntry> log = h.log();
        assertThat(log).hasSize(2);
        LogEntry input = log.get(0);
        assertThat(input.size()).isEqualTo(new ProgramSize(5, 5, 0, 0));
        assertThat(input.sharing().sharedNodes()).isZero();
        LogEntry step = log.get(1);
        assertThat(step.step().pass()).isEqualTo("touch3");
        assertThat(step.step().optionsText()).isEqualTo("depth=3,verbose");
        assertThat(step.step().elapsed()).isPositive();
        assertThat(step.size()).isEqualTo(new ProgramSize(6, 5, 0, 0));
        // New: bodies and local functions L1..L3 on the path, the function's body, and the new let.
        assertThat(step.sharing().newNodes()).isEqualTo(3 + 4 + 1);
        assertThat(step.sharing().newNodes() + step.sharing().sharedNodes()).isEqualTo(6 + 2 * 5 + 1);
        assertThat(step.toString()).startsWith("1 touch3(depth=3,verbose) ").contains("6 lets, 5 local functions");
    }

    @Test
    void stepsMadeOutsideTheHistoryAreRecordedWithTheirOptionsAndTime() {
        Program p0 = small();
        Step construction = new Step("prun", LinkedHashMap.of("no-copy-folding", ""), java.time.Duration.ofMillis(7));
        Program p1 = touch(2).apply(p0);
        History h = History.of(p0, construction).record(p1, new Step("touch", LinkedHashMap.empty(),
                java.time.Duration.ofMillis(3)));
        assertThat(h.current()).isSameAs(p1);
        assertThat(h.undo().current()).isSameAs(p0);
        assertThat(h.undo().canUndo()).isFalse();
        Vector<LogEntry> log = h.log();
        assertThat(log.map(e -> e.step().pass())).containsExactly("prun", "touch");
        assertThat(log.get(0).toString()).startsWith("0 prun(no-copy-folding) 7.000 ms: 5 lets, 5 local functions;");
        assertThat(log.get(0).sharing().sharedNodes()).isZero();
        assertThat(log.get(1).sharing().newNodes()).isEqualTo(2 + 3 + 1);
        assertThat(h.undo().record(p0, Step.INPUT).canRedo()).isFalse();
    }

    @Test
    void twoThreadsBranchFromTheSameSnapshot() throws Exception {
        History base = History.of(small()).apply(touch(1)).mark("base");
        CyclicBarrier start = new CyclicBarrier(2);
        CompletableFuture<History> a = CompletableFuture.supplyAsync(() -> {
            await(start);
            History h = base;
            for (int i = 2; i <= 5; i++) {
                h = h.apply(touch(i));
            }
            return h;
        });
        CompletableFuture<History> b = CompletableFuture.supplyAsync(() -> {
            await(start);
            History h = base;
            for (int i = 5; i >= 2; i--) {
                h = h.apply(touch(i)).undo().redo();
            }
            return h.undo();
        });
        History ha = a.get();
        History hb = b.get();
        assertThat(ha.log().map(e -> e.step().pass())).containsExactly("input", "touch1", "touch2", "touch3",
                "touch4", "touch5");
        assertThat(hb.log().map(e -> e.step().pass())).containsExactly("input", "touch1", "touch5", "touch4",
                "touch3");
        assertThat(ha.snapshot(1)).isEqualTo(hb.snapshot(1)).isEqualTo(base.current());
        assertThat(base.log()).hasSize(2);
        assertThat(Verifier.verify(ha.current())).isEmpty();
        assertThat(Verifier.verify(hb.current())).isEmpty();
    }

    @Test
    void aSnapshotKeepsWhatItsStepRewroteAndIsRebuiltEqual() {
        int depth = 300;
        Program p = new Program("deep", Vector.empty(), Vector.empty(), Vector.of(DeepIr.nest(depth, "")));
        java.util.Random random = new java.util.Random(3);
        java.util.List<Program> expected = new java.util.ArrayList<>(java.util.List.of(p));
        java.util.List<Integer> touched = new java.util.ArrayList<>(java.util.List.of(0));
        int steps = Stored.KEYFRAME + 76;
        History h = History.of(p);
        for (int i = 1; i <= steps; i++) {
            int n = 1 + random.nextInt(depth);
            Pass t = touch(n);
            expected.add(t.apply(expected.get(i - 1)));
            touched.add(n);
            h = h.apply(t);
        }
        int whole = 0;
        for (int i = 0; i <= steps; i++) {
            switch (h.stored(i)) {
                case Stored.Whole w -> whole++;
                case Stored.Edits e -> {
                    // Only the rewritten block and the indices leading to it: no copy of the path, and the
                    // path down the chain (index 0 at every level) is one run of a few bytes.
                    // the step also numbered one more variable: its function's count is kept as a second edit
                    assertThat(e.edits()).hasSize(2);
                    assertThat(e.edits().last()).isInstanceOf(Stored.CountEdit.class);
                    Stored.LocalEdit edit = (Stored.LocalEdit) e.edits().head();
                    assertThat(edit.lets().last().vars().single().hint()).isEqualTo("t" + touched.get(i));
                    assertThat(edit.indices()).hasSize(touched.get(i)).containsOnly(0);
                    assertThat(edit.path()).hasSizeLessThanOrEqualTo(3);
                }
            }
            if (i % 16 == 0 || i > steps - 100) {
                assertThat(h.snapshot(i)).as("snapshot %d", i).isEqualTo(expected.get(i));
            }
        }
        assertThat(whole).as("the input and one whole program every %d steps", Stored.KEYFRAME).isEqualTo(2);
        History back = h;
        for (int i = steps; i > steps - 100; i--) {
            assertThat(back.current()).isEqualTo(expected.get(i));
            back = back.undo();
        }
        assertThat(back.redo().redo().current()).isEqualTo(expected.get(steps - 98));
        // A step that changed nothing, rebuilt from the whole snapshot before it, is that very program.
        assertThat(History.of(p).apply(Pass.ofProgram("nothing", q -> q)).snapshot(1)).isSameAs(p);
        assertThat(h.snapshot(0)).isSameAs(p);
        // The log rebuilds each snapshot from the one before, so sharing is what the step allocated.
        assertThat(h.log().get(5).sharing().newNodes()).isEqualTo(2L * touched.get(5) + 2);
    }

    @Test
    void replayingEditsTogetherGivesWhatApplyingThemOneByOneGave() {
        // A random tree of local functions; steps rewrite a block's lets, its parameters, the function's own
        // body, or the function's signature (kept as the whole function), in a random order.
        java.util.Random random = new java.util.Random(11);
        int size = 200;
        java.util.List<Vector<Fn>> children = new java.util.ArrayList<>();
        int[] parent = new int[size];
        for (int k = 0; k < size; k++) {
            children.add(Vector.empty());
            parent[k] = k == 0 ? -1 : random.nextInt(k);
        }
        Atom.Var m = new Atom.Var(0, "m", Type.MEM);
        for (int k = size - 1; k > 0; k--) {
            Fn fn = new Fn(new Label("L" + k), Vector.empty(), new org.funssa.cps.ir.Body(Vector.empty(),
                    children.get(k), new org.funssa.cps.ir.Tail.Return(Vector.of(m))));
            children.set(parent[k], children.get(parent[k]).prepend(fn));
        }
        Program p = new Program("tree", Vector.empty(), Vector.empty(), Vector.of(new org.funssa.cps.ir.Function(
                "tree", Vector.empty(), Vector.of(m), Vector.of(Type.MEM), new org.funssa.cps.ir.Body(Vector.empty(),
                children.get(0), new org.funssa.cps.ir.Tail.Return(Vector.of(m))), 301)));
        java.util.List<Program> expected = new java.util.ArrayList<>(java.util.List.of(p));
        History h = History.of(p);
        for (int i = 1; i <= 300; i++) {
            int k = 1 + random.nextInt(size - 1);
            Atom.Var v = new Atom.Var(i, "v" + i, Type.I32);
            Let let = Let.of(v, new Expr.Copy(Atom.i32(i)));
            Pass step = switch (random.nextInt(10)) {
                case 0 -> Pass.ofProgram("signature", q -> q.withFunctions(q.functions().map(f ->
                        f.withParams(f.params().prepend(v)))));
                case 1 -> Pass.ofProgram("own", q -> q.withFunctions(q.functions().map(f ->
                        f.withBody(f.body().withLets(f.body().lets().append(let))))));
                case 2, 3 -> Pass.ofProgram("params", q -> Rewrite.replaceLocalFunction(q, "tree", new Label("L" + k), fn ->
                        new Fn(fn.label(), fn.params().append(v), fn.body())));
                default -> Pass.ofProgram("lets", q -> Rewrite.replaceLocalFunction(q, "tree", new Label("L" + k), fn ->
                        fn.withBody(fn.body().withLets(fn.body().lets().append(let)))));
            };
            expected.add(step.apply(expected.get(i - 1)));
            h = h.apply(step);
        }
        assertThat(h.stored(300)).isInstanceOf(Stored.Edits.class);
        assertThat(((Stored.Edits) h.stored(300)).chain()).isEqualTo(300);
        for (int i = 0; i <= 300; i++) {
            assertThat(h.snapshot(i)).as("snapshot %d", i).isEqualTo(expected.get(i));
        }
    }

    @Test
    void aStepThatChangesAFunctionBodyOrTheProgramIsKeptWhole() {
        Program p = small();
        Pass entry = Pass.ofProgram("entry", q -> q.withFunctions(q.functions().map(f -> f.withBody(
                f.body().withLets(f.body().lets().append(Let.of(new Atom.Var(TOUCHED, "e", Type.I32),
                        new Expr.Copy(Atom.i32(1)))))))));
        Pass add = Pass.ofProgram("add", q -> q.withFunctions(q.functions().append(DeepIr.longBody(3, ""))));
        History h = History.of(p).apply(entry).apply(add);
        assertThat(((Stored.LocalEdit) ((Stored.Edits) h.stored(1)).edits().single()).indices()).isEmpty();
        assertThat(h.stored(2)).isInstanceOf(Stored.Whole.class);
        assertThat(h.snapshot(1)).isEqualTo(entry.apply(p));
        assertThat(h.undo().current()).isEqualTo(entry.apply(p));
    }

    private static void await(CyclicBarrier barrier) {
        try {
            barrier.await();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void diffNamesChangedAddedAndRemovedLocalFunctions() {
        Program p = small();
        Program touched = touch(4).apply(p);
        Diff d = Diff.between(p, touched);
        assertThat(d.functions()).containsExactly(new Diff.Changed("deep", false, false, Vector.of(new Label("L4")),
                Vector.empty(), Vector.empty()));
        Program cut = Rewrite.replaceLocalFunction(p, "deep", new Label("L3"), fn -> fn.withBody(fn.body()
                .withFunctions(Vector.empty()).withTail(new org.funssa.cps.ir.Tail.Return(Vector.of(fn.params().get(0),
                        new Atom.Var(0, "m", Type.MEM))))));
        Diff.Changed c = (Diff.Changed) Diff.between(p, cut).functions().single();
        assertThat(c.changed()).containsExactly(new Label("L3"));
        assertThat(c.removed()).containsExactly(new Label("L4"), new Label("L5"));
        assertThat(Diff.between(cut, p).functions().single()).isEqualTo(new Diff.Changed("deep", false, false,
                Vector.of(new Label("L3")), Vector.of(new Label("L4"), new Label("L5")), Vector.empty()));
        Program more = new Program("small", Vector.empty(), Vector.empty(), p.functions().append(DeepIr.longBody(3, "")));
        assertThat(Diff.between(p, more).functions()).containsExactly(new Diff.Added("long"));
        assertThat(Diff.between(more, p).functions()).containsExactly(new Diff.Removed("long"));
        assertThat(Diff.between(p, p).isEmpty()).isTrue();
        // Equal but not identical programs: no change reported.
        assertThat(Diff.between(p, small()).isEmpty()).isTrue();
    }

    @Test
    void diffOfADeepProgramAndAOneBlockRewriteVisitsOnlyThePath() {
        Program p = deep();
        Program near = touch(10).apply(p);
        Diff d = Diff.between(p, near);
        assertThat(((Diff.Changed) d.functions().single()).changed()).containsExactly(new Label("L10"));
        // One function pair, the ten bodies on the path and L10's body, and the untouched child of L10.
        assertThat(d.visited()).isLessThan(30);
        assertThat(Sharing.between(p, near).newNodes()).isEqualTo(10 + 11 + 1);
        // The deepest block: the whole path is new, yet the walk is iterative and linear.
        Program far = touch(DEEP).apply(p);
        Diff farDiff = Diff.between(p, far);
        assertThat(((Diff.Changed) farDiff.functions().single()).changed()).containsExactly(new Label("L" + DEEP));
        assertThat(farDiff.visited()).isBetween((long) DEEP, 2L * DEEP + 10);
        assertThat(ProgramSize.of(far)).isEqualTo(new ProgramSize(DEEP + 1, DEEP, 0, 0));
        // An unchanged deep program against an equal copy: no change, no stack overflow.
        assertThat(Diff.between(p, deep()).isEmpty()).isTrue();
    }

    @Test
    void rewriteSharesEverythingOffThePath() {
        Program p = deep();
        Program q = touch(3).apply(p);
        Fn l4 = p.functions().get(0).body().functions().get(0).body().functions().get(0).body().functions().get(0)
                .body().functions().get(0);
        Fn l4q = q.functions().get(0).body().functions().get(0).body().functions().get(0).body().functions().get(0)
                .body().functions().get(0);
        assertThat(l4q.label()).isEqualTo(new Label("L4"));
        assertThat(l4q).isSameAs(l4);
        assertThatThrownBy(() -> Rewrite.replaceLocalFunction(p, "deep", new Label("nope"), fn -> fn))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no local function nope");
        assertThatThrownBy(() -> Rewrite.replaceLocalFunction(p, "other", new Label("L1"), fn -> fn))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no function other");
    }
}
