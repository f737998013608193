/**
 * A generator of sample bases: random legal games with passes and early endings, made-up names.
 *
 * <pre>{@code
 * SampleBase.write(Path.of("sample"), "SAMPLE", 2000, 10, 2000, 42L);
 * }</pre>
 */
package org.thordb.sample;
