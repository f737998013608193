package org.thordb.query.plan;

import java.util.List;
import org.thordb.query.ast.Predicate;
import org.thordb.index.BorderPlies;
import org.thordb.index.EdgePatterns;
import org.thordb.index.GameColumns;
import org.thordb.query.ast.BoardCondition;
import org.thordb.store.Catalog;

/**
 * A query ready to run: a tree whose leaves are index lookups and whose inner nodes are bitmap
 * operations, each leaf with what it reads and how many games it gives. {@code and} children are
 * ordered smallest first, so that an empty one ends the work early.
 *
 * <p>Usage: {@code QueryPlan p = QueryPlanner.plan(expr, reader).plan(); System.out.println(p.explain(catalog));}
 */
public sealed interface QueryPlan {
    /** The number of games this part gives (exact for leaves, an upper bound for inner nodes). */
    long estimate();

    /**
     * What is done with each kind of part: running a plan, drawing it. A new kind of part is a new
     * method here, which every visitor must then write: no branch can be missed at run time.
     */
    interface Visitor<T> {
        T and(And a);

        T or(Or o);

        T not(Not n);

        T lookup(Lookup l);

        T check(Check c);

        T scan(Scan s);
    }

    /** Hands this part to the visitor's method for its kind. */
    <T> T accept(Visitor<T> v);

    /** Every child must hold. */
    record And(List<QueryPlan> children, long estimate) implements QueryPlan {
        @Override
        public <T> T accept(Visitor<T> v) {
            return v.and(this);
        }
    }

    /** Some child holds. */
    record Or(List<QueryPlan> children, long estimate) implements QueryPlan {
        @Override
        public <T> T accept(Visitor<T> v) {
            return v.or(this);
        }
    }

    /** Every game but the child's. */
    record Not(QueryPlan child, long estimate) implements QueryPlan {
        @Override
        public <T> T accept(Visitor<T> v) {
            return v.not(this);
        }
    }

    /**
     * One predicate answered by the indexes.
     *
     * @param compiled the predicate, compiled
     * @param estimate the games it gives (of those it was read through, when it was)
     * @param micros how long the lookup took when planned
     * @param through the games it was read through (the leapfrog of a conjunction: the games the
     *     parts before it leave, against which its postings were probed where they lie, never
     *     decoded whole), or −1 when it was read whole
     */
    record Lookup(CompiledPredicate compiled, long estimate, long micros, long through) implements QueryPlan {
        /** A predicate read whole. */
        public Lookup(CompiledPredicate compiled, long estimate, long micros) {
            this(compiled, estimate, micros, -1);
        }

        /** The predicate looked up. */
        public Predicate predicate() {
            return compiled.source();
        }

        @Override
        public <T> T accept(Visitor<T> v) {
            return v.lookup(this);
        }
    }

    /**
     * A condition on the board ({@link BoardCondition}), which no index
     * holds: checked by replaying the moves of the games the parts before it left.
     *
     * @param compiled the condition, compiled
     * @param candidates the games it was asked about (what the parts before it leave)
     * @param edgeCandidates the games of those the edge index left ({@link EdgePatterns}), −1 when
     *     it was not read and no border was checked (with {@code plied} ≥ 0: the slices' games were the answer, or exactly those whose border fits, then replayed)
     * @param replayed the games replayed on bitboards (with the edge index, those its edges could not settle)
     * @param indexRead whether the edge index was read (else, with {@code edgeCandidates} ≥ 0, the candidates were checked on their edges directly)
     * @param plied the candidates left by when each game's border squares were taken ({@link BorderPlies}), −1 when not asked
     * @param estimate the games it gives
     * @param micros how long the check took when planned
     */
    record Check(BoardCheck compiled, long candidates, long edgeCandidates, long replayed,
                 boolean indexRead, long plied, long estimate, long micros)
            implements QueryPlan {
        /** The condition checked. */
        public BoardCondition predicate() {
            return compiled.source();
        }

        /** Whether the edge index (or the edges move by move, or the border's slices) answered without a replay. */
        public boolean exact() {
            return (edgeCandidates >= 0 || plied >= 0) && replayed == 0;
        }

        /**
         * Whether the border's slices alone answered: the pattern's every disc keeps the colour it
         * was taken by or is joined to a corner by discs of its colour, and it gives nothing inside the border.
         */
        public boolean pliedAlone() {
            return plied >= 0 && edgeCandidates < 0 && replayed == 0;
        }

        /** Whether the border's slices left exactly the games whose border fits, which were then replayed for the rest. */
        public boolean pliedBorder() {
            return plied >= 0 && edgeCandidates < 0 && replayed > 0;
        }

        @Override
        public <T> T accept(Visitor<T> v) {
            return v.check(this);
        }
    }

    /**
     * One predicate answered from the per-game columns ({@link GameColumns})
     * rather than its postings, because the postings would cost more: a pass over every game the
     * reader covers, or a test of each game the parts before it in a conjunction leave.
     *
     * @param compiled the predicate, compiled
     * @param tested the games tested
     * @param survivors whether those were what the parts before left (else every game in scope)
     * @param entries the postings entries a lookup would have read
     * @param estimate the games it gives
     * @param micros how long the test took when planned
     */
    record Scan(ColumnarPredicate compiled, long tested, boolean survivors, long entries,
                long estimate, long micros) implements QueryPlan {
        /** The predicate tested. */
        public Predicate predicate() {
            return compiled.source();
        }

        @Override
        public <T> T accept(Visitor<T> v) {
            return v.scan(this);
        }
    }

    /** The plan drawn as an indented tree, one part a line, saying what the indexes read for each. */
    default String explain(Catalog c) {
        StringBuilder sb = new StringBuilder();
        draw(this, 0, sb, c);
        return sb.toString();
    }

    private static void draw(QueryPlan p, int depth, StringBuilder sb, Catalog c) {
        String pad = "  ".repeat(depth);
        p.accept(new Visitor<Void>() {
            @Override
            public Void and(And a) {
                boolean scoped = a.children().stream().anyMatch(x -> x instanceof Lookup l && l.compiled().picksFiles());
                boolean checks = a.children().stream().anyMatch(x -> x instanceof Check);
                boolean through = a.children().stream().anyMatch(x -> x instanceof Lookup l && l.through() >= 0);
                sb.append(pad).append("and: at most ").append(a.estimate()).append(" games, smallest part first")
                        .append(through ? ", then the parts read through the games the parts before them leave" : "")
                        .append(checks ? ", the board last, on the games the indexes leave" : "")
                        .append(scoped ? "; the other parts read only the files the year and base parts pick" : "")
                        .append('\n');
                a.children().forEach(x -> draw(x, depth + 1, sb, c));
                return null;
            }

            @Override
            public Void or(Or o) {
                sb.append(pad).append("or: at most ").append(o.estimate()).append(" games\n");
                o.children().forEach(x -> draw(x, depth + 1, sb, c));
                return null;
            }

            @Override
            public Void not(Not n) {
                sb.append(pad).append("not: every game but these, ").append(n.estimate()).append(" games\n");
                draw(n.child(), depth + 1, sb, c);
                return null;
            }

            @Override
            public Void lookup(Lookup l) {
                sb.append(pad).append(l.predicate().text()).append(": ").append(l.compiled().access(c))
                        .append(l.through() < 0 ? "" : ", read through the " + l.through()
                                + " games the other parts leave (leapfrog: its postings probed for those games only, none decoded whole)")
                        .append(" -> ").append(l.estimate()).append(" games in ").append(l.micros()).append(" us\n");
                return null;
            }

            @Override
            public Void scan(Scan s) {
                sb.append(pad).append(s.predicate().text()).append(": the per-game columns, ")
                        .append(s.survivors() ? "tested on the " + s.tested() + " games the parts above leave"
                                : "one pass over " + s.tested() + " games")
                        .append(" (its postings: ").append(s.entries()).append(s.entries() == 1 ? " entry" : " entries")
                        .append(") -> ").append(s.estimate()).append(" games in ").append(s.micros()).append(" us\n");
                return null;
            }

            @Override
            public Void check(Check k) {
                sb.append(pad).append(k.predicate().text()).append(": ");
                long left = k.candidates();
                if (k.plied() >= 0) {
                    sb.append("when their border squares were taken leaves ").append(k.plied()).append(" of ")
                            .append(k.candidates()).append(" games (what the parts above leave); ");
                    left = k.plied();
                }
                if (k.pliedAlone()) {
                    sb.append("which are the answer, less those that end before its first move (every disc it gives keeps")
                            .append(" the colour it was taken by, or is joined to a corner by discs of its colour)");
                } else if (k.pliedBorder()) {
                    sb.append("whose border fits it (every disc it gives there keeps the colour it was taken by, or is joined")
                            .append(" to a corner by discs of its colour), replayed on bitboards for the rest");
                } else if (k.edgeCandidates() >= 0 && !k.indexRead()) {
                    sb.append("the ").append(left).append(k.plied() >= 0 ? " games" : " games the parts above leave")
                            .append(" checked on their edges move by move")
                            .append(" (fewer than the edge index's entries), ").append(k.replayed()).append(" of them replayed on bitboards");
                } else if (k.edgeCandidates() >= 0) {
                    sb.append("the edge index, read for ").append(left)
                            .append(k.plied() >= 0 ? " games" : " games (what the parts above leave)");
                    if (k.exact() && k.edgeCandidates() == k.estimate()) {
                        sb.append(", exact (nothing replayed)");
                    } else {
                        sb.append(", its ").append(k.edgeCandidates()).append(" games checked on their edges move by move, ")
                                .append(k.replayed()).append(" of them replayed on bitboards");
                    }
                } else {
                    sb.append("the moves of ").append(k.candidates())
                            .append(" games (what the parts above leave) replayed on bitboards, without allocating");
                }
                sb.append(" -> ").append(k.estimate()).append(" games in ").append(k.micros()).append(" us\n");
                return null;
            }
        });
    }
}
