/**
 * funssa's command-line parser: commands, options and parameters declared as records ({@link
 * org.funssa.cli.args.CommandSpec}, {@link org.funssa.cli.args.OptionSpec}, {@link
 * org.funssa.cli.args.ParameterSpec}), one parser that turns the words of a command line into {@link
 * org.funssa.cli.args.Arguments} or a {@link org.funssa.cli.args.UsageError} naming the bad word, and help text
 * generated from the same records ({@link org.funssa.cli.args.HelpText}). It is funssa's own, not a library's,
 * so that its few classes are modern bytecode that JDK 25's ahead-of-time cache keeps (see cli/pom.xml).
 */
package org.funssa.cli.args;
