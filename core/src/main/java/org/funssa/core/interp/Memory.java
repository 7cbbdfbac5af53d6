package org.funssa.core.interp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Byte-addressed little-endian memory made of separate allocations: static data, call frames, heap blocks,
 * variadic argument areas, and the code addresses of functions. Every access is checked against the
 * allocation it falls in, so out-of-bounds, null, freed and dangling accesses are runtime errors.
 *
 * <p>An address is {@code id << 32 | offset}: the allocation's number in the high half and the byte
 * offset in the low half. Address 0 (id 0) is never allocated, so it is C's null pointer. Pointer
 * arithmetic is plain 64-bit arithmetic; an address that wanders off its allocation fails on access.
 * Every allocation starts at a multiple of 2^32, so it is aligned for every type. Frame and argument
 * ids are reused last-in first-out; heap ids are never reused, so a freed block stays detectably freed.
 */
public final class Memory {

    /** What an allocation holds; decides error messages and what {@code free} accepts. */
    public enum Kind { STATIC, FRAME, HEAP, ARGUMENTS, FUNCTION, EXTERNAL }

    private static final VarHandle I16 = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I32 = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle I64 = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final byte[] NOTHING = new byte[0];
    private static final int MAX_ID = Integer.MAX_VALUE;

    private byte[][] blocks = new byte[64][];
    private Kind[] kinds = new Kind[64];
    private String[] names = new String[64];
    private boolean[] live = new boolean[64];
    private int next = 1;
    private int[] reusable = new int[16];
    private int reusableCount;

    /** The allocation number of an address. */
    public static int id(long address) {
        return (int) (address >>> 32);
    }

    /** The byte offset of an address within its allocation. */
    public static long offset(long address) {
        return address & 0xFFFF_FFFFL;
    }

    /**
     * A new zeroed allocation of {@code size} bytes; returns its base address. {@code name} appears in
     * error messages (a symbol, a function, {@code malloc}).
     */
    public long allocate(Kind kind, long size, String name) {
        if (size < 0 || size > Integer.MAX_VALUE - 8) {
            throw new RuntimeTrap(RuntimeError.Kind.LIBRARY_ERROR, "cannot allocate " + size + " bytes for " + name);
        }
        int id;
        boolean stacked = kind == Kind.FRAME || kind == Kind.ARGUMENTS;
        if (stacked && reusableCount > 0) {
            id = reusable[--reusableCount];
        } else {
            if (next == MAX_ID) {
                throw new RuntimeTrap(RuntimeError.Kind.LIBRARY_ERROR, "out of allocation numbers");
            }
            id = next++;
            if (id == blocks.length) {
                int n = blocks.length * 2;
                blocks = Arrays.copyOf(blocks, n);
                kinds = Arrays.copyOf(kinds, n);
                names = Arrays.copyOf(names, n);
                live = Arrays.copyOf(live, n);
            }
        }
        blocks[id] = size == 0 ? NOTHING : new byte[(int) size];
        kinds[id] = kind;
        names[id] = name;
        live[id] = true;
        return (long) id << 32;
    }

    /** Ends a frame or argument area allocated last-in first-out; its number may be reused. */
    public void releaseStacked(long base) {
        int id = id(base);
        live[id] = false;
        blocks[id] = null;
        if (reusableCount == reusable.length) {
            reusable = Arrays.copyOf(reusable, reusable.length * 2);
        }
        reusable[reusableCount++] = id;
    }

    /** {@code free}: ends a heap block; null is ignored, anything but a live heap block's base is an error. */
    public void free(long address) {
        if (address == 0) {
            return;
        }
        int id = id(address);
        if (id <= 0 || id >= next || kinds[id] != Kind.HEAP || offset(address) != 0) {
            throw new RuntimeTrap(RuntimeError.Kind.INVALID_FREE,
                    "free of " + describe(address) + ", which malloc did not return");
        }
        if (!live[id]) {
            throw new RuntimeTrap(RuntimeError.Kind.INVALID_FREE, "double free of " + describe(address));
        }
        live[id] = false;
        blocks[id] = null;
    }

    /** The kind of the live allocation an address points into, or null if it points into none. */
    public Kind kindAt(long address) {
        int id = id(address);
        return id > 0 && id < next && live[id] ? kinds[id] : null;
    }

    /** The name of an address's allocation (for a function address, the function's name). */
    public String nameAt(long address) {
        int id = id(address);
        return id > 0 && id < next ? names[id] : "(none)";
    }

    /** The size of the live allocation an address points into. */
    public long sizeAt(long address) {
        return block(address & 0xFFFF_FFFF_0000_0000L, 0).length;
    }

    // ---------------------------------------------------------------- access

    /**
     * The backing array holding the {@code size} bytes at address; the bytes start at index
     * {@code (int) offset(address)}. Fails unless all of them lie in one live data allocation.
     */
    public byte[] block(long address, int size) {
        int id = (int) (address >>> 32);
        int offset = (int) address;
        if (id > 0 && id < next) {
            byte[] b = blocks[id];
            if (b != null && offset >= 0 && offset <= b.length - size) {
                return b;
            }
        }
        throw new RuntimeTrap(RuntimeError.Kind.MEMORY_ACCESS,
                "access of " + size + " byte" + (size == 1 ? "" : "s") + " at " + describe(address));
    }

    /** A person's description of an address: which allocation, which offset, and why it is bad. */
    public String describe(long address) {
        if (address == 0) {
            return "the null pointer";
        }
        int id = id(address);
        long offset = offset(address);
        String hex = "0x" + Long.toHexString(address);
        if (id <= 0 || id >= next) {
            return hex + " (no allocation)";
        }
        String what = switch (kinds[id]) {
            case STATIC -> "static '" + names[id] + "'";
            case FRAME -> "the frame of '" + names[id] + "'";
            case HEAP -> "heap block from " + names[id];
            case ARGUMENTS -> "the variadic arguments of '" + names[id] + "'";
            case FUNCTION -> "function '" + names[id] + "'";
            case EXTERNAL -> "external symbol '" + names[id] + "' (not defined in this module)";
        };
        if (!live[id]) {
            return hex + " (offset " + offset + " in " + (kinds[id] == Kind.HEAP ? "freed " : "ended ") + what + ")";
        }
        return hex + " (offset " + offset + " in " + what + " of " + blocks[id].length + " bytes)";
    }

    public long loadI8(long a) {
        return block(a, 1)[(int) a];
    }

    public long loadI16(long a) {
        return (short) I16.get(block(a, 2), (int) a);
    }

    public long loadI32(long a) {
        return (int) I32.get(block(a, 4), (int) a);
    }

    public long loadI64(long a) {
        return (long) I64.get(block(a, 8), (int) a);
    }

    /** The integer of {@code bits} width at a, sign-extended. */
    public long loadInt(int bits, long a) {
        return switch (bits) {
            case 8 -> loadI8(a);
            case 16 -> loadI16(a);
            case 32 -> loadI32(a);
            default -> loadI64(a);
        };
    }

    public double loadF32(long a) {
        return Float.intBitsToFloat((int) I32.get(block(a, 4), (int) a));
    }

    public double loadF64(long a) {
        return Double.longBitsToDouble((long) I64.get(block(a, 8), (int) a));
    }

    public double loadFloat(int bits, long a) {
        return bits == 32 ? loadF32(a) : loadF64(a);
    }

    public void storeI8(long a, long v) {
        block(a, 1)[(int) a] = (byte) v;
    }

    public void storeI16(long a, long v) {
        I16.set(block(a, 2), (int) a, (short) v);
    }

    public void storeI32(long a, long v) {
        I32.set(block(a, 4), (int) a, (int) v);
    }

    public void storeI64(long a, long v) {
        I64.set(block(a, 8), (int) a, v);
    }

    public void storeInt(int bits, long a, long v) {
        switch (bits) {
            case 8 -> storeI8(a, v);
            case 16 -> storeI16(a, v);
            case 32 -> storeI32(a, v);
            default -> storeI64(a, v);
        }
    }

    public void storeF32(long a, double v) {
        I32.set(block(a, 4), (int) a, Float.floatToRawIntBits((float) v));
    }

    public void storeF64(long a, double v) {
        I64.set(block(a, 8), (int) a, Double.doubleToRawLongBits(v));
    }

    public void storeFloat(int bits, long a, double v) {
        if (bits == 32) {
            storeF32(a, v);
        } else {
            storeF64(a, v);
        }
    }

    /** The I128 at a: 16 bytes, little-endian. */
    public Int128 loadI128(long a) {
        byte[] b = block(a, 16);
        return new Int128((long) I64.get(b, (int) a + 8), (long) I64.get(b, (int) a));
    }

    /** Stores an I128 at a as 16 bytes, little-endian. */
    public void storeI128(long a, Int128 v) {
        byte[] b = block(a, 16);
        I64.set(b, (int) a, v.low());
        I64.set(b, (int) a + 8, v.high());
    }

    /** The F128 at a: its 16-byte binary128 encoding, little-endian. */
    public Float128 loadF128(long a) {
        byte[] b = block(a, 16);
        return new Float128((long) I64.get(b, (int) a + 8), (long) I64.get(b, (int) a));
    }

    /** Stores an F128 at a as its 16-byte binary128 encoding, little-endian. */
    public void storeF128(long a, Float128 v) {
        byte[] b = block(a, 16);
        I64.set(b, (int) a, v.low());
        I64.set(b, (int) a + 8, v.high());
    }

    /** A copy of the n bytes at a. */
    public byte[] read(long a, int n) {
        byte[] b = block(a, n);
        return Arrays.copyOfRange(b, (int) a, (int) a + n);
    }

    /** Stores bytes at a. */
    public void write(long a, byte[] bytes) {
        System.arraycopy(bytes, 0, block(a, bytes.length), (int) a, bytes.length);
    }

    /** {@code memmove}: copies n bytes from src to dst; the ranges may overlap. */
    public void copy(long dst, long src, long n) {
        int size = checkedSize(n);
        byte[] from = block(src, size);
        byte[] to = block(dst, size);
        System.arraycopy(from, (int) src, to, (int) dst, size);
    }

    /** {@code memset}: fills n bytes at a with the low byte of v. */
    public void fill(long a, long n, long v) {
        int size = checkedSize(n);
        byte[] b = block(a, size);
        Arrays.fill(b, (int) a, (int) a + size, (byte) v);
    }

    /** The length of the NUL-terminated string at a. */
    public long stringLength(long a) {
        byte[] b = block(a, 1);
        int start = (int) a;
        for (int i = start; i < b.length; i++) {
            if (b[i] == 0) {
                return i - start;
            }
        }
        throw new RuntimeTrap(RuntimeError.Kind.MEMORY_ACCESS,
                "string at " + describe(a) + " runs off the end of its allocation");
    }

    /** The NUL-terminated string at a, without the NUL. */
    public byte[] string(long a) {
        return read(a, (int) stringLength(a));
    }

    private static int checkedSize(long n) {
        if (n < 0 || n > Integer.MAX_VALUE) {
            throw new RuntimeTrap(RuntimeError.Kind.MEMORY_ACCESS, "bad size " + n);
        }
        return (int) n;
    }
}
