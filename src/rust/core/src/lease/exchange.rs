//! What the lease machine and the database layer say to each other: the
//! requests it makes, the answers it takes, what it tells its caller to do
//! next, why it stops (as R's problems know it) and what it passes over.

use super::machine::{MAX_ATTEMPTS, MAX_SLOW};
use crate::problem::{Code, Problem};
use std::time::Duration;

/// What the lease asks of the database (or of R, for `Start`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Whether the connection is outside any transaction, so that what the
    /// next statements write is committed as they run.
    Outside,
    /// A free node: `prefer` when it is free, else the lowest whose lease
    /// was given back or expired, else the lowest with no lease row; none
    /// of `skip`.
    Find { prefer: Option<u64>, skip: Vec<u64> },
    /// Takes `node` for `token`: inserts its row (`fresh`), or takes the
    /// row if its lease is still given back or expired. Answers the rows
    /// changed.
    Take { node: u64, fresh: bool, token: u64 },
    /// Makes the generator of `node` (R's in-process registry may refuse it).
    Start { node: u64 },
    /// Takes the space for this split, if no other split owns it or its
    /// ownership expired; a split that takes it from another records the
    /// space's horizon as its floor. Answers the rows changed.
    OwnSpace,
    /// The horizons a new holder of `node` starts above.
    Floors { node: u64 },
    /// Raises the space's horizon to `horizon` and extends its ownership,
    /// if this split owns it. Answers the rows changed.
    ReserveSpace { horizon: u64 },
    /// Raises the ledger's horizon of `node` to `horizon`.
    ReserveNode { node: u64, horizon: u64 },
    /// Renews the lease of `node` if `token` still holds it, recording
    /// `horizon`. A renewal sends it twice, before and after reserving the
    /// horizon. Answers the rows changed.
    Extend { node: u64, token: u64, horizon: u64 },
    /// Gives `node` back if `token` still holds it, its row's horizon as
    /// `horizon` says. Answers the rows changed.
    GiveBack { node: u64, token: u64, horizon: RowHorizon },
    /// Lowers the ledger's horizon of `node` from `from` (this holder's own
    /// reservation) to `to`, only if it still is `from`.
    Lower { node: u64, from: u64, to: Option<u64> },
}

/// What a give-back leaves as its row's horizon, for the next holder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowHorizon {
    /// As it is: a claim that stops before minting leaves the previous
    /// holder's horizon standing.
    Keep,
    /// This tick: the last the holder minted in (or the floor it stayed
    /// above).
    Set(u64),
    /// None: the holder minted nothing and stayed above nothing.
    Clear,
}

impl RowHorizon {
    /// The hand-over of a generator that was shut: where it stopped.
    pub fn of(handover: Option<u64>) -> RowHorizon {
        handover.map_or(RowHorizon::Clear, RowHorizon::Set)
    }

    /// The ledger's value after the hand-over, where it is one.
    pub(super) fn ledger(self) -> Option<Option<u64>> {
        match self {
            RowHorizon::Keep => None,
            RowHorizon::Set(tick) => Some(Some(tick)),
            RowHorizon::Clear => Some(None),
        }
    }
}

/// The database's answer to a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Outside(bool),
    Found {
        node: u64,
        fresh: bool,
    },
    NoneFree,
    /// Rows changed by a write.
    Changed(u64),
    /// A write that changes what it may (an upsert, a conditional lowering).
    Done,
    Started,
    /// R's registry refused the node: a generator of this process mints it.
    Clash,
    /// The horizons above which a new holder starts: the lease row's, the
    /// node's in the ledger, the floor of the space's split.
    Floors {
        row: Option<u64>,
        fence: Option<u64>,
        split: Option<u64>,
    },
    /// The node's lease row holds a horizon that is not a tick (negative,
    /// text, too large): another client wrote it.
    Unreadable,
    /// The statement failed, or its answer cannot be read: a write may or
    /// may not have been made.
    Failed,
}

/// What the lease is doing when it stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doing {
    Claim,
    Renew,
    Release,
}

impl Doing {
    pub fn name(self) -> &'static str {
        match self {
            Doing::Claim => "claim",
            Doing::Renew => "renew",
            Doing::Release => "release",
        }
    }

    pub fn from_name(name: &str) -> Option<Doing> {
        [Doing::Claim, Doing::Renew, Doing::Release]
            .into_iter()
            .find(|d| d.name() == name)
    }
}

/// Why an operation stopped. The generator mints nothing that the stop
/// could make unsafe: a renewal that stops leaves the previous grant, which
/// stays within what was reserved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The connection is inside a transaction.
    InTransaction(Doing),
    /// A statement failed, or its answer could not be read.
    Database(Doing),
    /// Every node is held; `skipped` of them by generators of this process.
    /// `lost` is the node whose lease this holder lost, if it was claiming
    /// again.
    AllTaken { skipped: usize, lost: Option<u64> },
    /// Other processes won every race for a node.
    Contention,
    /// Another split of the ID space owns it.
    Split,
    /// No ID of the node lies above the horizon it must start after.
    NoneLeft,
    /// Renewals keep ending after their window: the last took `took`.
    Slow { took: Duration },
    /// The lease was given back: the generator mints no more.
    Released,
}

/// A stop as R's messages know it.
impl From<Stop> for Problem {
    fn from(stop: Stop) -> Problem {
        match stop {
            Stop::InTransaction(doing) => Problem::new(Code::LeaseTransaction).element(doing.name()),
            Stop::Database(doing) => Problem::new(Code::LeaseDatabase).element(doing.name()),
            Stop::AllTaken { skipped, lost } => {
                let problem = Problem::new(Code::LeaseAllTaken).value(skipped as f64);
                match lost {
                    Some(node) => problem.detail(node as f64),
                    None => problem,
                }
            }
            Stop::Contention => Problem::new(Code::LeaseContention).value(f64::from(MAX_ATTEMPTS)),
            Stop::Split => Problem::new(Code::LeaseSplit),
            Stop::NoneLeft => Problem::new(Code::LeaseNoneLeft),
            Stop::Slow { took } => Problem::new(Code::LeaseSlow)
                .value(took.as_millis() as f64)
                .detail(f64::from(MAX_SLOW)),
            Stop::Released => Problem::new(Code::LeaseReleased),
        }
    }
}

/// What the caller does next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    Do(Request),
    /// The operation is done; the generator mints within its grant.
    Minting,
    /// The lease was given back.
    Released,
    Stopped(Stop),
}

/// Something the user should hear of, though minting goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The lease of node `from` was lost (another client took, gave back,
    /// deleted or changed its row); the generator now holds node `to`.
    Moved { from: u64, to: u64 },
}

/// A node a claim passed over because what its lease row or the ledger
/// holds is not a horizon zuid reserved: `horizon` lies past `reach`, the
/// furthest a holder reserves ahead of this generator's clock (with
/// [`CLOCK_ALLOWANCE_MS`]), or is `None`: the row's horizon cannot be
/// read. The claim never starts above it, so it is never waited for,
/// minted at, nor copied into the ledger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skipped {
    pub node: u64,
    pub horizon: Option<u64>,
    pub reach: u64,
}
