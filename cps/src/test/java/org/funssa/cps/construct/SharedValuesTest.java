package org.funssa.cps.construct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Set;
import org.funssa.core.gen.GeneratorConfig;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.gen.Shape;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Type;
import org.junit.jupiter.api.Test;

/**
 * Construction gives each scalar value type, and each integer literal of a function, one instance, which every
 * occurrence shares: at 10^6 instructions one per occurrence was 80 MB of the IR (see {@link Type#of}). The
 * test counts instances by identity over the whole output of every construction, so a construction that
 * makes a type or literal per occurrence again fails it.
 */
class SharedValuesTest {

    @Test
    void typeOfGivesTheSharedScalarTypes() {
        assertThat(Type.of(LirType.I32)).isSameAs(Type.I32);
        assertThat(Type.of(LirType.I8)).isSameAs(Type.I8);
        assertThat(Type.of(new LirType.Float(64))).isSameAs(Type.F64);
        assertThat(Type.of(new LirType.Aggregate(96))).isEqualTo(Type.aggregate(96));
        assertThatThrownBy(() -> Type.of(new LirType.Unknown()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("UNKNOWN");
    }

    @Test
    void everyConstructionSharesOneInstanceOfEachTypeAndLiteral() {
        for (Shape shape : Shape.values()) {
            Module module = LirGenerator.generate(11, GeneratorConfig.sized(3_000, shape)).module();
            for (Construction c : Construction.values()) {
                for (Function f : Ssa.construct(module, c).functions()) {
                    Instances found = new Instances();
                    found.function(f);
                    String what = shape + " " + c.seedName() + " " + f.name();
                    assertThat(found.literals).as(what + ": literal instances")
                            .hasSameSizeAs(new HashSet<>(found.literals));
                    assertThat(found.types).as(what + ": type instances").hasSameSizeAs(new HashSet<>(found.types));
                }
            }
        }
    }

    /** The distinct instances of scalar types and integer literals in functions, by identity. */
    private static final class Instances {
        final Set<Type> types = Collections.newSetFromMap(new IdentityHashMap<>());
        final Set<Atom.IntLit> literals = Collections.newSetFromMap(new IdentityHashMap<>());

        void function(Function f) {
            f.params().forEach(this::atom);
            f.results().forEach(this::type);
            ArrayDeque<Body> bodies = new ArrayDeque<>();
            bodies.push(f.body());
            while (!bodies.isEmpty()) {
                Body body = bodies.pop();
                for (Let let : body.lets()) {
                    let.vars().forEach(this::atom);
                    let.expr().operands().forEach(this::atom);
                    let.expr().resultTypes().forEach(this::type);
                }
                for (Fn fn : body.functions()) {
                    fn.params().forEach(this::atom);
                    bodies.push(fn.body());
                }
                body.tail().operands().forEach(this::atom);
            }
        }

        /** Scalar types only: {@link Type#of} makes a new instance for each aggregate, which are rare. */
        private void type(Type type) {
            if (!(type instanceof Type.Data d && d.lir() instanceof LirType.Aggregate)) {
                types.add(type);
            }
        }

        private void atom(Atom atom) {
            switch (atom) {
                case Atom.Var v -> type(v.type());
                case Atom.IntLit i -> {
                    literals.add(i);
                    type(i.type());
                }
                case Atom.FloatLit x -> type(x.type());
                case Atom.Addr a -> type(a.type());
                case Atom.Undef u -> type(u.type());
            }
        }
    }
}
