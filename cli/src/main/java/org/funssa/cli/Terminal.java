package org.funssa.cli;

import java.io.PrintStream;

/** Where a command writes: the program's and the command's output, and messages. */
record Terminal(PrintStream out, PrintStream err) {}
