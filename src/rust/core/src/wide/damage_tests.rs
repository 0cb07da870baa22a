//! The damage check on columns built from IDs minted at known times, each
//! test mangling them as one writer or reader does.

use super::*;
use crate::compose::composer::Side;
use crate::wide::text::canonical;
use crate::wide::time::from_time;
use Format::*;

/// 2026-01-01T00:00:00Z, the "now" of every test.
const NOW_MS: i128 = 1_767_225_600_000;

/// The lowest ID of `format` at `ms` (milliseconds since 1970), as text.
fn id_at(format: Format, ms: i128) -> String {
    let at = WideTime::new(ms, Tick::Milli);
    canonical(
        format,
        from_time(format, at, Side::Min, SubMs::None).expect("a time in range"),
    )
}

/// A clean column: an ID a day apart through 2025.
fn clean(format: Format) -> Vec<String> {
    (0..100)
        .map(|d| id_at(format, 1_735_689_600_000 + d * 86_400_000))
        .collect()
}

fn check(format: Format, column: &[String]) -> WideDamage {
    examine_wide(format, SubMs::None, column.iter().map(|s| Some(s.as_bytes())), NOW_MS)
}

fn rows_of(report: &WideDamage, sign: WideSign) -> Vec<usize> {
    report.evidence(sign).map(|e| e.rows.clone()).unwrap_or_default()
}

#[test]
fn a_clean_column_shows_no_sign_in_any_sortable_format() {
    for format in [UuidV7, UuidV6, Ulid, TypeId, Scru128, Ksuid, ObjectId, Xid] {
        let report = check(format, &clean(format));
        assert_eq!(report.examined, 100, "{}", format.name());
        assert_eq!(report.distinct, 100);
        assert_eq!(report.invalid, 0);
        assert_eq!(report.cause(), None, "{}: {:?}", format.name(), report.signs);
        assert!(report.signs.iter().all(|s| s.informative > 0));
    }
}

#[test]
fn ulids_written_in_seconds_are_found_in_january_1970() {
    let mut column = clean(Ulid);
    for (k, row) in column.iter_mut().enumerate().take(10) {
        *row = id_at(Ulid, 1_735_689_600 + k as i128 * 86_400);
    }
    let report = check(Ulid, &column);
    assert_eq!(rows_of(&report, WideSign::SecondsAsMs), (0..10).collect::<Vec<_>>());
    assert_eq!(rows_of(&report, WideSign::BeforeFormat), Vec::<usize>::new());
    assert_eq!(report.cause(), Some(WideSign::SecondsAsMs));
    assert_eq!(report.rows(), (0..10).collect::<Vec<_>>());
}

#[test]
fn times_ahead_far_ahead_and_before_the_format_are_told_apart() {
    let mut column = clean(UuidV7);
    column[3] = id_at(UuidV7, NOW_MS + 3_600_000);
    column[4] = id_at(UuidV7, NOW_MS + 20 * 365 * 86_400_000);
    // The top bit of the 48-bit millisecond: the year 6429.
    column[5] = id_at(UuidV7, 1 << 47);
    column[6] = id_at(UuidV7, 1_262_304_000_000);
    let report = check(UuidV7, &column);
    assert_eq!(rows_of(&report, WideSign::AheadOfNow), vec![3]);
    assert_eq!(rows_of(&report, WideSign::FarFuture), vec![4, 5]);
    assert_eq!(rows_of(&report, WideSign::BeforeFormat), vec![6]);
    assert_eq!(report.cause(), Some(WideSign::FarFuture));
}

#[test]
fn an_objectid_with_its_top_bit_set_is_far_ahead() {
    let mut column = clean(ObjectId);
    column[0] = "80000000aaaaaaaaaaaaaaaa".to_string();
    let report = check(ObjectId, &column);
    assert_eq!(rows_of(&report, WideSign::FarFuture), vec![0]);
}

#[test]
fn uuids_of_another_version_in_a_v7_column_are_counted() {
    let mut column = clean(UuidV7);
    column[1] = "f81d4fae-7dec-41d0-a765-00a0c91e6bf6".to_string();
    column[2] = "c232ab00-9414-11ec-b3c8-9f6bdeced846".to_string();
    let report = check(UuidV7, &column);
    assert_eq!(rows_of(&report, WideSign::OtherVersion), vec![1, 2]);
    assert_eq!(report.invalid, 2);
    assert_eq!(report.examined, 98);
    // A v4 in a `uuid` column is an ID without time, not damage.
    assert!(check(Uuid, &column).evidence(WideSign::OtherVersion).is_none());
}

#[test]
fn overflowing_and_truncated_text_is_found() {
    let mut column = clean(Ulid);
    column[7] = "8ZZZZZZZZZZZZZZZZZZZZZZZZZ".to_string();
    column[8] = column[9][..20].to_string();
    column[9] = "x".to_string();
    let report = check(Ulid, &column);
    assert_eq!(rows_of(&report, WideSign::AboveMax), vec![7]);
    assert_eq!(rows_of(&report, WideSign::Truncated), vec![8]);
    assert_eq!(report.invalid, 3);
    let mut ksuids = clean(Ksuid);
    ksuids[0] = "zzzzzzzzzzzzzzzzzzzzzzzzzzz".to_string();
    assert_eq!(rows_of(&check(Ksuid, &ksuids), WideSign::AboveMax), vec![0]);
}

#[test]
fn the_minority_case_and_spelling_are_found() {
    let mut column = clean(UuidV7);
    column[10] = column[10].to_uppercase();
    // RFC 9562's UUIDv7, half in capitals.
    column[11] = "017f22e2-79b0-7cc3-98C4-DC0C0C07398F".to_string();
    column[12] = column[12].replace('-', "");
    column[13] = format!("{{{}}}", column[13]);
    let report = check(UuidV7, &column);
    assert_eq!(report.invalid, 0);
    assert_eq!(rows_of(&report, WideSign::MixedCase), vec![10, 11]);
    assert_eq!(rows_of(&report, WideSign::MixedSpelling), vec![12, 13]);
    // A column in one case, even not the canonical one, is consistent.
    let upper: Vec<String> = clean(Ulid).iter().map(|s| s.to_lowercase()).collect();
    assert_eq!(check(Ulid, &upper).cause(), None);
    // A URN's prefix is not the digits' case.
    let urn: Vec<String> = clean(UuidV7)
        .iter()
        .map(|s| format!("urn:uuid:{}", s.to_uppercase()))
        .collect();
    assert_eq!(check(UuidV7, &urn).cause(), None);
}

#[test]
fn missing_entries_are_not_counted() {
    let column = clean(Xid);
    let entries = column.iter().map(|s| Some(s.as_bytes())).chain([None, None]);
    let report = examine_wide(Xid, SubMs::None, entries, NOW_MS);
    assert_eq!((report.examined, report.invalid), (100, 0));
    assert!(report.evidence(WideSign::MixedCase).is_none());
    assert!(report
        .evidence(WideSign::Truncated)
        .is_some_and(|e| e.informative == 100));
}

#[test]
fn every_format_begins_before_its_ids_of_today() {
    for format in Format::ALL {
        for version in [1, 6, 7] {
            assert!(since_seconds(format, version) < NOW_MS / 1000, "{}", format.name());
        }
    }
}
