//! Renewing a lease: reserving the next horizon in the ledger (the
//! space's, then the node's) and extending the lease row under the token,
//! the window counted from before the request was sent.

use super::*;

impl Lease {
    pub(super) fn renew(&mut self, now: Mono, generator: &mut impl Fenced) -> Next {
        let horizon = generator.propose(self.window_ticks);
        self.extend(horizon, now, false)
    }

    pub(super) fn extend(&mut self, horizon: u64, began: Mono, confirm: bool) -> Next {
        let Some(held) = self.held else {
            return Next::Stopped(Stop::Database(Doing::Renew));
        };
        self.ask(
            Step::Extend {
                horizon,
                began,
                confirm,
            },
            Request::Extend {
                node: held.node,
                token: held.token,
                horizon,
            },
        )
    }

    pub(super) fn after_reserve_space(
        &mut self,
        horizon: u64,
        began: Mono,
        answer: Answer,
        generator: &mut impl Fenced,
    ) -> Next {
        let Some(held) = self.held else {
            return Next::Stopped(Stop::Database(Doing::Renew));
        };
        match answer {
            Answer::Changed(1) => self.ask(
                Step::ReserveNode { horizon, began },
                Request::ReserveNode {
                    node: held.node,
                    horizon,
                },
            ),
            // Another split owns the space now: this one mints no more
            // here, and gives its node back.
            Answer::Changed(0) => {
                let handover = self.shut(generator);
                self.give_back(RowHorizon::of(handover), After::Stop(Stop::Split))
            }
            _ => Next::Stopped(Stop::Database(Doing::Renew)),
        }
    }

    pub(super) fn after_reserve_node(&mut self, horizon: u64, began: Mono, answer: Answer) -> Next {
        let Some(held) = self.held.as_mut() else {
            return Next::Stopped(Stop::Database(Doing::Renew));
        };
        match answer {
            Answer::Done => {
                held.reserved = Some(horizon);
                self.extend(horizon, began, true)
            }
            _ => Next::Stopped(Stop::Database(Doing::Renew)),
        }
    }

    pub(super) fn after_extend(
        &mut self,
        horizon: u64,
        began: Mono,
        confirm: bool,
        answer: Answer,
        now: Mono,
        generator: &mut impl Fenced,
    ) -> Next {
        let Some(held) = self.held.as_mut() else {
            return Next::Stopped(Stop::Database(Doing::Renew));
        };
        match answer {
            Answer::Changed(1) if !confirm => {
                self.ask(Step::ReserveSpace { horizon, began }, Request::ReserveSpace { horizon })
            }
            Answer::Changed(1) => {
                held.extended = Some(horizon);
                let until = began + self.window;
                generator.open(horizon, until);
                if let Some(lost) = self.lost.take() {
                    self.notice = Some(Notice::Moved {
                        from: lost.node,
                        to: held.node,
                    });
                }
                if now >= until {
                    self.slow += 1;
                    if self.slow >= MAX_SLOW {
                        return Next::Stopped(Stop::Slow { took: now - began });
                    }
                } else {
                    self.slow = 0;
                }
                Next::Minting
            }
            // The lease is no longer this holder's: its generator stops,
            // and the lease is claimed again, the same node preferred.
            Answer::Changed(0) => {
                let (node, confirmed) = (held.node, held.extended);
                let handover = self.shut(generator);
                self.lost = Some(Lost {
                    node,
                    confirmed,
                    handover,
                });
                self.held = None;
                self.claim(self.lost.map(|l| l.node))
            }
            _ => Next::Stopped(Stop::Database(Doing::Renew)),
        }
    }
}
