//! The damage check's tests: columns of IDs as rounding leaves them, and
//! genuine ones that must raise no alarm.

use super::*;
use crate::salvage::test_ids::{double_text, genuine, seen, spreadsheet, stream, through_double, tweets};
use crate::test_cases::{discord, instagram, mastodon, sonyflake, twitter, SONYFLAKE_V1_EPOCH_MS, TWITTER_EPOCH_MS};

fn sign(damage: &Damage, sign: Sign) -> &Evidence {
    damage.signs.iter().find(|e| e.sign == sign).unwrap()
}

#[test]
fn a_spreadsheets_column_is_flagged_as_one() {
    let ids: Vec<u64> = genuine(1000, 1).into_iter().map(|id| spreadsheet(id, 15)).collect();
    let damage = examine(seen(&ids), Some(&twitter()));
    assert_eq!(damage.cause(), Some(Cause::Spreadsheet));
    let digits15 = sign(&damage, Sign::Digits15);
    assert!(digits15.found() && digits15.showing > 900, "{digits15:?}");
    // 19 digits, 4 zeros: 1 in 625.
    assert_eq!((digits15.depth, digits15.chance), (4, 1.0 / 625.0));
    assert_eq!(damage.rows().len(), 1000);
    // Without a layout too.
    assert_eq!(examine(seen(&ids), None).cause(), Some(Cause::Spreadsheet));
}

#[test]
fn decoding_reports_the_rows_found_rounded_as_one_problem() {
    let ids: Vec<u64> = genuine(1000, 1).into_iter().map(|id| spreadsheet(id, 15)).collect();
    let problem = rounded_problem(seen(&ids), &twitter()).expect("a problem");
    assert_eq!(problem.code, Code::RoundedIds);
    assert_eq!(problem.element, Some("spreadsheet"));
    assert_eq!(problem.value, Some(1000.0));
    assert_eq!((problem.detail, problem.chance), (Some(4.0), Some(1.0 / 625.0)));
    let entries = problem.entries.expect("the rows");
    assert_eq!(entries.count, 1000);
    assert_eq!(entries.positions, vec![1, 2, 3, 4, 5]);
    assert_eq!(rounded_problem(seen(&genuine(1000, 1)), &twitter()), None);
}

#[test]
fn a_doubles_text_is_flagged_as_one() {
    let ids: Vec<u64> = genuine(1000, 2).into_iter().map(double_text).collect();
    let damage = examine(seen(&ids), Some(&twitter()));
    assert_eq!(damage.cause(), Some(Cause::DoubleText));
    assert_eq!(examine(seen(&ids), None).cause(), Some(Cause::DoubleText));
}

#[test]
fn a_doubles_value_is_flagged_by_its_low_bits() {
    let ids: Vec<u64> = genuine(1000, 3).into_iter().map(through_double).collect();
    let damage = examine(seen(&ids), Some(&twitter()));
    assert_eq!(damage.cause(), Some(Cause::DoubleValue));
    let binary = sign(&damage, Sign::LowBits);
    assert_eq!(binary.showing, binary.informative);
    assert_eq!((binary.depth, binary.chance), (8, 1.0 / 256.0));
    // No layout, no binary sign: its zeros could be sequences of 0.
    assert_eq!(examine(seen(&ids), None).cause(), None);
}

#[test]
fn a_rounded_part_of_a_column_is_found_with_its_rows() {
    let layout = twitter();
    for (share, make) in [
        (0.05, spreadsheet as fn(u64, u32) -> u64),
        (0.2, spreadsheet),
        (0.45, spreadsheet),
    ] {
        let mut ids = genuine(1000, 30);
        let rounded = (share * 1000.0) as usize;
        // A run of rows in the middle, as a burst of edits leaves it.
        for id in &mut ids[400..400 + rounded] {
            *id = make(*id, 15);
        }
        let damage = examine(seen(&ids), Some(&layout));
        assert_eq!(damage.cause(), Some(Cause::Spreadsheet), "{share}");
        let rows = damage.rows();
        assert!((401..=400 + rounded).all(|r| rows.binary_search(&r).is_ok()), "{share}");
        // Genuine rows among them: 1 in 625 of those whose low bits allow.
        assert!(rows.len() <= rounded + 5, "{share}: {}", rows.len());
    }
    // A twentieth of a column through a double, scattered.
    let mut ids = genuine(1000, 31);
    for id in ids.iter_mut().step_by(20) {
        *id = through_double(*id);
    }
    let damage = examine(seen(&ids), Some(&layout));
    assert_eq!(damage.cause(), Some(Cause::DoubleValue));
    assert!(damage.rows().len() >= 50 && damage.rows().len() < 60);
}

#[test]
fn no_false_alarm_in_100_genuine_columns() {
    for seed in 0..100 {
        let ids = genuine(1000, 1000 + seed);
        let damage = examine(seen(&ids), Some(&twitter()));
        assert_eq!(damage.cause(), None, "seed {seed}");
        // Far from the bound of about 21.8.
        assert!(
            damage.signs.iter().all(|s| s.surprise < 8.0),
            "seed {seed}: {:?}",
            damage.signs
        );
        assert_eq!(examine(seen(&ids), None).cause(), None, "seed {seed}");
    }
}

#[test]
fn ids_minted_one_per_tick_are_no_sign() {
    // Sequence 0, node 0: the lowest 22 bits are zero, and so are the
    // 8 a double would zero. Such IDs lose nothing through a double.
    let mut next = stream(9);
    let ids: Vec<u64> = (0..1000).map(|_| (next() % (1 << 40)) << 22).collect();
    let damage = examine(seen(&ids), Some(&twitter()));
    assert_eq!(damage.cause(), None);
    assert!(damage.signs.iter().all(|s| s.informative == 0));
    // A node of its own, sequence 0: still no sign.
    let ids: Vec<u64> = ids.iter().map(|id| id | (3 << 17) | (8 << 12)).collect();
    assert_eq!(examine(seen(&ids), Some(&twitter())).cause(), None);
}

#[test]
fn ids_minted_at_regular_times_are_no_sign() {
    // One ID a second, to the millisecond, from one node: every tick
    // part has one residue, so an ID ends in zeros for all or for none.
    // Whatever the start (every residue modulo 125, which the zeros
    // after 17 digits and the first three after 15 depend on), no alarm,
    // with the layout or without.
    for start in 0..125u64 {
        let t0 = 1_704_067_200_000 - TWITTER_EPOCH_MS as u64 + start * 37;
        let ids: Vec<u64> = (0..1000u64).map(|j| ((t0 + 1000 * j) << 22) | (5 << 12)).collect();
        assert_eq!(examine(seen(&ids), Some(&twitter())).cause(), None, "{start}");
        assert_eq!(examine(seen(&ids), None).cause(), None, "{start}");
    }
    // Hourly IDs of several nodes, through a spreadsheet: their lower
    // parts still differ, and the column is found.
    let t0 = 1_739_145_600_123 - TWITTER_EPOCH_MS as u64;
    let mut next = stream(21);
    let hourly: Vec<u64> = (0..100u64)
        .map(|j| ((t0 + 3_600_000 * j) << 22) | ((j % 32) << 12) | (next() % 4096))
        .collect();
    let kept: Vec<u64> = hourly.iter().map(|&id| spreadsheet(id, 15)).collect();
    assert_eq!(examine(seen(&kept), Some(&twitter())).cause(), Some(Cause::Spreadsheet));
    assert_eq!(examine(seen(&kept), None).cause(), Some(Cause::Spreadsheet));
    // One node whose sequences stay within 10,000 of each other: its
    // rounded lower parts are all one, as a regular generator's are,
    // and nothing tells the two apart.
    let narrow: Vec<u64> = (0..100u64)
        .map(|j| spreadsheet(((t0 + 3_600_000 * j) << 22) | (11 << 17) | (8 << 12) | (41 * j), 15))
        .collect();
    assert_eq!(examine(seen(&narrow), Some(&twitter())).cause(), None);
}

#[test]
fn a_bursts_patterned_sequences_are_one_piece() {
    // One tick, one node, sequences in steps of 256: the pattern is the
    // generator's, and one tick is one piece of evidence.
    let tick = (1_735_732_800_123 - TWITTER_EPOCH_MS as u64) << 22;
    let ids: Vec<u64> = (1..=15).map(|k| tick | (3 << 17) | (5 << 12) | (256 * k)).collect();
    let damage = examine(seen(&ids), Some(&twitter()));
    assert_eq!(damage.cause(), None);
    assert_eq!(sign(&damage, Sign::LowBits).informative, 1);
    // The same sequence of 256 in consecutive ticks: one pattern too.
    let ids: Vec<u64> = (0..12)
        .map(|t| (tick + (t << 22)) | (3 << 17) | (5 << 12) | 256)
        .collect();
    assert_eq!(examine(seen(&ids), Some(&twitter())).cause(), None);
    // Consecutive sequences: no sign either.
    let ids: Vec<u64> = (0..300).map(|k| tick | (3 << 17) | (5 << 12) | k).collect();
    assert_eq!(examine(seen(&ids), Some(&twitter())).cause(), None);
}

#[test]
fn bounds_at_round_times_are_no_sign() {
    // Discord's epoch is a whole day: id_from_time() at whole seconds
    // ends in zeros. Nothing below its time part, so not counted.
    let ids: Vec<u64> = (0..1000u64)
        .map(|day| (day * 86_400_000 + 3_000_000_000_000) << 22)
        .collect();
    assert!(ids.iter().all(|&id| id % 1000 == 0));
    let damage = examine(seen(&ids), Some(&discord()));
    assert!(damage.signs.iter().all(|s| s.informative == 0));
    assert_eq!(damage.cause(), None);
}

#[test]
fn one_id_repeated_is_one_piece_of_evidence() {
    let ids = vec![1_214_004_724_031_190_000u64; 1000];
    let damage = examine(seen(&ids), Some(&twitter()));
    assert_eq!((damage.examined, damage.distinct), (1000, 1));
    assert_eq!(damage.cause(), None);
}

#[test]
fn a_few_ids_are_too_few_to_tell() {
    let ids: Vec<u64> = genuine(3, 4).into_iter().map(|id| spreadsheet(id, 15)).collect();
    let damage = examine(seen(&ids), Some(&twitter()));
    assert_eq!(sign(&damage, Sign::Digits15).showing, 3);
    assert_eq!(damage.cause(), None);
    // Nine, each 1 in 625: found.
    let ids: Vec<u64> = genuine(9, 4).into_iter().map(|id| spreadsheet(id, 15)).collect();
    assert_eq!(examine(seen(&ids), Some(&twitter())).cause(), Some(Cause::Spreadsheet));
}

#[test]
fn sonyflakes_low_bits_are_its_machine_and_tell_nothing() {
    let layout = sonyflake(SONYFLAKE_V1_EPOCH_MS);
    let mut next = stream(5);
    let ids: Vec<u64> = (0..1000)
        .map(|_| through_double(((next() % (1 << 36)) << 24) | (next() & 0xFF_FFFF)))
        .collect();
    let damage = examine(seen(&ids), Some(&layout));
    assert_eq!(sign(&damage, Sign::LowBits).informative, 0);
    assert_eq!(damage.cause(), None);
}

#[test]
fn lossy_forms_are_rounded_rows_by_themselves() {
    let mut entries = seen(&genuine(100, 7));
    entries[10].1 = Seen::Lossy(LossyForm::Scientific);
    entries[20].1 = Seen::Lossy(LossyForm::Scientific);
    let damage = examine(entries.clone(), Some(&twitter()));
    assert_eq!((damage.cause(), damage.rows()), (Some(Cause::Scientific), vec![11, 21]));
    assert_eq!(damage.examined, 98);
    entries[30].1 = Seen::Lossy(LossyForm::Double);
    entries[40].1 = Seen::Lossy(LossyForm::Double);
    entries[50].1 = Seen::Lossy(LossyForm::Double);
    let damage = examine(entries.clone(), Some(&twitter()));
    assert_eq!(damage.cause(), Some(Cause::Double));
    let problem = rounded_problem(entries, &twitter()).unwrap();
    assert_eq!((problem.element, problem.detail), (Some("double"), None));
    assert_eq!(problem.entries.unwrap().positions, vec![11, 21, 31, 41, 51]);
}

#[test]
fn mastodons_ids_are_read_at_their_own_depth() {
    // 57-bit IDs: a double zeroes 4 bits of the 16-bit sequence; 18
    // digits keep 15 with 3 zeros.
    let mut next = stream(8);
    let ids: Vec<u64> = (0..1000)
        .map(|_| ((1_700_000_000_000 + next() % 100_000_000_000) << 16) | (next() & 0xFFFF))
        .collect();
    let layout = mastodon();
    assert_eq!(examine(seen(&ids), Some(&layout)).cause(), None);
    let through: Vec<u64> = ids.iter().map(|&id| through_double(id)).collect();
    let damage = examine(seen(&through), Some(&layout));
    assert_eq!(damage.cause(), Some(Cause::DoubleValue));
    assert_eq!(sign(&damage, Sign::LowBits).depth, 4);
    let kept: Vec<u64> = ids.iter().map(|&id| spreadsheet(id, 15)).collect();
    let damage = examine(seen(&kept), Some(&layout));
    assert_eq!(
        (damage.cause(), sign(&damage, Sign::Digits15).depth),
        (Some(Cause::Spreadsheet), 3)
    );
}

#[test]
fn without_a_layout_the_built_in_splits_are_tried() {
    let splits = builtin_splits();
    for s in [10, 16, 22, 23, 24] {
        assert!(splits.contains(&s), "{splits:?}");
    }
}

#[test]
fn one_accounts_tweets_through_a_double_are_found_though_their_sequences_became_0() {
    // bit64::as.integer64(read.csv(f)$id): every ID a multiple of 128 or
    // 256, the quarter whose sequence was 1 to 3 now 0, like the others.
    let ids = tweets(448, 39);
    let through: Vec<u64> = ids.iter().map(|&id| through_double(id)).collect();
    let changed = ids.iter().zip(&through).filter(|(a, b)| a != b).count();
    assert!((90..140).contains(&changed), "{changed}");
    assert!(through.iter().all(|&id| id % 128 == 0));
    let damage = examine(seen(&through), Some(&twitter()));
    assert_eq!(damage.cause(), Some(Cause::DoubleValue));
    let low = sign(&damage, Sign::LowBits);
    assert!(low.found() && low.showing == low.informative, "{low:?}");
    assert_eq!(damage.rows().len(), 448);
    // The same tweets as they are: no alarm.
    for seed in 0..100 {
        let ids = tweets(448, 100 + seed);
        let damage = examine(seen(&ids), Some(&twitter()));
        assert_eq!(damage.cause(), None, "seed {seed}: {:?}", damage.signs);
    }
    // Fewer tweets tell less: 100 are not enough at one in ten.
    let few: Vec<u64> = tweets(100, 40).into_iter().map(through_double).collect();
    assert_eq!(examine(seen(&few), Some(&twitter())).cause(), None);
}

#[test]
fn a_generator_minting_one_id_a_tick_on_a_few_nodes_is_no_sign() {
    // Sequences of 0 on seven nodes: a generator's, not Twitter's traffic.
    let mut next = stream(77);
    let ids: Vec<u64> = (0..1000)
        .map(|_| ((next() % (1 << 40)) << 22) | ((1 + next() % 7) << 12))
        .collect();
    assert_eq!(examine(seen(&ids), Some(&twitter())).cause(), None);
}

#[test]
fn spread_sequences_of_0_are_evidence_too() {
    // Discord's increment and Instagram's nextval() % 1024 do not restart
    // at 0: through a double, even sequences that became 0 show it.
    for (layout, sequence_bits) in [(discord(), 12), (instagram(), 10)] {
        let mut next = stream(5);
        let start = 1_600_000_000_000 - layout.epoch_ms() as u64;
        let ids: Vec<u64> = (0..300)
            .map(|_| {
                (((start + next() % 100_000_000_000) << 22) | (next() % (1 << 22)) & !((1 << sequence_bits) - 1))
                    | (next() % 64)
            })
            .collect();
        // Small increments only: a double leaves every sequence 0.
        let through: Vec<u64> = ids.iter().map(|&id| through_double(id)).collect();
        assert!(through.iter().all(|&id| id & 0x3F == 0));
        assert_eq!(examine(seen(&ids), Some(&layout)).cause(), None);
        assert_eq!(examine(seen(&through), Some(&layout)).cause(), Some(Cause::DoubleValue));
    }
}
