//! The one way zuid uses a second thread: an output of many rows is
//! filled in two halves side by side. Filling fresh output memory is mostly
//! the kernel supplying pages, which two threads do at once; below
//! [`PARALLEL_MIN`] rows a second thread costs more than it saves.

/// Below this many rows, one thread does all the work.
pub const PARALLEL_MIN: usize = 1 << 20;

/// An output that splits into the rows before `mid` and the rows from it.
pub trait Halves: Sized + Send {
    fn split_at(self, mid: usize) -> (Self, Self);
}

impl<T: Send> Halves for &mut [T] {
    fn split_at(self, mid: usize) -> (Self, Self) {
        self.split_at_mut(mid)
    }
}

/// Runs `work(out, first_row)` on `out`, which holds `n` rows: on all of
/// it at once for fewer than [`PARALLEL_MIN`] rows, else on its two halves
/// on two threads. `work` reports rows by their position in the whole
/// output (it is told where its part starts). The results are joined in
/// row order: an error of the first half wins over one of the second, as
/// one thread going through the rows in order would have stopped there. A
/// panic (a bug) in either half resurfaces here.
pub fn in_halves<S, R, E>(
    n: usize,
    out: S,
    work: impl Fn(S, usize) -> Result<R, E> + Sync,
    join: impl FnOnce(R, R) -> R,
) -> Result<R, E>
where
    S: Halves,
    R: Send,
    E: Send,
{
    if n < PARALLEL_MIN {
        return work(out, 0);
    }
    let mid = n / 2;
    let (first, second) = out.split_at(mid);
    let work = &work;
    let (a, b) = std::thread::scope(|scope| {
        let other = scope.spawn(move || work(second, mid));
        (work(first, 0), other.join())
    });
    let a = a?;
    let b = b.unwrap_or_else(|panic| std::panic::resume_unwind(panic))?;
    Ok(join(a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes each row's position, failing at the rows in `bad`.
    fn fill(out: &mut [usize], first: usize, bad: &[usize]) -> Result<usize, usize> {
        for (k, slot) in out.iter_mut().enumerate() {
            if bad.contains(&(first + k)) {
                return Err(first + k);
            }
            *slot = first + k;
        }
        Ok(out.len())
    }

    #[test]
    fn both_halves_are_filled_with_whole_output_positions() {
        for n in [0, 10, PARALLEL_MIN - 1, PARALLEL_MIN, PARALLEL_MIN + 7] {
            let mut out = vec![usize::MAX; n];
            let filled = in_halves(n, &mut out[..], |part, first| fill(part, first, &[]), |a, b| a + b);
            assert_eq!(filled, Ok(n));
            assert!(out.iter().enumerate().all(|(i, &x)| x == i), "n = {n}");
        }
    }

    #[test]
    fn the_first_error_by_position_wins() {
        let n = PARALLEL_MIN * 2;
        for bad in [vec![n - 1], vec![n / 2 + 3, n - 1], vec![5, n - 1], vec![5]] {
            let mut out = vec![0; n];
            let result = in_halves(n, &mut out[..], |part, first| fill(part, first, &bad), |a, b| a + b);
            assert_eq!(result, Err(bad[0]));
        }
    }

    #[test]
    #[should_panic(expected = "a bug")]
    fn a_panic_in_the_second_half_resurfaces() {
        let n = PARALLEL_MIN;
        let mut out = vec![0u8; n];
        let _ = in_halves(
            n,
            &mut out[..],
            |_, first| -> Result<(), ()> {
                if first > 0 {
                    panic!("a bug");
                }
                Ok(())
            },
            |_, _| (),
        );
    }
}
