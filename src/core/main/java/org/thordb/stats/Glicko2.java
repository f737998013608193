package org.thordb.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Locale;
import java.util.Set;
import java.util.function.DoubleUnaryOperator;

/**
 * Ratings computed here from results, by Glickman's Glicko-2 ("Example of the Glicko-2 system",
 * 2012) with one rating period a calendar year, the finest date a WTHOR game has. Each player
 * starts at 1500 with a deviation of 350 and a volatility of 0.06; the system constant τ is 0.5. A
 * year's games are rated together against the ratings the year began with; a year without games
 * only widens a player's deviation. These are thordb's own numbers, not a federation's rating.
 *
 * <p>Usage: {@code Glicko2.History h = Glicko2.rate(games); double r = h.rating(player, 2010);}
 */
public final class Glicko2 {
    private Glicko2() {
    }

    /** The scale between Glicko's ratings and Glicko-2's (400 / ln 10). */
    static final double SCALE = 173.7178;
    /** A new player's rating. */
    public static final double START_RATING = 1500;
    /** A new player's rating deviation. */
    public static final double START_DEVIATION = 350;
    /** A new player's volatility. */
    public static final double START_VOLATILITY = 0.06;
    /** The system constant: how much the volatility may change in a period. */
    public static final double TAU = 0.5;
    private static final double EPSILON = 0.000001;

    /**
     * One rated game: two players (any numbers standing for them), the year, and the first
     * player's result (1 win, 0.5 draw, 0 loss).
     */
    public record Game(long a, long b, int year, double scoreA) {
    }

    /** A player's rating at the end of a year: rating, deviation, volatility and the year's games. */
    public record Point(int year, double rating, double deviation, double volatility, int games) {
    }

    /** Every player's rating year by year. */
    public static final class History {
        private final Map<Long, List<Point>> points;

        History(Map<Long, List<Point>> points) {
            this.points = points;
        }

        /** A player's points, from the first year played to the last year rated, in order. */
        public List<Point> of(long player) {
            return points.getOrDefault(player, List.of());
        }

        /** A player's point at the end of a year (the last before it when the year is later), or null before any game. */
        public Point at(long player, int year) {
            Point last = null;
            for (Point p : of(player)) {
                if (p.year() > year) {
                    break;
                }
                last = p;
            }
            return last;
        }

        /** Every player rated. */
        public Set<Long> players() {
            return points.keySet();
        }
    }

    /** Rates every game (any order: they are taken year by year). */
    public static History rate(List<Game> games) {
        return rate(games, Integer.MAX_VALUE);
    }

    /** Rates the games of the years before {@code untilYear} (exclusive). */
    public static History rate(List<Game> games, int untilYear) {
        List<Game> sorted = new ArrayList<>(games);
        sorted.sort((x, y) -> Integer.compare(x.year(), y.year()));
        Map<Long, State> state = new HashMap<>();
        Map<Long, List<Point>> points = new HashMap<>();
        int i = 0;
        int lastYear = Integer.MIN_VALUE;
        while (i < sorted.size() && sorted.get(i).year() < untilYear) {
            int year = sorted.get(i).year();
            int j = i;
            while (j < sorted.size() && sorted.get(j).year() == year) {
                j++;
            }
            // the years between (no game at all): every player's deviation widens
            for (int y = lastYear + 1; lastYear != Integer.MIN_VALUE && y < year; y++) {
                for (Map.Entry<Long, State> e : state.entrySet()) {
                    e.getValue().idle();
                    points.get(e.getKey()).add(e.getValue().point(y, 0));
                }
            }
            Map<Long, Period> periods = new HashMap<>();
            for (Game g : sorted.subList(i, j)) {
                State a = state.computeIfAbsent(g.a(), k -> new State());
                State b = state.computeIfAbsent(g.b(), k -> new State());
                periods.computeIfAbsent(g.a(), k -> new Period()).add(b, g.scoreA());
                periods.computeIfAbsent(g.b(), k -> new Period()).add(a, 1 - g.scoreA());
            }
            // every update from the ratings the year began with
            Map<Long, State> next = new HashMap<>();
            for (Map.Entry<Long, Period> e : periods.entrySet()) {
                next.put(e.getKey(), state.get(e.getKey()).after(e.getValue()));
            }
            for (Map.Entry<Long, State> e : state.entrySet()) {
                State s = next.get(e.getKey());
                if (s == null) {
                    e.getValue().idle();
                    s = e.getValue();
                } else {
                    e.setValue(s);
                }
                Period p = periods.get(e.getKey());
                points.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(s.point(year, p == null ? 0 : p.games));
            }
            lastYear = year;
            i = j;
        }
        return new History(points);
    }

    /**
     * The expected score of a player against another, both uncertain (Glickman's formula with the
     * two deviations combined): what the ratings predict for their next game.
     */
    public static double expected(double ratingA, double deviationA, double ratingB, double deviationB) {
        double mu = (ratingA - START_RATING) / SCALE;
        double muB = (ratingB - START_RATING) / SCALE;
        double phi = Math.hypot(deviationA, deviationB) / SCALE;
        return 1 / (1 + Math.exp(-g(phi) * (mu - muB)));
    }

    private static double g(double phi) {
        return 1 / Math.sqrt(1 + 3 * phi * phi / (Math.PI * Math.PI));
    }

    /** The opponents and results of one player's period, against the ratings the period began with. */
    private static final class Period {
        final List<double[]> rows = new ArrayList<>(); // mu_j, phi_j, s_j
        int games;

        void add(State opponent, double score) {
            rows.add(new double[] {opponent.mu, opponent.phi, score});
            games++;
        }
    }

    /**
     * One period of a player (rating, deviation and volatility) against opponents given as rows of
     * rating, deviation and score: the new rating, deviation and volatility (for tests against
     * Glickman's worked example).
     */
    static double[] period(double rating, double deviation, double volatility, double[][] opponents) {
        Period p = new Period();
        for (double[] o : opponents) {
            p.add(new State((o[0] - START_RATING) / SCALE, o[1] / SCALE, START_VOLATILITY), o[2]);
        }
        State s = new State((rating - START_RATING) / SCALE, deviation / SCALE, volatility).after(p);
        return new double[] {START_RATING + SCALE * s.mu, SCALE * s.phi, s.sigma};
    }

    /** One player's state on Glicko-2's scale. */
    static final class State {
        double mu;
        double phi = START_DEVIATION / SCALE;
        double sigma = START_VOLATILITY;

        State() {
        }

        State(double mu, double phi, double sigma) {
            this.mu = mu;
            this.phi = phi;
            this.sigma = sigma;
        }

        /** A period without games: the deviation widens by the volatility, never past a new player's. */
        void idle() {
            phi = Math.min(START_DEVIATION / SCALE, Math.sqrt(phi * phi + sigma * sigma));
        }

        Point point(int year, int games) {
            return new Point(year, START_RATING + SCALE * mu, SCALE * phi, sigma, games);
        }

        /** Glickman's steps 3 to 8 for one period. */
        State after(Period p) {
            double vInv = 0;
            double sum = 0;
            for (double[] r : p.rows) {
                double gj = g(r[1]);
                double e = 1 / (1 + Math.exp(-gj * (mu - r[0])));
                vInv += gj * gj * e * (1 - e);
                sum += gj * (r[2] - e);
            }
            double v = 1 / vInv;
            double delta = v * sum;
            double a = Math.log(sigma * sigma);
            double phi2 = phi * phi;
            DoubleUnaryOperator f = x -> {
                double ex = Math.exp(x);
                double d = phi2 + v + ex;
                return ex * (delta * delta - phi2 - v - ex) / (2 * d * d) - (x - a) / (TAU * TAU);
            };
            double lo = a;
            double hi;
            if (delta * delta > phi2 + v) {
                hi = Math.log(delta * delta - phi2 - v);
            } else {
                int k = 1;
                while (f.applyAsDouble(a - k * TAU) < 0) {
                    k++;
                }
                hi = a - k * TAU;
            }
            double fLo = f.applyAsDouble(lo);
            double fHi = f.applyAsDouble(hi);
            for (int n = 0; Math.abs(hi - lo) > EPSILON && n < 200; n++) { // the Illinois method
                double c = lo + (lo - hi) * fLo / (fHi - fLo);
                double fC = f.applyAsDouble(c);
                if (fC * fHi <= 0) {
                    lo = hi;
                    fLo = fHi;
                } else {
                    fLo = fLo / 2;
                }
                hi = c;
                fHi = fC;
            }
            double newSigma = Math.exp(lo / 2);
            double phiStar = Math.sqrt(phi2 + newSigma * newSigma);
            double newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
            return new State(mu + newPhi * newPhi * sum, newPhi, newSigma);
        }
    }

    /**
     * How well the ratings predict later games: for each year from {@code from} to {@code to},
     * the ratings of the years before predict every game of that year (players never rated count
     * as new ones); the mean log-loss and Brier score of those predictions (a draw is half a win),
     * beside always predicting an even game (log-loss ln 2 = 0.693, Brier 0.25 for decisive games).
     */
    public static Accuracy accuracy(List<Game> games, int from, int to) {
        double logLoss = 0;
        double brier = 0;
        long n = 0;
        double evenLog = 0;
        double evenBrier = 0;
        for (int year = from; year <= to; year++) {
            History h = rate(games, year);
            for (Game g : games) {
                if (g.year() != year) {
                    continue;
                }
                Point a = h.at(g.a(), year - 1);
                Point b = h.at(g.b(), year - 1);
                double e = expected(a == null ? START_RATING : a.rating(), a == null ? START_DEVIATION : a.deviation(),
                        b == null ? START_RATING : b.rating(), b == null ? START_DEVIATION : b.deviation());
                e = Math.min(1 - 1e-9, Math.max(1e-9, e));
                double s = g.scoreA();
                logLoss += -(s * Math.log(e) + (1 - s) * Math.log(1 - e));
                brier += (e - s) * (e - s);
                evenLog += Math.log(2);
                evenBrier += (0.5 - s) * (0.5 - s);
                n++;
            }
        }
        return new Accuracy(n, n == 0 ? Double.NaN : logLoss / n, n == 0 ? Double.NaN : brier / n,
                n == 0 ? Double.NaN : evenLog / n, n == 0 ? Double.NaN : evenBrier / n);
    }

    /** {@link #accuracy}'s figures: games predicted, mean log-loss and Brier score, and an even guess's. */
    public record Accuracy(long games, double logLoss, double brier, double evenLogLoss, double evenBrier) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "%,d games: log-loss %.4f (even guess %.4f), Brier %.4f (even guess %.4f)",
                    games, logLoss, evenLogLoss, brier, evenBrier);
        }
    }

    /** The players ranked by rating at the end of a year (deviation under {@code maxDeviation}), best first. */
    public static List<Map.Entry<Long, Point>> ranking(History h, int year, double maxDeviation) {
        List<Map.Entry<Long, Point>> out = new ArrayList<>();
        for (long p : h.players()) {
            Point pt = h.at(p, year);
            if (pt != null && pt.deviation() <= maxDeviation) {
                out.add(Map.entry(p, pt));
            }
        }
        out.sort((x, y) -> x.getValue().rating() != y.getValue().rating()
                ? Double.compare(y.getValue().rating(), x.getValue().rating()) : Long.compare(x.getKey(), y.getKey()));
        return out;
    }
}
