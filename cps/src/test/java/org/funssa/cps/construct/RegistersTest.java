package org.funssa.cps.construct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import org.funssa.core.cfg.RegisterEffects;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Type;
import org.funssa.cps.verify.Verifier;
import org.junit.jupiter.api.Test;

/**
 * Construction's one numbering of registers (Registers) and the renaming environment indexed by it: numbers in order
 * of first appearance, the memory register's at the PROLOGUE, ⊥ of each register's type where no definition
 * reaches, and φs ordered by register name whatever the numbers.
 */
class RegistersTest {

    /** z is named before a in the function, so it has the smaller number; both change in the loop. */
    private static final String Z_BEFORE_A = """
            (MODULE "order"
              (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
              (FUNCTION "main"
                (SYMTAB ("z%" REG I32 4 0) ("a%" REG I64 8 0) ("c%" REG I32 4 0))
                (PROLOGUE (0 0) (REG I32 "c%"))
                (SET I32 (REG I32 "z%") (INTCONST I32 0))
                (SET I64 (REG I64 "a%") (INTCONST I64 0))
                (DEFLABEL "loop")
                (SET I32 (REG I32 "z%") (ADD I32 (REG I32 "z%") (INTCONST I32 1)))
                (SET I64 (REG I64 "a%") (ADD I64 (REG I64 "a%") (CONVSX I64 (REG I32 "z%"))))
                (JUMPC (TSTLTS I32 (REG I32 "z%") (REG I32 "c%")) (LABEL I64 "loop") (LABEL I64 "done"))
                (DEFLABEL "done")
                (EPILOGUE (0 0) (REG I64 "a%"))))
            """;

    /** No load, store or call: only the PROLOGUE and EPILOGUE touch memory. */
    private static final String NO_MEMORY = """
            (MODULE "nomem"
              (SYMTAB ("main" STATIC UNKNOWN 4 ".text" XDEF))
              (FUNCTION "main"
                (SYMTAB ("b%" REG I32 4 0) ("a%" REG I64 8 0))
                (PROLOGUE (0 0) (REG I32 "b%"))
                (SET I64 (REG I64 "a%") (CONVSX I64 (REG I32 "b%")))
                (EPILOGUE (0 0) (REG I64 "a%"))))
            """;

    private static NormalForm form(String lir) {
        Module module = LirReader.read("test.lir", lir);
        return NormalForm.of(module.functions().head(), ConstructionOptions.PLAIN);
    }

    private static Registers registers(NormalForm form) {
        return new Registers(form, RegisterEffects.of(form.cfg()).numbers());
    }

    @Test
    void numbersInOrderOfFirstAppearanceTheMemoryRegisterWrittenAfterThePrologueParameters() {
        NormalForm form = form(NO_MEMORY);
        Registers registers = registers(form);
        assertThat(registers.number("b%")).isZero();
        assertThat(registers.memory()).isEqualTo(1);
        assertThat(registers.number("a%")).isEqualTo(2);
        assertThat(registers.count()).isEqualTo(3);
        assertThat(registers.number(form.memory().name())).isEqualTo(registers.memory());
        assertThat(registers.name(registers.memory())).isEqualTo(form.memory().name());
        assertThat(registers.type(registers.memory())).isEqualTo(Type.MEM);
        assertThat(registers.type(2)).isEqualTo(Type.I64);
        assertThatThrownBy(() -> registers.number("q%")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("q%");
    }

    @Test
    void environmentGivesBottomOfTheRegistersTypeWhereNoDefinitionReachesAndRestoresWhatAPutHid() {
        Registers registers = registers(form(NO_MEMORY));
        Environment env = new Environment(registers);
        int a = registers.number("a%");
        assertThat(env.value(a)).isEqualTo(new Atom.Undef(Type.I64));
        Atom.Var first = new Atom.Var(0, "a%", Type.I64);
        Atom.Var second = new Atom.Var(1, "a%", Type.I64);
        env.put(a, first);
        int mark = env.mark();
        env.put(a, second);
        env.put(registers.number("b%"), first);
        assertThat(env.value(a)).isEqualTo(second);
        env.restore(mark);
        assertThat(env.value(a)).isEqualTo(first);
        assertThat(env.value(registers.number("b%"))).isEqualTo(new Atom.Undef(Type.I32));
    }

    @Test
    void phisAreOrderedByRegisterNameNotByNumber() {
        NormalForm form = form(Z_BEFORE_A);
        Registers registers = registers(form);
        assertThat(registers.number("z%")).isLessThan(registers.number("a%"));
        for (Construction construction : Vector.of(Construction.MINIMAL, Construction.SEMI_PRUNED,
                Construction.PRUNED)) {
            Function f = Ssa.construct(form, construction, ConstructionOptions.PLAIN);
            assertThat(Verifier.verify(f)).as(construction.seedName()).isEmpty();
            Fn loop = f.body().functions().find(fn -> fn.label().name().equals("loop")).get();
            assertThat(loop.params().map(Atom.Var::hint)).as(construction.seedName())
                    .containsExactly("a%", "z%");
        }
    }
}
