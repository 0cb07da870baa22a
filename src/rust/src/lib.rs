//! The extendr binding of zuid: R vectors in, slices to the core, R vectors
//! out. Argument checks and conditions live in R; nothing here may put text
//! a user wrote into an R error (extendr hands error text to R as a format
//! string), so problems come back to R as values.

use extendr_api::prelude::*;

mod alloc;
mod compose;
mod decode;
mod generator;
mod input;
mod interrupt;
mod layout;
mod output;
mod scru64;

extendr_module! {
    mod zuid;
    use compose;
    use decode;
    use generator;
    use layout;
    use scru64;
}
