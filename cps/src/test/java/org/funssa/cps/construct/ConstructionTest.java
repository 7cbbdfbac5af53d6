package org.funssa.cps.construct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.SortedSet;
import io.vavr.collection.TreeMap;
import io.vavr.collection.TreeSet;
import io.vavr.collection.Vector;
import java.util.ArrayDeque;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Symbol;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.prep.FrameScalarPromotion;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/**
 * The constructions on small hand-written functions: what each variant's parameters are, and the options; and, on a
 * generated one, which symbols the IR keeps.
 */
class ConstructionTest {

    /** Seed 004 Figure 4.2 as prep's PhiPlacementTest writes it (x local, y dead at the join, z live). */
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

    private static Function construct(String lir, Construction construction, ConstructionOptions options) {
        Module module = LirReader.read("test.lir", lir);
        Function f = Ssa.construct(module.functions().head(), construction, options);
        assertThat(Verifier.verify(f)).as(construction.seedName()).isEmpty();
        return f;
    }

    private static TreeMap<String, SortedSet<String>> params(Construction construction) {
        return Phis.of(construct(FIGURE_4_2, construction, ConstructionOptions.PLAIN));
    }

    @Test
    void figure42ParametersPerVariant() {
        // The memory token is defined at the entry only: no variant but the lifted one passes it; "then"
        // writes c before reading it, so c is not live into it.
        assertThat(params(Construction.MINIMAL)).isEqualTo(TreeMap.of("join", TreeSet.of("c%", "x%", "y%", "z%")));
        assertThat(params(Construction.SEMI_PRUNED)).isEqualTo(TreeMap.of("join", TreeSet.of("c%", "y%", "z%")));
        assertThat(params(Construction.PRUNED)).isEqualTo(TreeMap.of("join", TreeSet.of("z%")));
        assertThat(params(Construction.DROPPED)).isEqualTo(TreeMap.of("join", TreeSet.of("z%")));
        assertThat(params(Construction.LIFTED)).isEqualTo(TreeMap.of("then", TreeSet.of("y%", "mem"),
                "else", TreeSet.of("c%", "mem"), "join", TreeSet.of("z%", "mem")));
    }

    @Test
    void liftedFunctionsAreClosedAndDroppedOnesNestAlongDominators() {
        Function lifted = construct(FIGURE_4_2, Construction.LIFTED, ConstructionOptions.PLAIN);
        for (Fn fn : lifted.body().functions()) {
            assertThat(fn.body().functions()).isEmpty();
            Vector<Atom> free = uses(fn.body()).filter(a -> a instanceof Atom.Var v && !bound(fn).contains(v));
            assertThat(free).as(fn.label().name()).isEmpty();
        }
        Function dropped = construct(FIGURE_4_2, Construction.DROPPED, ConstructionOptions.PLAIN);
        // then, else and join are all immediately dominated by the entry: the function's body.
        assertThat(dropped.body().functions().map(fn -> fn.label().name())).containsExactly("then", "else", "join");
    }

    @Test
    void copyFoldingBindsNoCopies() {
        Function folded = construct(FIGURE_4_2, Construction.PRUNED, ConstructionOptions.PLAIN.withCopyFolding(true));
        Function unfolded = construct(FIGURE_4_2, Construction.PRUNED, ConstructionOptions.PLAIN);
        assertThat(lets(folded).filter(l -> l.expr() instanceof Expr.Copy)).isEmpty();
        // x, y, z at the entry; x, c, z, y in then; x, y, z in else: every SET of an atom is a copy.
        assertThat(lets(unfolded).filter(l -> l.expr() instanceof Expr.Copy)).hasSize(10);
        // With folding, then passes y's constant 2 for z, else 7: the parameter stays.
        Fn join = folded.body().functions().find(fn -> fn.label().name().equals("join")).get();
        assertThat(join.params()).hasSize(1);
    }

    @Test
    void undefinedValuesAreBottomNotZero() {
        String lir = """
                (MODULE "u"
                  (SYMTAB)
                  (FUNCTION "f"
                    (SYMTAB ("a%" REG I32 4 0) ("b%" REG I32 4 0))
                    (PROLOGUE (0 0))
                    (SET I32 (REG I32 "b%") (DIVS I32 (INTCONST I32 8) (REG I32 "a%")))
                    (EPILOGUE (0 0) (REG I32 "b%"))))
                """;
        for (Construction c : Construction.values()) {
            Function f = construct(lir, c, ConstructionOptions.DEFAULTS);
            assertThat(lets(f).head().expr().operands().get(1)).as(c.seedName())
                    .isEqualTo(new Atom.Undef(org.funssa.cps.ir.Type.I32));
        }
    }

    @Test
    void memoryIsThreadedThroughStoresLoadsAndCalls() {
        String lir = """
                (MODULE "m"
                  (SYMTAB ("g" STATIC I32 4 ".data" LDEF) ("h" STATIC UNKNOWN 4 ".text" XREF))
                  (FUNCTION "f"
                    (SYMTAB ("a%" REG I32 4 0))
                    (PROLOGUE (0 0) (REG I32 "a%"))
                    (SET I32 (MEM I32 (STATIC I64 "g")) (REG I32 "a%"))
                    (CALL (STATIC I64 "h") ((MEM I32 (STATIC I64 "g"))) ((REG I32 "a%")))
                    (EPILOGUE (0 0) (REG I32 "a%"))))
                """;
        Function f = construct(lir, Construction.PRUNED, ConstructionOptions.DEFAULTS);
        assertThat(f.params().map(p -> p.type().toString())).containsExactly("i32", "mem");
        Vector<Let> lets = lets(f);
        assertThat(lets.map(l -> l.expr().getClass().getSimpleName())).containsExactly("Store", "Load", "Call");
        Expr.Store store = (Expr.Store) lets.get(0).expr();
        Expr.Load load = (Expr.Load) lets.get(1).expr();
        Expr.Call call = (Expr.Call) lets.get(2).expr();
        assertThat(store.mem()).isEqualTo(f.params().last());
        assertThat(load.mem()).isEqualTo(lets.get(0).vars().head());
        assertThat(call.mem()).isEqualTo(lets.get(0).vars().head());
        assertThat(((Tail.Return) f.body().tail()).values())
                .containsExactly(lets.get(2).vars().get(0), lets.get(2).vars().get(1));
    }

    @Test
    void subregIsRejectedNamingFunctionAndStatement() {
        String lir = """
                (MODULE "s"
                  (SYMTAB)
                  (FUNCTION "f"
                    (SYMTAB ("a%" REG I64 8 0))
                    (PROLOGUE (0 0))
                    (SET I32 (SUBREG I32 (REG I64 "a%") 0) (INTCONST I32 1))
                    (EPILOGUE (0 0))))
                """;
        assertThatThrownBy(() -> construct(lir, Construction.PRUNED, ConstructionOptions.DEFAULTS))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("function f")
                .hasMessageContaining("(SET I32 (SUBREG I32 (REG I64 \"a%\") 0) (INTCONST I32 1))")
                .hasMessageContaining("SUBREG");
    }

    @Test
    void aJumpToTheEntryNeedsPreheaders() {
        String lir = """
                (MODULE "e"
                  (SYMTAB)
                  (FUNCTION "f"
                    (SYMTAB ("a%" REG I32 4 0))
                    (DEFLABEL "top")
                    (PROLOGUE (0 0) (REG I32 "a%"))
                    (SET I32 (REG I32 "a%") (SUB I32 (REG I32 "a%") (INTCONST I32 1)))
                    (JUMPC (TSTGTS I32 (REG I32 "a%") (INTCONST I32 0)) (LABEL I64 "top") (LABEL I64 "out"))
                    (DEFLABEL "out")
                    (EPILOGUE (0 0) (REG I32 "a%"))))
                """;
        assertThatThrownBy(() -> construct(lir, Construction.PRUNED, ConstructionOptions.PLAIN))
                .hasMessageContaining("function f").hasMessageContaining("preheaders");
        Function f = construct(lir, Construction.PRUNED, ConstructionOptions.PLAIN.withPreheaders(true));
        assertThat(Phis.of(f).values().flatMap(s -> s)).contains("a%");
    }

    @Test
    void namesAndOptionWords() {
        assertThat(Construction.names()).containsExactly("lifted", "dropped", "mini", "semi", "prun");
        assertThat(Construction.parse("semi")).isEqualTo(Construction.SEMI_PRUNED);
        assertThatThrownBy(() -> Construction.parse("pruned"))
                .hasMessageContaining("lifted, dropped, mini, semi, prun");
        ConstructionOptions o = ConstructionOptions.DEFAULTS.with("no-copy-folding").with("no-change-loop");
        assertThat(o).isEqualTo(new ConstructionOptions(false, true, false, false, false, true, false));
        assertThat(o.with("preheaders").preheaders()).isTrue();
        assertThat(ConstructionOptions.DEFAULTS.psiConstruction()).isFalse();
        assertThat(o.with("psi").psiConstruction()).isTrue();
        assertThat(o.with("psi").with("no-psi")).isEqualTo(o);
        assertThatThrownBy(() -> o.with("no-such")).hasMessageContaining("copy-folding");
    }

    @Test
    void theIrKeepsTheFunctionsOwnSymbolsNotTheNormalFormsRegisters() {
        // Generated code has nested trees, so tree division declares temporaries, and the memory token gets a
        // register: the normal form's symbol table is longer than the function's, the IR's is not.
        Module module = LirGenerator.generate(5, GeneratorConfig.sized(2_000, Shape.MIX)).module();
        for (Module.Function f : module.functions()) {
            Vector<Symbol> own = FrameScalarPromotion.apply(f).symbols();
            assertThat(NormalForm.of(f, ConstructionOptions.DEFAULTS).function().symbols().size())
                    .isGreaterThan(own.size());
            for (Construction c : Construction.values()) {
                assertThat(Ssa.construct(f, c, ConstructionOptions.DEFAULTS).symbols()).as(c.seedName())
                        .isEqualTo(own);
            }
        }
    }

    /** Every let of the function, in preorder of the nest. */
    static Vector<Let> lets(Function f) {
        Vector<Let> out = Vector.empty();
        ArrayDeque<Body> work = new ArrayDeque<>();
        work.push(f.body());
        while (!work.isEmpty()) {
            Body b = work.pop();
            out = out.appendAll(b.lets());
            b.functions().reverse().forEach(fn -> work.push(fn.body()));
        }
        return out;
    }

    private static Vector<Atom> uses(Body body) {
        return body.lets().flatMap(l -> l.expr().operands()).appendAll(body.tail().operands());
    }

    private static io.vavr.collection.Set<Atom.Var> bound(Fn fn) {
        return io.vavr.collection.HashSet.ofAll(fn.params()).addAll(fn.body().lets().flatMap(Let::vars));
    }
}
