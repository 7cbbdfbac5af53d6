package org.funssa.bench.report;

import io.vavr.collection.Vector;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The results JMH writes with {@code -rf csv}: a header row, then one row per benchmark and parameter
 * combination, every field double-quoted.
 *
 * @param header the column names
 * @param rows   the rows, fields as written
 */
public record JmhResults(Vector<String> header, Vector<Vector<String>> rows) {

    /** Reads a JMH CSV file. */
    public static JmhResults read(Path csv) {
        try {
            Vector<Vector<String>> lines = Vector.ofAll(Files.readAllLines(csv, StandardCharsets.UTF_8))
                    .filter(l -> !l.isBlank()).map(JmhResults::fields);
            if (lines.isEmpty()) {
                throw new IllegalArgumentException(csv + ": empty JMH result file");
            }
            return new JmhResults(lines.head(), lines.tail());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JMH results " + csv, e);
        }
    }

    /** Splits one CSV line; quotes group, a doubled quote inside quotes is a quote. */
    static Vector<String> fields(String line) {
        Vector<String> out = Vector.empty();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                field.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out = out.append(field.toString());
                field.setLength(0);
            } else {
                field.append(c);
            }
        }
        return out.append(field.toString());
    }

    /** The results as a Markdown table: benchmark, parameters, mode, samples, score ± error, unit. */
    public Vector<String> markdown() {
        int benchmark = header.indexOf("Benchmark");
        int mode = header.indexOf("Mode");
        int samples = header.indexOf("Samples");
        int score = header.indexOf("Score");
        int error = header.indexWhere(h -> h.startsWith("Score Error"));
        int unit = header.indexOf("Unit");
        Vector<Integer> params = header.zipWithIndex().filter(t -> t._1.startsWith("Param: ")).map(t -> t._2);
        Vector<String> table = Vector.of("| benchmark | parameters | mode | samples | score | error (99.9%) | unit |",
                "|---|---|---|---:|---:|---:|---|");
        for (Vector<String> row : rows) {
            String parameters = params.filter(p -> p < row.size() && !row.get(p).isEmpty())
                    .map(p -> header.get(p).substring("Param: ".length()) + "=" + row.get(p)).mkString(", ");
            table = table.append("| " + row.get(benchmark).replace("org.funssa.bench.", "") + " | " + parameters
                    + " | " + row.get(mode) + " | " + row.get(samples) + " | " + row.get(score) + " | "
                    + (error >= 0 ? row.get(error) : "") + " | " + row.get(unit) + " |");
        }
        return table;
    }
}
