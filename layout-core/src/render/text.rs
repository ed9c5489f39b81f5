//! Text helpers the renderers share: counting characters, decimal digits, spaces.

use core::fmt;

/// Counts the characters written, to size text before writing it.
pub(crate) struct Count(pub usize);

impl fmt::Write for Count {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0 += s.chars().count();
        Ok(())
    }
}

/// The characters `f` writes.
pub(crate) fn len_of(f: impl FnOnce(&mut Count) -> fmt::Result) -> usize {
    let mut c = Count(0);
    let _ = f(&mut c);
    c.0
}

/// Decimal digits of `v`.
pub(crate) const fn digits(mut v: u64) -> usize {
    let mut k = 1;
    while v >= 10 {
        v /= 10;
        k += 1;
    }
    k
}

/// Writes `k` spaces.
pub(crate) fn spaces<W: fmt::Write + ?Sized>(w: &mut W, k: usize) -> fmt::Result {
    for _ in 0..k {
        w.write_char(' ')?;
    }
    Ok(())
}
