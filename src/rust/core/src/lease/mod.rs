//! Node leases: the bit math of the nodes a lease row names, and the lease
//! protocol as one state machine that the database requests serve.

mod exchange;
mod fenced;
pub mod machine;
pub mod nodes;
