package org.funssa.core.lir;

import io.vavr.collection.Vector;
import java.util.ArrayDeque;

/**
 * Prints the LIR model as COINS-style text (seed 004, appendix A; the layout of the corpus's
 * {@code .fe.lir} files): a module header, one symbol table entry per line, one DATA or FUNCTION item
 * and one statement per line, two spaces of indentation per level, floats as {@link Double#toString},
 * integers as their exact values, strings escaped so that {@link LirReader} reads them back.
 * {@code LirReader.read(print(m))} equals {@code m} for every module the reader produces.
 *
 * <p>Expressions are printed with an explicit stack, so their depth is bounded by the heap only.
 */
public final class LirPrinter {

    private LirPrinter() {}

    /** The whole module, ending with a newline. */
    public static String print(Module module) {
        StringBuilder out = new StringBuilder(1 << 12);
        out.append("(MODULE ").append(quote(module.name())).append('\n');
        symtab(out, "  ", module.symbols());
        for (Module.Item item : module.items()) {
            out.append('\n');
            switch (item) {
                case Module.Data data -> data(out, data);
                case Module.Function function -> function(out, function);
            }
        }
        return out.append(")\n").toString();
    }

    /** One L-expression on one line. */
    public static String print(LExp expression) {
        StringBuilder out = new StringBuilder();
        emit(out, expression);
        return out.toString();
    }

    /** One statement on one line. */
    public static String print(Stmt statement) {
        StringBuilder out = new StringBuilder();
        emit(out, statement);
        return out.toString();
    }

    /** One symbol table entry on one line. */
    public static String print(Symbol symbol) {
        StringBuilder out = new StringBuilder();
        symbol(out, symbol);
        return out.toString();
    }

    /**
     * {@code "text"} as LIR writes strings: {@code \" \\ \n \t \r} and other control characters as
     * three-digit octal escapes. The IR text form quotes names the same way.
     */
    public static String quote(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f) {
                        out.append('\\').append((char) ('0' + (c >> 6))).append((char) ('0' + ((c >> 3) & 7)))
                                .append((char) ('0' + (c & 7)));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    private static void symtab(StringBuilder out, String indent, Vector<Symbol> symbols) {
        out.append(indent).append("(SYMTAB");
        for (Symbol symbol : symbols) {
            out.append('\n').append(indent).append("  ");
            symbol(out, symbol);
        }
        out.append(')');
    }

    private static void symbol(StringBuilder out, Symbol symbol) {
        out.append('(').append(quote(symbol.name()));
        switch (symbol) {
            case Symbol.Static s -> out.append(" STATIC ").append(s.type()).append(' ').append(s.align()).append(' ')
                    .append(quote(s.segment())).append(' ').append(s.linkage());
            case Symbol.Frame f -> out.append(" FRAME ").append(f.type()).append(' ').append(f.align()).append(' ')
                    .append(f.offset());
            case Symbol.Reg r -> out.append(" REG ").append(r.type()).append(' ').append(r.align()).append(' ')
                    .append(r.offset());
        }
        for (Annotation option : symbol.options()) {
            out.append(" &").append(option.keyword());
            for (Annotation.Literal arg : option.args()) {
                out.append(' ').append(switch (arg) {
                    case Annotation.Text t -> quote(t.value());
                    case Annotation.Number n -> n.value().toString();
                });
            }
        }
        out.append(')');
    }

    private static void data(StringBuilder out, Module.Data data) {
        out.append("  (DATA ").append(quote(data.name()));
        for (Module.DataItem item : data.contents()) {
            out.append(' ');
            switch (item) {
                case Module.Zeros z -> out.append("(ZEROS ").append(z.bytes()).append(')');
                case Module.Space s -> out.append("(SPACE ").append(s.bytes()).append(')');
                case Module.Values v -> {
                    out.append('(').append(v.type());
                    for (LExp value : v.values()) {
                        out.append(' ');
                        switch (value) {
                            case LExp.IntConst c when c.type().equals(v.type()) -> out.append(c.value());
                            case LExp.FloatConst c when c.type().equals(v.type()) -> out.append(c.value());
                            default -> emit(out, value);
                        }
                    }
                    out.append(')');
                }
            }
        }
        out.append(')');
    }

    private static void function(StringBuilder out, Module.Function function) {
        out.append("  (FUNCTION ").append(quote(function.name())).append('\n');
        symtab(out, "    ", function.symbols());
        for (Stmt statement : function.body()) {
            out.append("\n    ");
            emit(out, statement);
        }
        out.append(')');
    }

    /**
     * Prints a statement or an L-expression. The stack holds what is still to print, next on top: text,
     * L-expressions and statements; a node prints its head at once and pushes its tail in reverse.
     */
    private static void emit(StringBuilder out, Object root) {
        ArrayDeque<Object> stack = new ArrayDeque<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            switch (stack.pop()) {
                case String text -> out.append(text);
                case LExp expression -> expression(out, stack, expression);
                case Stmt statement -> statement(out, stack, statement);
                default -> throw new IllegalStateException("nothing else is pushed");
            }
        }
    }

    private static void expression(StringBuilder out, ArrayDeque<Object> stack, LExp expression) {
        switch (expression) {
            case LExp.IntConst c -> out.append("(INTCONST ").append(c.type()).append(' ').append(c.value()).append(')');
            case LExp.FloatConst c -> out.append("(FLOATCONST ").append(c.type()).append(' ').append(c.value())
                    .append(')');
            case LExp.Static s -> named(out, "STATIC", s.type(), s.name());
            case LExp.Frame f -> named(out, "FRAME", f.type(), f.name());
            case LExp.Reg r -> named(out, "REG", r.type(), r.name());
            case LExp.Label l -> named(out, "LABEL", l.type(), l.name());
            case LExp.Subreg s -> {
                out.append("(SUBREG ").append(s.type()).append(' ');
                pushAll(stack, s.register(), " " + s.index() + ")");
            }
            case LExp.Mem m -> {
                out.append("(MEM ").append(m.type()).append(' ');
                String modifiers = (m.isVolatile() ? " &V" : "") + (m.noSafe() ? " &N" : "")
                        + m.align().map(a -> " &align " + a).getOrElse("");
                pushAll(stack, m.address(), modifiers + ")");
            }
            case LExp.Binary b -> {
                out.append('(').append(b.op()).append(' ').append(b.type()).append(' ');
                pushAll(stack, b.left(), " ", b.right(), ")");
            }
            case LExp.Unary u -> {
                out.append('(').append(u.op()).append(' ').append(u.type()).append(' ');
                pushAll(stack, u.operand(), ")");
            }
            case LExp.If i -> {
                out.append("(IF ").append(i.type()).append(' ');
                pushAll(stack, i.condition(), " ", i.then(), " ", i.otherwise(), ")");
            }
        }
    }

    private static void statement(StringBuilder out, ArrayDeque<Object> stack, Stmt statement) {
        switch (statement) {
            case Stmt.Set s -> {
                out.append("(SET ").append(s.type()).append(' ');
                pushAll(stack, s.target(), " ", s.value(), ")");
            }
            case Stmt.Jump j -> {
                out.append("(JUMP ");
                pushAll(stack, j.target(), ")");
            }
            case Stmt.JumpC j -> {
                out.append("(JUMPC ");
                pushAll(stack, j.test(), " ", j.ifTrue(), " ", j.ifFalse(), ")");
            }
            case Stmt.JumpN j -> {
                out.append("(JUMPN ");
                Vector<Object> tail = Vector.of(j.value(), " (");
                for (int i = 0; i < j.cases().size(); i++) {
                    Stmt.Case c = j.cases().get(i);
                    tail = tail.appendAll(Vector.of(i == 0 ? "(" : " (", c.value(), " ", c.target(), ")"));
                }
                pushAll(stack, tail.appendAll(Vector.of(") ", j.otherwise(), ")")).toJavaArray());
            }
            case Stmt.Call c -> {
                out.append("(CALL ");
                pushAll(stack, Vector.<Object>of(c.function(), " (")
                        .appendAll(separated(c.args())).append(") (")
                        .appendAll(separated(c.receivers())).append("))").toJavaArray());
            }
            case Stmt.Prologue p -> {
                out.append("(PROLOGUE (").append(p.frameSize()).append(' ').append(p.savedSize()).append(')');
                pushAll(stack, prefixed(p.params()).append(")").toJavaArray());
            }
            case Stmt.Epilogue e -> {
                out.append("(EPILOGUE (").append(e.frameSize()).append(' ').append(e.savedSize()).append(')');
                pushAll(stack, prefixed(e.results()).append(")").toJavaArray());
            }
            case Stmt.DefLabel d -> out.append("(DEFLABEL ").append(quote(d.name())).append(')');
            case Stmt.Parallel p -> {
                out.append("(PARALLEL");
                pushAll(stack, prefixed(p.parts()).append(")").toJavaArray());
            }
            case Stmt.Use u -> {
                out.append("(USE");
                pushAll(stack, prefixed(u.registers()).append(")").toJavaArray());
            }
            case Stmt.Clobber c -> {
                out.append("(CLOBBER");
                pushAll(stack, prefixed(c.registers()).append(")").toJavaArray());
            }
            case Stmt.Line l -> out.append("(LINE ").append(l.line()).append(')');
            case Stmt.Phi p -> {
                out.append("(PHI ").append(p.type()).append(' ');
                Vector<Object> tail = Vector.of(p.target());
                for (Stmt.PhiArg arg : p.args()) {
                    tail = tail.appendAll(Vector.of(" (", arg.value(), " ", arg.predecessor(), ")"));
                }
                pushAll(stack, tail.append(")").toJavaArray());
            }
        }
    }

    private static void named(StringBuilder out, String head, LirType type, String name) {
        out.append('(').append(head).append(' ').append(type).append(' ').append(quote(name)).append(')');
    }

    /** The nodes with a space between each two. */
    private static Vector<Object> separated(Vector<? extends Object> nodes) {
        return nodes.zipWithIndex().flatMap(p -> p._2 == 0 ? Vector.of(p._1) : Vector.of(" ", p._1));
    }

    /** The nodes, each after a space. */
    private static Vector<Object> prefixed(Vector<? extends Object> nodes) {
        return nodes.flatMap(node -> Vector.of(" ", node));
    }

    /** Pushes the items so that the first is printed first. */
    private static void pushAll(ArrayDeque<Object> stack, Object... items) {
        for (int i = items.length - 1; i >= 0; i--) {
            stack.push(items[i]);
        }
    }
}
