//! The extendr binding of zuid: R vectors in, slices to the core, R vectors
//! out. It converts and calls; the rules live in the core (`zuid_core`),
//! argument checks and the wording of conditions in R. Nothing here may put
//! text a user wrote into an R error (extendr hands error text to R as a
//! format string), so every function returns its value with its problems,
//! as `reply::reply` builds them.

use extendr_api::prelude::*;

mod bases;
mod capacity;
mod catch;
mod compose;
mod damage;
mod damage_wide;
mod decode;
mod explain;
mod facts;
mod generator;
mod ids;
mod input;
mod layout;
mod lease;
mod links;
mod mint;
mod mint_wide;
mod pages;
mod reply;
mod rounded;
mod script;
mod scru64;
mod text;
mod tid;
mod times;
mod vectors;
mod wide;
mod wide_explain;
mod wide_range;

#[cfg(test)]
mod r_session;

extendr_module! {
    mod zuid;
    use bases;
    use capacity;
    use compose;
    use damage;
    use damage_wide;
    use decode;
    use explain;
    use facts;
    use generator;
    use ids;
    use layout;
    use lease;
    use links;
    use mint_wide;
    use reply;
    use rounded;
    use scru64;
    use tid;
    use wide;
    use wide_explain;
    use wide_range;
    use times;
}
