package org.funssa.core.interp.libc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.vavr.collection.Vector;
import io.vavr.control.Option;
import java.nio.charset.StandardCharsets;
import org.funssa.core.interp.Machine;
import org.funssa.core.interp.MachineOptions;
import org.funssa.core.interp.Memory;
import org.funssa.core.interp.ProgramExit;
import org.funssa.core.interp.RuntimeError;
import org.funssa.core.interp.RuntimeTrap;
import org.funssa.core.interp.Value;
import org.funssa.core.lir.LirReader;
import org.funssa.core.lir.LirType;
import org.junit.jupiter.api.Test;

/** The C library functions called directly on a machine, as glibc behaves. */
class LibraryTest {

    private final Machine machine = Machine.load(LirReader.read("t.lir",
                    "(MODULE \"t.c\" (SYMTAB (\"stdout\" STATIC I64 8 \".data\" XREF) (\"stderr\" STATIC I64 8 \".data\" XREF)))"),
            Library.standard(), MachineOptions.defaults());
    private final Memory memory = machine.memory();

    private long string(String s) {
        byte[] bytes = (s + "\0").getBytes(StandardCharsets.ISO_8859_1);
        long a = memory.allocate(Memory.Kind.HEAP, bytes.length + 16, "test");
        memory.write(a, bytes);
        return a;
    }

    private String stringAt(long a) {
        return new String(memory.string(a), StandardCharsets.ISO_8859_1);
    }

    private static Value i(long v) {
        return new Value.Int(LirType.I64, v);
    }

    private static Value i32(long v) {
        return new Value.Int(LirType.I32, v);
    }

    private Option<Value> call(String name, Value... args) {
        return machine.libraryFunction(name).call(new LibraryCall(name, Vector.of(args), machine, 0));
    }

    private long integer(String name, Value... args) {
        return ((Value.Int) call(name, args).get()).bits();
    }

    @Test
    void stringComparisonsReturnTheByteDifferenceAsGlibcDoes() {
        assertThat(integer("strcmp", i(string("xyz")), i(string("xyz")))).isZero();
        assertThat(integer("strcmp", i(string("ab")), i(string("cd")))).isEqualTo('a' - 'c');
        assertThat(integer("strcmp", i(string("\u00e9")), i(string("a")))).isEqualTo(0xE9 - 'a');
        assertThat(integer("strncmp", i(string("abcX")), i(string("abcY")), i(3))).isZero();
        assertThat(integer("strlen", i(string("hello")))).isEqualTo(5);
    }

    @Test
    void copyingAndConcatenating() {
        long buf = string("..........");
        call("strncpy", i(buf), i(string("ab")), i(5));
        assertThat(memory.read(buf, 6)).containsExactly('a', 'b', 0, 0, 0, '.');
        call("strcpy", i(buf), i(string("xy")));
        call("strcat", i(buf), i(string("z")));
        call("strncat", i(buf), i(string("12345")), i(2));
        assertThat(stringAt(buf)).isEqualTo("xyz12");
        call("memset", i(buf), i32('q'), i(3));
        assertThat(stringAt(buf)).isEqualTo("qqq12");
        assertThatThrownBy(() -> call("strcpy", i(string("ab")), i(string("much too long for it"))))
                .isInstanceOfSatisfying(RuntimeTrap.class, t -> assertThat(t.kind()).isEqualTo(RuntimeError.Kind.MEMORY_ACCESS));
    }

    @Test
    void formattedOutputGoesToItsStream() {
        call("printf", i(string("%d-%s|")), i32(-5), i(string("x")));
        call("fprintf", i(memory.loadI64(machine.address("stderr"))), i(string("%5.2f")), new Value.Float(LirType.F64, 3.14159));
        call("fputs", i(string("out")), i(memory.loadI64(machine.address("stdout"))));
        call("puts", i(string("line")));
        call("putchar", i32('!'));
        long buf = string("....................");
        assertThat(integer("sprintf", i(buf), i(string("<%x>")), i32(255))).isEqualTo(4);
        assertThat(stringAt(buf)).isEqualTo("<ff>");
        call("write", i32(2), i(string("ERR")), i(3));
        assertThat(machine.stdoutText()).isEqualTo("-5-x|outline\n!");
        assertThat(machine.stderrText()).isEqualTo(" 3.14ERR");
        assertThatThrownBy(() -> call("fputc", i32('a'), i(string("not a FILE"))))
                .isInstanceOfSatisfying(RuntimeTrap.class, t -> assertThat(t.getMessage()).contains("not stdout or stderr"));
    }

    @Test
    void sscanfConvertsAndCountsAssignments() {
        long a = memory.allocate(Memory.Kind.HEAP, 64, "test");
        assertThat(integer("sscanf", i(string("10 -20 ff word 2.5")), i(string("%d %d %x %s %lf")),
                i(a), i(a + 4), i(a + 8), i(a + 16), i(a + 32))).isEqualTo(5);
        assertThat(memory.loadI32(a)).isEqualTo(10);
        assertThat(memory.loadI32(a + 4)).isEqualTo(-20);
        assertThat(memory.loadI32(a + 8)).isEqualTo(255);
        assertThat(stringAt(a + 16)).isEqualTo("word");
        assertThat(memory.loadF64(a + 32)).isEqualTo(2.5);
        assertThat(integer("sscanf", i(string("7 x")), i(string("%d %d")), i(a), i(a + 4))).isEqualTo(1);
        assertThat(integer("sscanf", i(string("")), i(string("%d")), i(a))).isEqualTo(-1);
    }

    @Test
    void numbersCharactersMathAndByteSwaps() {
        assertThat(integer("atoi", i(string("  -42abc")))).isEqualTo(-42);
        assertThat(integer("abs", i32(-7))).isEqualTo(7);
        assertThat(integer("abs", i32(Integer.MIN_VALUE))).isEqualTo(Integer.MIN_VALUE);
        assertThat(integer("tolower", i32('Q'))).isEqualTo('q');
        assertThat(integer("toupper", i32('q'))).isEqualTo('Q');
        assertThat(integer("tolower", i32('1'))).isEqualTo('1');
        assertThat(((Value.Float) call("sqrt", new Value.Float(LirType.F64, 2)).get()).value()).isEqualTo(Math.sqrt(2));
        assertThat(((Value.Float) call("cos", new Value.Float(LirType.F64, 0)).get()).value()).isEqualTo(1.0);
        assertThat(integer("__builtin_bswap32", i32(0x11223344))).isEqualTo(0x44332211);
        assertThat(integer("__builtin_bswap16", i32(0x1122))).isEqualTo(0x2211);
        assertThat(integer("__builtin_bswap64", i(0x0102030405060708L))).isEqualTo(0x0807060504030201L);
    }

    @Test
    void heapBlocksAreZeroedCheckedAndFreedOnce() {
        long p = integer("calloc", i(4), i(4));
        assertThat(memory.read(p, 16)).containsOnly(0);
        assertThat(memory.sizeAt(p)).isEqualTo(16);
        long q = integer("realloc", i(p), i(32));
        assertThat(memory.sizeAt(q)).isEqualTo(32);
        assertThatThrownBy(() -> memory.loadI32(p)).isInstanceOf(RuntimeTrap.class);
        call("free", i(q));
        call("free", i(0));
        assertThatThrownBy(() -> call("free", i(q))).isInstanceOfSatisfying(RuntimeTrap.class,
                t -> assertThat(t.kind()).isEqualTo(RuntimeError.Kind.INVALID_FREE));
        long fixed = memory.allocate(Memory.Kind.STATIC, 8, "s");
        assertThatThrownBy(() -> call("free", i(fixed))).isInstanceOfSatisfying(RuntimeTrap.class,
                t -> assertThat(t.getMessage()).contains("static 's'").contains("which malloc did not return"));
        long block = integer("malloc", i(8));
        assertThatThrownBy(() -> call("free", i(block + 4))).isInstanceOf(RuntimeTrap.class);
    }

    @Test
    void exitAndAbortEndTheProgram() {
        assertThatThrownBy(() -> call("exit", i32(7))).isInstanceOfSatisfying(ProgramExit.class,
                e -> assertThat(e.status()).isEqualTo(7));
        assertThatThrownBy(() -> call("abort")).isInstanceOfSatisfying(ProgramExit.class,
                e -> assertThat(e.status()).isEqualTo(134));
    }
}
