//! Generating: minting IDs that stay unique and ordered through clock
//! faults, bursts and forks, the numbers they mint by, the clock they read,
//! minting in slices of wall time, new generators from R's values, the
//! generators alive in the process, and minting 128-bit IDs from OS
//! randomness.

pub mod clock;
pub mod entropy;
pub mod facts;
pub mod generator;
pub mod registry;
pub mod sliced;
pub mod start;
pub mod wide_mint;
