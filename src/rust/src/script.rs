//! A generator run by a script of clock settings: the reference that the
//! differential test of the SQL generators (R's `id_sql_generator()`)
//! compares each engine's function with. It serves that test only, so it
//! lives here, beside the function R's tests call, and not in the core. Each step sets a
//! [`SteppedClock`] and asks for some IDs; the engines' test clock moves
//! the same way, so the same script must give the same IDs and errors.

use zuid_core::compose::composer::ComposeError;
use zuid_core::generate::clock::SteppedClock;
use zuid_core::generate::generator::{GenerateError, Generator, OnClockBack};
use zuid_core::layouts::layout::Layout;

/// The clock at `at_us` (microseconds since 1970), moving on by `step_us`
/// after each reading, then `calls` IDs, one at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub at_us: i64,
    pub step_us: i64,
    pub calls: usize,
}

/// What each call of the script gave, in order. SCRU64's random counter
/// starts come from a fixed seed, so only layouts whose ticks start at 0
/// compare with another implementation.
pub fn run(
    layout: Layout,
    nodes: &[u64],
    policy: OnClockBack,
    steps: &[Step],
) -> Result<Vec<Result<u64, GenerateError>>, ComposeError> {
    let clock = SteppedClock::default();
    let mut generator = Generator::new(layout, nodes, policy, &clock, 1)?;
    let mut out = Vec::new();
    for step in steps {
        clock.set(step.at_us, step.step_us);
        out.extend((0..step.calls).map(|_| generator.next_id()));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use zuid_core::Builtin;

    /// Twitter's epoch, 2010-11-04T01:42:54.657Z, in ms since 1970.
    const TWITTER_EPOCH_MS: i64 = 1_288_834_974_657;

    fn twitter() -> Layout {
        Builtin::find("twitter").unwrap().layout(None, None).unwrap()
    }

    #[test]
    fn a_script_gives_ticks_sequences_waits_and_errors() {
        let layout = twitter();
        let tick_us = |t: i64| (TWITTER_EPOCH_MS + t) * 1_000;
        let steps = [
            Step {
                at_us: tick_us(10) + 300,
                step_us: 1,
                calls: 2,
            },
            Step {
                at_us: tick_us(12) + 5,
                step_us: 1,
                calls: 1,
            },
            Step {
                at_us: tick_us(11),
                step_us: 1,
                calls: 1,
            },
        ];
        let id = |t: u64, seq: u64| (t << 22) | (3 << 12) | seq;
        let error = run(layout.clone(), &[0, 3], OnClockBack::Error, &steps).unwrap();
        assert_eq!(error[..3], [Ok(id(10, 0)), Ok(id(10, 1)), Ok(id(12, 0))]);
        assert_eq!(
            error[3],
            Err(GenerateError::ClockBack {
                behind_ms: 1,
                back_ms: 1
            })
        );
        // Waiting, the clock's readings bring it back to tick 12.
        let wait = run(layout, &[0, 3], OnClockBack::Wait, &steps).unwrap();
        assert_eq!(wait[3], Ok(id(12, 1)));
    }
}
