package org.thordb.usecase;

import java.util.List;
import java.util.Locale;
import org.thordb.stats.Glicko2;

/**
 * A player's results and rating by year drawn as SVG, the same drawing on the page and in the
 * preparation's HTML file: a bar a year for the score (0 to 100%, the 50% line marked), the
 * rating computed here as a line over them with its own scale at the right.
 *
 * <p>Usage: {@code String svg = Plots.yearsSvg(PlayerReport.of(db, "Tastet Marc", PlayerReport.Settings.DEFAULT));}
 */
public final class Plots {
    private Plots() {
    }

    private static final int W = 640;
    private static final int H = 200;
    private static final int LEFT = 40;
    private static final int RIGHT = 48;
    private static final int TOP = 12;
    private static final int BOTTOM = 28;

    /** The drawing: an {@code <svg>} element with a title, text that says what it shows, and no outside reference. */
    public static String yearsSvg(PlayerReport.Report r) {
        List<PlayerReport.Tally> years = r.years();
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" width=\"100%%\""
                + " role=\"img\" aria-labelledby=\"plot-title\" class=\"years-plot\">", W, H));
        sb.append("<title id=\"plot-title\">").append(Preparation.esc(r.player()))
                .append(": score by year (bars) and rating computed by thordb (line)</title>");
        if (years.isEmpty()) {
            return sb.append("</svg>").toString();
        }
        int first = Integer.parseInt(years.get(0).name());
        int last = Integer.parseInt(years.get(years.size() - 1).name());
        for (Glicko2.Point p : r.ratings()) {
            last = Math.max(last, p.year());
        }
        int span = last - first + 1;
        double slot = (double) (W - LEFT - RIGHT) / span;
        int plotH = H - TOP - BOTTOM;
        // the axes: score at the left, 0, 50 and 100%
        for (int pct : new int[] {0, 50, 100}) {
            double y = TOP + plotH * (1 - pct / 100.0);
            sb.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"1\"/>",
                    LEFT, y, W - RIGHT, y, pct == 50 ? "#999" : "#ddd"));
            sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" text-anchor=\"end\" fill=\"#333\">%d%%</text>",
                    LEFT - 4, y + 4, pct));
        }
        for (PlayerReport.Tally t : years) {
            int year = Integer.parseInt(t.name());
            double h = plotH * t.score();
            double x = LEFT + (year - first) * slot + slot * 0.15;
            sb.append(String.format(Locale.ROOT, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\">"
                    + "<title>%d: %d games, score %.0f%%</title></rect>", x, TOP + plotH - h, slot * 0.7, h,
                    t.few() ? "#b9c7d8" : "#4a78a8", year, t.games(), 100 * t.score()));
        }
        // the years: the first, the last, and every fifth between
        for (int y = first; y <= last; y++) {
            if (y == first || y == last || y % 5 == 0 && y - first >= 3 && last - y >= 3) {
                sb.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\" fill=\"#333\">%d</text>",
                        LEFT + (y - first + 0.5) * slot, H - 8, y));
            }
        }
        List<Glicko2.Point> ratings = r.ratings();
        if (!ratings.isEmpty()) {
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            for (Glicko2.Point p : ratings) {
                lo = Math.min(lo, p.rating());
                hi = Math.max(hi, p.rating());
            }
            lo = Math.floor(lo / 50) * 50 - 50;
            hi = Math.ceil(hi / 50) * 50 + 50;
            StringBuilder pts = new StringBuilder();
            for (Glicko2.Point p : ratings) {
                double x = LEFT + (p.year() - first + 0.5) * slot;
                double y = TOP + plotH * (1 - (p.rating() - lo) / (hi - lo));
                pts.append(String.format(Locale.ROOT, "%.1f,%.1f ", x, y));
            }
            sb.append("<polyline fill=\"none\" stroke=\"#c2410c\" stroke-width=\"2\" points=\"").append(pts.toString().strip())
                    .append("\"/>");
            for (double v : new double[] {lo, hi}) {
                double y = TOP + plotH * (1 - (v - lo) / (hi - lo));
                sb.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" font-size=\"11\" fill=\"#c2410c\">%.0f</text>",
                        W - RIGHT + 4, y + 4, v));
            }
        }
        return sb.append("</svg>").toString();
    }
}
