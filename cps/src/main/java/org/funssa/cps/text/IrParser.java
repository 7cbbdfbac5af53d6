package org.funssa.cps.text;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.LirSyntaxError;
import org.funssa.core.lir.Module;
import org.funssa.core.lir.Op;
import org.funssa.core.lir.SourcePos;
import org.funssa.core.lir.Symbol;
import org.funssa.cps.ir.Access;
import org.funssa.cps.ir.Atom;
import org.funssa.cps.ir.Body;
import org.funssa.cps.ir.Expr;
import org.funssa.cps.ir.Fn;
import org.funssa.cps.ir.Function;
import org.funssa.cps.ir.Label;
import org.funssa.cps.ir.Guard;
import org.funssa.cps.ir.Let;
import org.funssa.cps.ir.Program;
import org.funssa.cps.ir.Tail;
import org.funssa.cps.ir.Type;

/**
 * Reads the IR text form (docs/ir-text.md): a hand-written recursive-descent parser whose only nesting,
 * {@code letrec} inside bodies, is handled with an explicit stack, so 10⁵-deep nests parse on any thread.
 * Layout is free: indentation is for the reader only.
 *
 * <p>A use of a variable takes the type of the latest binding of that name earlier in the function's text
 * (in a well-scoped function that is its binding; the verifier, not the parser, checks scope). Errors are
 * {@link IrSyntaxError}s reading {@code SOURCE:LINE:COL: expected …, found …}.
 */
public final class IrParser {

    private final Lexer lexer;
    /**
     * The variable each name stands for in the current function, as last bound: a name is one variable (one
     * number, the name its hint), so a name bound twice, as destruction's output binds parameters, is one
     * variable bound twice; a use takes the type of the latest binding.
     */
    private final Map<String, Atom.Var> bound = new HashMap<>();
    /** The number of each name of the current function, in the order the names are first bound. */
    private final Map<String, Integer> numbers = new HashMap<>();

    private IrParser(String source, String text) {
        this.lexer = new Lexer(source, text);
    }

    /** Parses a whole program: the LIR header {@code (MODULE "name" (SYMTAB …) (DATA …)…)}, then functions. */
    public static Program parse(String source, String text) {
        return new IrParser(source, text).program();
    }

    /** Parses one function, {@code fun name(params) -> (types) [(SYMTAB …)] = body}. */
    public static Function parseFunction(String source, String text) {
        IrParser parser = new IrParser(source, text);
        Function function = parser.function();
        parser.expectEnd();
        return function;
    }

    private Program program() {
        if (!lexer.atRaw()) {
            throw lexer.error(lexer.peek(), "'(MODULE \"name\" (SYMTAB …) …)'");
        }
        Lexer.Raw raw = lexer.raw();
        Module header = lir(raw, "");
        if (!header.functions().isEmpty()) {
            throw new IrSyntaxError(new SourcePos(lexer.source(), raw.line(), raw.column()), "expected only SYMTAB and "
                    + "DATA in the module header (functions are written 'fun …'), found FUNCTION "
                    + Names.quote(header.functions().get(0).name()));
        }
        Vector<Function> functions = Vector.empty();
        while (lexer.peek().kind() != Lexer.Kind.END) {
            functions = functions.append(function());
        }
        return new Program(header.name(), header.symbols(), header.data(), functions);
    }

    /** Reads an embedded LIR form with the LIR reader, at its own line and column in the IR text. */
    private Module lir(Lexer.Raw raw, String wrapper) {
        String padding = "\n".repeat(raw.line() - 1) + " ".repeat(raw.column() - 1);
        String text;
        if (wrapper.isEmpty()) {
            text = padding + raw.text();
        } else if (raw.line() > 1) {
            text = wrapper + padding + raw.text() + ")";
        } else {
            text = " ".repeat(Math.max(0, raw.column() - 1 - wrapper.length())) + wrapper + raw.text() + ")";
        }
        try {
            return LirReader.read(lexer.source(), text);
        } catch (LirSyntaxError e) {
            throw new IrSyntaxError(e.position(), e.detail());
        }
    }

    private void expectEnd() {
        if (lexer.peek().kind() != Lexer.Kind.END) {
            throw lexer.error(lexer.peek(), "end of input");
        }
    }

    private Function function() {
        keyword("fun");
        bound.clear();
        numbers.clear();
        String name = name("a function name");
        Vector<Atom.Var> params = params();
        punct("->");
        punct("(");
        Vector<Type> results = Vector.empty();
        if (!isPunct(")")) {
            results = results.append(type());
            while (isPunct(",")) {
                lexer.next();
                results = results.append(type());
            }
        }
        punct(")");
        Vector<Symbol> symbols = Vector.empty();
        if (lexer.atRaw()) {
            symbols = lir(lexer.raw(), "(MODULE \"\" ").symbols();
        }
        punct("=");
        Body body = body();
        return new Function(name, symbols, params, results, body, numbers.size());
    }

    /** A body being read: its lets, the local functions finished so far, and where it stands. */
    private static final class Open {
        final Label label;
        final Vector<Atom.Var> params;
        /** Built in place and frozen once, when the body is complete (a persistent append per let churns). */
        final java.util.List<Let> lets = new java.util.ArrayList<>();
        final java.util.List<Fn> functions = new java.util.ArrayList<>();
        boolean afterIn;

        Open(Label label, Vector<Atom.Var> params) {
            this.label = label;
            this.params = params;
        }
    }

    private Body body() {
        ArrayDeque<Open> stack = new ArrayDeque<>();
        stack.push(new Open(null, Vector.empty()));
        while (true) {
            Open open = stack.peek();
            if (!open.afterIn) {
                while (isKeyword("let")) {
                    open.lets.add(let());
                }
                if (isKeyword("letrec")) {
                    lexer.next();
                    stack.push(header());
                    continue;
                }
            }
            Body body = new Body(Vector.ofAll(open.lets), Vector.ofAll(open.functions), tail());
            stack.pop();
            if (stack.isEmpty()) {
                return body;
            }
            Open parent = stack.peek();
            parent.functions.add(new Fn(open.label, open.params, body));
            if (isKeyword("and")) {
                lexer.next();
                stack.push(header());
            } else {
                keyword("in");
                parent.afterIn = true;
            }
        }
    }

    private Open header() {
        Label label = new Label(name("a local function name"));
        Vector<Atom.Var> params = params();
        punct("=");
        return new Open(label, params);
    }

    private Vector<Atom.Var> params() {
        punct("(");
        Vector<Atom.Var> params = Vector.empty();
        if (!isPunct(")")) {
            params = params.append(param());
            while (isPunct(",")) {
                lexer.next();
                params = params.append(param());
            }
        }
        punct(")");
        return params;
    }

    private Atom.Var param() {
        String name = name("a parameter name");
        punct(":");
        return bind(name, type());
    }

    private Atom.Var bind(String name, Type type) {
        Atom.Var var = new Atom.Var(numbers.computeIfAbsent(name, n -> numbers.size()), name, type);
        bound.put(name, var);
        return var;
    }

    private Let let() {
        keyword("let");
        Guard guard = Guard.ALWAYS;
        if (isKeyword("speculated")) {
            lexer.next();
            guard = Guard.SPECULATED;
        } else if (lexer.peek().kind() == Lexer.Kind.INTEGER || lexer.followedBy('?')) {
            Atom predicate = atom();
            punct("?");
            guard = Guard.when(predicate);
        }
        Vector<Lexer.Token> names = Vector.empty();
        Vector<Option<Type>> declared = Vector.empty();
        do {
            if (!names.isEmpty()) {
                lexer.next();
            }
            names = names.append(lexer.peek());
            name("a variable name");
            if (isPunct(":")) {
                lexer.next();
                declared = declared.append(Option.of(type()));
            } else {
                declared = declared.append(Option.none());
            }
        } while (isPunct(","));
        punct("=");
        Expr expr = expr();
        Vector<Type> results = expr.resultTypes();
        Vector<Atom.Var> vars = Vector.empty();
        for (int i = 0; i < names.size(); i++) {
            Lexer.Token token = names.get(i);
            String name = token.text();
            int index = i;
            Type type = declared.get(i).getOrElse(() -> {
                if (index >= results.size()) {
                    throw new IrSyntaxError(new SourcePos(lexer.source(), token.line(), token.column()),
                            "expected a type for " + Names.write(name) + " (the expression yields " + results.size()
                                    + " values), found none");
                }
                return results.get(index);
            });
            vars = vars.append(bind(name, type));
        }
        return new Let(vars, expr, guard);
    }

    private Expr expr() {
        Lexer.Token token = lexer.peek();
        if (token.kind() != Lexer.Kind.NAME) {
            return new Expr.Copy(atom());
        }
        if (token.text().equals("call")) { // a call without results
            lexer.next();
            return call(Vector.empty());
        }
        int dot = token.text().indexOf('.');
        String head = dot > 0 ? token.text().substring(0, dot) : "";
        if (head.isEmpty() || head.equals("undef") || !Names.FORMS.contains(head)) {
            return new Expr.Copy(atom());
        }
        lexer.next();
        String suffix = token.text().substring(dot + 1);
        if (head.equals("call")) {
            Vector<Type.Data> results = Vector.empty();
            for (String part : suffix.split("\\.", -1)) {
                results = results.append(dataType(token, part));
            }
            return call(results);
        }
        Type.Data type = dataType(token, suffix);
        return switch (head) {
            case "select" -> new Expr.Select(type, atom(), atom(), atom());
            case "psi" -> psi(type);
            case "load" -> new Expr.Load(type, atom(), atom(), access());
            case "store" -> new Expr.Store(type, atom(), atom(), atom(), access());
            default -> {
                Op op = Op.valueOf(head.toUpperCase(Locale.ROOT));
                Vector<Atom> operands = Vector.empty();
                for (int i = 0; i < op.arity(); i++) {
                    operands = operands.append(atom());
                }
                yield new Expr.Prim(op, type, operands);
            }
        };
    }

    /** {@code psi.t(p₁ ? a₁, …, pₙ ? aₙ)}. */
    private Expr psi(Type.Data type) {
        punct("(");
        Vector<Expr.Psi.Arg> args = Vector.empty();
        do {
            if (!args.isEmpty()) {
                lexer.next();
            }
            Atom guard = atom();
            punct("?");
            args = args.append(new Expr.Psi.Arg(guard, atom()));
        } while (isPunct(","));
        punct(")");
        return new Expr.Psi(type, args);
    }

    private Expr call(Vector<Type.Data> results) {
        Atom function = atom();
        Vector<Atom> args = arguments();
        return new Expr.Call(function, args, atom(), results);
    }

    private Access access() {
        boolean isVolatile = false;
        boolean noSafe = false;
        Option<Integer> align = Option.none();
        while (lexer.peek().kind() == Lexer.Kind.BANG) {
            Lexer.Token flag = lexer.next();
            switch (flag.text()) {
                case "volatile" -> isVolatile = true;
                case "nosafe" -> noSafe = true;
                case "align" -> {
                    Lexer.Token n = lexer.next();
                    if (n.kind() != Lexer.Kind.INTEGER || n.text().startsWith("-") || n.text().equals("0")
                            || n.text().length() > 9) {
                        throw lexer.error(n, "a positive alignment");
                    }
                    align = Option.of(Integer.parseInt(n.text()));
                }
                default -> throw lexer.error(flag, "!volatile, !nosafe or !align");
            }
        }
        return new Access(isVolatile, noSafe, align);
    }

    private Type.Data dataType(Lexer.Token at, String name) {
        return Type.named(name).filter(t -> t instanceof Type.Data).map(t -> (Type.Data) t)
                .getOrElseThrow(() -> new IrSyntaxError(new SourcePos(lexer.source(), at.line(), at.column()),
                        "expected a value type (i8…i128, f32…f128, a<bits>) after '.', found '" + name + "' in '"
                                + at.text() + "'"));
    }

    private Tail tail() {
        Lexer.Token token = lexer.peek();
        if (token.kind() == Lexer.Kind.NAME) {
            switch (token.text()) {
                case "jump" -> {
                    lexer.next();
                    return target();
                }
                case "if" -> {
                    lexer.next();
                    Atom condition = atom();
                    keyword("then");
                    Tail.Jump ifTrue = target();
                    keyword("else");
                    return new Tail.Branch(condition, ifTrue, target());
                }
                case "switch" -> {
                    lexer.next();
                    Atom value = atom();
                    Vector<Tail.Case> cases = Vector.empty();
                    while (isKeyword("case")) {
                        lexer.next();
                        Lexer.Token k = lexer.next();
                        if (k.kind() != Lexer.Kind.INTEGER) {
                            throw lexer.error(k, "an integer case value");
                        }
                        punct("->");
                        cases = cases.append(new Tail.Case(new BigInteger(k.text()), target()));
                    }
                    keyword("default");
                    punct("->");
                    return new Tail.Switch(value, cases, target());
                }
                case "return" -> {
                    lexer.next();
                    return new Tail.Return(arguments());
                }
                default -> { }
            }
        }
        throw lexer.error(token, "'let', 'letrec' or a tail (jump, if, switch, return)");
    }

    private Tail.Jump target() {
        Label label = new Label(name("a local function name"));
        return new Tail.Jump(label, arguments());
    }

    private Vector<Atom> arguments() {
        punct("(");
        Vector<Atom> args = Vector.empty();
        if (!isPunct(")")) {
            args = args.append(atom());
            while (isPunct(",")) {
                lexer.next();
                args = args.append(atom());
            }
        }
        punct(")");
        return args;
    }

    private Atom atom() {
        Lexer.Token token = lexer.next();
        switch (token.kind()) {
            case INTEGER -> {
                String digits = token.text();
                BigInteger value = digits.length() <= 18 ? BigInteger.valueOf(Long.parseLong(digits)) // shared small values
                        : new BigInteger(digits);
                return new Atom.IntLit(literalType(Type.I32, token), value);
            }
            case FLOAT -> {
                return new Atom.FloatLit(literalType(Type.F64, token), Double.parseDouble(token.text()
                        .replace("inf", "Infinity")));
            }
            case STRING -> {
                return use(token);
            }
            case NAME -> {
                switch (token.text()) {
                    case "nan" -> {
                        return new Atom.FloatLit(literalType(Type.F64, token), Double.NaN);
                    }
                    case "inf" -> {
                        return new Atom.FloatLit(literalType(Type.F64, token), Double.POSITIVE_INFINITY);
                    }
                    default -> { }
                }
                if (token.text().startsWith("undef.")) {
                    String name = token.text().substring("undef.".length());
                    return new Atom.Undef(Type.named(name).getOrElseThrow(() -> new IrSyntaxError(
                            new SourcePos(lexer.source(), token.line(), token.column()),
                            "expected a type after 'undef.', found '" + name + "'")));
                }
                if (Names.KEYWORDS.contains(token.text())) {
                    throw lexer.error(token, "an operand");
                }
                return use(token);
            }
            case PUNCT -> {
                switch (token.text()) {
                    case "@", "$" -> {
                        String symbol = name("a symbol name");
                        Type.Data type = literalType(Type.I64, token);
                        if (!type.isInteger()) {
                            throw lexer.error(token, "an integer address type");
                        }
                        return new Atom.Addr(token.text().equals("@") ? Atom.Space.STATIC : Atom.Space.FRAME,
                                symbol, type);
                    }
                    case "⊥" -> {
                        punct(":");
                        return new Atom.Undef(type());
                    }
                    default -> { }
                }
            }
            default -> { }
        }
        throw lexer.error(token, "an operand (variable, number, @symbol, $slot, undef.type)");
    }

    private Atom.Var use(Lexer.Token token) {
        Atom.Var var = bound.get(token.text());
        if (var == null) {
            throw new IrSyntaxError(new SourcePos(lexer.source(), token.line(), token.column()),
                    "expected a variable bound earlier in the function, found " + Names.write(token.text()));
        }
        return var;
    }

    /** The {@code :type} written after a literal, or the type implied when none is written. */
    private Type.Data literalType(Type.Data implied, Lexer.Token literal) {
        if (!isPunct(":")) {
            return implied;
        }
        lexer.next();
        Lexer.Token at = lexer.peek();
        Type type = type();
        if (!(type instanceof Type.Data data) || implied.isInteger() != data.isInteger()
                || implied.isFloat() != data.isFloat()) {
            throw lexer.error(at, (implied.isFloat() ? "a float" : "an integer") + " type for " + literal.describe());
        }
        return data;
    }

    private Type type() {
        Lexer.Token token = lexer.next();
        if (token.kind() == Lexer.Kind.NAME) {
            Option<Type> type = Type.named(token.text());
            if (type.isDefined()) {
                return type.get();
            }
        }
        throw lexer.error(token, "a type (i8…i128, f32…f128, a<bits>, mem)");
    }

    private String name(String what) {
        Lexer.Token token = lexer.next();
        if (token.kind() == Lexer.Kind.STRING
                || token.kind() == Lexer.Kind.NAME && !Names.KEYWORDS.contains(token.text())) {
            return token.text();
        }
        throw lexer.error(token, what);
    }

    private boolean isPunct(String text) {
        Lexer.Token token = lexer.peek();
        return token.kind() == Lexer.Kind.PUNCT && token.text().equals(text);
    }

    private boolean isKeyword(String word) {
        Lexer.Token token = lexer.peek();
        return token.kind() == Lexer.Kind.NAME && token.text().equals(word);
    }

    private void punct(String text) {
        Lexer.Token token = lexer.next();
        if (token.kind() != Lexer.Kind.PUNCT || !token.text().equals(text)) {
            throw lexer.error(token, "'" + text + "'");
        }
    }

    private void keyword(String word) {
        Lexer.Token token = lexer.next();
        if (token.kind() != Lexer.Kind.NAME || !token.text().equals(word)) {
            throw lexer.error(token, "'" + word + "'");
        }
    }
}
