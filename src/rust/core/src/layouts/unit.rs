//! The length of one tick of a layout's time field, and the resolution the
//! core counts that layout's times in.

/// What the core counts a layout's times in: milliseconds since 1970, or
/// microseconds for layouts whose tick is a microsecond. Counting a
/// millisecond layout in milliseconds keeps every time of every such layout
/// within an `i64`, as microseconds would not (53 bits of seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Resolution {
    Millis,
    Micros,
}

impl Resolution {
    /// How many of the resolution's units a second holds.
    pub const fn per_second(self) -> i64 {
        match self {
            Resolution::Millis => 1_000,
            Resolution::Micros => 1_000_000,
        }
    }

    /// How many of the resolution's units a millisecond holds.
    pub const fn per_milli(self) -> i64 {
        self.per_second() / 1_000
    }
}

/// A tick's length: one microsecond, or a whole number of milliseconds.
/// Built only by the constants and [`Unit::from_name`], so that one length
/// has one value (`"1000ms"` is `"s"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Unit {
    /// The length in microseconds: 1, or a multiple of 1000.
    micros: i64,
}

impl Unit {
    /// One microsecond: AT Protocol TIDs.
    pub const MICROS: Unit = Unit { micros: 1 };
    /// One millisecond: Twitter, Discord, Instagram, Mastodon.
    pub const MILLIS: Unit = Unit { micros: 1_000 };
    /// Ten milliseconds: Sonyflake.
    pub const TEN_MILLIS: Unit = Unit { micros: 10_000 };
    /// 256 milliseconds: SCRU64 (Unix milliseconds shifted right by 8).
    pub const MILLIS_256: Unit = Unit { micros: 256_000 };
    /// One second.
    pub const SECONDS: Unit = Unit { micros: 1_000_000 };
    /// The longest unit in milliseconds: what an R integer holds. Whether a
    /// layout's whole time range fits is the layout's own check.
    pub const MAX_MILLIS: i64 = i32::MAX as i64;

    /// A unit of `n` whole milliseconds, 1 to [`Unit::MAX_MILLIS`].
    pub fn millis(n: i64) -> Option<Unit> {
        (1..=Unit::MAX_MILLIS).contains(&n).then(|| Unit { micros: n * 1_000 })
    }

    /// What times of layouts with this unit are counted in.
    pub const fn resolution(self) -> Resolution {
        if self.micros == 1 {
            Resolution::Micros
        } else {
            Resolution::Millis
        }
    }

    /// The length of a tick in the unit's resolution.
    pub const fn length(self) -> i64 {
        match self.resolution() {
            Resolution::Micros => self.micros,
            Resolution::Millis => self.micros / 1_000,
        }
    }

    /// The length of a tick in microseconds.
    pub const fn micros(self) -> i64 {
        self.micros
    }

    /// The length of a tick in milliseconds, as a fraction for `us`.
    pub fn millis_f64(self) -> f64 {
        self.micros as f64 / 1_000.0
    }

    /// The unit's name as layouts print it: `us`, `ms`, `s` or `<n>ms`.
    pub fn name(self) -> String {
        match self.micros {
            1 => "us".to_string(),
            1_000 => "ms".to_string(),
            1_000_000 => "s".to_string(),
            micros => format!("{}ms", micros / 1_000),
        }
    }

    /// The unit a layout names: `us`, `s`, `ms`, or `<n>ms` with `n` a whole
    /// number of milliseconds written in digits without leading zeros.
    pub fn from_name(name: &[u8]) -> Option<Unit> {
        match name {
            b"us" => Some(Unit::MICROS),
            b"ms" => Some(Unit::MILLIS),
            b"s" => Some(Unit::SECONDS),
            _ => {
                let digits = name.strip_suffix(b"ms")?;
                let plain = !digits.is_empty() && digits[0] != b'0' && digits.len() <= 10;
                if !plain || !digits.iter().all(u8::is_ascii_digit) {
                    return None;
                }
                let n = digits.iter().fold(0i64, |n, d| n * 10 + i64::from(d - b'0'));
                Unit::millis(n)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for unit in [
            Unit::MICROS,
            Unit::MILLIS,
            Unit::TEN_MILLIS,
            Unit::MILLIS_256,
            Unit::SECONDS,
        ] {
            assert_eq!(Unit::from_name(unit.name().as_bytes()), Some(unit));
        }
        for n in [2, 5, 100, 999, 1001, 60_000, Unit::MAX_MILLIS] {
            let unit = Unit::millis(n).unwrap();
            assert_eq!(unit.name(), format!("{n}ms"));
            assert_eq!(Unit::from_name(unit.name().as_bytes()), Some(unit));
        }
    }

    #[test]
    fn the_usual_names_stay_as_they_were() {
        assert_eq!(Unit::MILLIS.name(), "ms");
        assert_eq!(Unit::TEN_MILLIS.name(), "10ms");
        assert_eq!(Unit::MILLIS_256.name(), "256ms");
        assert_eq!(Unit::SECONDS.name(), "s");
        assert_eq!(Unit::MICROS.name(), "us");
    }

    #[test]
    fn one_length_has_one_unit() {
        assert_eq!(Unit::from_name(b"1ms"), Some(Unit::MILLIS));
        assert_eq!(Unit::from_name(b"1000ms"), Some(Unit::SECONDS));
        assert_eq!(Unit::from_name(b"10ms"), Some(Unit::TEN_MILLIS));
        assert_eq!(Unit::from_name(b"1000ms").unwrap().name(), "s");
    }

    #[test]
    fn unknown_units_are_refused() {
        for name in [
            &b"MS"[..],
            b"",
            b"ms ",
            b"0ms",
            b"05ms",
            b"-5ms",
            b"+5ms",
            b"5.5ms",
            b"5 ms",
            "µs".as_bytes(),
            b"ns",
            b"min",
            b"2147483648ms",
            b"99999999999999999999ms",
        ] {
            assert_eq!(Unit::from_name(name), None, "{:?}", name);
        }
    }

    #[test]
    fn lengths_are_counted_in_the_resolution() {
        assert_eq!(Unit::MICROS.resolution(), Resolution::Micros);
        assert_eq!(Unit::MICROS.length(), 1);
        assert_eq!(Unit::TEN_MILLIS.resolution(), Resolution::Millis);
        assert_eq!(Unit::TEN_MILLIS.length(), 10);
        assert_eq!(Unit::SECONDS.length(), 1000);
        assert_eq!(Unit::MICROS.millis_f64(), 0.001);
        assert_eq!(Resolution::Micros.per_milli(), 1000);
        assert_eq!(Resolution::Millis.per_second(), 1000);
    }
}
