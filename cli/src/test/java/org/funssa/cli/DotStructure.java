package org.funssa.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shape of a Graphviz DOT document, read without Graphviz: one {@code digraph} whose braces balance and
 * close at the end, its clusters in order, and its nodes and edges. Reading fails with an {@link AssertionError}
 * naming the problem when the text is not one digraph, when a node is declared twice (in any cluster) or when
 * an edge names an undeclared node.
 */
record DotStructure(String name, List<String> clusters, Set<String> nodes, List<String> edges) {

    /** Quoted strings (with their escapes), identifiers, numerals, and DOT's punctuation; blanks between them. */
    private static final Pattern TOKEN = Pattern.compile("\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|[A-Za-z_][A-Za-z0-9_]*"
            + "|-?(?:\\.[0-9]+|[0-9]+(?:\\.[0-9]*)?)|->|[{}\\[\\];=,])");

    static DotStructure of(String text) {
        List<String> tokens = tokens(text);
        if (tokens.size() < 3 || !tokens.get(0).equals("digraph") || !tokens.get(2).equals("{")) {
            throw new AssertionError("not a digraph: " + text.lines().findFirst().orElse(""));
        }
        List<String> clusters = new ArrayList<>();
        Set<String> nodes = new LinkedHashSet<>();
        List<String> edges = new ArrayList<>();
        int depth = 0;
        int i = 2;
        while (i < tokens.size()) {
            String token = tokens.get(i);
            if (token.equals("{")) {
                depth++;
                i++;
            } else if (token.equals("}")) {
                depth--;
                i++;
                if (depth == 0 && i != tokens.size()) {
                    throw new AssertionError("text after the digraph's closing brace: " + tokens.get(i));
                }
            } else if (token.equals("subgraph")) {
                clusters.add(tokens.get(i + 1));
                i += 2;
            } else if (i + 2 < tokens.size() && tokens.get(i + 1).equals("->")) {
                edges.add(token + " -> " + tokens.get(i + 2));
                i = skipStatement(tokens, i + 3);
            } else if (token.equals("node") || token.equals("edge") || token.equals("graph")
                    || i + 1 < tokens.size() && tokens.get(i + 1).equals("=")) {
                i = skipStatement(tokens, i + 1);
            } else {
                if (!nodes.add(token)) {
                    throw new AssertionError("node " + token + " is declared twice");
                }
                i = skipStatement(tokens, i + 1);
            }
        }
        if (depth != 0) {
            throw new AssertionError("unbalanced braces: " + depth + " left open");
        }
        for (String edge : edges) {
            for (String end : edge.split(" -> ")) {
                if (!nodes.contains(end)) {
                    throw new AssertionError("edge " + edge + " names the undeclared node " + end);
                }
            }
        }
        return new DotStructure(tokens.get(1), clusters, nodes, edges);
    }

    /** The index after the statement's attributes and its semicolon. */
    private static int skipStatement(List<String> tokens, int from) {
        int i = from;
        if (i < tokens.size() && tokens.get(i).equals("[")) {
            while (!tokens.get(i).equals("]")) {
                i++;
            }
            i++;
        }
        if (i < tokens.size() && tokens.get(i).equals("=")) {
            i += 2;
        }
        if (i >= tokens.size() || !tokens.get(i).equals(";")) {
            throw new AssertionError("a statement does not end with ';' at token " + i);
        }
        return i + 1;
    }

    private static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        Matcher m = TOKEN.matcher(text);
        int at = 0;
        while (m.find(at) && m.start() == at) {
            tokens.add(m.group(1));
            at = m.end();
        }
        if (!text.substring(at).isBlank()) {
            throw new AssertionError("not DOT at offset " + at + ": "
                    + text.substring(at, Math.min(text.length(), at + 40)));
        }
        return tokens;
    }
}
