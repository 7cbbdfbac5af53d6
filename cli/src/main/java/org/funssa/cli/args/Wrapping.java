package org.funssa.cli.args;

import io.vavr.collection.Vector;

/**
 * Word wrapping for the help: words separated by single spaces, a word wider than the line alone on its line;
 * a line that more words follow keeps one column free (the column its break takes).
 */
final class Wrapping {

    private Wrapping() {}

    /**
     * {@code words} broken into lines of at most {@code first} columns for the first line and {@code rest} for the
     * others, each line the words joined by one space.
     */
    static Vector<String> lines(Vector<String> words, int first, int rest) {
        Vector<String> lines = Vector.empty();
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            int width = (lines.isEmpty() ? first : rest) - (i + 1 < words.size() ? 1 : 0);
            if (!line.isEmpty() && line.length() + 1 + word.length() > width) {
                lines = lines.append(line.toString());
                line.setLength(0);
            }
            line.append(line.isEmpty() ? "" : " ").append(word);
        }
        return line.isEmpty() ? lines : lines.append(line.toString());
    }

    /** The words of a text, split at spaces. */
    static Vector<String> words(String text) {
        return Vector.of(text.split(" ")).filter(word -> !word.isEmpty());
    }
}
