package org.funssa.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Where a report's Markdown goes: one file, its directory made when missing. */
public final class ReportFile {

    private ReportFile() {}

    /** Writes {@code markdown} to {@code file} in UTF-8, creating the directories it needs. */
    public static void write(Path file, CharSequence markdown) {
        try {
            Path dir = file.toAbsolutePath().getParent();
            Files.createDirectories(dir);
            Files.writeString(file, markdown, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
