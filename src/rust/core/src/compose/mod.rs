//! Composing: building IDs from their parts and times, and the ID bounds
//! of a time range.

pub mod composer;
pub mod plan;
