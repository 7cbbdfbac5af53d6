package org.funssa.core.interp.libc;

import io.vavr.collection.HashMap;
import io.vavr.collection.Map;
import io.vavr.collection.Vector;
import io.vavr.control.Option;
import org.funssa.core.interp.Machine;

/**
 * The C library a program's external symbols resolve to: functions by name, and external data such as
 * {@code stdout}. An immutable table assembled from {@link Part}s, one per concern ({@link Stdio},
 * {@link Strings}, {@link HeapAllocation}, …).
 */
public final class Library {

    /** A group of library functions and data on one concern. */
    public interface Part {
        /** The part's functions and data added to a library. */
        Library installInto(Library library);
    }

    /**
     * External data a module may refer to ({@code XREF}).
     *
     * @param size        bytes to allocate
     * @param initializer fills the allocation at its address once the machine exists
     */
    public record ExternalData(long size, Initializer initializer) {}

    /** Fills external data at its address. */
    @FunctionalInterface
    public interface Initializer {
        void accept(Machine machine, long address);
    }

    private final Map<String, LibraryFunction> functions;
    private final Map<String, ExternalData> data;

    private Library(Map<String, LibraryFunction> functions, Map<String, ExternalData> data) {
        this.functions = functions;
        this.data = data;
    }

    /** A library with nothing in it. */
    public static Library empty() {
        return new Library(HashMap.empty(), HashMap.empty());
    }

    /** The C library the COINS corpus needs. */
    public static Library standard() {
        return Vector.<Part>of(new Stdio(), new Scanf(), new Strings(), new HeapAllocation(), new Process(),
                        new MathLib(), new CharClass(), new Numbers(), new Sorting(), new Varargs(), new Builtins())
                .foldLeft(empty(), (library, part) -> part.installInto(library));
    }

    /** This library with a function added or replaced. */
    public Library withFunction(String name, LibraryFunction function) {
        return new Library(functions.put(name, function), data);
    }

    /** This library with external data added or replaced. */
    public Library withData(String name, ExternalData externalData) {
        return new Library(functions, data.put(name, externalData));
    }

    public Option<LibraryFunction> function(String name) {
        return functions.get(name);
    }

    public Option<ExternalData> data(String name) {
        return data.get(name);
    }
}
