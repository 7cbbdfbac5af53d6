package org.funssa.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The documentation cannot drift from code that compiles and runs: every {@code ```java} block in
 * {@code docs/*.md} preceded by {@code <!-- snippet: Class#region -->} must equal, dedented, the text
 * between {@code // region region} and {@code // endregion} in {@code docs/src/test/java/org/funssa/docs/Class.java}.
 */
class DocsSnippetsTest {

    private static final Path DOCS = Path.of(System.getProperty("user.dir"));
    private static final Pattern SNIPPET = Pattern.compile(
            "<!-- snippet: (\\w+)#([\\w-]+) -->\\n```java\\n(.*?)```", Pattern.DOTALL);

    @TestFactory
    Stream<DynamicTest> everySnippetIsARegionOfATest() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        try (Stream<Path> files = Files.list(DOCS)) {
            for (Path md : files.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                Matcher m = SNIPPET.matcher(Files.readString(md));
                while (m.find()) {
                    String cls = m.group(1);
                    String region = m.group(2);
                    String text = m.group(3);
                    tests.add(DynamicTest.dynamicTest(md.getFileName() + " " + cls + "#" + region,
                            () -> assertThat(text).isEqualTo(region(cls, region))));
                }
            }
        }
        return tests.stream();
    }

    @Test
    void theTutorialHasSnippets() throws IOException {
        Matcher m = SNIPPET.matcher(Files.readString(DOCS.resolve("tutorial.md")));
        int n = 0;
        while (m.find()) {
            n++;
        }
        assertThat(n).isGreaterThanOrEqualTo(5);
    }

    /** The dedented lines between {@code // region name} and {@code // endregion}, each ending in a newline. */
    static String region(String cls, String name) {
        Path source = DOCS.resolve("src/test/java/org/funssa/docs/" + cls + ".java");
        List<String> lines;
        try {
            lines = Files.readAllLines(source);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int start = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).strip().equals("// region " + name)) {
                start = i + 1;
                break;
            }
        }
        assertThat(start).as("region %s in %s", name, source).isPositive();
        List<String> body = new ArrayList<>();
        for (int i = start; !lines.get(i).strip().equals("// endregion"); i++) {
            body.add(lines.get(i));
        }
        int indent = body.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
                .min().orElse(0);
        StringBuilder out = new StringBuilder();
        body.forEach(l -> out.append(l.isBlank() ? "" : l.substring(indent)).append('\n'));
        return out.toString();
    }
}
