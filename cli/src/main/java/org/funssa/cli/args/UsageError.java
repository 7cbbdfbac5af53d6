package org.funssa.cli.args;

/**
 * A command line that does not fit its command's spec: an unknown option, a missing or malformed value, too
 * few or too many parameters. The message names the offending word; {@link #command} is the command whose
 * usage the user should see.
 */
public final class UsageError extends RuntimeException {

    private final transient CommandSpec command;

    public UsageError(CommandSpec command, String message) {
        super(message, null, false, false);
        this.command = command;
    }

    /** The command the words were meant for. */
    public CommandSpec command() {
        return command;
    }
}
