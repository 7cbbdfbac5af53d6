package org.funssa.cli.args;

import io.vavr.collection.Vector;

/**
 * A command's help, generated from its spec, in lines of at most {@value #WIDTH} columns: the synopsis ({@code
 * Usage: funssa run [-hV] [--stats] [--arg=N]... FILE.lir...}), the description, the parameters and the options
 * (sorted by name) each with its description and default, and the subcommands with the first paragraph of theirs.
 */
public final class HelpText {

    static final int WIDTH = 80;
    /** Option signatures up to this width share a line with their description; longer ones get a line alone. */
    private static final int SIGNATURE_WIDTH = 20;
    private static final String SHORT_NAME_ROOM = "      ";

    private HelpText() {}

    /** The help of {@code command}, each line ended by a newline. */
    public static String of(CommandSpec command) {
        StringBuilder text = new StringBuilder();
        Vector<String> synopsis = synopsis(command);
        String usage = "Usage: " + command.usageName() + " ";
        Wrapping.lines(synopsis, WIDTH - usage.length(), WIDTH - usage.length()).zipWithIndex().forEach(line ->
                text.append(line._2 == 0 ? usage : " ".repeat(usage.length())).append(line._1).append('\n'));
        command.description().forEach(paragraph -> Wrapping.lines(Wrapping.words(paragraph), WIDTH, WIDTH)
                .forEach(line -> text.append(line).append('\n')));
        Vector<Row> rows = command.parameters()
                .map(p -> new Row(SHORT_NAME_ROOM + p.label() + (p.max() > 1 ? "..." : ""), p.description()))
                .appendAll(command.options().sortBy(OptionSpec::sortKey).map(o -> new Row(
                        (o.signature().startsWith("--") ? SHORT_NAME_ROOM : "  ") + o.signature(),
                        o.helpDescription())));
        int column = rows.map(row -> row.left().length()).filter(width -> width <= SHORT_NAME_ROOM.length()
                + SIGNATURE_WIDTH).max().getOrElse(0) + 3;
        rows.forEach(row -> table(text, row, column));
        if (!command.subcommands().isEmpty()) {
            text.append("Commands:\n");
            int width = command.subcommands().map(sub -> sub.name().length()).max().get();
            command.subcommands().forEach(sub -> table(text, new Row("  " + sub.name(),
                    sub.description().headOption().getOrElse("")), width + 4));
        }
        return text.toString();
    }

    /** What the synopsis lists: clustered short flags, long flags, options with values, parameters, commands. */
    private static Vector<String> synopsis(CommandSpec command) {
        Vector<OptionSpec> options = command.options().sortBy(OptionSpec::sortKey);
        Vector<OptionSpec> flags = options.filter(o -> o.kind() == OptionSpec.Kind.FLAG);
        String shortFlags = flags.flatMap(o -> o.names().filter(name -> name.length() == 2))
                .map(name -> name.substring(1)).mkString();
        return (shortFlags.isEmpty() ? Vector.<String>empty() : Vector.of("[-" + shortFlags + "]"))
                .appendAll(flags.filter(o -> o.names().forAll(name -> name.length() > 2)).map(OptionSpec::synopsis))
                .appendAll(options.filter(o -> o.kind() == OptionSpec.Kind.VALUE
                        || o.kind() == OptionSpec.Kind.ATTACHED).map(OptionSpec::synopsis))
                .appendAll(options.filter(o -> o.kind() == OptionSpec.Kind.REPEATED).map(OptionSpec::synopsis))
                .appendAll(command.parameters().map(ParameterSpec::synopsis))
                .appendAll(command.subcommands().isEmpty() ? Vector.empty() : Vector.of("[COMMAND]"));
    }

    /** One entry of a two-column table: what it is, and its description. */
    private record Row(String left, String description) {}

    /**
     * A row with its description from {@code column} on (on the next line if the left part is wider),
     * continued two columns further in.
     */
    private static void table(StringBuilder text, Row row, int column) {
        Vector<String> lines = Wrapping.lines(Wrapping.words(row.description()), WIDTH - column, WIDTH - column - 2);
        if (row.left().length() + 2 > column) {
            text.append(row.left()).append('\n');
            text.append(" ".repeat(column));
        } else {
            text.append(row.left()).append(" ".repeat(column - row.left().length()));
        }
        text.append(lines.headOption().getOrElse("")).append('\n');
        lines.drop(1).forEach(line -> text.append(" ".repeat(column + 2)).append(line).append('\n'));
    }
}
