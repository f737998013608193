package org.thordb;

/**
 * What {@link ThorDb#optimize(boolean, java.util.function.Consumer, Progress)} did: the merge of the
 * imported files' index entries into one, and the explorer's two books made after it.
 *
 * <p>Usage: {@code Optimization o = db.optimize(true, System.out::println, Progress.NONE); if (!o.alreadyMerged()) System.out.println(o.files() + " files merged");}
 *
 * @param files the game files whose entries are merged now
 * @param games their games
 * @param alreadyMerged whether there was nothing to merge (every file's entries merged already)
 * @param resumed whether it finished a merge a kill had interrupted
 * @param entriesRead the entries read and merged
 * @param entriesWritten the merged entries written
 * @param staleIds ids of games no longer stored, dropped from the merged entries
 * @param seconds how long the merge took
 * @param bookPositions the positions of the explorer's book (its rows kept ready)
 * @param bookFrom the games a position needs to be in that book
 * @param valuePositions the positions whose moves' values are kept (the explorer's estimates)
 * @param valueFrom the games a position needs for its values to be kept
 * @param valuesSearched of those, the positions searched by this optimize (the others were kept already)
 */
public record Optimization(int files, long games, boolean alreadyMerged, boolean resumed, long entriesRead,
                           long entriesWritten, long staleIds, double seconds, int bookPositions, long bookFrom,
                           int valuePositions, long valueFrom, int valuesSearched) {
}
