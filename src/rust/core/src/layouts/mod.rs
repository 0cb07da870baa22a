//! Layouts: how an ID's bits split into a time, node fields and a
//! sequence, the built-in ones defined once, the tick a time counts in, and
//! what a layout's time part can hold, and times written and read as text.

pub mod builtin;
pub mod capacity;
pub mod layout;
pub mod time_text;
pub mod timestamp;
pub mod unit;
