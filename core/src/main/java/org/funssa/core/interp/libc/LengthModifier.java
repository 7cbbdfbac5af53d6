package org.funssa.core.interp.libc;

/**
 * A {@code printf} length modifier (ISO C11 7.21.6.1 paragraph 7; {@code q} is the BSD/glibc
 * spelling of {@code ll}). Integer conversions truncate their raw 64-bit argument to the width this
 * modifier names on x86_64 LP64.
 */
enum LengthModifier {
    NONE(""), HH("hh"), H("h"), L("l"), LL("ll"), J("j"), Z("z"), T("t"), BIG_L("L");

    private final String spelling;

    LengthModifier(String spelling) {
        this.spelling = spelling;
    }

    /** How the modifier is written in a format. */
    String spelling() {
        return spelling;
    }

    /** The argument as the signed integer type this modifier names. */
    long signed(long raw) {
        return switch (this) {
            case NONE -> (int) raw;
            case HH -> (byte) raw;
            case H -> (short) raw;
            case L, LL, J, Z, T, BIG_L -> raw;
        };
    }

    /** The argument as the unsigned integer type this modifier names (64-bit values read unsigned). */
    long unsigned(long raw) {
        return switch (this) {
            case NONE -> raw & 0xFFFF_FFFFL;
            case HH -> raw & 0xFFL;
            case H -> raw & 0xFFFFL;
            case L, LL, J, Z, T, BIG_L -> raw;
        };
    }
}
