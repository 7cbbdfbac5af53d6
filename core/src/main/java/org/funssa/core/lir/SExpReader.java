package org.funssa.core.lir;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Tokenizer and iterative tree builder for the S-expression layer of LIR (shared/LIR.md: {@code ;}
 * comments, quoted strings, integers, floats, words, {@code &keywords}). Open lists live on an explicit
 * stack, so nesting depth is bounded by the heap, not by the thread stack; and by {@link #MAX_DEPTH}, so that
 * text of nothing but {@code (} costs a bounded stack, not tens of bytes of heap per byte, and is refused at
 * the first parenthesis too many.
 */
final class SExpReader {

    /** The deepest nesting of lists read: far beyond COINS's own output (at most 30 in the corpus). */
    static final int MAX_DEPTH = 1_000_000;

    private final String source;
    private final String text;
    private int at;
    private int line = 1;
    private int lineStart;

    /** What becomes of each statement list of a function as it closes. */
    private final Function<SExp.SList, SExp> statements;
    /** One string for each distinct word and string of the text: a register's name is read thousands of times. */
    private final Map<String, String> shared = new HashMap<>();

    private SExpReader(String source, String text, Function<SExp.SList, SExp> statements) {
        this.source = source;
        this.text = text;
        this.statements = statements;
    }

    /** The single form the text holds. */
    static SExp read(String source, String text) {
        return new SExpReader(source, text, list -> list).form();
    }

    /**
     * The single form the text holds, each list that stands as a statement of a function, in
     * {@code (MODULE … (FUNCTION "name" [(SYMTAB …)] statement…) …)}, replaced as soon as it closes by what
     * {@code statements} makes of it (a {@link SExp.Converted}): a module's memory is then that of its model,
     * not that of its lists and atoms, several times larger, held until the whole text is read.
     */
    static SExp read(String source, String text, Function<SExp.SList, SExp> statements) {
        return new SExpReader(source, text, statements).form();
    }

    private record Open(int line, int column, List<SExp> items) {}

    private SExp form() {
        ArrayDeque<Open> open = new ArrayDeque<>();
        SExp top = null;
        while (true) {
            skipBlanks();
            if (at >= text.length()) {
                if (!open.isEmpty()) {
                    Open o = open.peek();
                    throw error(line, column(), "expected ')' to close the '(' at " + o.line() + ":" + o.column()
                            + ", found end of input");
                }
                if (top == null) {
                    throw error(line, column(), "expected (MODULE …), found end of input");
                }
                return top;
            }
            int startLine = line;
            int startColumn = column();
            char c = text.charAt(at);
            SExp node;
            if (c == '(') {
                if (open.size() == MAX_DEPTH) {
                    throw error(startLine, startColumn, "expected at most " + MAX_DEPTH
                            + " lists nested in one another, found a deeper one");
                }
                at++;
                open.push(new Open(startLine, startColumn, new ArrayList<>()));
                continue;
            } else if (c == ')') {
                at++;
                if (open.isEmpty()) {
                    throw error(startLine, startColumn, top == null
                            ? "expected '(', found ')'"
                            : "expected end of input after the first form, found ')'");
                }
                Open o = open.pop();
                SExp.SList list = new SExp.SList(o.line(), o.column(), startLine, startColumn, List.copyOf(o.items()));
                node = isStatement(list, open) ? statements.apply(list) : list;
            } else if (c == '"') {
                node = string(startLine, startColumn);
            } else {
                node = bare(startLine, startColumn);
            }
            if (!open.isEmpty()) {
                open.peek().items().add(node);
            } else if (top == null) {
                top = node;
            } else {
                throw error(startLine, startColumn,
                        "expected end of input after the first form, found " + node.describe());
            }
        }
    }

    /**
     * Whether a list just closed inside the lists {@code open} is a statement of a function: the third or a
     * later item of a {@code FUNCTION} list in the top-level {@code MODULE} list, not its {@code SYMTAB}.
     */
    private static boolean isStatement(SExp.SList list, ArrayDeque<Open> open) {
        return open.size() == 2 && open.peek().items().size() >= 2 && headIs(open.peek().items(), "FUNCTION")
                && headIs(open.peekLast().items(), "MODULE") && !headIs(list.items(), "SYMTAB");
    }

    private static boolean headIs(List<SExp> items, String word) {
        return !items.isEmpty() && items.getFirst() instanceof SExp.Word w && w.text().equals(word);
    }

    private int column() {
        return at - lineStart + 1;
    }

    private void skipBlanks() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '\n') {
                at++;
                line++;
                lineStart = at;
            } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
                at++;
            } else if (c == ';') {
                while (at < text.length() && text.charAt(at) != '\n') {
                    at++;
                }
            } else {
                return;
            }
        }
    }

    private SExp.Str string(int startLine, int startColumn) {
        at++;
        StringBuilder value = new StringBuilder();
        while (true) {
            if (at >= text.length() || text.charAt(at) == '\n') {
                throw error(line, column(), "expected '\"' to close the string at " + startLine + ":" + startColumn
                        + ", found " + (at >= text.length() ? "end of input" : "end of line"));
            }
            char c = text.charAt(at);
            if (c == '"') {
                at++;
                return new SExp.Str(startLine, startColumn, shared.computeIfAbsent(value.toString(), v -> v));
            }
            if (c != '\\') {
                value.append(c);
                at++;
                continue;
            }
            int escapeColumn = column();
            at++;
            char e = at < text.length() ? text.charAt(at) : '\n';
            at++;
            switch (e) {
                case 'n' -> value.append('\n');
                case 't' -> value.append('\t');
                case 'r' -> value.append('\r');
                case '"' -> value.append('"');
                case '\\' -> value.append('\\');
                case '\'' -> value.append('\'');
                case 'x' -> value.append((char) digits(16, 2, escapeColumn));
                default -> {
                    if (e >= '0' && e <= '7') {
                        at--;
                        value.append((char) digits(8, 3, escapeColumn));
                    } else {
                        at--;
                        throw error(line, escapeColumn, "expected an escape (\\n \\t \\r \\\" \\\\ \\' \\ooo \\xhh), found \\"
                                + (e == '\n' ? "end of line" : String.valueOf(e)));
                    }
                }
            }
        }
    }

    /** One to {@code max} digits in the radix, at least one. */
    private int digits(int radix, int max, int escapeColumn) {
        int value = 0;
        int count = 0;
        while (count < max && at < text.length() && Character.digit(text.charAt(at), radix) >= 0) {
            value = value * radix + Character.digit(text.charAt(at), radix);
            at++;
            count++;
        }
        if (count == 0) {
            throw error(line, escapeColumn, "expected " + (radix == 16 ? "hexadecimal" : "octal")
                    + " digits in the escape, found none");
        }
        return value;
    }

    private SExp bare(int startLine, int startColumn) {
        int start = at;
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c == '(' || c == ')' || c == '"' || c == ';' || c == ' ' || c == '\n' || c == '\t' || c == '\r'
                    || c == '\f') {
                break;
            }
            at++;
        }
        String token = text.substring(start, at);
        char first = token.charAt(0);
        if (first == '&') {
            if (token.length() == 1) {
                throw error(startLine, startColumn, "expected a keyword after '&', found nothing");
            }
            return new SExp.Keyword(startLine, startColumn, token.substring(1));
        }
        if (token.equals("Infinity") || token.equals("-Infinity") || token.equals("NaN")) {
            return new SExp.Real(startLine, startColumn, Double.parseDouble(token), token);
        }
        if (Character.isLetter(first) || first == '_') {
            return new SExp.Word(startLine, startColumn, shared.computeIfAbsent(token, t -> t));
        }
        SExp number = number(token, startLine, startColumn);
        if (number == null) {
            throw error(startLine, startColumn, "expected a number, word, string or parenthesis, found " + token);
        }
        return number;
    }

    /** An integer {@code -?digits[U]} or a float {@code -?digits[.digits][e±digits]}; null if neither. */
    private static SExp number(String token, int line, int column) {
        int n = token.length();
        int p = token.charAt(0) == '-' ? 1 : 0;
        int intStart = p;
        while (p < n && isDigit(token.charAt(p))) {
            p++;
        }
        int intDigits = p - intStart;
        if (p == n || (p == n - 1 && token.charAt(p) == 'U' && intDigits > 0)) {
            if (intDigits == 0) {
                return null;
            }
            String digits = token.substring(0, p);
            BigInteger value = intDigits <= 18 ? BigInteger.valueOf(Long.parseLong(digits)) : new BigInteger(digits);
            return new SExp.Int(line, column, value, token);
        }
        int fractionDigits = 0;
        if (token.charAt(p) == '.') {
            p++;
            int fractionStart = p;
            while (p < n && isDigit(token.charAt(p))) {
                p++;
            }
            fractionDigits = p - fractionStart;
        }
        if (intDigits + fractionDigits == 0) {
            return null;
        }
        if (p < n && (token.charAt(p) == 'e' || token.charAt(p) == 'E')) {
            p++;
            if (p < n && (token.charAt(p) == '-' || token.charAt(p) == '+')) {
                p++;
            }
            int exponentStart = p;
            while (p < n && isDigit(token.charAt(p))) {
                p++;
            }
            if (p == exponentStart) {
                return null;
            }
        }
        return p == n ? new SExp.Real(line, column, Double.parseDouble(token), token) : null;
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    private LirSyntaxError error(int errorLine, int errorColumn, String detail) {
        return new LirSyntaxError(new SourcePos(source, errorLine, errorColumn), detail);
    }
}
