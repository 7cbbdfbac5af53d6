/**
 * The {@code funssa} command: {@link org.funssa.cli.Funssa} and one class per subcommand. Commands declare
 * their options and parameters as specs of {@link org.funssa.cli.args}, which parses them; they read LIR with
 * {@link org.funssa.core.lir.LirReader} and check it with {@link org.funssa.core.lir.LirChecker} before
 * anything else, and turn every failure into one-line messages and an exit status
 * ({@link org.funssa.cli.ExitStatus}).
 */
package org.funssa.cli;
