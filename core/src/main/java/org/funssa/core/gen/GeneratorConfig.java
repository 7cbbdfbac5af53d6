package org.funssa.core.gen;

/**
 * What {@link LirGenerator} makes: how many functions, how many blocks each, how much code per block,
 * and which features appear.
 *
 * @param functions          functions besides {@code main}; function k calls only functions after it
 * @param blocks             basic blocks per function (at least 1)
 * @param statementsPerBlock statements in a block besides its jump
 * @param registers          32-bit integer variables per function (at least 2); a quarter as many 64-bit
 *                           ones, and as many doubles when {@code floats}
 * @param shape              the control flow
 * @param storage            registers or frame slots
 * @param memory             loads and stores to a global and a frame array
 * @param calls              calls between generated functions
 * @param floats             double-precision variables and arithmetic
 * @param fuel               how many back edges a call may take before all loops exit
 * @param maxLoopDepth       nesting limit of {@link Shape#LOOPS} regions
 */
public record GeneratorConfig(int functions, int blocks, int statementsPerBlock, int registers, Shape shape,
                              Storage storage, boolean memory, boolean calls, boolean floats, int fuel,
                              int maxLoopDepth) {

    public GeneratorConfig {
        require(functions >= 0, "functions >= 0");
        require(blocks >= 1, "blocks >= 1");
        require(statementsPerBlock >= 0, "statementsPerBlock >= 0");
        require(registers >= 2, "registers >= 2");
        require(fuel >= 1, "fuel >= 1");
        require(maxLoopDepth >= 1 && maxLoopDepth <= 16, "1 <= maxLoopDepth <= 16");
    }

    private static void require(boolean condition, String what) {
        if (!condition) {
            throw new IllegalArgumentException("generator configuration needs " + what);
        }
    }

    /** A small program with every feature: two helper functions of 12 blocks, mixed control flow. */
    public static GeneratorConfig defaults() {
        return new GeneratorConfig(2, 12, 3, 6, Shape.MIX, Storage.REGISTERS, true, true, true, 6, 3);
    }

    /**
     * One function of about {@code instructions} LIR statements and the given shape, without calls:
     * the inputs of the scaling benchmarks.
     */
    public static GeneratorConfig sized(int instructions, Shape shape) {
        int perBlock = 4;
        return new GeneratorConfig(0, Math.max(1, instructions / (perBlock + 2)), perBlock, 16, shape,
                Storage.REGISTERS, true, false, false, 4, 6);
    }

    public GeneratorConfig withFunctions(int n) {
        return new GeneratorConfig(n, blocks, statementsPerBlock, registers, shape, storage, memory, calls,
                floats, fuel, maxLoopDepth);
    }

    public GeneratorConfig withBlocks(int n) {
        return new GeneratorConfig(functions, n, statementsPerBlock, registers, shape, storage, memory, calls,
                floats, fuel, maxLoopDepth);
    }

    public GeneratorConfig withStatementsPerBlock(int n) {
        return new GeneratorConfig(functions, blocks, n, registers, shape, storage, memory, calls, floats, fuel,
                maxLoopDepth);
    }

    public GeneratorConfig withShape(Shape s) {
        return new GeneratorConfig(functions, blocks, statementsPerBlock, registers, s, storage, memory, calls,
                floats, fuel, maxLoopDepth);
    }

    public GeneratorConfig withStorage(Storage s) {
        return new GeneratorConfig(functions, blocks, statementsPerBlock, registers, shape, s, memory, calls,
                floats, fuel, maxLoopDepth);
    }

    public GeneratorConfig withFeatures(boolean withMemory, boolean withCalls, boolean withFloats) {
        return new GeneratorConfig(functions, blocks, statementsPerBlock, registers, shape, storage, withMemory,
                withCalls, withFloats, fuel, maxLoopDepth);
    }

    public GeneratorConfig withFuel(int f) {
        return new GeneratorConfig(functions, blocks, statementsPerBlock, registers, shape, storage, memory, calls,
                floats, f, maxLoopDepth);
    }
}
