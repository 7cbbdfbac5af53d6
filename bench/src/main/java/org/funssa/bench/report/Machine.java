package org.funssa.bench.report;

import io.vavr.collection.Vector;
import io.vavr.control.Try;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The machine a report was measured on, read from {@code /proc} and the JVM: numbers mean little
 * without it.
 *
 * @param cpu       CPU model name from {@code /proc/cpuinfo}
 * @param cores     processors available to the JVM
 * @param memory    total memory from {@code /proc/meminfo}
 * @param maxHeap   the JVM's maximum heap
 * @param jdk       JVM name and runtime version
 * @param os        distribution ({@code /etc/os-release}) and kernel
 */
public record Machine(String cpu, int cores, String memory, String maxHeap, String jdk, String os) {

    /** This machine. */
    public static Machine current() {
        String cpu = lines("/proc/cpuinfo").find(l -> l.startsWith("model name"))
                .map(l -> l.substring(l.indexOf(':') + 1).trim()).getOrElse("unknown");
        String memory = lines("/proc/meminfo").find(l -> l.startsWith("MemTotal:"))
                .map(l -> gib(Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024)).getOrElse("unknown");
        String distribution = lines("/etc/os-release").find(l -> l.startsWith("PRETTY_NAME="))
                .map(l -> l.substring("PRETTY_NAME=".length()).replace("\"", ""))
                .getOrElse(System.getProperty("os.name"));
        return new Machine(cpu, Runtime.getRuntime().availableProcessors(), memory,
                gib(Runtime.getRuntime().maxMemory()),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                distribution + ", kernel " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
    }

    private static Vector<String> lines(String file) {
        return Try.of(() -> Vector.ofAll(Files.readAllLines(Path.of(file)))).getOrElse(Vector.empty());
    }

    private static String gib(long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (1024.0 * 1024 * 1024));
    }

    /** The description as Markdown list items. */
    public Vector<String> describe() {
        return Vector.of("CPU: " + cpu, "processors available: " + cores, "memory: " + memory,
                "JVM maximum heap: " + maxHeap, "JDK: " + jdk, "OS: " + os);
    }
}
