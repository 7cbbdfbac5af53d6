package org.funssa.cps.text;

import io.vavr.collection.HashSet;
import io.vavr.collection.Set;
import io.vavr.collection.Stream;
import java.util.Locale;
import org.funssa.core.lir.LirPrinter;
import org.funssa.core.lir.Op;

/**
 * How names are written in the IR text: bare when they look like identifiers and cannot be mistaken for a
 * keyword, an operator ({@code add.i32}) or a special constant, otherwise quoted with LIR's escapes.
 */
final class Names {

    private Names() {}

    /** Words of the syntax; a name equal to one of them is quoted. */
    static final Set<String> KEYWORDS = HashSet.of("fun", "let", "letrec", "and", "in", "jump", "if", "then",
            "else", "switch", "case", "default", "return", "undef", "nan", "inf", "speculated");

    /** Heads of expression forms written {@code head.type}; a name whose first segment is one of them is quoted. */
    static final Set<String> FORMS = Stream.of(Op.values()).map(op -> op.name().toLowerCase(Locale.ROOT))
            .toSet().addAll(HashSet.of("select", "load", "store", "call", "undef", "psi"));

    static boolean isIdentifierStart(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '.' || c == '%';
    }

    static boolean isIdentifierPart(char c) {
        return isIdentifierStart(c) || c >= '0' && c <= '9' || c == '\'';
    }

    /** The name as the printer writes it. */
    static String write(String name) {
        return isBare(name) ? name : quote(name);
    }

    private static boolean isBare(String name) {
        if (name.isEmpty() || !isIdentifierStart(name.charAt(0))) {
            return false;
        }
        for (int i = 1; i < name.length(); i++) {
            if (!isIdentifierPart(name.charAt(i))) {
                return false;
            }
        }
        int dot = name.indexOf('.');
        return !KEYWORDS.contains(name) && !(dot > 0 && FORMS.contains(name.substring(0, dot)));
    }

    /** {@code "text"}, quoted as LIR quotes strings. */
    static String quote(String text) {
        return LirPrinter.quote(text);
    }
}
