package org.funssa.cps.ir;

/** The name of a local function (a block). Labels are unique in their function. */
public record Label(String name) {
    public Label {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("a label needs a name");
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
