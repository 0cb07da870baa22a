//! Text forms: reading one ID from the text it is written in (decimal
//! digits, a layout's own form, the bases other libraries use) and writing
//! it back.

pub mod bases;
pub mod entry;
pub mod parse;
pub mod scru64;
pub mod sql_bounds;
pub mod tid;
pub mod write;
