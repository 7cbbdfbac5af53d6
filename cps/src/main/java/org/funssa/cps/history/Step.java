package org.funssa.cps.history;

import io.vavr.collection.LinkedHashMap;
import io.vavr.collection.Map;
import java.time.Duration;

/**
 * How a snapshot was made: the pass's name, the options it was run with (as the user gave them, in order)
 * and how long it took. The first snapshot of a history is made by {@link #INPUT}.
 */
public record Step(String pass, Map<String, String> options, Duration elapsed) {

    /** The step of a history's first snapshot: the program as given. */
    public static final Step INPUT = new Step("input", LinkedHashMap.empty(), Duration.ZERO);

    /** The options in the form {@code k=v,k=v}, empty when there are none. */
    public String optionsText() {
        return options.map(e -> e._2.isEmpty() ? e._1 : e._1 + "=" + e._2).mkString(",");
    }
}
