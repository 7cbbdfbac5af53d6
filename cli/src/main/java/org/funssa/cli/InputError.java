package org.funssa.cli;

/** A problem with what the user gave: the message is shown as it is, and the command exits with 2. */
final class InputError extends RuntimeException {
    InputError(String message) {
        super(message, null, false, false);
    }
}
