package org.funssa.cps.text;

import org.funssa.core.lir.SourcePos;

/**
 * Splits IR text into tokens on demand, tracking line and column; hands embedded LIR S-expressions
 * ({@code (MODULE …)}, {@code (SYMTAB …)}) to the parser as raw text. {@code ;} starts a comment to the end
 * of the line, as in LIR.
 */
final class Lexer {

    /** The kinds of token. */
    enum Kind { NAME, STRING, INTEGER, FLOAT, PUNCT, BANG, END }

    /** A token: its kind, its text (unescaped for strings) and where it starts. */
    record Token(Kind kind, String text, int line, int column) {
        String describe() {
            return switch (kind) {
                case END -> "end of input";
                case STRING -> Names.quote(text);
                case BANG -> "!" + text;
                default -> "'" + text + "'";
            };
        }
    }

    /** A LIR S-expression found in the IR text, with the position of its opening parenthesis. */
    record Raw(String text, int line, int column) {}

    private final String source;
    private final String text;
    private int pos;
    private int line = 1;
    private int column = 1;
    private Token peeked;

    Lexer(String source, String text) {
        this.source = source;
        this.text = text;
    }

    String source() {
        return source;
    }

    Token peek() {
        if (peeked == null) {
            peeked = scan();
        }
        return peeked;
    }

    Token next() {
        Token token = peek();
        peeked = null;
        return token;
    }

    IrSyntaxError error(Token at, String expected) {
        return new IrSyntaxError(new SourcePos(source, at.line(), at.column()),
                "expected " + expected + ", found " + at.describe());
    }

    /** Whether the token after the next one starts with {@code ch}: one character of lookahead past {@link #peek()}. */
    boolean followedBy(char ch) {
        peek();
        skipBlanks();
        return pos < text.length() && text.charAt(pos) == ch;
    }

    /** Whether the next non-blank character opens a parenthesis (an embedded LIR S-expression). */
    boolean atRaw() {
        if (peeked != null) {
            return peeked.kind() == Kind.PUNCT && peeked.text().equals("(");
        }
        skipBlanks();
        return pos < text.length() && text.charAt(pos) == '(';
    }

    /** The balanced S-expression that starts at the next '(' (strings and comments respected). */
    Raw raw() {
        if (peeked != null) {
            throw new IllegalStateException("raw() after peek()");
        }
        skipBlanks();
        int startLine = line;
        int startColumn = column;
        int start = pos;
        int depth = 0;
        do {
            if (pos >= text.length()) {
                throw new IrSyntaxError(new SourcePos(source, line, column),
                        "expected ')' closing the LIR form opened at " + startLine + ":" + startColumn
                                + ", found end of input");
            }
            char c = text.charAt(pos);
            if (c == '"') {
                advance();
                while (pos < text.length() && text.charAt(pos) != '"') {
                    if (text.charAt(pos) == '\\' && pos + 1 < text.length()) {
                        advance();
                    }
                    advance();
                }
                if (pos < text.length()) {
                    advance();
                }
                continue;
            }
            if (c == ';') {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    advance();
                }
                continue;
            }
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            advance();
        } while (depth > 0);
        return new Raw(text.substring(start, pos), startLine, startColumn);
    }

    private void advance() {
        if (text.charAt(pos) == '\n') {
            line++;
            column = 1;
        } else {
            column++;
        }
        pos++;
    }

    private void skipBlanks() {
        while (pos < text.length()) {
            char c = text.charAt(pos);
            if (c == ';') {
                while (pos < text.length() && text.charAt(pos) != '\n') {
                    advance();
                }
            } else if (Character.isWhitespace(c)) {
                advance();
            } else {
                return;
            }
        }
    }

    private Token scan() {
        skipBlanks();
        int l = line;
        int c = column;
        if (pos >= text.length()) {
            return new Token(Kind.END, "", l, c);
        }
        char ch = text.charAt(pos);
        int start = pos;
        if (ch == '"') {
            return new Token(Kind.STRING, string(l, c), l, c);
        }
        if (ch == '-' && pos + 1 < text.length() && text.charAt(pos + 1) == '>') {
            advance();
            advance();
            return new Token(Kind.PUNCT, "->", l, c);
        }
        if (Character.isDigit(ch) || ch == '-' && pos + 1 < text.length()
                && (Character.isDigit(text.charAt(pos + 1)) || text.startsWith("inf", pos + 1))) {
            return number(l, c);
        }
        if (Names.isIdentifierStart(ch)) {
            while (pos < text.length() && Names.isIdentifierPart(text.charAt(pos))) {
                advance();
            }
            return new Token(Kind.NAME, text.substring(start, pos), l, c);
        }
        if (ch == '!') {
            advance();
            int wordStart = pos;
            while (pos < text.length() && Names.isIdentifierPart(text.charAt(pos))) {
                advance();
            }
            return new Token(Kind.BANG, text.substring(wordStart, pos), l, c);
        }
        if ("(),:=@$⊥?".indexOf(ch) >= 0) {
            advance();
            return new Token(Kind.PUNCT, String.valueOf(ch), l, c);
        }
        throw new IrSyntaxError(new SourcePos(source, l, c), "expected a name, a number or punctuation, found '"
                + new String(Character.toChars(text.codePointAt(pos))) + "'");
    }

    private Token number(int l, int c) {
        int start = pos;
        if (text.charAt(pos) == '-') {
            advance();
        }
        if (text.startsWith("inf", pos)) {
            advance();
            advance();
            advance();
            return new Token(Kind.FLOAT, "-inf", l, c);
        }
        boolean isFloat = false;
        while (pos < text.length()) {
            char ch = text.charAt(pos);
            if (Character.isDigit(ch)) {
                advance();
            } else if (ch == '.' && !isFloat) {
                isFloat = true;
                advance();
            } else if ((ch == 'e' || ch == 'E') && pos + 1 < text.length()) {
                isFloat = true;
                advance();
                if (text.charAt(pos) == '-' || text.charAt(pos) == '+') {
                    advance();
                }
            } else {
                break;
            }
        }
        return new Token(isFloat ? Kind.FLOAT : Kind.INTEGER, text.substring(start, pos), l, c);
    }

    private String string(int l, int c) {
        StringBuilder out = new StringBuilder();
        advance();
        while (true) {
            if (pos >= text.length()) {
                throw new IrSyntaxError(new SourcePos(source, l, c), "expected '\"' closing the string, found end of input");
            }
            char ch = text.charAt(pos);
            advance();
            if (ch == '"') {
                return out.toString();
            }
            if (ch != '\\') {
                out.append(ch);
                continue;
            }
            if (pos >= text.length()) {
                continue;
            }
            char e = text.charAt(pos);
            advance();
            switch (e) {
                case 'n' -> out.append('\n');
                case 't' -> out.append('\t');
                case 'r' -> out.append('\r');
                default -> {
                    if (e >= '0' && e <= '7' && pos + 1 < text.length()) {
                        int code = (e - '0') * 64 + (text.charAt(pos) - '0') * 8 + (text.charAt(pos + 1) - '0');
                        advance();
                        advance();
                        out.append((char) code);
                    } else {
                        out.append(e);
                    }
                }
            }
        }
    }
}
