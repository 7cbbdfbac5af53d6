package org.funssa.cps.text;

import io.vavr.collection.Vector;
import java.math.BigInteger;
import java.util.Locale;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Symbol;
import org.funssa.cps.ir.Access;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;
import org.funssa.cps.rewrite.Nest;

/**
 * Prints the IR in its text form (docs/ir-text.md), which follows the notation of seed 003 chapter 6:
 * one {@code let} per line, {@code letrec … and … in} for local functions, tails as tail calls. The output
 * is canonical: {@code IrParser.parse(print(p))} equals {@code p}, and printing that again gives the same
 * text.
 *
 * <p>Bodies are printed by a {@link Nest#walk}, without recursion, so nesting depth is bounded by the heap only;
 * indentation stops growing after {@value #MAX_INDENT_LEVELS} levels to keep deep nests linear in size.
 */
public final class IrPrinter {

    /** Nesting levels beyond which lines are not indented further. */
    public static final int MAX_INDENT_LEVELS = 32;

    /** How each variable is named: by {@link VarNames} in a function, by its hint alone outside one. */
    private final java.util.function.Function<Atom.Var, String> names;

    private IrPrinter(java.util.function.Function<Atom.Var, String> names) {
        this.names = names;
    }

    private static final IrPrinter BY_HINT = new IrPrinter(Atom.Var::hint);

    /** The whole program: the LIR header (module name, SYMTAB, DATA), then each function, ending with a newline. */
    public static String print(Program program) {
        StringBuilder out = new StringBuilder(1 << 12);
        Module header = new Module(program.name(), program.symbols(), Vector.narrow(program.data()));
        out.append(LirPrinter.print(header));
        for (Function function : program.functions()) {
            out.append('\n');
            of(function).function(out, function);
        }
        return out.toString();
    }

    /** One function, ending with a newline. */
    public static String print(Function function) {
        StringBuilder out = new StringBuilder();
        of(function).function(out, function);
        return out.toString();
    }

    /** One atom, as it appears in an operand position; a variable by its hint, as no function names it. */
    public static String print(Atom atom) {
        StringBuilder out = new StringBuilder();
        BY_HINT.atom(out, atom);
        return out.toString();
    }

    /** One expression, as it appears on the right of {@code let … =}; variables by their hints. */
    public static String print(Expr expr) {
        StringBuilder out = new StringBuilder();
        BY_HINT.expr(out, expr);
        return out.toString();
    }

    /** A printer naming the function's variables as {@link VarNames} does. */
    private static IrPrinter of(Function function) {
        return new IrPrinter(VarNames.of(function)::name);
    }

    private void function(StringBuilder out, Function function) {
        out.append("fun ").append(Names.write(function.name()));
        params(out, function.params());
        out.append(" -> (").append(function.results().mkString(", ")).append(')');
        if (!function.symbols().isEmpty()) {
            out.append("\n  (SYMTAB");
            for (Symbol symbol : function.symbols()) {
                out.append("\n    ").append(LirPrinter.print(symbol));
            }
            out.append(')');
        }
        out.append(" =\n");
        body(out, function);
    }

    /**
     * The function's body at level 1: each body's lets as the nest's walk enters it, after the {@code letrec}/
     * {@code and} header of its local function; its tail when it is left, after its local functions, behind
     * {@code in} when it has any.
     */
    private void body(StringBuilder out, Function function) {
        Nest nest = Nest.of(function);
        nest.walk(new Nest.Walk() {
            private int level;

            @Override
            public void enter(int node, Body body) {
                if (node != Nest.ROOT) {
                    Fn fn = nest.fn(node);
                    indent(out, level).append(node == nest.firstChild(nest.parent(node)) ? "letrec " : "and ");
                    out.append(Names.write(fn.label().name()));
                    params(out, fn.params());
                    out.append(" =\n");
                }
                level++;
                for (Let let : body.lets()) {
                    let(indent(out, level), let);
                    out.append('\n');
                }
            }

            @Override
            public void leave(int node, Body body) {
                tail(out, level, body.functions().isEmpty() ? "" : "in ", body.tail());
                level--;
            }
        });
    }

    private static StringBuilder indent(StringBuilder out, int level) {
        return out.repeat("  ", Math.min(level, MAX_INDENT_LEVELS));
    }

    private void params(StringBuilder out, Vector<Atom.Var> params) {
        out.append('(');
        for (int i = 0; i < params.size(); i++) {
            if (i > 0) {
                out.append(", ");
            }
            out.append(Names.write(names.apply(params.get(i)))).append(": ").append(params.get(i).type());
        }
        out.append(')');
    }

    private void let(StringBuilder out, Let let) {
        Vector<Type> results = let.expr().resultTypes();
        out.append("let ");
        switch (let.guard()) {
            case Guard.When(Atom predicate) -> atom(out, predicate).append(" ? ");
            case Guard.Speculated s -> out.append("speculated ");
            case Guard.Always a -> { }
        }
        for (int i = 0; i < let.arity(); i++) {
            Atom.Var var = let.var(i);
            out.append(i > 0 ? ", " : "").append(Names.write(names.apply(var)));
            if (i >= results.size() || !results.get(i).equals(var.type())) {
                out.append(": ").append(var.type());
            }
        }
        out.append(" = ");
        expr(out, let.expr());
    }

    private void expr(StringBuilder out, Expr expr) {
        switch (expr) {
            case Expr.Copy(Atom value) -> atom(out, value);
            case Expr.Prim(var op, Type.Data type, Vector<Atom> operands) -> {
                out.append(op.name().toLowerCase(Locale.ROOT)).append('.').append(type);
                operands.forEach(a -> atom(out.append(' '), a));
            }
            case Expr.Select(Type.Data type, Atom c, Atom a, Atom b) ->
                    atoms(out.append("select.").append(type), Vector.of(c, a, b));
            case Expr.Load(Type.Data type, Atom mem, Atom address, Access access) ->
                    access(atoms(out.append("load.").append(type), Vector.of(mem, address)), access);
            case Expr.Store(Type.Data type, Atom mem, Atom address, Atom value, Access access) ->
                    access(atoms(out.append("store.").append(type), Vector.of(mem, address, value)), access);
            case Expr.Psi(Type.Data type, Vector<Expr.Psi.Arg> args) -> {
                out.append("psi.").append(type).append('(');
                for (int i = 0; i < args.size(); i++) {
                    atom(i > 0 ? out.append(", ") : out, args.get(i).guard()).append(" ? ");
                    atom(out, args.get(i).value());
                }
                out.append(')');
            }
            case Expr.Call(Atom function, Vector<Atom> args, Atom mem, Vector<Type.Data> results) -> {
                out.append("call");
                results.forEach(t -> out.append('.').append(t));
                atom(out.append(' '), function);
                arguments(out, args);
                atom(out.append(' '), mem);
            }
        }
    }

    private StringBuilder atoms(StringBuilder out, Vector<Atom> atoms) {
        atoms.forEach(a -> atom(out.append(' '), a));
        return out;
    }

    private static void access(StringBuilder out, Access access) {
        if (access.isVolatile()) {
            out.append(" !volatile");
        }
        if (access.noSafe()) {
            out.append(" !nosafe");
        }
        access.align().forEach(a -> out.append(" !align ").append(a));
    }

    private void arguments(StringBuilder out, Vector<Atom> args) {
        out.append('(');
        for (int i = 0; i < args.size(); i++) {
            atom(i > 0 ? out.append(", ") : out, args.get(i));
        }
        out.append(')');
    }

    private StringBuilder atom(StringBuilder out, Atom atom) {
        switch (atom) {
            case Atom.Var v -> out.append(Names.write(names.apply(v)));
            case Atom.IntLit(Type.Data type, BigInteger value) -> typed(out.append(value), type, Type.I32);
            case Atom.FloatLit(Type.Data type, double value) -> typed(out.append(floatText(value)), type, Type.F64);
            case Atom.Addr(Atom.Space space, String symbol, Type.Data type) ->
                    typed(out.append(space == Atom.Space.STATIC ? '@' : '$').append(Names.write(symbol)), type, Type.I64);
            case Atom.Undef(Type type) -> out.append("undef.").append(type);
        }
        return out;
    }

    private static void typed(StringBuilder out, Type type, Type implied) {
        if (!type.equals(implied)) {
            out.append(':').append(type);
        }
    }

    static String floatText(double value) {
        if (Double.isNaN(value)) {
            return "nan";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        return Double.toString(value);
    }

    private void tail(StringBuilder out, int level, String prefix, Tail tail) {
        indent(out, level).append(prefix);
        switch (tail) {
            case Tail.Jump j -> target(out.append("jump "), j);
            case Tail.Branch(Atom c, Tail.Jump t, Tail.Jump f) -> {
                atom(out.append("if "), c);
                target(out.append(" then "), t);
                target(out.append(" else "), f);
            }
            case Tail.Switch(Atom value, Vector<Tail.Case> cases, Tail.Jump otherwise) -> {
                atom(out.append("switch "), value);
                for (Tail.Case c : cases) {
                    target(indent(out.append('\n'), level + 1).append("case ").append(c.value()).append(" -> "),
                            c.target());
                }
                target(indent(out.append('\n'), level + 1).append("default -> "), otherwise);
            }
            case Tail.Return(Vector<Atom> values) -> arguments(out.append("return "), values);
        }
        out.append('\n');
    }

    private void target(StringBuilder out, Tail.Jump jump) {
        out.append(Names.write(jump.target().name()));
        arguments(out, jump.args());
    }
}
