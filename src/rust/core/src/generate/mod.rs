//! Generating: minting IDs that stay unique and ordered through clock
//! faults, bursts and forks, the numbers they mint by, the clock they read,
//! minting in slices of wall time, new generators from R's values, and the
//! generators alive in the process.

pub mod clock;
pub mod facts;
pub mod generator;
pub mod registry;
pub mod sliced;
pub mod start;
