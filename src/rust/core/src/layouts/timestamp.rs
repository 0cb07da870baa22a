//! Integer milliseconds since 1970 as ISO 8601 text.

use time::OffsetDateTime;

/// 0001-01-01T00:00:00.000Z: the earliest epoch a layout may have.
pub const MIN_EPOCH_MS: i64 = -62_135_596_800_000;
/// 9999-12-31T23:59:59.999Z: the latest epoch a layout may have.
pub const MAX_EPOCH_MS: i64 = 253_402_300_799_999;

/// Formats milliseconds since 1970-01-01 UTC as `YYYY-MM-DDTHH:MM:SS.mmmZ`,
/// from the integer alone so that no digit is lost to a double. Returns
/// `None` outside years 1 to 9999, which four year digits cannot show.
pub fn format_millis(ms: i64) -> Option<String> {
    if !(MIN_EPOCH_MS..=MAX_EPOCH_MS).contains(&ms) {
        return None;
    }
    let seconds = ms.div_euclid(1000);
    let millis = ms.rem_euclid(1000);
    let t = OffsetDateTime::from_unix_timestamp(seconds).ok()?;
    Some(format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}.{:03}Z",
        t.year(),
        u8::from(t.month()),
        t.day(),
        t.hour(),
        t.minute(),
        t.second(),
        millis
    ))
}

/// Microseconds since 1970-01-01 UTC as `YYYY-MM-DDTHH:MM:SS.uuuuuuZ`:
/// the millisecond text with three more digits. `None` outside the years 1
/// to 9999.
pub fn format_micros(us: i64) -> Option<String> {
    let text = format_millis(us.div_euclid(1000))?;
    Some(format!("{}{:03}Z", &text[..text.len() - 1], us.rem_euclid(1000)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_epochs() {
        assert_eq!(format_millis(0).unwrap(), "1970-01-01T00:00:00.000Z");
        assert_eq!(format_millis(1_288_834_974_657).unwrap(), "2010-11-04T01:42:54.657Z");
        assert_eq!(format_millis(1_420_070_400_000).unwrap(), "2015-01-01T00:00:00.000Z");
        assert_eq!(format_millis(1_314_220_021_721).unwrap(), "2011-08-24T21:07:01.721Z");
        assert_eq!(format_millis(1_409_529_600_000).unwrap(), "2014-09-01T00:00:00.000Z");
    }

    #[test]
    fn before_1970_floors_towards_the_past() {
        assert_eq!(format_millis(-1).unwrap(), "1969-12-31T23:59:59.999Z");
        assert_eq!(format_millis(-1000).unwrap(), "1969-12-31T23:59:59.000Z");
        assert_eq!(format_millis(-1001).unwrap(), "1969-12-31T23:59:58.999Z");
    }

    #[test]
    fn the_bounds_are_years_1_and_9999() {
        assert_eq!(format_millis(MIN_EPOCH_MS).unwrap(), "0001-01-01T00:00:00.000Z");
        assert_eq!(format_millis(MAX_EPOCH_MS).unwrap(), "9999-12-31T23:59:59.999Z");
        assert_eq!(format_millis(MIN_EPOCH_MS - 1), None);
        assert_eq!(format_millis(MAX_EPOCH_MS + 1), None);
        assert_eq!(format_millis(i64::MIN), None);
        assert_eq!(format_millis(i64::MAX), None);
    }

    #[test]
    fn microseconds_add_three_digits() {
        assert_eq!(
            format_micros(1_724_171_495_793_016).unwrap(),
            "2024-08-20T16:31:35.793016Z"
        );
        assert_eq!(format_micros(-1).unwrap(), "1969-12-31T23:59:59.999999Z");
        assert_eq!(format_micros(i64::MAX), None);
    }

    #[test]
    fn leap_days() {
        // 2016-02-29T12:00:00.001Z and 2000-02-29 (a leap year divisible by 400).
        assert_eq!(format_millis(1_456_747_200_001).unwrap(), "2016-02-29T12:00:00.001Z");
        assert_eq!(format_millis(951_782_400_000).unwrap(), "2000-02-29T00:00:00.000Z");
    }
}
