package org.funssa.cps.ir;

import io.vavr.collection.Vector;
import java.util.function.UnaryOperator;

/** The one way the IR's nodes map a vector of their parts: unchanged parts keep the vector. */
public final class Images {

    private Images() {}

    /**
     * Each item replaced by {@code f}'s image; the same vector when every item is its own image, so that a node
     * whose parts are unchanged keeps them, and is kept, by identity.
     */
    public static <T> Vector<T> map(Vector<T> items, UnaryOperator<T> f) {
        Vector<T> images = items;
        for (int i = 0, n = items.size(); i < n; i++) {
            T item = items.get(i);
            T image = f.apply(item);
            if (image != item) {
                images = images.update(i, image);
            }
        }
        return images;
    }
}
