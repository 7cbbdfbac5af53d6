package org.funssa.bench.peer;

import io.vavr.collection.HashSet;
import io.vavr.collection.Map;
import io.vavr.collection.Set;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.funssa.core.gen.LirGenerator;
import org.funssa.core.lir.LExp;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.LirType;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Op;
import org.funssa.core.lir.Stmt;
import org.funssa.core.lir.Symbol;

/**
 * A C11 program with the same meaning as a module of the subset {@link LirGenerator} emits, so that peer
 * compilers (clang/LLVM) can be run on the same programs as funssa.
 *
 * <p>The subset: {@code REG} and scalar {@code FRAME} variables become C locals, aggregate {@code FRAME}
 * slots and {@code DATA} become byte arrays, {@code MEM} goes through {@code memcpy} helpers (no aliasing
 * rules broken); types {@code I32}, {@code I64}, {@code F32}, {@code F64} (and addresses as {@code I64});
 * {@code JUMP}/{@code JUMPC}/{@code JUMPN} become {@code goto}/{@code if}/{@code switch}; {@code CALL} of
 * functions of the module (external, as the generator's are {@code XDEF}) and of {@code printf}. Anything else is rejected with a message naming the
 * function and the construct.
 *
 * <p>LIR's two's-complement arithmetic is written without C undefined behaviour: additive, multiplicative
 * and bitwise operations work on the unsigned type and convert back ({@code (int32_t)((uint32_t)a +
 * (uint32_t)b)}, which GCC and Clang define as wrapping), shift counts are masked to the width, unsigned
 * operations and comparisons convert their operands to unsigned. Signed division and remainder, and
 * float-to-integer conversion, are C's own: the generator never divides by zero or by -1 and never
 * converts floats to integers.
 */
public final class GeneratedC {

    private final Module module;
    private final Map<String, Module.Function> functions;
    private final Set<String> data;
    private final StringBuilder out = new StringBuilder();

    private GeneratedC(Module module) {
        this.module = module;
        this.functions = module.functions().toMap(Module.Function::name, f -> f);
        this.data = module.data().map(Module.Data::name).toSet();
    }

    /** The C program; throws {@link IllegalArgumentException} for LIR outside the subset. */
    public static String translate(Module module) {
        return new GeneratedC(module).program();
    }

    private String program() {
        out.append("/* Generated from LIR module \"").append(module.name().replace("*/", "* /"))
                .append("\" by org.funssa.bench.peer.GeneratedC. */\n");
        out.append("#include <stdint.h>\n#include <stdio.h>\n#include <string.h>\n\n");
        for (String t : Vector.of("int32_t:i32", "int64_t:i64", "float:f32", "double:f64")) {
            String c = t.substring(0, t.indexOf(':'));
            String s = t.substring(t.indexOf(':') + 1);
            out.append("static inline ").append(c).append(" ld_").append(s)
                    .append("(int64_t a) { ").append(c).append(" v; memcpy(&v, (const void *)(intptr_t)a, sizeof v);"
                            + " return v; }\n");
            out.append("static inline void st_").append(s).append("(int64_t a, ").append(c)
                    .append(" v) { memcpy((void *)(intptr_t)a, &v, sizeof v); }\n");
        }
        out.append('\n');
        for (Module.Data d : module.data()) {
            dataItem(d);
        }
        out.append('\n');
        for (Module.Function f : module.functions()) {
            out.append(signature(f)).append(";\n");
        }
        for (Module.Function f : module.functions()) {
            new FunctionTranslation(f).translate();
        }
        return out.toString();
    }

    private void dataItem(Module.Data d) {
        List<String> bytes = new ArrayList<>();
        for (Module.DataItem item : d.contents()) {
            switch (item) {
                case Module.Space s -> addZeros(bytes, s.bytes(), d);
                case Module.Zeros z -> addZeros(bytes, z.bytes(), d);
                case Module.Values v -> {
                    for (LExp value : v.values()) {
                        long bits = switch (value) {
                            case LExp.IntConst c -> c.bits();
                            case LExp.FloatConst f when f.type().bits() == 64 -> Double.doubleToRawLongBits(f.value());
                            case LExp.FloatConst f when f.type().bits() == 32 ->
                                    Float.floatToRawIntBits((float) f.value());
                            default -> throw unsupported("DATA " + d.name(), LirPrinter.print(value));
                        };
                        for (int i = 0; i < v.type().bytes(); i++) {
                            bytes.add(Long.toString((bits >>> (8 * i)) & 0xff));
                        }
                    }
                }
            }
        }
        out.append("static _Alignas(16) unsigned char ").append(name("d_", d.name())).append('[')
                .append(Math.max(1, bytes.size())).append(']');
        if (!bytes.isEmpty() && bytes.stream().anyMatch(b -> !b.equals("0"))) {
            out.append(" = {").append(String.join(",", bytes)).append('}');
        }
        out.append(";\n");
    }

    private static void addZeros(List<String> bytes, long count, Module.Data d) {
        if (count > 1 << 28) {
            throw unsupported("DATA " + d.name(), "a block of " + count + " bytes");
        }
        for (long i = 0; i < count; i++) {
            bytes.add("0");
        }
    }

    private String signature(Module.Function f) {
        if (f.name().equals("main")) {
            return "int main(void)";
        }
        Stmt.Prologue prologue = prologue(f);
        String params = prologue.params().isEmpty() ? "void"
                : prologue.params().map(p -> cType(p.type(), f.name())).mkString(", ");
        return returnType(f) + " " + name("f_", f.name()) + "(" + params + ")";
    }

    private static Stmt.Prologue prologue(Module.Function f) {
        return f.body().headOption().flatMap(s -> s instanceof Stmt.Prologue p ? Option.of(p) : Option.none())
                .getOrElseThrow(() -> unsupported(f.name(), "a body that does not start with PROLOGUE"));
    }

    private static String returnType(Module.Function f) {
        Vector<Vector<LExp>> results = f.body().flatMap(s -> s instanceof Stmt.Epilogue e
                ? Option.of(e.results()) : Option.none());
        Vector<String> types = results.map(r -> r.size() == 0 ? "void"
                : r.size() == 1 ? cType(r.head().type(), f.name())
                : "more than one result").distinct();
        if (types.size() != 1 || types.head().equals("more than one result")) {
            throw unsupported(f.name(), "EPILOGUEs returning " + types.mkString(" and "));
        }
        return types.head();
    }

    // ---- one function ----------------------------------------------------------------------------

    private final class FunctionTranslation {
        private final Module.Function function;
        private final Map<String, Symbol> locals;

        FunctionTranslation(Module.Function function) {
            this.function = function;
            this.locals = function.symbols().toMap(Symbol::name, s -> s);
        }

        void translate() {
            boolean isMain = function.name().equals("main");
            Stmt.Prologue prologue = prologue(function);
            if (isMain && !prologue.params().isEmpty()) {
                throw unsupported("main", "main with parameters");
            }
            Vector<String> params = prologue.params().map(p -> variable(p).getOrElseThrow(
                    () -> unsupported(function.name(), "parameter " + LirPrinter.print(p))));
            out.append('\n');
            if (isMain) {
                out.append("int main(void) {\n");
            } else {
                out.append(returnType(function)).append(' ').append(name("f_", function.name()))
                        .append('(').append(params.isEmpty() ? "void" : prologue.params().zip(params)
                                .map(t -> cType(t._1.type(), function.name()) + " " + t._2).mkString(", "))
                        .append(") {\n");
            }
            HashSet<String> declared = HashSet.ofAll(params);
            for (Symbol s : function.symbols()) {
                String local = name("v_", s.name());
                if (declared.contains(local)) {
                    continue;
                }
                switch (s) {
                    case Symbol.Reg r -> out.append("    ").append(cType(r.type(), function.name())).append(' ')
                            .append(local).append(";\n");
                    case Symbol.Frame fr when fr.type() instanceof LirType.Aggregate a -> out
                            .append("    _Alignas(16) unsigned char ").append(local).append('[')
                            .append(Math.max(1, a.bytes())).append("];\n");
                    case Symbol.Frame fr -> out.append("    ").append(cType(fr.type(), function.name())).append(' ')
                            .append(local).append(";\n");
                    case Symbol.Static st -> throw unsupported(function.name(), "a function-local STATIC symbol "
                            + st.name());
                }
            }
            for (Stmt s : function.body().tail()) {
                statement(s, isMain);
            }
            out.append("}\n");
        }

        /** The C variable a REG or a scalar frame slot read through MEM denotes. */
        private Option<String> variable(LExp e) {
            return switch (e) {
                case LExp.Reg r -> Option.of(name("v_", r.name()));
                case LExp.Mem m when m.address() instanceof LExp.Frame f && isScalarSlot(f.name()) ->
                        Option.of(name("v_", f.name()));
                default -> Option.none();
            };
        }

        private boolean isScalarSlot(String slot) {
            return locals.get(slot).exists(s -> s instanceof Symbol.Frame f
                    && !(f.type() instanceof LirType.Aggregate));
        }

        private void statement(Stmt s, boolean isMain) {
            switch (s) {
                case Stmt.Set set -> {
                    String value = expression(set.value());
                    Option<String> target = variable(set.target());
                    if (target.isDefined()) {
                        line(target.get() + " = " + value + ";");
                    } else if (set.target() instanceof LExp.Mem m) {
                        line("st_" + suffix(m.type()) + "(" + expression(m.address()) + ", " + value + ");");
                    } else {
                        throw unsupported(function.name(), LirPrinter.print(s));
                    }
                }
                case Stmt.Jump j -> line("goto " + label(j.target()) + ";");
                case Stmt.JumpC j -> line("if (" + expression(j.test()) + ") goto " + label(j.ifTrue()) + "; else goto "
                        + label(j.ifFalse()) + ";");
                case Stmt.JumpN j -> {
                    if (j.cases().map(c -> c.value().bits()).distinct().size() != j.cases().size()) {
                        throw unsupported(function.name(), "JUMPN with repeated case values");
                    }
                    line("switch (" + expression(j.value()) + ") {");
                    for (Stmt.Case c : j.cases()) {
                        line("case " + intLiteral(c.value()) + ": goto " + label(c.target()) + ";");
                    }
                    line("default: goto " + label(j.otherwise()) + ";");
                    line("}");
                }
                case Stmt.Call c -> call(c);
                case Stmt.Epilogue e -> {
                    if (isMain) {
                        line("return " + (e.results().isEmpty() ? "0" : "(int)" + expression(e.results().head())) + ";");
                    } else {
                        line("return" + (e.results().isEmpty() ? "" : " " + expression(e.results().head())) + ";");
                    }
                }
                case Stmt.DefLabel d -> out.append(name("L_", d.name())).append(":;\n");
                case Stmt.Line l -> { }
                case Stmt.Use u -> { }
                case Stmt.Clobber c -> { }
                case Stmt.Prologue p -> throw unsupported(function.name(), "a PROLOGUE after the first statement");
                case Stmt.Parallel p -> throw unsupported(function.name(), LirPrinter.print(s));
                case Stmt.Phi p -> throw unsupported(function.name(), LirPrinter.print(s));
            }
        }

        private void call(Stmt.Call c) {
            if (!(c.function() instanceof LExp.Static callee)) {
                throw unsupported(function.name(), "an indirect call " + LirPrinter.print(c));
            }
            if (c.receivers().size() > 1) {
                throw unsupported(function.name(), "a call with several receivers " + LirPrinter.print(c));
            }
            String call;
            if (callee.name().equals("printf") && !functions.containsKey("printf")) {
                if (c.args().isEmpty()) {
                    throw unsupported(function.name(), "printf without a format " + LirPrinter.print(c));
                }
                call = "printf(" + c.args().zipWithIndex().map(t -> t._2 == 0
                        ? "(const char *)(intptr_t)" + expression(t._1)
                        : variadic(t._1)).mkString(", ") + ")";
            } else if (functions.containsKey(callee.name()) && !callee.name().equals("main")) {
                Module.Function target = functions.get(callee.name()).get();
                Vector<LExp> params = prologue(target).params();
                if (params.size() != c.args().size()) {
                    throw unsupported(function.name(), "a call with " + c.args().size() + " arguments to "
                            + callee.name() + ", which has " + params.size() + " parameters");
                }
                call = name("f_", callee.name()) + "(" + c.args().zip(params)
                        .map(t -> "(" + cType(t._2.type(), function.name()) + ")" + expression(t._1))
                        .mkString(", ") + ")";
            } else {
                throw unsupported(function.name(), "a call to " + callee.name()
                        + " (only printf and the module's own functions)");
            }
            if (c.receivers().isEmpty()) {
                line(call + ";");
            } else {
                LExp receiver = c.receivers().head();
                String cast = "(" + cType(receiver.type(), function.name()) + ")";
                Option<String> target = variable(receiver);
                if (target.isDefined()) {
                    line(target.get() + " = " + cast + call + ";");
                } else if (receiver instanceof LExp.Mem m) {
                    line("st_" + suffix(m.type()) + "(" + expression(m.address()) + ", " + cast + call + ");");
                } else {
                    throw unsupported(function.name(), "receiver " + LirPrinter.print(receiver));
                }
            }
        }

        private String variadic(LExp arg) {
            String value = expression(arg);
            return switch (arg.type()) {
                case LirType.Int i when i.bits() == 32 -> "(int)" + value;
                case LirType.Int i when i.bits() == 64 -> "(long long)" + value;
                case LirType.Float f when f.bits() <= 64 -> "(double)" + value;
                default -> throw unsupported(function.name(), "a printf argument of type " + arg.type());
            };
        }

        private void line(String text) {
            out.append("    ").append(text).append('\n');
        }

        private String label(LExp.Label l) {
            return name("L_", l.name());
        }

        // ---- expressions, translated bottom-up with an explicit stack --------------------------------

        private record Pending(LExp node, boolean expanded) {}

        private String expression(LExp root) {
            Deque<Pending> work = new ArrayDeque<>();
            Deque<String> done = new ArrayDeque<>();
            work.push(new Pending(root, false));
            while (!work.isEmpty()) {
                Pending p = work.pop();
                Option<String> variable = variable(p.node());
                if (variable.isDefined()) {
                    done.push(variable.get());
                } else if (p.expanded() || p.node().operands().isEmpty()) {
                    int arity = p.expanded() ? p.node().operands().size() : 0;
                    String[] operands = new String[arity];
                    for (int i = arity - 1; i >= 0; i--) {
                        operands[i] = done.pop();
                    }
                    done.push(node(p.node(), operands));
                } else {
                    work.push(new Pending(p.node(), true));
                    Vector<LExp> operands = p.node().operands();
                    for (int i = operands.size() - 1; i >= 0; i--) {
                        work.push(new Pending(operands.get(i), false));
                    }
                }
            }
            return done.pop();
        }

        /** One node, given its operands already in C. */
        private String node(LExp e, String[] x) {
            return switch (e) {
                case LExp.IntConst c -> intLiteral(c);
                case LExp.FloatConst f -> floatLiteral(f);
                case LExp.Static s when data.contains(s.name()) -> "((int64_t)(intptr_t)" + name("d_", s.name()) + ")";
                case LExp.Frame f when locals.get(f.name()).exists(s -> s.type() instanceof LirType.Aggregate) ->
                        "((int64_t)(intptr_t)" + name("v_", f.name()) + ")";
                case LExp.Mem m -> "ld_" + suffix(m.type()) + "(" + x[0] + ")";
                case LExp.Binary b -> binary(b, x[0], x[1]);
                case LExp.Unary u -> unary(u, x[0]);
                case LExp.If i -> "(" + x[0] + " ? " + x[1] + " : " + x[2] + ")";
                default -> throw unsupported(function.name(), LirPrinter.print(e));
            };
        }

        private String binary(LExp.Binary b, String x, String y) {
            if (b.op().isComparison()) {
                LirType operand = b.left().type();
                String test = switch (b.op()) {
                    case TSTEQ -> "==";
                    case TSTNE -> "!=";
                    case TSTLTS, TSTLTU -> "<";
                    case TSTLES, TSTLEU -> "<=";
                    case TSTGTS, TSTGTU -> ">";
                    default -> ">=";
                };
                boolean unsigned = b.op() == Op.TSTLTU || b.op() == Op.TSTLEU || b.op() == Op.TSTGTU
                        || b.op() == Op.TSTGEU;
                if (unsigned && !(operand instanceof LirType.Int)) {
                    throw unsupported(function.name(), "an unsigned comparison of floats " + LirPrinter.print(b));
                }
                String u = unsigned ? "(" + unsignedType(operand) + ")" : "";
                return "((" + cType(b.type(), function.name()) + ")(" + u + x + " " + test + " " + u + y + "))";
            }
            if (b.type() instanceof LirType.Float) {
                String op = switch (b.op()) {
                    case ADD -> "+";
                    case SUB -> "-";
                    case MUL -> "*";
                    case DIVS -> "/";
                    default -> throw unsupported(function.name(), "float " + b.op() + " in " + LirPrinter.print(b));
                };
                return "(" + x + " " + op + " " + y + ")";
            }
            String s = cType(b.type(), function.name());
            String u = unsignedType(b.type());
            int mask = b.type().bits() - 1;
            return switch (b.op()) {
                case ADD -> "((" + s + ")((" + u + ")" + x + " + (" + u + ")" + y + "))";
                case SUB -> "((" + s + ")((" + u + ")" + x + " - (" + u + ")" + y + "))";
                case MUL -> "((" + s + ")((" + u + ")" + x + " * (" + u + ")" + y + "))";
                case BAND -> "((" + s + ")((" + u + ")" + x + " & (" + u + ")" + y + "))";
                case BOR -> "((" + s + ")((" + u + ")" + x + " | (" + u + ")" + y + "))";
                case BXOR -> "((" + s + ")((" + u + ")" + x + " ^ (" + u + ")" + y + "))";
                case DIVS -> "(" + x + " / " + y + ")";
                case MODS -> "(" + x + " % " + y + ")";
                case DIVU -> "((" + s + ")((" + u + ")" + x + " / (" + u + ")" + y + "))";
                case MODU -> "((" + s + ")((" + u + ")" + x + " % (" + u + ")" + y + "))";
                case LSHS, LSHU -> "((" + s + ")((" + u + ")" + x + " << (" + y + " & " + mask + ")))";
                case RSHS -> "(" + x + " >> (" + y + " & " + mask + "))";
                case RSHU -> "((" + s + ")((" + u + ")" + x + " >> (" + y + " & " + mask + ")))";
                default -> throw unsupported(function.name(), LirPrinter.print(b));
            };
        }

        private String unary(LExp.Unary e, String x) {
            LirType t = e.type();
            LirType from = e.operand().type();
            String s = cType(t, function.name());
            return switch (e.op()) {
                case NEG -> t instanceof LirType.Float ? "(-" + x + ")"
                        : "((" + s + ")((" + unsignedType(t) + ")0 - (" + unsignedType(t) + ")" + x + "))";
                case BNOT -> "((" + s + ")~(" + unsignedType(t) + ")" + x + ")";
                case CONVSX, CONVSF, CONVFX, CONVFT, CONVFI, CONVFS -> "((" + s + ")" + x + ")";
                case CONVZX, CONVUF -> "((" + s + ")(" + unsignedType(from) + ")" + x + ")";
                case CONVIT -> "((" + s + ")(" + unsignedType(t) + ")" + x + ")";
                case CONVFU -> "((" + s + ")(" + unsignedType(t) + ")" + x + ")";
                default -> throw unsupported(function.name(), LirPrinter.print(e));
            };
        }

        private String unsignedType(LirType t) {
            return switch (t) {
                case LirType.Int i when i.bits() == 32 -> "uint32_t";
                case LirType.Int i when i.bits() == 64 -> "uint64_t";
                default -> throw unsupported(function.name(), "unsigned arithmetic on " + t);
            };
        }

        private String floatLiteral(LExp.FloatConst f) {
            if (Double.isNaN(f.value()) || Double.isInfinite(f.value())) {
                throw unsupported(function.name(), "the float constant " + f.value());
            }
            String hex = Double.toHexString(f.value());
            return f.type().bits() == 32 ? "((float)" + hex + ")" : "(" + hex + ")";
        }
    }

    private static String intLiteral(LExp.IntConst c) {
        BigInteger v = c.value();
        return switch (c.type().bits()) {
            case 32 -> "((int32_t)" + Long.toUnsignedString(c.bits() & 0xffffffffL) + "u)";
            case 64 -> "((int64_t)" + Long.toUnsignedString(c.bits()) + "ull)";
            default -> throw unsupported("constant", "an integer constant of type " + c.type() + ": " + v);
        };
    }

    private static String suffix(LirType t) {
        return switch (t) {
            case LirType.Int i when i.bits() == 32 -> "i32";
            case LirType.Int i when i.bits() == 64 -> "i64";
            case LirType.Float f when f.bits() == 32 -> "f32";
            case LirType.Float f when f.bits() == 64 -> "f64";
            default -> throw unsupported("memory access", "a MEM of type " + t);
        };
    }

    private static String cType(LirType t, String where) {
        return switch (t) {
            case LirType.Int i when i.bits() == 32 -> "int32_t";
            case LirType.Int i when i.bits() == 64 -> "int64_t";
            case LirType.Float f when f.bits() == 32 -> "float";
            case LirType.Float f when f.bits() == 64 -> "double";
            default -> throw unsupported(where, "a value of type " + t);
        };
    }

    /** A C identifier for a LIR name: a prefix, then letters and digits kept and other characters as _xx. */
    private static String name(String prefix, String lir) {
        StringBuilder b = new StringBuilder(prefix);
        for (char ch : lir.toCharArray()) {
            if (ch < 128 && Character.isLetterOrDigit(ch)) {
                b.append(ch);
            } else {
                b.append('_').append(String.format("%02x", (int) ch));
            }
        }
        return b.toString();
    }

    private static IllegalArgumentException unsupported(String where, String what) {
        return new IllegalArgumentException("GeneratedC: " + where + ": " + what
                + " is outside the LIR subset that LirGenerator emits");
    }
}
