package org.funssa.destruct;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import org.funssa.core.interp.LirInterpreter;
import org.funssa.core.interp.RunOptions;
import org.funssa.core.interp.RunResult;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.Module;
import io.vavr.collection.Vector;
import org.funssa.core.lir.Op;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.text.IrParser;
import org.funssa.cps.verify.Verifier;
import org.funssa.destruct.lir.LirWriter;

/** Test programs in the IR text form, kept as resources next to these tests, and how to run them as LIR. */
public final class Examples {

    private Examples() {}

    public static String resource(String name) {
        try (InputStream in = Examples.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalArgumentException("no test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A verified program read from a resource. */
    public static Program program(String name) {
        Program p = IrParser.parse(name, resource(name));
        assertThat(Verifier.verify(p)).as("verifier on %s", name).isEmpty();
        return p;
    }

    /**
     * {@code main} as {@code depth} blocks each nested in the one before, {@code B_i(x_i) = let y_i = x_i + 1 in
     * B_{i+1}(y_i)}, from {@code B_0(0)}: a φ per block, a dominator tree and a nest {@code depth} deep; it
     * returns {@code depth}. Built bottom-up, so that no test needs recursion to make it.
     */
    public static Program nestedChain(int depth) {
        Atom.Var m0 = new Atom.Var(0, "m0", Type.MEM);
        Body body = Body.of(Vector.empty(), new Tail.Return(Vector.of(x(depth), m0)));
        for (int i = depth - 1; i >= 0; i--) {
            Atom.Var x = x(i);
            Atom.Var y = new Atom.Var(2 + 2 * i, "y" + i, Type.I32);
            Fn next = new Fn(new Label("B" + (i + 1)), Vector.of(x(i + 1)), body);
            body = new Body(Vector.of(Let.of(y, new Expr.Prim(Op.ADD, Type.I32, Vector.of(x, Atom.i32(1))))),
                    Vector.of(next), new Tail.Jump(next.label(), Vector.of(y)));
        }
        Fn first = new Fn(new Label("B0"), Vector.of(x(0)), body);
        Body entry = new Body(Vector.empty(), Vector.of(first), Tail.Jump.of(first.label(), Atom.i32(0)));
        Function main = new Function("main", Vector.empty(), Vector.of(m0), Vector.of(Type.I32, Type.MEM), entry,
                2 + 2 * depth);
        return new Program("deep", Vector.empty(), Vector.empty(), Vector.of(main));
    }

    /** {@code x_i} of {@link #nestedChain}: variable {@code 1 + 2i}; {@code y_i} is {@code 2 + 2i}, m0 is 0. */
    private static Atom.Var x(int i) {
        return new Atom.Var(1 + 2 * i, "x" + i, Type.I32);
    }

    /** The stdout of a program run by the IR interpreter, which must return. */
    public static String runAsIr(Program program) {
        RunResult result = org.funssa.cps.interp.IrInterpreter.run(program, RunOptions.defaults());
        assertThat(result).as("IR run of %s", program.name()).isInstanceOf(RunResult.Returned.class);
        return result.stdout();
    }

    /**
     * The LIR of a conventional program, checked to print and read back to itself and to hold no PHI, run;
     * the run's stdout.
     */
    public static String runAsLir(Program conventional) {
        Module module = LirWriter.write(conventional);
        String text = LirPrinter.print(module);
        assertThat(text).doesNotContain("PHI");
        assertThat(LirReader.read("written.lir", text)).isEqualTo(module);
        RunResult result = LirInterpreter.run(module, RunOptions.defaults());
        assertThat(result).as("run of%n%s", text).isInstanceOf(RunResult.Returned.class);
        return result.stdout();
    }
}
