//! The report of a vector's invalid entries that becomes R's one warning:
//! how many there were and where the first few are.

/// How many invalid positions a call reports.
pub const POSITIONS_REPORTED: usize = 5;

/// Entries that were not IDs: how many, and the first positions (1-based).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Invalid {
    pub count: usize,
    pub positions: Vec<usize>,
}

impl Invalid {
    /// Notes the 0-based entry `i`.
    pub fn note(&mut self, i: usize) {
        self.count += 1;
        if self.positions.len() < POSITIONS_REPORTED {
            self.positions.push(i + 1);
        }
    }

    /// Adds the report of entries that start at 0-based `offset`, as the
    /// second half of a split input: counts add, positions stay in order.
    pub fn append(&mut self, later: Invalid, offset: usize) {
        for p in later.positions {
            if self.positions.len() < POSITIONS_REPORTED {
                self.positions.push(offset + p);
            }
        }
        self.count += later.count;
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_first_positions_are_kept() {
        let mut invalid = Invalid::default();
        for i in 0..100 {
            invalid.note(i);
        }
        assert_eq!(
            invalid,
            Invalid {
                count: 100,
                positions: vec![1, 2, 3, 4, 5]
            }
        );
    }

    #[test]
    fn appending_keeps_positions_in_order() {
        let mut first = Invalid::default();
        first.note(2);
        let mut second = Invalid::default();
        for i in [0, 4, 5, 6, 7] {
            second.note(i);
        }
        first.append(second, 10);
        assert_eq!(
            first,
            Invalid {
                count: 6,
                positions: vec![3, 11, 15, 16, 17]
            }
        );
    }
}
