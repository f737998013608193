package org.thordb;

/**
 * Whether {@link ThorDb#verify(VerifyMode)} only looks, or also rewrites what is wrong.
 *
 * <p>Usage: {@code db.verify(VerifyMode.REPAIR)}
 */
public enum VerifyMode {
    /** Reports problems; changes nothing (a read-only handle can check). */
    CHECK,
    /** Rewrites every index entry the records say is wrong (needs a handle open for writing). */
    REPAIR
}
