/**
 * Snapshots (issue 5; DESIGN.md "Snapshots"): {@link org.funssa.cps.history.History}, a persistent history of
 * program values with undo, redo, marks, a log ({@link org.funssa.cps.history.LogEntry}: pass, options, time,
 * size, new and shared nodes) and structural diffs ({@link org.funssa.cps.history.Diff}), and
 * {@link org.funssa.cps.history.Rewrite}, path-copying rewrites that share everything they do not touch.
 */
package org.funssa.cps.history;
