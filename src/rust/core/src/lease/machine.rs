//! The node lease protocol, as one state machine: claiming a node,
//! renewing its lease, the window and the fence it grants, the horizon
//! each holder reserves, the hand-over to the next holder and the giving
//! back. It performs no I/O: each step asks the database layer (R, through
//! DBI) one [`Request`] and takes its [`Answer`], and it moves the
//! generator's fence through [`Fenced`]. Times are passed in, so that
//! tests drive it with a scripted clock and a scripted database.
//!
//! # The records
//!
//! - The lease table: a row per node of an ID space ever claimed, with its
//!   holder's token and the database-clock time its lease expires. Other
//!   clients may delete, truncate or edit it: it only decides who may take
//!   a node, never which IDs are safe.
//! - The horizon ledger, beside it: per node the highest horizon any holder
//!   reserved (only raised, except by a holder handing its own reservation
//!   back), and per ID space the split of the bits below the time that owns
//!   the space, until when, the space's highest horizon and the floor its
//!   owner's holders start above.
//!
//! # The invariant
//!
//! A generator mints an ID only in a tick at or below a horizon that it
//! reserved in the ledger, committed outside any transaction, while the
//! database still held its node's lease under its token and the space for
//! its split; and a holder starts above every horizon reserved before it
//! took its node: its node's, and after the space changed split, every
//! node's of the space.
//!
//! So two holders of one node, or of two splits of one space, mint in
//! disjoint ticks whatever their clocks say, whatever another client does
//! to the lease table, and whatever answers go missing: a write whose
//! answer is lost counts as maybe made, a read that fails is never taken
//! as "nothing there", and a step that cannot be sure stops. The lease's
//! expiry and the window (half the lease, counted on a monotonic clock from
//! before the renewal was sent) only decide when a node may change hands
//! and how soon a holder notices that it lost one.

pub use super::exchange::{Answer, Doing, Next, Notice, Request, RowHorizon, Skipped, Stop};
pub use super::fenced::{Fenced, Windowed};
use crate::lease::nodes::NodeSpace;
use std::time::Duration;

mod renew;

/// Monotonic time, from an origin the caller picks. Windows are counted on
/// it, never on the wall clock, which may step.
pub type Mono = Duration;

/// How many claims in a row may lose their race before a claim gives up.
pub const MAX_ATTEMPTS: u32 = 100;
/// How many renewals in a row may end after their window closed before the
/// lease stops: the database answers too slowly for the lease's length.
pub const MAX_SLOW: u32 = 3;
/// How far the clocks of two holders may disagree, beyond a lease's length,
/// before a horizon one of them reserved counts as one zuid never wrote.
/// zuid reserves at most a lease's length ahead of its clock, and a node
/// changes hands only once its lease expired, so a horizon it wrote lies
/// at most that far ahead of the next holder's clock, plus the clocks'
/// disagreement; anything further ahead (a tick in 2080 typed into the
/// lease table) would be waited for, or minted at, for decades.
pub const CLOCK_ALLOWANCE_MS: u64 = 60_000;

/// The node this lease holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Held {
    node: u64,
    token: u64,
    /// Whether the generator of the node was made.
    started: bool,
    /// The horizon the generator was made to start after, if any.
    floor: Option<u64>,
    /// The last horizon written to the ledger for the node, known committed.
    reserved: Option<u64>,
    /// The last horizon reserved and then renewed under: written to the
    /// ledger and the lease row while this holder held the node.
    extended: Option<u64>,
}

/// A lease this holder lost, while it claims again: its node, the last
/// horizon it reserved and then renewed under (so reserved while it held
/// the node), and where its generator stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Lost {
    node: u64,
    confirmed: Option<u64>,
    handover: Option<u64>,
}

/// The answer the lease is waiting for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    None,
    Outside(Doing),
    Find,
    Take {
        node: u64,
        fresh: bool,
        token: u64,
    },
    Start,
    OwnSpace,
    Floors,
    ReserveSpace {
        horizon: u64,
        began: Mono,
    },
    ReserveNode {
        horizon: u64,
        began: Mono,
    },
    /// Renewing the row: before reserving (`confirm` false), so that a
    /// holder that lost its lease reserves nothing, and after, so that a
    /// reservation counts only if the lease was still the holder's once it
    /// was made.
    Extend {
        horizon: u64,
        began: Mono,
        confirm: bool,
    },
    /// Giving the node back, then `then`.
    GiveBack {
        horizon: RowHorizon,
        then: After,
    },
    Lower {
        then: After,
    },
}

/// What follows a give-back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum After {
    /// The lease is given back for good.
    Release,
    /// The claim goes on with another node.
    FindAgain,
    Stop(Stop),
}

/// The lease of one generator.
#[derive(Clone, Debug)]
pub struct Lease {
    nodes: NodeSpace,
    window: Duration,
    window_ticks: u64,
    /// The lease's length and the clock allowance, in ticks: how far ahead
    /// of the clock a horizon zuid wrote may lie.
    reach_ticks: u64,
    rng: u64,
    held: Option<Held>,
    lost: Option<Lost>,
    step: Step,
    attempts: u32,
    skip: Vec<u64>,
    /// The nodes the last claim passed over (also in `skip`).
    passed: Vec<Skipped>,
    slow: u32,
    /// Giving back was asked: the generator is shut, and the lease is
    /// never renewed again, even if giving back must be tried again.
    closing: bool,
    closed: bool,
    notice: Option<Notice>,
}

impl Lease {
    /// A lease of a node of `nodes` for `ttl_ms` at a time; `seed` makes
    /// its tokens.
    pub fn new(nodes: NodeSpace, ttl_ms: u64, seed: u64) -> Lease {
        let ttl = ttl_ms.min(i64::MAX as u64) as i64;
        let window_ticks = nodes.ticks_in(ttl);
        let reach_ticks = nodes.ticks_in(ttl.saturating_add(CLOCK_ALLOWANCE_MS as i64));
        Lease {
            nodes,
            window: Duration::from_millis(ttl_ms / 2),
            window_ticks,
            reach_ticks,
            rng: seed,
            held: None,
            lost: None,
            step: Step::None,
            attempts: 0,
            skip: Vec::new(),
            passed: Vec::new(),
            slow: 0,
            closing: false,
            closed: false,
            notice: None,
        }
    }

    /// The node held, if any.
    pub fn node(&self) -> Option<u64> {
        self.held.map(|h| h.node)
    }

    /// The token of the node held.
    pub fn token(&self) -> Option<u64> {
        self.held.map(|h| h.token)
    }

    /// Whether the lease was given back for good.
    pub fn is_closed(&self) -> bool {
        self.closed
    }

    /// The notice of the last operation, once.
    pub fn take_notice(&mut self) -> Option<Notice> {
        self.notice.take()
    }

    /// The nodes the last operation's claim passed over, once: said
    /// whether the claim ended minting or stopped.
    pub fn take_skipped(&mut self) -> Vec<Skipped> {
        std::mem::take(&mut self.passed)
    }

    /// Starts an operation: the first claim, a renewal (which claims again
    /// if the lease was lost), or giving the node back, which shuts the
    /// generator at once, whether or not the database can be told yet. An
    /// operation left
    /// unfinished (the caller was interrupted) is dropped first, as if its
    /// last answer had failed.
    pub fn begin(&mut self, doing: Doing, generator: &mut impl Fenced) -> Next {
        if self.step != Step::None {
            self.abandon(generator);
        }
        if self.closed || (self.closing && doing != Doing::Release) {
            return Next::Stopped(Stop::Released);
        }
        self.notice = None;
        self.passed.clear();
        if doing == Doing::Release {
            self.closing = true;
            self.shut(generator);
            if self.held.is_none() {
                self.closed = true;
                return Next::Released;
            }
        }
        self.ask(Step::Outside(doing), Request::Outside)
    }

    /// Takes the answer to the last request; `now` is when it came.
    pub fn answer(&mut self, answer: Answer, now: Mono, generator: &mut impl Fenced) -> Next {
        let step = std::mem::replace(&mut self.step, Step::None);
        match step {
            Step::None => Next::Stopped(Stop::Database(Doing::Renew)),
            Step::Outside(doing) => self.after_outside(doing, answer, now, generator),
            Step::Find => self.after_find(answer),
            Step::Take { node, token, .. } => self.after_take(node, token, answer),
            Step::Start => self.after_start(answer, generator),
            Step::OwnSpace => self.after_own_space(answer, generator),
            Step::Floors => self.after_floors(answer, now, generator),
            Step::ReserveSpace { horizon, began } => self.after_reserve_space(horizon, began, answer, generator),
            Step::ReserveNode { horizon, began } => self.after_reserve_node(horizon, began, answer),
            Step::Extend {
                horizon,
                began,
                confirm,
            } => self.after_extend(horizon, began, confirm, answer, now, generator),
            Step::GiveBack { horizon, then } => self.after_give_back(horizon, then, answer),
            Step::Lower { then } => self.finish(then),
        }
    }

    fn ask(&mut self, step: Step, request: Request) -> Next {
        self.step = step;
        Next::Do(request)
    }

    fn next_token(&mut self) -> u64 {
        // splitmix64: distinct tokens from one seed, never 0.
        self.rng = self.rng.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)).max(1)
    }

    /// An operation cut short (the caller was interrupted): its pending
    /// answer counts as failed. A claim cut short before its floors were
    /// applied gives up its node, whose generator must never mint (the row
    /// is left to expire); a renewal cut short leaves the previous grant,
    /// which stays within what was reserved; a give-back cut short counts
    /// as done.
    fn abandon(&mut self, generator: &mut impl Fenced) {
        match std::mem::replace(&mut self.step, Step::None) {
            Step::Start | Step::OwnSpace | Step::Floors => {
                if self.held.is_some_and(|h| h.started) {
                    generator.shut();
                }
                self.held = None;
            }
            Step::GiveBack { then, .. } | Step::Lower { then } => {
                self.held = None;
                self.closed = then == After::Release;
            }
            _ => {}
        }
    }

    fn after_outside(&mut self, doing: Doing, answer: Answer, now: Mono, generator: &mut impl Fenced) -> Next {
        match answer {
            Answer::Outside(true) => {}
            Answer::Outside(false) => return Next::Stopped(Stop::InTransaction(doing)),
            _ => return Next::Stopped(Stop::Database(doing)),
        }
        match doing {
            Doing::Claim => self.claim(None),
            Doing::Renew if self.held.is_some_and(|h| h.started) => self.renew(now, generator),
            Doing::Renew => {
                // The last claim or renewal did not end with a node: claim
                // again, preferring the node lost, if any.
                let prefer = self.lost.map(|l| l.node);
                self.claim(prefer)
            }
            Doing::Release => {
                let handover = self.shut(generator);
                self.give_back(RowHorizon::of(handover), After::Release)
            }
        }
    }

    /// Shuts the generator: where its node's next holder must start, at
    /// least after the floor it was made to start after (a generator that
    /// is gone knows only the IDs it minted).
    fn shut(&self, generator: &mut impl Fenced) -> Option<u64> {
        generator.shut().max(self.held.and_then(|h| h.floor))
    }

    // Claiming -----------------------------------------------------------

    fn claim(&mut self, prefer: Option<u64>) -> Next {
        self.attempts = 0;
        self.skip.clear();
        self.passed.clear();
        self.held = None;
        self.find(prefer)
    }

    fn find(&mut self, prefer: Option<u64>) -> Next {
        let skip = self.skip.clone();
        self.ask(Step::Find, Request::Find { prefer, skip })
    }

    fn after_find(&mut self, answer: Answer) -> Next {
        match answer {
            Answer::Found { node, fresh } if node < self.nodes.count() && !self.skip.contains(&node) => {
                let token = self.next_token();
                self.ask(Step::Take { node, fresh, token }, Request::Take { node, fresh, token })
            }
            Answer::NoneFree => Next::Stopped(Stop::AllTaken {
                skipped: self.skip.len() - self.passed.len(),
                lost: self.lost.map(|l| l.node),
            }),
            _ => Next::Stopped(Stop::Database(Doing::Claim)),
        }
    }

    fn after_take(&mut self, node: u64, token: u64, answer: Answer) -> Next {
        match answer {
            Answer::Changed(1) => {
                self.held = Some(Held {
                    node,
                    token,
                    started: false,
                    floor: None,
                    reserved: None,
                    extended: None,
                });
                self.ask(Step::Start, Request::Start { node })
            }
            Answer::Changed(0) => {
                self.attempts += 1;
                if self.attempts >= MAX_ATTEMPTS {
                    return Next::Stopped(Stop::Contention);
                }
                self.find(None)
            }
            // Maybe taken: left to expire, since nothing renews it.
            _ => Next::Stopped(Stop::Database(Doing::Claim)),
        }
    }

    fn after_start(&mut self, answer: Answer, generator: &mut impl Fenced) -> Next {
        let Some(held) = self.held.as_mut() else {
            return Next::Stopped(Stop::Database(Doing::Claim));
        };
        match answer {
            Answer::Started => {
                held.started = true;
                self.ask(Step::OwnSpace, Request::OwnSpace)
            }
            Answer::Clash => {
                // Given back untouched, and passed over from now on.
                self.skip.push(held.node);
                self.give_back(RowHorizon::Keep, After::FindAgain)
            }
            _ => self.abort_claim(generator, Stop::Database(Doing::Claim)),
        }
    }

    fn after_own_space(&mut self, answer: Answer, generator: &mut impl Fenced) -> Next {
        match (answer, self.held) {
            (Answer::Changed(1), Some(held)) => self.ask(Step::Floors, Request::Floors { node: held.node }),
            (Answer::Changed(0), Some(_)) => self.abort_claim(generator, Stop::Split),
            _ => self.abort_claim(generator, Stop::Database(Doing::Claim)),
        }
    }

    /// A node whose horizon is not zuid's: its generator mints nothing, the
    /// node is given back untouched and passed over, and the claim goes on.
    fn pass_over(&mut self, node: u64, horizon: Option<u64>, reach: u64, generator: &mut impl Fenced) -> Next {
        generator.shut();
        self.skip.push(node);
        self.passed.push(Skipped { node, horizon, reach });
        self.give_back(RowHorizon::Keep, After::FindAgain)
    }

    /// A claim that cannot go on: its generator, if made, mints nothing,
    /// and the node is given back with its row's horizon untouched.
    fn abort_claim(&mut self, generator: &mut impl Fenced, stop: Stop) -> Next {
        if self.held.is_some_and(|h| h.started) {
            generator.shut();
        }
        self.give_back(RowHorizon::Keep, After::Stop(stop))
    }

    /// The horizon a new holder starts after: the highest the lease row,
    /// the ledger and the split's floor hold. Where this holder claims
    /// again a node it lost, and the row or the ledger still holds a
    /// horizon it reserved and renewed under, no later holder was granted
    /// anything (a later holder starts above that horizon, so reserves
    /// more): its own last tick stands for that value.
    ///
    /// A row or ledger horizon further ahead of the clock than any holder
    /// reserves is not one zuid wrote, and a row's horizon that cannot be
    /// read may be anything: the node is passed over (see [`Skipped`]).
    fn after_floors(&mut self, answer: Answer, now: Mono, generator: &mut impl Fenced) -> Next {
        let Some(held) = self.held else {
            return Next::Stopped(Stop::Database(Doing::Claim));
        };
        let reach = generator.propose(self.reach_ticks);
        let (row, fence, split) = match answer {
            Answer::Floors { row, fence, split } => (row, fence, split),
            Answer::Unreadable => return self.pass_over(held.node, None, reach, generator),
            _ => return self.abort_claim(generator, Stop::Database(Doing::Claim)),
        };
        let own = |value: Option<u64>| match self.lost {
            Some(lost) if lost.node == held.node && value.is_some() && value == lost.confirmed => lost.handover,
            _ => value,
        };
        let (row, fence) = (own(row), own(fence));
        if let Some(far) = [row, fence].into_iter().flatten().filter(|&h| h > reach).max() {
            return self.pass_over(held.node, Some(far), reach, generator);
        }
        let floor = [row, fence, split].into_iter().flatten().max();
        if let Some(tick) = floor {
            if generator.stay_after(tick).is_err() {
                return self.abort_claim(generator, Stop::NoneLeft);
            }
        }
        if let Some(held) = self.held.as_mut() {
            held.floor = floor;
        }
        self.renew(now, generator)
    }

    // Giving back -----------------------------------------------------------

    /// Gives the node held back, its row's horizon as `horizon` says; then
    /// `then`.
    fn give_back(&mut self, horizon: RowHorizon, then: After) -> Next {
        let Some(held) = self.held else {
            return self.finish(then);
        };
        self.ask(
            Step::GiveBack { horizon, then },
            Request::GiveBack {
                node: held.node,
                token: held.token,
                horizon,
            },
        )
    }

    /// After a give-back, the ledger is lowered to the hand-over, only from
    /// this holder's own reservation and only once the lease was still its
    /// own: nobody reserved after it, and it mints no more.
    fn after_give_back(&mut self, horizon: RowHorizon, then: After, answer: Answer) -> Next {
        let held = self.held.take();
        let lower = held.and_then(|h| Some((h.node, h.reserved?, horizon.ledger()?)));
        match (answer, lower) {
            (Answer::Changed(1), Some((node, from, to))) => {
                self.ask(Step::Lower { then }, Request::Lower { node, from, to })
            }
            // The node stays leased until it expires: say so, for good.
            (Answer::Failed, _) if then == After::Release => {
                self.closed = true;
                Next::Stopped(Stop::Database(Doing::Release))
            }
            _ => self.finish(then),
        }
    }

    /// The end of a give-back.
    fn finish(&mut self, then: After) -> Next {
        self.held = None;
        match then {
            After::Stop(stop) => Next::Stopped(stop),
            After::FindAgain => self.find(None),
            After::Release => {
                self.closed = true;
                Next::Released
            }
        }
    }
}

#[cfg(test)]
#[path = "machine_tests.rs"]
mod tests;
