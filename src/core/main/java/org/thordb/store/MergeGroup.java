package org.thordb.store;

import java.util.List;

/**
 * The row of a merge group in {@code FILES} ({@code 'M'} + group u32, JSON): the segments whose
 * game ids lie in {@code [firstId, endId)} have their postings, positions and fingerprint blocks
 * merged under one key suffix, {@link #suffix()}, instead of one entry per segment. Every game file
 * with ids in that range belongs to the group; a file imported later (a new year, a newer release
 * of a year) has higher ids and keeps its own entries until the next {@code thordb optimize}.
 *
 * <p>A removed segment's ids stay in the merged entries until the next merge; readers mask them
 * with the store's live ids ({@link Catalog#staleIds()}), as Lucene masks deleted documents.
 *
 * <p>Usage: {@code MergeGroup g = catalog.group(); boolean merged = g != null && g.holds(file);}
 *
 * @param group the group number (1 is the only one written today)
 * @param firstId the first game id of the range
 * @param endId one past the last game id of the range
 * @param games the live games of the range when its merge ended (0 while merging)
 * @param layouts the fingerprint layouts whose merged blocks may exist, newest first: more than one
 *        only while a merge that changes the layout is under way
 * @param merging whether a merge is under way (an interrupted one is finished by the next optimize)
 * @param mergedAt when the merge ended (ISO-8601), or null while merging
 */
public record MergeGroup(int group, int firstId, int endId, long games, List<Layout> layouts, boolean merging,
                         String mergedAt) {

    /** The bit of a key suffix that says it names a group, not a segment. */
    public static final int GROUP_BIT = 0x80000000;

    /**
     * A layout of merged fingerprint blocks: a position's block is the top {@code hashBits} bits of
     * its hash followed by the top {@code totalBits − hashBits} bits of its fingerprint (the 24 bits below the hash's top 40, of which a block keeps 17).
     *
     * @param hashBits the bits taken from the top of the hash (at most the fewest of any member segment)
     * @param totalBits the partition's bits in all (at most 24)
     */
    public record Layout(int hashBits, int totalBits) {
    }

    /** The key suffix of the group's entries: the group number with {@link #GROUP_BIT} set. */
    public int suffix() {
        return GROUP_BIT | group;
    }

    /** Whether a key suffix (the last u32 of a postings key) names a group. */
    public static boolean isGroupSuffix(int suffix) {
        return (suffix & GROUP_BIT) != 0;
    }

    /** Whether a game file's games are in this group. */
    public boolean holds(FileRow f) {
        return f.firstId() >= firstId && f.firstId() < endId;
    }

    /** Whether a game id is in this group's range. */
    public boolean holds(int id) {
        return id >= firstId && id < endId;
    }

    /** The key of a group row in {@code FILES}. */
    public static byte[] key(int group) {
        return Keys.concat(new byte[] {'M'}, Keys.u32(group));
    }

    /** Its key in {@code FILES}. */
    public byte[] key() {
        return key(group);
    }
}
