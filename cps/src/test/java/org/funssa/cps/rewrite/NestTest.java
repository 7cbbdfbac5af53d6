package org.funssa.cps.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.HashSet;
import io.vavr.collection.Vector;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.DeepIr;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.text.IrPrinter;
import org.funssa.cps.text.VarNames;
import org.junit.jupiter.api.Test;

/** The nest numbers bodies in preorder, resolves jumps, and rewrites bottom-up and top-down keeping identity. */
class NestTest {

    static final Function F = IrParser.parse("t.ir", """
            (MODULE "t" (SYMTAB ("f" STATIC UNKNOWN 4 ".text" XDEF)))
            fun f(n: i32, m0: mem) -> (i32, mem) =
              let c = tstlts.i32 n 0
              letrec a(x: i32) =
                letrec inner() =
                  return (x, m0)
                in jump inner()
              and b() =
                jump a(n)
              in if c then a(1) else b()
            """).functions().head();

    @Test
    void newLabelsAvoidTheLabelsOfTheNestButNotItsVariables() {
        Function f = IrParser.parse("t.ir", """
                (MODULE "t" (SYMTAB ("f" STATIC UNKNOWN 4 ".text" XDEF)))
                fun f(edge3: i32, m0: mem) -> (i32, mem) =
                  letrec edge1() =
                    jump edge2()
                  and edge2() =
                    return (edge3, m0)
                  in jump edge1()
                """).functions().head();
        var labels = Nest.of(f).labelSupply();
        assertThat(labels.fresh("edge")).isEqualTo("edge3");
        assertThat(labels.fresh("edge")).isEqualTo("edge4");
        assertThat(labels.fresh("split")).isEqualTo("split5");
    }

    @Test
    void nodesArePreorderWithParentsChildrenParametersAndTargets() {
        Nest nest = Nest.of(F);
        assertThat(nest.size()).isEqualTo(4);
        int a = nest.node(new Label("a"));
        int inner = nest.node(new Label("inner"));
        int b = nest.node(new Label("b"));
        assertThat(new int[] {a, inner, b}).containsExactly(1, 2, 3);
        assertThat(nest.body(Nest.ROOT)).isSameAs(F.body());
        assertThat(nest.fn(a)).isSameAs(F.body().functions().get(0));
        assertThat(nest.parent(Nest.ROOT)).isEqualTo(-1);
        assertThat(nest.parent(inner)).isEqualTo(a);
        assertThat(nest.parent(b)).isEqualTo(Nest.ROOT);
        assertThat(nest.childCount(Nest.ROOT)).isEqualTo(2);
        assertThat(nest.child(Nest.ROOT, 0)).isEqualTo(a);
        assertThat(nest.child(Nest.ROOT, 1)).isEqualTo(b);
        assertThat(nest.firstChild(a)).isEqualTo(inner);
        assertThat(nest.nextSibling(a)).isEqualTo(b);
        assertThat(nest.nextSibling(b)).isEqualTo(-1);
        assertThat(nest.firstChild(b)).isEqualTo(-1);
        assertThat(nest.params(Nest.ROOT)).isEqualTo(F.params());
        assertThat(nest.params(a)).containsExactly(VarNames.of(F).variable("x").get());
        assertThat(nest.encloses(a, inner)).isTrue();
        assertThat(nest.strictlyEncloses(a, a)).isFalse();
        assertThat(nest.encloses(a, b)).isFalse();
        assertThat(nest.jumpCount(Nest.ROOT)).isEqualTo(2);
        assertThat(nest.target(Nest.ROOT, 0)).isEqualTo(a);
        assertThat(nest.target(Nest.ROOT, 1)).isEqualTo(b);
        assertThat(nest.target(b, 0)).isEqualTo(a);
        assertThat(nest.jumpCount(inner)).isZero();
        assertThat(nest.node(new Label("nowhere"))).isEqualTo(-1);
        assertThat(nest.problem()).isEmpty();
        assertThat(nest.fold(Vector.<Integer>empty(), (acc, node, body) -> acc.append(node)))
                .containsExactly(0, 1, 2, 3);
        assertThatThrownBy(() -> nest.fn(Nest.ROOT)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFlawedFunctionIsNumberedAndCheckedNestsNameTheFlaw() {
        Function nowhere = F.withBody(F.body().withTail(Tail.Jump.of(new Label("nowhere"))));
        assertThat(Nest.of(nowhere).target(Nest.ROOT, 0)).isEqualTo(-1);
        assertThatThrownBy(() -> Nest.checked(nowhere)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("function f: a jump goes to nowhere, which no local function defines; verify the "
                        + "program first");
        Function fewer = F.withBody(F.body().withTail(Tail.Jump.of(new Label("a"))));
        assertThatThrownBy(() -> Nest.checked(fewer)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a jump to a passes 0 arguments for 1 parameters");
        Function twice = F.withBody(F.body().withFunctions(F.body().functions().append(F.body().functions().get(1))));
        assertThat(Nest.of(twice).problem()).contains("two local functions are named b");
        assertThat(Nest.of(twice).node(new Label("b"))).isEqualTo(3);
    }

    @Test
    void aRewriteThatChangesNothingGivesTheSameFunction() {
        assertThat(Nest.of(F).rewrite((node, body) -> body)).isSameAs(F);
        assertThat(Nest.of(F).rewriteDown(0, (env, node, body) -> new Nest.Scope<>(body, env))).isSameAs(F);
    }

    @Test
    void aRewriteOfOneBodyCopiesOnlyItsPathAndSharesTheRest() {
        Nest nest = Nest.of(F);
        int inner = nest.node(new Label("inner"));
        Function g = nest.rewrite((node, body) -> node == inner
                ? body.withLets(Vector.of(Let.of(new Atom.Var(F.varCount(), "y", Type.I32), new Expr.Copy(Atom.i32(7))))) : body);
        Nest after = Nest.of(g);
        assertThat(after.body(inner).lets()).hasSize(1);
        assertThat(after.body(Nest.ROOT)).isNotSameAs(F.body());
        assertThat(after.fn(1)).isNotSameAs(nest.fn(1));
        assertThat(after.fn(3)).isSameAs(nest.fn(3)); // b is off the path
        assertThat(after.body(Nest.ROOT).lets()).isSameAs(F.body().lets());
    }

    @Test
    void localFunctionsAreRewrittenWithTheirNewBodies() {
        Function renamed = Nest.of(F).rewrite((node, body) -> body.withTail(body.tail().mapJumps(
                j -> j.target().name().equals("b") ? new Tail.Jump(new Label("c"), j.args()) : j)),
                (node, fn) -> fn.label().name().equals("b") ? new org.funssa.cps.ir.Fn(new Label("c"), fn.params(),
                        fn.body()) : fn);
        assertThat(IrPrinter.print(renamed)).contains("and c() =").contains("else c()").doesNotContain(" b(");
        assertThat(Nest.checked(renamed).node(new Label("c"))).isEqualTo(3);
    }

    @Test
    void aScopedEnvironmentReachesTheBodiesABodyDominatesAndNoOthers() {
        // each body records its label; what a body sees is the labels of the bodies enclosing it
        Nest nest = Nest.of(F);
        String[] seen = new String[nest.size()];
        nest.rewriteDown(HashSet.<String>empty(), (env, node, body) -> {
            seen[node] = env.toSortedSet().mkString(",");
            return new Nest.Scope<>(body, env.add(node == Nest.ROOT ? "f" : nest.fn(node).label().name()));
        });
        assertThat(seen).containsExactly("", "f", "a,f", "f");
    }

    @Test
    void aScopedWalkEntersInPreorderAndLeavesEachBodyAfterTheBodiesItEncloses() {
        // the same question as above, asked of one mutable table rolled back on leaving
        Nest nest = Nest.of(F);
        ScopedMap<String, Integer> table = new ScopedMap<>();
        int[] marks = new int[nest.size()];
        String[] seen = new String[nest.size()];
        StringBuilder order = new StringBuilder();
        Function same = nest.rewriteDown(new Nest.ScopedWalk() {
            @Override
            public Body enter(int node, Body body) {
                order.append(" +").append(node);
                seen[node] = java.util.stream.Stream.of("f", "a", "inner", "b").filter(l -> table.get(l) != null)
                        .sorted().collect(java.util.stream.Collectors.joining(","));
                marks[node] = table.mark();
                table.put(node == Nest.ROOT ? "f" : nest.fn(node).label().name(), node);
                return body;
            }

            @Override
            public void leave(int node) {
                order.append(" -").append(node);
                table.rollback(marks[node]);
            }
        });
        assertThat(same).isSameAs(F);
        assertThat(seen).containsExactly("", "f", "a,f", "f");
        assertThat(order.toString()).isEqualTo(" +0 +1 +2 -2 -1 +3 -3 -0");
        assertThat(table.size()).isZero();
    }

    @Test
    void aReadingWalkLeavesEachBodyAfterItsLocalFunctionsEvenOnDeepNests() {
        StringBuilder order = new StringBuilder();
        Nest.of(F).walk(new Nest.Walk() {
            @Override
            public void enter(int node, Body body) {
                order.append(" +").append(node);
            }

            @Override
            public void leave(int node, Body body) {
                order.append(" -").append(node);
            }
        });
        assertThat(order.toString()).isEqualTo(" +0 +1 +2 -2 -1 +3 -3 -0");
        // the deepest body is left first and the root last; the depth seen on entry is the node's depth
        int[] depth = new int[1];
        int[] deepest = new int[1];
        StringBuilder leaves = new StringBuilder();
        Nest.of(DeepIr.nest(100_000, "")).walk(new Nest.Walk() {
            @Override
            public void enter(int node, Body body) {
                deepest[0] = Math.max(deepest[0], depth[0]++);
            }

            @Override
            public void leave(int node, Body body) {
                depth[0]--;
                if (node % 50_000 == 0) {
                    leaves.append(' ').append(node);
                }
            }
        });
        assertThat(deepest[0]).isEqualTo(100_000);
        assertThat(leaves.toString()).isEqualTo(" 100000 50000 0");
    }

    @Test
    void aScopedMapRestoresWhatAKeyMappedToBeforeTheMark() {
        ScopedMap<String, Integer> map = new ScopedMap<>();
        map.put("x", 1);
        int outer = map.mark();
        map.put("x", 2);
        map.put("y", 3);
        assertThat(map.get("x")).isEqualTo(2);
        map.rollback(outer);
        assertThat(map.get("x")).isEqualTo(1);
        assertThat(map.get("y")).isNull();
        assertThat(map.size()).isEqualTo(1);
        assertThatThrownBy(() -> map.rollback(5)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no mark 5");
        assertThatThrownBy(() -> map.put("z", null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void aScopedRewriteMayNotChangeWhichLocalFunctionsABodyDefines() {
        assertThatThrownBy(() -> Nest.of(F).rewriteDown(0, (env, node, body) ->
                new Nest.Scope<>(body.withFunctions(Vector.empty()), env)))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("changed the local functions");
    }

    @Test
    void deepNestsAreNumberedAndRewrittenWithoutRecursion() {
        Function deep = DeepIr.nest(100_000, "");
        Nest nest = Nest.of(deep);
        assertThat(nest.size()).isEqualTo(100_001);
        assertThat(nest.parent(100_000)).isEqualTo(99_999);
        assertThat(nest.encloses(1, 100_000)).isTrue();
        assertThat(nest.target(99_999, 0)).isEqualTo(100_000);
        Function same = nest.rewrite((node, body) -> body);
        assertThat(same).isSameAs(deep);
        Function counted = nest.rewriteDown(0, (depth, node, body) -> new Nest.Scope<>(node == 100_000
                ? body.withTail(new Tail.Return(Vector.of(Atom.i32(depth), ((Tail.Return) body.tail()).values()
                .get(1)))) : body, depth + 1));
        Body last = Nest.of(counted).body(100_000);
        assertThat(((Tail.Return) last.tail()).values().get(0)).isEqualTo(Atom.i32(100_000));
    }
}
