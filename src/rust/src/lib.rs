//! The extendr binding of zuid: R vectors in, slices to the core, R vectors
//! out. Argument checks and the wording of conditions live in R; nothing
//! here may put text a user wrote into an R error (extendr hands error text
//! to R as a format string), so every function returns its value with its
//! problems, as `problem::reply` builds them.

use extendr_api::prelude::*;

mod alloc;
mod bases;
mod capacity;
mod catch;
mod compose;
mod damage;
mod decode;
mod explain;
mod generator;
mod ids;
mod input;
mod layout;
mod mint;
mod output;
mod problem;
mod registry;
mod scru64;
mod tid;

extendr_module! {
    mod zuid;
    use bases;
    use capacity;
    use compose;
    use damage;
    use decode;
    use explain;
    use generator;
    use ids;
    use layout;
    use problem;
    use scru64;
    use tid;
}
