package org.thordb.store;

import org.thordb.fault.Faults;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.thordb.error.ErrorCode;
import org.thordb.error.ThorDbException;
import java.util.Locale;

/**
 * What a base's player registry says of one player, in the encodings of the player-database seed
 * (ChessBase's Playbase): the birth date in 3 bytes, {@code year·512 + month·32 + day} read
 * big-endian (0 unknown; a month or day of 0 unknown), and the country as the seed's 1-byte code
 * where it has one. Value in {@code NAMES} under base u16, {@code 'r'}, number u16: the 3 date
 * bytes, the country byte, then the IOC code in 3 ASCII bytes (a code the seed's table lacks has
 * byte 0 and keeps its letters here).
 *
 * <p>Usage: {@code PlayerRecord r = PlayerRecord.of("JPN", 1975, 4, 13); int y = r.birthYear();}
 *
 * @param birth the packed birth date, {@code year·512 + month·32 + day}, or 0
 * @param country the IOC code, upper case, or null
 */
public record PlayerRecord(int birth, String country) {

    /**
     * The seed's country codes, in the order of their byte: byte {@code i + 1} is entry {@code i}
     * (0 is "???"). Entries written "-" are bytes the seed leaves unused.
     */
    private static final List<String> SEED_COUNTRIES = List.of(("AFG ALB ALG AND ANG ANT ARG ARM AUS AUT AZE BAH BHN BAN BAR"
            + " BLR BEL BLZ BER BOL BIH BOT BRA IVB BRU BUL BUR CAN CHI CHN COL CRA CRO CUB CYP CZE DEN - DOM ECU EGY ENG ESP"
            + " EST - FAI FIJ FIN FRA FRM GAM GEO GER GHA GRE GUA GCI GUY HAI HON HKG HUN ISL IND INA IRI IRQ ISR IRL ITA IVO"
            + " JAM JPN JCI JOR KAZ KEN KOR KYR KUW LAT LTB LBA LIE LTU LUX MAC MAD MAS MLI MLT MAU MRI MEX MDA MNC MON MAR"
            + " MOZ MYA NAM NEP NED AHO NZL NCA NGR NOR PAK PLE PAN PNG PAR PER PHI POL POR PUR QAT ROM RUS ESA SMR SCO SEN"
            + " SEY SIN SVK SLO RSA SRI SUD SUR SWE SUI SYR TJK TAN THA TRI TUN TUR TKM UGA UKR UAE USA URU URS UZB VEN VIE"
            + " ISV WLS YEM YUG ZAM ZIM ZRE DDR CSR CHD CAM KAP KBA COM CON NKO LAO LES MWI MDV MSH OMN NAU MIC NIG SAU TOG"
            + " TON VAN VAT TUV SWA SIE SLU PAP SVI SAM SKI SAL GE2 ZAR").split(" "));

    /** A record from a country code (or null) and a birth date (0 for an unknown year, month or day). */
    public static PlayerRecord of(String country, int year, int month, int day) {
        if (year < 0 || year > 32767 || month < 0 || month > 12 || day < 0 || day > 31) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "no birth date " + year + "-" + month + "-" + day);
        }
        if (country != null && !country.matches("[A-Za-z][A-Za-z0-9]{2}")) {
            throw Faults.of(ErrorCode.BAD_ARGUMENT, "'" + Faults.quote(country)
                    + "' is not a 3-letter IOC country code such as JPN");
        }
        return new PlayerRecord(year == 0 ? 0 : year * 512 + month * 32 + day,
                country == null ? null : country.toUpperCase(Locale.ROOT));
    }

    /** The birth year, or 0 when unknown. */
    public int birthYear() {
        return birth / 512;
    }

    /** The birth month, or 0. */
    public int birthMonth() {
        return birth / 32 % 16;
    }

    /** The birth day, or 0. */
    public int birthDay() {
        return birth % 32;
    }

    /** The birth date as written: {@code 1975-04-13}, {@code 1975}, or empty. */
    public String bornText() {
        if (birth == 0) {
            return "";
        }
        return birthMonth() == 0 ? String.valueOf(birthYear())
                : String.format("%04d-%02d%s", birthYear(), birthMonth(), birthDay() == 0 ? "" : String.format("-%02d", birthDay()));
    }

    /** The seed's byte for a country code: 1–193, or 0 when its table lacks the code. */
    public static int seedByte(String country) {
        int i = country == null ? -1 : SEED_COUNTRIES.indexOf(country);
        return i < 0 ? 0 : i + 1;
    }

    /** The country code of a seed byte, or null for 0 and unused bytes. */
    public static String seedCountry(int b) {
        return b <= 0 || b > SEED_COUNTRIES.size() || SEED_COUNTRIES.get(b - 1).equals("-") ? null : SEED_COUNTRIES.get(b - 1);
    }

    /** The stored value. */
    public byte[] encode() {
        byte[] v = new byte[7];
        v[0] = (byte) (birth >>> 16);
        v[1] = (byte) (birth >>> 8);
        v[2] = (byte) birth;
        v[3] = (byte) seedByte(country);
        if (country != null) {
            System.arraycopy(country.getBytes(StandardCharsets.US_ASCII), 0, v, 4, 3);
        }
        return v;
    }

    /** Decodes a stored value: the country from its byte, or from its letters when the byte is 0. */
    public static PlayerRecord decode(byte[] v) {
        if (v.length < 4) {
            throw Faults.of(ErrorCode.CORRUPT, String.valueOf("a player record of " + v.length + " bytes"));
        }
        int birth = (v[0] & 0xff) << 16 | (v[1] & 0xff) << 8 | (v[2] & 0xff);
        String country = seedCountry(v[3] & 0xff);
        if (country == null && v.length >= 7 && v[4] != 0) {
            country = new String(v, 4, 3, StandardCharsets.US_ASCII);
        }
        return new PlayerRecord(birth, country);
    }
}
