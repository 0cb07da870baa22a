//! The length of one tick of a layout's time field.

/// A time unit that some real generator uses. Only these four exist so
/// that a tick always converts to whole milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// One millisecond: Twitter, Discord, Instagram, Mastodon.
    Millis,
    /// Ten milliseconds: Sonyflake.
    TenMillis,
    /// 256 milliseconds: SCRU64 (Unix milliseconds shifted right by 8).
    Millis256,
    /// One second.
    Seconds,
}

impl Unit {
    /// Every unit, shortest first.
    pub const ALL: [Unit; 4] = [Unit::Millis, Unit::TenMillis, Unit::Millis256, Unit::Seconds];

    /// Milliseconds in one tick.
    pub const fn millis(self) -> i64 {
        match self {
            Unit::Millis => 1,
            Unit::TenMillis => 10,
            Unit::Millis256 => 256,
            Unit::Seconds => 1000,
        }
    }

    /// The unit's name as layouts print it.
    pub const fn name(self) -> &'static str {
        match self {
            Unit::Millis => "ms",
            Unit::TenMillis => "10ms",
            Unit::Millis256 => "256ms",
            Unit::Seconds => "s",
        }
    }

    /// The unit a layout names, if there is one.
    pub fn from_name(name: &[u8]) -> Option<Unit> {
        Unit::ALL.into_iter().find(|u| u.name().as_bytes() == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for unit in Unit::ALL {
            assert_eq!(Unit::from_name(unit.name().as_bytes()), Some(unit));
        }
    }

    #[test]
    fn unknown_units_are_refused() {
        assert_eq!(Unit::from_name(b"us"), None);
        assert_eq!(Unit::from_name(b"MS"), None);
        assert_eq!(Unit::from_name(b"100ms"), None);
        assert_eq!(Unit::from_name(b""), None);
    }

    #[test]
    fn units_are_ordered_by_length() {
        let ms: Vec<i64> = Unit::ALL.iter().map(|u| u.millis()).collect();
        assert_eq!(ms, vec![1, 10, 256, 1000]);
    }
}
