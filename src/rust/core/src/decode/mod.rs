//! Decoding columns: many IDs at once into the time and field columns R
//! allocated, the order of IDs as unsigned numbers, the forms IDs go back
//! to R in, and the one way a second thread helps.

pub mod columns;
pub mod order;
pub mod output;
pub mod parallel;
