//! Times as people read them, in UTC: the server's notices and the command-line client say
//! `2026-12-02 14:05 UTC` where the wire carries Unix seconds.

/// The UTC date of a Unix time: (year, month, day), by Howard Hinnant's days-to-civil.
pub fn civil(unix: i64) -> (i64, i64, i64) {
    let z = unix.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// The UTC calendar year of a Unix time (the pause allowance is per year).
pub fn utc_year(unix: i64) -> i32 {
    civil(unix).0 as i32
}

/// A Unix time as people read it: `2026-12-02 14:05 UTC`.
pub fn utc_text(unix: i64) -> String {
    let (year, month, day) = civil(unix);
    let secs = unix.rem_euclid(86_400);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02} UTC",
        secs / 3600,
        secs % 3600 / 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn years_of_known_dates() {
        assert_eq!(utc_year(0), 1970);
        assert_eq!(utc_year(951_782_400), 2000); // 2000-02-29
        assert_eq!(utc_year(1_704_067_199), 2023); // 2023-12-31 23:59:59
        assert_eq!(utc_year(1_704_067_200), 2024); // 2024-01-01
        assert_eq!(utc_year(-1), 1969);
        assert_eq!(
            utc_text(951_782_400 + 3600 * 14 + 300),
            "2000-02-29 14:05 UTC"
        );
    }
}
