package org.funssa.bench.quality;

import io.vavr.collection.Vector;
import java.nio.file.Path;
import java.time.LocalDate;

/**
 * What the report is asked for: the pass string measured and the one it is measured against, if any; the
 * {@code COINS-SSA.tsv} columns beside them; whether every output is run; where the report goes.
 *
 * @param outDir     the directory the report is written to
 * @param date       the date in its name and title
 * @param passes     the pass strings: the one measured first, then {@code --versus}'s when given
 * @param coins      the prefix of the {@code COINS-SSA.tsv} columns ({@code opt} or {@code srd3})
 * @param operations whether each output, and COINS's {@code .coins-opt.lir}, is run against the program's
 *                   {@code .ans} and its executed operations counted
 * @param name       the report's file name after the date
 */
record Options(Path outDir, String date, Vector<String> passes, String coins, boolean operations, String name) {

    static final String USAGE = "options: --passes STRING, --versus STRING, --coins COLUMNS, --operations, "
            + "--name NAME, --out-dir DIR, --date YYYY-MM-DD";

    static Options parse(String... args) {
        Path outDir = Path.of("bench/reports");
        String date = LocalDate.now().toString();
        String passes = "prun/cpyp/cstp/cse/dce/srd3";
        Vector<String> versus = Vector.empty();
        String coins = "opt";
        boolean operations = false;
        String name = "";
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--operations")) {
                operations = true;
                continue;
            }
            if (i + 1 == args.length) {
                throw new IllegalArgumentException("no value after " + args[i] + "; " + USAGE);
            }
            String value = args[++i];
            switch (args[i - 1]) {
                case "--out-dir" -> outDir = Path.of(value);
                case "--date" -> date = value;
                case "--passes" -> passes = value;
                case "--versus" -> versus = Vector.of(value);
                case "--coins" -> coins = value;
                case "--name" -> name = value;
                default -> throw new IllegalArgumentException("unknown option " + args[i - 1] + "; " + USAGE);
            }
        }
        return new Options(outDir, date, versus.prepend(passes), coins, operations,
                name.isEmpty() ? "quality-" + coins : name);
    }

    /** The report's file. */
    Path out() {
        return outDir.resolve(date + "-" + name + ".md");
    }

    /** The command that writes this report, as the report quotes it. */
    String command() {
        return "bench/run-quality --passes " + passes.head()
                + (passes.size() > 1 ? " --versus " + passes.get(1) : "") + " --coins " + coins
                + (operations ? " --operations" : "") + (name.equals("quality-" + coins) ? "" : " --name " + name);
    }
}
