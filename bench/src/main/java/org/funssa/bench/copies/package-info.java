/** The copies report: copies left by every destruction method on the corpus, and their speed. */
package org.funssa.bench.copies;
