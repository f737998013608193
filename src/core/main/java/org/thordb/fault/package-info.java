/**
 * Internal (not exported): where thordb makes its {@link org.thordb.error.ThorDbException}s
 * ({@link org.thordb.fault.Faults}) and how long work notices that it was cancelled
 * ({@link org.thordb.fault.Cancellation}).
 *
 * <pre>{@code
 * if (count < 0) {
 *     throw Faults.atOffset(ErrorCode.BAD_FILE, path, 4, "N1 is " + count + ", below 0");
 * }
 * }</pre>
 */
package org.thordb.fault;
