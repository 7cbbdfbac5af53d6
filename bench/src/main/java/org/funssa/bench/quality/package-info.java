/** Code quality against COINS: instructions and copies left on the corpus by a pass string and by COINS 1.5. */
package org.funssa.bench.quality;
