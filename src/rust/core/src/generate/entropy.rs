//! Random bits from the operating system for minting 128-bit IDs, never
//! from R's RNG (which `set.seed()` makes repeat across processes). Linux's
//! getrandom(2), else /dev/urandom, read in blocks; a block read before a
//! fork is thrown away in the child, so that the child's IDs do not repeat
//! the parent's.

use std::io::Read;

const BLOCK: usize = 4096;

/// A buffer of OS randomness that knows the process it was read in.
pub struct Entropy {
    buf: Box<[u8; BLOCK]>,
    used: usize,
    pid: u32,
}

impl Default for Entropy {
    fn default() -> Self {
        Entropy::new()
    }
}

impl Entropy {
    pub fn new() -> Entropy {
        Entropy {
            buf: Box::new([0; BLOCK]),
            used: BLOCK,
            pid: std::process::id(),
        }
    }

    /// Whether this process is not the one the buffer was read in (a
    /// forked child); the buffer is then dropped and the pid renewed.
    pub fn forked(&mut self) -> bool {
        let pid = std::process::id();
        if pid == self.pid {
            return false;
        }
        self.pid = pid;
        self.used = BLOCK;
        true
    }

    /// 128 random bits, or `None` when the OS gives none.
    pub fn next_u128(&mut self) -> Option<u128> {
        if self.used + 16 > BLOCK {
            if !os_random(&mut self.buf[..]) {
                return None;
            }
            self.used = 0;
        }
        let mut bytes = [0u8; 16];
        bytes.copy_from_slice(&self.buf[self.used..self.used + 16]);
        self.used += 16;
        Some(u128::from_le_bytes(bytes))
    }
}

#[cfg(target_os = "linux")]
extern "C" {
    fn getrandom(buf: *mut u8, buflen: usize, flags: u32) -> isize;
}

/// Fills `buf` from the OS; false when neither source answers.
pub fn os_random(buf: &mut [u8]) -> bool {
    #[cfg(target_os = "linux")]
    {
        let mut filled = 0;
        while filled < buf.len() {
            let rest = &mut buf[filled..];
            // SAFETY: the pointer and length are those of a live slice.
            let got = unsafe { getrandom(rest.as_mut_ptr(), rest.len(), 0) };
            if got <= 0 {
                break;
            }
            filled += got as usize;
        }
        if filled == buf.len() {
            return true;
        }
    }
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(buf))
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_differ_and_are_not_all_zero() {
        let mut e = Entropy::new();
        let draws: Vec<u128> = (0..600)
            .map(|_| e.next_u128().expect("the OS gives randomness"))
            .collect();
        let mut sorted = draws.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), draws.len());
        assert!(!e.forked());
    }

    #[test]
    fn a_new_pid_drops_the_buffer() {
        let mut e = Entropy::new();
        let first = e.next_u128();
        e.pid = e.pid.wrapping_add(1);
        assert!(e.forked());
        assert_eq!(e.used, BLOCK);
        assert_ne!(e.next_u128(), first);
    }
}
