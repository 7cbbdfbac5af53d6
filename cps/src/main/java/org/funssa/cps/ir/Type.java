package org.funssa.cps.ir;

import org.funssa.core.lir.LirType;

/**
 * The type of an IR value: a LIR data type ({@code I8…I128}, {@code F32…F128}, aggregates {@code A<bits>})
 * or {@link Mem}, the type of memory tokens (DESIGN.md "The IR": memory is a value threaded through loads,
 * stores and calls). {@code UNKNOWN}, which LIR gives only to function symbols, is not a value type.
 */
public sealed interface Type permits Type.Data, Type.Mem {

    Data I8 = new Data(LirType.I8);
    Data I16 = new Data(LirType.I16);
    Data I32 = new Data(LirType.I32);
    Data I64 = new Data(LirType.I64);
    Data I128 = new Data(LirType.I128);
    Data F32 = new Data(LirType.F32);
    Data F64 = new Data(LirType.F64);
    Data F128 = new Data(LirType.F128);
    Mem MEM = new Mem();

    /** A value of a LIR type: an integer, a float or an aggregate (copied whole by loads and stores). */
    record Data(LirType lir) implements Type {
        public Data {
            if (lir instanceof LirType.Unknown) {
                throw new IllegalArgumentException("UNKNOWN is not the type of a value");
            }
        }

        @Override
        public String toString() {
            return lir.toString().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** The type of memory tokens: a version of the whole memory. */
    record Mem() implements Type {
        @Override
        public String toString() {
            return "mem";
        }
    }

    /**
     * The value type of a LIR type: one shared instance for each scalar type, a new one for an aggregate. Every
     * variable and literal of a constructed function carries a type, so making one per occurrence would cost
     * a sixteen-byte object for each of them (3.4 million for a function of 10^6 instructions), all of it
     * live as long as the function is.
     *
     * @throws IllegalArgumentException for {@code UNKNOWN}, which is not the type of a value
     */
    static Data of(LirType lir) {
        return switch (lir) {
            case LirType.Int i -> switch (i.bits()) {
                case 8 -> I8;
                case 16 -> I16;
                case 32 -> I32;
                case 64 -> I64;
                case 128 -> I128;
                default -> new Data(lir);
            };
            case LirType.Float f -> switch (f.bits()) {
                case 32 -> F32;
                case 64 -> F64;
                case 128 -> F128;
                default -> new Data(lir);
            };
            case LirType.Aggregate a -> new Data(lir);
            case LirType.Unknown u -> new Data(lir);
        };
    }

    /** An aggregate of the given number of bits, {@code a<bits>}. */
    static Data aggregate(int bits) {
        return new Data(new LirType.Aggregate(bits));
    }

    /** Whether values of this type are integers (so may be branch conditions, addresses, switch values). */
    default boolean isInteger() {
        return this instanceof Data d && d.lir() instanceof LirType.Int;
    }

    /** Whether values of this type are floating-point numbers. */
    default boolean isFloat() {
        return this instanceof Data d && d.lir() instanceof LirType.Float;
    }

    /**
     * The type a name denotes in the text form: {@code i8…i128}, {@code f32…f128}, {@code a<bits>}, {@code mem}.
     */
    static io.vavr.control.Option<Type> named(String name) {
        Type common = switch (name) { // the shared constants, so parsed terms do not each carry their own
            case "i8" -> I8;
            case "i16" -> I16;
            case "i32" -> I32;
            case "i64" -> I64;
            case "i128" -> I128;
            case "f32" -> F32;
            case "f64" -> F64;
            case "f128" -> F128;
            case "mem" -> MEM;
            default -> null;
        };
        if (common != null) {
            return io.vavr.control.Option.of(common);
        }
        if (!name.equals(name.toLowerCase(java.util.Locale.ROOT))) {
            return io.vavr.control.Option.none();
        }
        return LirType.named(name.toUpperCase(java.util.Locale.ROOT))
                .filter(t -> !(t instanceof LirType.Unknown))
                .map(Data::new);
    }
}
