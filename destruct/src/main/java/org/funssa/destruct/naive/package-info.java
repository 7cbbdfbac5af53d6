/** The naive out-of-SSA translation with parallel copies and edge splitting ({@code naive}). */
package org.funssa.destruct.naive;
