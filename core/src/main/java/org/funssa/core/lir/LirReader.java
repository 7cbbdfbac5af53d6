package org.funssa.core.lir;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Reads COINS LIR text (seed 004, appendix A; shared/LIR.md, checked against the corpus of real COINS
 * output) into the immutable {@link Module} model, checking arity and the typing rules of
 * {@link LirTypeRules} at every node. Bad input raises {@link LirSyntaxError} naming file, line, column,
 * what was expected and what was found.
 *
 * <p>Two stages, neither recursive in the nesting depth: {@link SExpReader} builds an S-expression tree
 * with an explicit stack, and the conversion below walks each statement's tree with an explicit stack of
 * {@link Pending} nodes, so a 10^6-deep expression reads in heap space, not thread-stack space. The two
 * stages overlap for a function's statements: each is converted as soon as its list closes, so that the
 * S-expressions of a module, several times the size of its model, are never all held at once.
 *
 * <p>Accepted beyond LIR.md, because the corpus has it: integer literals with a {@code U} suffix (COINS
 * prints C's {@code 2147483648U} that way; the value is kept, the suffix is not), and data values written
 * either bare ({@code (I32 1)}) or as constants ({@code (I32 (INTCONST I32 1))}), both read as the same
 * {@link LExp.IntConst}; a {@code FUNCTION} without a {@code SYMTAB} (COINS omits an empty one) has no
 * symbols. A {@code PARALLEL} may not contain another {@code PARALLEL}. An {@code I32} constant outside 32
 * bits but within 64 (COINS 1.5's optimizer writes {@code (INTCONST I32 -21474836470)}) is read modulo 2^32,
 * as COINS's back end does, with a warning in {@link Parsed#warnings()}.
 *
 * <p>The reader checks each node's shape and local typing; {@link LirChecker} checks what needs the whole
 * module (declarations, labels, calls, frame accesses, sizes).
 */
public final class LirReader {

    /**
     * A module, where each of its nodes was read, and the reader's warnings: the places where it took
     * text that COINS writes but LIR does not allow, and what it read there.
     */
    public record Parsed(Module module, Positions positions, Vector<Diagnostic> warnings) {}

    /** Reads a module from a UTF-8 file; errors name the file as given. I/O failures are unchecked. */
    public static Module read(Path file) {
        return read(file.toString(), text(file));
    }

    /** Reads a module from text; {@code sourceName} is the file name used in error messages. */
    public static Module read(String sourceName, String text) {
        LirReader reader = new LirReader(sourceName, false);
        return reader.module(SExpReader.read(sourceName, text, reader::statement));
    }

    /** Reads a module from a UTF-8 file and keeps the source position of every node. */
    public static Parsed readWithPositions(Path file) {
        return readWithPositions(file.toString(), text(file));
    }

    /** Reads a module from text and keeps the source position of every node. */
    public static Parsed readWithPositions(String sourceName, String text) {
        LirReader reader = new LirReader(sourceName, true);
        Module module = reader.module(SExpReader.read(sourceName, text, reader::statement));
        return new Parsed(module, new Positions(reader.positions), Vector.ofAll(reader.warnings));
    }

    /** Reads one L-expression, such as {@code (ADD I32 (REG I32 "x") (INTCONST I32 1))}. */
    public static LExp readExpression(String sourceName, String text) {
        return (LExp) new LirReader(sourceName, false).convert(SExpReader.read(sourceName, text), Role.EXPRESSION);
    }

    /** Reads one statement, such as {@code (SET I32 (REG I32 "x") (INTCONST I32 1))}. */
    public static Stmt readStatement(String sourceName, String text) {
        return (Stmt) new LirReader(sourceName, false).convert(SExpReader.read(sourceName, text), Role.STATEMENT);
    }

    private static String text(Path file) {
        try {
            return SourceText.read(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private final String source;
    private final IdentityHashMap<Object, SourcePos> positions;
    private final List<Diagnostic> warnings = new ArrayList<>();

    private LirReader(String source, boolean keepPositions) {
        this.source = source;
        this.positions = keepPositions ? new IdentityHashMap<>() : null;
    }

    // ---------------------------------------------------------------- module, symbols, data, functions

    private Module module(SExp top) {
        SExp.SList form = form(top, "MODULE", "(MODULE \"name\" (SYMTAB …) item…)");
        List<SExp> items = form.items();
        String name = string(item(form, 1, "the module's name"), "the module's name");
        Vector<Symbol> symbols = symtab(item(form, 2, "(SYMTAB …)"));
        List<Module.Item> contents = new ArrayList<>(items.size() - 3);
        for (SExp item : items.subList(3, items.size())) {
            String head = headOf(item, "(DATA …) or (FUNCTION …)");
            contents.add(switch (head) {
                case "DATA" -> data((SExp.SList) item);
                case "FUNCTION" -> function((SExp.SList) item);
                default -> throw error(item, "expected (DATA …) or (FUNCTION …), found " + item.describe());
            });
        }
        return remember(new Module(name, symbols, Vector.ofAll(contents)), form);
    }

    private Vector<Symbol> symtab(SExp node) {
        SExp.SList form = form(node, "SYMTAB", "(SYMTAB entry…)");
        List<Symbol> symbols = new ArrayList<>(form.items().size());
        for (SExp entry : form.items().subList(1, form.items().size())) {
            symbols.add(symbol(entry));
        }
        return Vector.ofAll(symbols);
    }

    private static final String ENTRY = "(\"name\" STATIC|FRAME|REG type align …)";

    private Symbol symbol(SExp node) {
        if (!(node instanceof SExp.SList entry) || entry.items().isEmpty()
                || !(entry.items().getFirst() instanceof SExp.Str)) {
            throw error(node, "expected a symbol table entry " + ENTRY + ", found " + node.describe());
        }
        String name = string(entry.items().get(0), "the symbol's name");
        SExp kindNode = item(entry, 1, "STATIC, FRAME or REG");
        String kind = kindNode instanceof SExp.Word w ? w.text() : "";
        LirType type = type(item(entry, 2, "the symbol's type"));
        long align = natural(item(entry, 3, "the symbol's alignment"), "an alignment");
        Symbol symbol = switch (kind) {
            case "STATIC" -> {
                String segment = string(item(entry, 4, "the segment name"), "the segment name");
                SExp linkageNode = item(entry, 5, "LDEF, XDEF or XREF");
                Symbol.Linkage linkage = switch (linkageNode instanceof SExp.Word w ? w.text() : "") {
                    case "LDEF" -> Symbol.Linkage.LDEF;
                    case "XDEF" -> Symbol.Linkage.XDEF;
                    case "XREF" -> Symbol.Linkage.XREF;
                    default -> throw error(linkageNode, "expected LDEF, XDEF or XREF, found " + linkageNode.describe());
                };
                yield new Symbol.Static(name, type, align, segment, linkage, options(entry, 6));
            }
            case "FRAME" -> new Symbol.Frame(name, type, align, integer(item(entry, 4, "the frame offset"),
                    "a frame offset"), options(entry, 5));
            case "REG" -> new Symbol.Reg(name, type, align, integer(item(entry, 4, "the register offset"),
                    "a register offset"), options(entry, 5));
            default -> throw error(kindNode, "expected STATIC, FRAME or REG, found " + kindNode.describe());
        };
        return remember(symbol, entry);
    }

    /** Trailing {@code &keyword literal…} options from item {@code from} on. */
    private Vector<Annotation> options(SExp.SList entry, int from) {
        List<Annotation> options = new ArrayList<>();
        List<SExp> items = entry.items();
        int i = from;
        while (i < items.size()) {
            if (!(items.get(i) instanceof SExp.Keyword keyword)) {
                throw error(items.get(i), "expected an option (&keyword literal…) or ')', found "
                        + items.get(i).describe());
            }
            i++;
            List<Annotation.Literal> args = new ArrayList<>();
            for (; i < items.size() && !(items.get(i) instanceof SExp.Keyword); i++) {
                args.add(switch (items.get(i)) {
                    case SExp.Str s -> new Annotation.Text(s.value());
                    case SExp.Int n -> new Annotation.Number(n.value());
                    default -> throw error(items.get(i), "expected a string or an integer as an argument of &"
                            + keyword.name() + ", found " + items.get(i).describe());
                });
            }
            options.add(new Annotation(keyword.name(), Vector.ofAll(args)));
        }
        return Vector.ofAll(options);
    }

    private Module.Data data(SExp.SList form) {
        String name = string(item(form, 1, "the data's name"), "the data's name");
        List<Module.DataItem> contents = new ArrayList<>();
        for (SExp item : form.items().subList(2, form.items().size())) {
            contents.add(dataItem(item));
        }
        return remember(new Module.Data(name, Vector.ofAll(contents)), form);
    }

    private Module.DataItem dataItem(SExp node) {
        String head = headOf(node, "data contents (type value…), (ZEROS n) or (SPACE n)");
        SExp.SList form = (SExp.SList) node;
        switch (head) {
            case "ZEROS", "SPACE" -> {
                arity(form, 1, "(" + head + " n)");
                long bytes = natural(form.items().get(1), "a byte count");
                return head.equals("ZEROS") ? new Module.Zeros(bytes) : new Module.Space(bytes);
            }
            default -> {
                Option<LirType> named = LirType.named(head);
                if (named.isEmpty() || named.get() instanceof LirType.Unknown) {
                    throw error(node, "expected data contents (type value…), (ZEROS n) or (SPACE n), found "
                            + node.describe());
                }
                LirType type = named.get();
                List<LExp> values = new ArrayList<>(form.items().size());
                for (SExp value : form.items().subList(1, form.items().size())) {
                    values.add(dataValue(type, value));
                }
                return new Module.Values(type, Vector.ofAll(values));
            }
        }
    }

    private LExp dataValue(LirType type, SExp node) {
        LExp value = switch (node) {
            case SExp.Int n when type instanceof LirType.Int t -> intConst(t, n);
            case SExp.Int n when type instanceof LirType.Float t -> new LExp.FloatConst(t, n.value().doubleValue());
            case SExp.Real r when type instanceof LirType.Float t -> new LExp.FloatConst(t, r.value());
            case SExp.SList l -> (LExp) convert(l, Role.EXPRESSION);
            default -> throw error(node, "expected a value of type " + type + ", found " + node.describe());
        };
        if (!value.type().equals(type)) {
            throw error(node, "expected a value of type " + type + ", found " + node.describe() + " of type "
                    + value.type());
        }
        return remember(value, node);
    }

    private Module.Function function(SExp.SList form) {
        String name = string(item(form, 1, "the function's name"), "the function's name");
        List<SExp> items = form.items();
        boolean hasSymtab = items.size() > 2 && items.get(2) instanceof SExp.SList l && !l.items().isEmpty()
                && l.items().getFirst() instanceof SExp.Word w && w.text().equals("SYMTAB");
        Vector<Symbol> symbols = hasSymtab ? symtab(items.get(2)) : Vector.empty();
        List<Stmt> body = new ArrayList<>(items.size());
        for (SExp statement : items.subList(hasSymtab ? 3 : 2, items.size())) {
            body.add((Stmt) (statement instanceof SExp.Converted c ? c.value() : convert(statement, Role.STATEMENT)));
        }
        return remember(new Module.Function(name, symbols, Vector.ofAll(body)), form);
    }

    // ---------------------------------------------------------------- statements and L-expressions

    /** A statement list of a function, converted as the S-expression reader closes it. */
    private SExp statement(SExp.SList list) {
        Object value = convert(list, Role.STATEMENT);
        return new SExp.Converted(list.line(), list.column(), ((SExp.Word) list.items().getFirst()).text(), value);
    }

    /** Whether a node's sub-nodes are L-expressions or statements. */
    private enum Role { EXPRESSION, STATEMENT }

    /** Builds a node's value from the values of its converted sub-nodes. */
    @FunctionalInterface
    private interface Builder {
        Object build(Object[] values);
    }

    /** A list node waiting for its sub-nodes (all of one role) to be converted. */
    private static final class Pending {
        final SExp.SList node;
        final List<SExp> children;
        final Role role;
        final Builder builder;
        final Object[] values;
        int done;

        Pending(SExp.SList node, List<SExp> children, Role role, Builder builder) {
            this.node = node;
            this.children = children;
            this.role = role;
            this.builder = builder;
            this.values = new Object[children.size()];
        }
    }

    /** Marks that {@link #start} pushed a {@link Pending} instead of returning a value. */
    private static final Object PUSHED = new Object();

    /** Converts one statement or L-expression, depth-first with an explicit stack. */
    private Object convert(SExp root, Role role) {
        ArrayDeque<Pending> stack = new ArrayDeque<>();
        Object value = start(root, role, stack);
        while (!stack.isEmpty()) {
            Pending top = stack.peek();
            if (value != PUSHED) {
                top.values[top.done++] = value;
            }
            if (top.done < top.children.size()) {
                value = start(top.children.get(top.done), top.role, stack);
            } else {
                stack.pop();
                value = remember(top.builder.build(top.values), top.node);
            }
        }
        return value;
    }

    /** Converts a leaf at once, or pushes a {@link Pending} for a node with sub-nodes and returns {@link #PUSHED}. */
    private Object start(SExp node, Role role, ArrayDeque<Pending> stack) {
        if (!(node instanceof SExp.SList form) || form.items().isEmpty()
                || !(form.items().getFirst() instanceof SExp.Word headWord)) {
            throw error(node, (role == Role.STATEMENT ? "expected a statement (SET, JUMP, CALL, …), found "
                    : "expected an L-expression (REG, MEM, ADD, …), found ") + node.describe());
        }
        String head = headWord.text();
        boolean statement = STATEMENTS.contains(head);
        if (role == Role.STATEMENT && !statement) {
            throw error(node, "expected a statement (SET, JUMP, CALL, …), found " + node.describe());
        }
        if (role == Role.EXPRESSION && statement) {
            throw error(node, "expected an L-expression (REG, MEM, ADD, …), found the statement " + node.describe());
        }
        return statement ? startStatement(form, head, stack) : startExpression(form, head, stack);
    }

    private static final Set<String> STATEMENTS = Set.of("SET", "JUMP", "JUMPC", "JUMPN", "CALL",
            "PROLOGUE", "EPILOGUE", "DEFLABEL", "PARALLEL", "USE", "CLOBBER", "LINE", "PHI");

    private Object startExpression(SExp.SList form, String head, ArrayDeque<Pending> stack) {
        List<SExp> items = form.items();
        switch (head) {
            case "INTCONST" -> {
                arity(form, 2, "(INTCONST t n)");
                LirType.Int type = intType(items.get(1), "INTCONST");
                if (!(items.get(2) instanceof SExp.Int n)) {
                    throw error(items.get(2), "expected an integer, found " + items.get(2).describe());
                }
                return remember(intConst(type, n), form);
            }
            case "FLOATCONST" -> {
                arity(form, 2, "(FLOATCONST t x)");
                LirType type = type(items.get(1));
                if (!(type instanceof LirType.Float floatType)) {
                    throw error(items.get(1), "expected a float type for FLOATCONST, found " + type);
                }
                double value = switch (items.get(2)) {
                    case SExp.Real r -> r.value();
                    case SExp.Int n -> n.value().doubleValue();
                    default -> throw error(items.get(2), "expected a number, found " + items.get(2).describe());
                };
                return remember(new LExp.FloatConst(floatType, value), form);
            }
            case "STATIC", "FRAME", "REG", "LABEL" -> {
                return leaf(form, head);
            }
            case "SUBREG" -> {
                arity(form, 3, "(SUBREG t (REG t \"r\") n)");
                LirType type = type(items.get(1));
                if (!headOf(items.get(2), "(REG t \"r\")").equals("REG")) {
                    throw error(items.get(2), "expected (REG t \"r\") in SUBREG, found " + items.get(2).describe());
                }
                LExp register = leaf((SExp.SList) items.get(2), "REG");
                int index = (int) bounded(items.get(3), "a sub-register index", 0, Integer.MAX_VALUE);
                return remember(new LExp.Subreg(type, register, index), form);
            }
            case "MEM" -> {
                if (items.size() < 3) {
                    arity(form, 2, "(MEM t address [&V] [&N] [&align n])");
                }
                LirType type = type(items.get(1));
                boolean isVolatile = false;
                boolean noSafe = false;
                Option<Integer> align = Option.none();
                for (int i = 3; i < items.size(); i++) {
                    SExp modifier = items.get(i);
                    String name = modifier instanceof SExp.Keyword k ? k.name() : "";
                    if (name.equals("V") && !isVolatile) {
                        isVolatile = true;
                    } else if (name.equals("N") && !noSafe) {
                        noSafe = true;
                    } else if (name.equals("align") && align.isEmpty()) {
                        align = Option.of((int) bounded(item(form, ++i, "an alignment after &align"), "an alignment",
                                1, Integer.MAX_VALUE));
                    } else {
                        throw error(modifier, "expected a MEM modifier used at most once (&V, &N, &align n), found "
                                + modifier.describe());
                    }
                }
                boolean v = isVolatile;
                boolean n = noSafe;
                Option<Integer> a = align;
                return push(stack, form, items.subList(2, 3), Role.EXPRESSION, values -> {
                    LExp address = (LExp) values[0];
                    check(form, LirTypeRules.address("MEM", address.type()));
                    return new LExp.Mem(type, address, v, n, a);
                });
            }
            case "IF" -> {
                arity(form, 4, "(IF t c a b)");
                LirType type = type(items.get(1));
                return push(stack, form, items.subList(2, 5), Role.EXPRESSION, values -> {
                    LExp c = (LExp) values[0];
                    LExp a = (LExp) values[1];
                    LExp b = (LExp) values[2];
                    check(form, LirTypeRules.select(type, c.type(), a.type(), b.type()));
                    return new LExp.If(type, c, a, b);
                });
            }
            default -> {
                Op op = Op.named(head).getOrElseThrow(() -> error(form.items().getFirst(),
                        "expected an L-expression operator (INTCONST, REG, MEM, ADD, TSTEQ, CONVSX, …), found "
                                + head));
                boolean binary = op.arity() == 2;
                arity(form, op.arity() + 1, binary ? "(" + op + " t x y)" : "(" + op + " t x)");
                LirType type = type(items.get(1));
                return push(stack, form, items.subList(2, items.size()), Role.EXPRESSION, values -> {
                    if (binary) {
                        LExp x = (LExp) values[0];
                        LExp y = (LExp) values[1];
                        check(form, LirTypeRules.binary(op, type, x.type(), y.type()));
                        return new LExp.Binary(op, type, x, y);
                    }
                    LExp x = (LExp) values[0];
                    check(form, LirTypeRules.unary(op, type, x.type()));
                    return new LExp.Unary(op, type, x);
                });
            }
        }
    }

    /** {@code (STATIC t "s")}, {@code (FRAME t "s")}, {@code (REG t "r")} or {@code (LABEL t "l")}. */
    private LExp leaf(SExp.SList form, String head) {
        arity(form, 2, "(" + head + " t \"name\")");
        LirType type = type(form.items().get(1));
        String name = string(form.items().get(2), "a quoted name");
        LExp leaf = switch (head) {
            case "STATIC" -> new LExp.Static(type, name);
            case "FRAME" -> new LExp.Frame(type, name);
            case "REG" -> new LExp.Reg(type, name);
            default -> new LExp.Label(type, name);
        };
        return remember(leaf, form);
    }

    private LExp.Label label(SExp node) {
        if (!headOf(node, "(LABEL t \"l\")").equals("LABEL")) {
            throw error(node, "expected (LABEL t \"l\"), found " + node.describe());
        }
        return (LExp.Label) leaf((SExp.SList) node, "LABEL");
    }

    private Object startStatement(SExp.SList form, String head, ArrayDeque<Pending> stack) {
        List<SExp> items = form.items();
        switch (head) {
            case "SET" -> {
                arity(form, 3, "(SET t target value)");
                LirType type = type(items.get(1));
                return push(stack, form, items.subList(2, 4), Role.EXPRESSION, values -> {
                    LExp target = (LExp) values[0];
                    LExp value = (LExp) values[1];
                    assignable(items.get(2), target, "SET");
                    check(form, LirTypeRules.assignment("SET", type, "target", target.type()));
                    check(form, LirTypeRules.assignment("SET", type, "value", value.type()));
                    return new Stmt.Set(type, target, value);
                });
            }
            case "JUMP" -> {
                arity(form, 1, "(JUMP (LABEL t \"l\"))");
                return remember(new Stmt.Jump(label(items.get(1))), form);
            }
            case "JUMPC" -> {
                arity(form, 3, "(JUMPC test (LABEL …) (LABEL …))");
                LExp.Label ifTrue = label(items.get(2));
                LExp.Label ifFalse = label(items.get(3));
                return push(stack, form, items.subList(1, 2), Role.EXPRESSION, values -> {
                    LExp test = (LExp) values[0];
                    if (!(test instanceof LExp.Binary b && b.op().isComparison())) {
                        throw error(items.get(1), "expected a comparison (TSTEQ, TSTLTS, …) as the test of JUMPC, found "
                                + items.get(1).describe());
                    }
                    return new Stmt.JumpC(test, ifTrue, ifFalse);
                });
            }
            case "JUMPN" -> {
                arity(form, 3, "(JUMPN v ((c (LABEL …))…) (LABEL …))");
                if (!(items.get(2) instanceof SExp.SList caseList)) {
                    throw error(items.get(2), "expected a list of cases ((c (LABEL …))…), found "
                            + items.get(2).describe());
                }
                List<Stmt.Case> cases = new ArrayList<>(caseList.items().size());
                for (SExp c : caseList.items()) {
                    if (!(c instanceof SExp.SList pair) || pair.items().size() != 2) {
                        throw error(c, "expected a case ((INTCONST t n) (LABEL t \"l\")), found " + c.describe());
                    }
                    if (!headOf(pair.items().get(0), "(INTCONST t n)").equals("INTCONST")) {
                        throw error(pair.items().get(0), "expected (INTCONST t n) as a case value, found "
                                + pair.items().get(0).describe());
                    }
                    LExp.IntConst value = (LExp.IntConst) startExpression((SExp.SList) pair.items().get(0),
                            "INTCONST", stack);
                    cases.add(new Stmt.Case(value, label(pair.items().get(1))));
                }
                LExp.Label otherwise = label(items.get(3));
                return push(stack, form, items.subList(1, 2), Role.EXPRESSION, values -> {
                    LExp value = (LExp) values[0];
                    if (!(value.type() instanceof LirType.Int)) {
                        throw error(items.get(1), "expected an integer value to switch on in JUMPN, found "
                                + items.get(1).describe() + " of type " + value.type());
                    }
                    for (int i = 0; i < cases.size(); i++) {
                        if (!cases.get(i).value().type().equals(value.type())) {
                            throw error(caseList.items().get(i), "expected a case value of type " + value.type()
                                    + ", found " + cases.get(i).value().type());
                        }
                    }
                    return new Stmt.JumpN(value, Vector.ofAll(cases), otherwise);
                });
            }
            case "CALL" -> {
                arity(form, 3, "(CALL f (arg…) (receiver…))");
                SExp.SList args = plainList(items.get(2), "a list of arguments (arg…)");
                SExp.SList receivers = plainList(items.get(3), "a list of receivers (receiver…)");
                List<SExp> children = new ArrayList<>(1 + args.items().size() + receivers.items().size());
                children.add(items.get(1));
                children.addAll(args.items());
                children.addAll(receivers.items());
                int argCount = args.items().size();
                return push(stack, form, children, Role.EXPRESSION, values -> {
                    LExp function = (LExp) values[0];
                    check(items.get(1), LirTypeRules.address("CALL", function.type()));
                    List<LExp> receiverValues = new ArrayList<>();
                    for (int i = 1 + argCount; i < values.length; i++) {
                        assignable(children.get(i), (LExp) values[i], "CALL");
                        receiverValues.add((LExp) values[i]);
                    }
                    return new Stmt.Call(function, expressions(values, 1, 1 + argCount), Vector.ofAll(receiverValues));
                });
            }
            case "PROLOGUE", "EPILOGUE" -> {
                if (items.size() < 2) {
                    arity(form, 1, "(" + head + " (n n) lexp…)");
                }
                SExp.SList pair = plainList(items.get(1), "a pair (n n)");
                if (pair.items().size() != 2) {
                    throw error(pair, "expected a pair (n n), found " + pair.items().size() + " items");
                }
                long frame = integer(pair.items().get(0), "an integer");
                long saved = integer(pair.items().get(1), "an integer");
                boolean prologue = head.equals("PROLOGUE");
                return push(stack, form, items.subList(2, items.size()), Role.EXPRESSION, values -> prologue
                        ? new Stmt.Prologue(frame, saved, expressions(values, 0, values.length))
                        : new Stmt.Epilogue(frame, saved, expressions(values, 0, values.length)));
            }
            case "DEFLABEL" -> {
                arity(form, 1, "(DEFLABEL \"l\")");
                return remember(new Stmt.DefLabel(string(items.get(1), "a quoted label")), form);
            }
            case "PARALLEL" -> {
                for (SExp part : items.subList(1, items.size())) {
                    if (headOf(part, "a statement").equals("PARALLEL")) {
                        throw error(part, "expected a statement other than PARALLEL inside PARALLEL, found "
                                + part.describe());
                    }
                }
                return push(stack, form, items.subList(1, items.size()), Role.STATEMENT, values -> {
                    List<Stmt> parts = new ArrayList<>(values.length);
                    for (Object v : values) {
                        parts.add((Stmt) v);
                    }
                    return new Stmt.Parallel(Vector.ofAll(parts));
                });
            }
            case "USE", "CLOBBER" -> {
                boolean use = head.equals("USE");
                return push(stack, form, items.subList(1, items.size()), Role.EXPRESSION, values -> use
                        ? new Stmt.Use(expressions(values, 0, values.length))
                        : new Stmt.Clobber(expressions(values, 0, values.length)));
            }
            case "LINE" -> {
                arity(form, 1, "(LINE n)");
                return remember(new Stmt.Line((int) bounded(items.get(1), "a line number", 0, Integer.MAX_VALUE)),
                        form);
            }
            case "PHI" -> {
                if (items.size() < 3) {
                    arity(form, 2, "(PHI t target (value (LABEL t \"pred\"))…)");
                }
                LirType type = type(items.get(1));
                List<SExp> children = new ArrayList<>(items.size() - 2);
                List<LExp.Label> predecessors = new ArrayList<>(items.size() - 3);
                children.add(items.get(2));
                for (SExp arg : items.subList(3, items.size())) {
                    if (!(arg instanceof SExp.SList pair) || pair.items().size() != 2) {
                        throw error(arg, "expected a φ argument (value (LABEL t \"pred\")), found " + arg.describe());
                    }
                    children.add(pair.items().get(0));
                    predecessors.add(label(pair.items().get(1)));
                }
                return push(stack, form, children, Role.EXPRESSION, values -> {
                    LExp target = (LExp) values[0];
                    assignable(items.get(2), target, "PHI");
                    check(form, LirTypeRules.assignment("PHI", type, "target", target.type()));
                    List<Stmt.PhiArg> args = new ArrayList<>(predecessors.size());
                    for (int i = 1; i < values.length; i++) {
                        LExp value = (LExp) values[i];
                        check(children.get(i), LirTypeRules.assignment("PHI", type, "argument", value.type()));
                        args.add(new Stmt.PhiArg(value, predecessors.get(i - 1)));
                    }
                    return new Stmt.Phi(type, target, Vector.ofAll(args));
                });
            }
            default -> throw new IllegalStateException("statement head " + head + " is not handled");
        }
    }

    private Object push(ArrayDeque<Pending> stack, SExp.SList node, List<SExp> children, Role role, Builder builder) {
        stack.push(new Pending(node, children, role, builder));
        return PUSHED;
    }

    private static Vector<LExp> expressions(Object[] values, int from, int to) {
        List<LExp> result = new ArrayList<>(to - from);
        for (int i = from; i < to; i++) {
            result.add((LExp) values[i]);
        }
        return Vector.ofAll(result);
    }

    /** A target of an assignment: {@code MEM}, {@code REG} or {@code SUBREG}. */
    private void assignable(SExp node, LExp target, String form) {
        if (!(target instanceof LExp.Mem || target instanceof LExp.Reg || target instanceof LExp.Subreg)) {
            throw error(node, "expected MEM, REG or SUBREG as a target of " + form + ", found " + node.describe());
        }
    }

    // ---------------------------------------------------------------- atoms and shapes

    private LExp.IntConst intConst(LirType.Int type, SExp.Int n) {
        BigInteger value = n.value();
        int bits = type.bits();
        boolean outside = value.signum() < 0 ? value.bitLength() > bits - 1 : value.bitLength() > bits;
        if (outside && bits == 32 && value.bitLength() <= (value.signum() < 0 ? 63 : 64)) {
            BigInteger wrapped = BigInteger.valueOf((int) value.longValue());
            warnings.add(new Diagnostic(new SourcePos(source, n.line(), n.column()), "warning: " + n.text()
                    + " is outside I32; read modulo 2^32 as " + wrapped
                    + ", as COINS's back end does"));
            return new LExp.IntConst(type, wrapped);
        }
        if (outside) {
            throw error(n, "expected an " + type + " value (signed or unsigned, " + BigInteger.ONE.shiftLeft(bits - 1)
                    .negate() + " to " + BigInteger.ONE.shiftLeft(bits).subtract(BigInteger.ONE) + "), found "
                    + n.text());
        }
        return new LExp.IntConst(type, value);
    }

    private LirType type(SExp node) {
        Option<LirType> type = node instanceof SExp.Word w ? LirType.named(w.text()) : Option.none();
        if (type.isEmpty()) {
            throw error(node, "expected a type (I8 I16 I32 I64 I128 F32 F64 F128 A<bits> UNKNOWN), found "
                    + node.describe());
        }
        return type.get();
    }

    private LirType.Int intType(SExp node, String form) {
        LirType type = type(node);
        if (!(type instanceof LirType.Int t)) {
            throw error(node, "expected an integer type for " + form + ", found " + type);
        }
        return t;
    }

    private String string(SExp node, String what) {
        if (!(node instanceof SExp.Str s)) {
            throw error(node, "expected " + what + " as a quoted string, found " + node.describe());
        }
        return s.value();
    }

    private long integer(SExp node, String what) {
        return bounded(node, what, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    private long natural(SExp node, String what) {
        return bounded(node, what, 0, Long.MAX_VALUE);
    }

    private long bounded(SExp node, String what, long min, long max) {
        if (!(node instanceof SExp.Int n)) {
            throw error(node, "expected " + what + " (an integer), found " + node.describe());
        }
        if (n.value().bitLength() > 63 || n.value().longValue() < min || n.value().longValue() > max) {
            throw error(node, "expected " + what + " from " + min + " to " + max + ", found " + n.text());
        }
        return n.value().longValue();
    }

    /** The head word of a list node, or an error saying what was expected instead. */
    private String headOf(SExp node, String expected) {
        if (node instanceof SExp.SList l && !l.items().isEmpty() && l.items().getFirst() instanceof SExp.Word w) {
            return w.text();
        }
        throw error(node, "expected " + expected + ", found " + node.describe());
    }

    /** A list with the given head word. */
    private SExp.SList form(SExp node, String head, String shape) {
        if (node instanceof SExp.SList l && !l.items().isEmpty() && l.items().getFirst() instanceof SExp.Word w
                && w.text().equals(head)) {
            return l;
        }
        throw error(node, "expected " + shape + ", found " + node.describe());
    }

    /** A list without a head word, such as CALL's argument list. */
    private SExp.SList plainList(SExp node, String expected) {
        if (node instanceof SExp.SList l) {
            return l;
        }
        throw error(node, "expected " + expected + ", found " + node.describe());
    }

    /** Item {@code index} of a list, or an error at the closing parenthesis naming what is missing. */
    private SExp item(SExp.SList list, int index, String expected) {
        if (index < list.items().size()) {
            return list.items().get(index);
        }
        throw new LirSyntaxError(new SourcePos(source, list.endLine(), list.endColumn()),
                "expected " + expected + ", found ')'");
    }

    /** Exactly {@code operands} items after the head word. */
    private void arity(SExp.SList form, int operands, String shape) {
        int found = form.items().size() - 1;
        if (found != operands) {
            throw error(form, "expected " + shape + " with " + operands + " item" + (operands == 1 ? "" : "s")
                    + " after " + form.items().getFirst().describe() + ", found " + found);
        }
    }

    private void check(SExp node, Option<String> problem) {
        if (problem.isDefined()) {
            throw error(node, problem.get());
        }
    }

    private <T> T remember(T value, SExp node) {
        if (positions != null) {
            positions.put(value, new SourcePos(source, node.line(), node.column()));
        }
        return value;
    }

    private LirSyntaxError error(SExp node, String detail) {
        return new LirSyntaxError(new SourcePos(source, node.line(), node.column()), detail);
    }
}
