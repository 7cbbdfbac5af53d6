package org.funssa.core.lir;

import java.math.BigInteger;
import java.util.List;

/**
 * The S-expression tree the reader builds before it converts to the model: lists and atoms with the
 * line and column where each starts. Transient and internal to the reader.
 */
sealed interface SExp permits SExp.SList, SExp.Word, SExp.Str, SExp.Int, SExp.Real, SExp.Keyword,
        SExp.Converted {

    int line();

    int column();

    /** How the node looks in the source, shortened, for "found …" in error messages. */
    String describe();

    /** {@code ( item… )}; the end position is that of the closing parenthesis. */
    record SList(int line, int column, int endLine, int endColumn, List<SExp> items) implements SExp {
        @Override
        public String describe() {
            if (items.isEmpty()) {
                return "()";
            }
            String first = switch (items.getFirst()) {
                case SList l -> "(…)";
                case SExp atom -> atom.describe();
            };
            return items.size() == 1 ? "(" + first + ")" : "(" + first + " …)";
        }
    }

    /** An unquoted word: an operator, a type, a symbol kind. */
    record Word(int line, int column, String text) implements SExp {
        @Override
        public String describe() {
            return text;
        }
    }

    /** A quoted string, escapes resolved. */
    record Str(int line, int column, String value) implements SExp {
        @Override
        public String describe() {
            return LirPrinter.quote(value);
        }
    }

    /** An integer literal; {@code text} is as written (a trailing {@code U} is allowed and ignored). */
    record Int(int line, int column, BigInteger value, String text) implements SExp {
        @Override
        public String describe() {
            return text;
        }
    }

    /** A floating-point literal: a number with a point or an exponent, {@code Infinity} or {@code NaN}. */
    record Real(int line, int column, double value, String text) implements SExp {
        @Override
        public String describe() {
            return text;
        }
    }

    /**
     * A statement of a {@code FUNCTION}, converted by the reader as soon as its list closed, so that its list is
     * garbage at once (see {@link SExpReader#read(String, String, java.util.function.Function)}).
     *
     * @param head  the statement's operator, such as {@code SET}
     * @param value what it was converted to
     */
    record Converted(int line, int column, String head, Object value) implements SExp {
        @Override
        public String describe() {
            return "(" + head + " …)";
        }
    }

    /** {@code &name}: an option keyword or a {@code MEM} modifier; {@code name} excludes the ampersand. */
    record Keyword(int line, int column, String name) implements SExp {
        @Override
        public String describe() {
            return "&" + name;
        }
    }
}
