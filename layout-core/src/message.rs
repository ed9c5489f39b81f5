//! A fixed-capacity text buffer that `const fn`s can write into, so the same words serve a
//! compile-time assertion (`const _: () = ...;`), `Display`, and the proc macros.

use crate::{Digit, Source};

/// Capacity of a [`Message`] in bytes; longer text is cut at a character boundary.
pub const MESSAGE_CAPACITY: usize = 512;

/// A short message built in `const` context.
#[derive(Clone, Copy)]
pub struct Message {
    buf: [u8; MESSAGE_CAPACITY],
    len: usize,
}

impl Message {
    /// An empty message.
    pub const fn new() -> Message {
        Message {
            buf: [0; MESSAGE_CAPACITY],
            len: 0,
        }
    }

    /// Appends text; what does not fit is dropped.
    pub const fn push(&mut self, s: &str) {
        let bytes = s.as_bytes();
        let mut i = 0;
        while i < bytes.len() && self.len < MESSAGE_CAPACITY {
            self.buf[self.len] = bytes[i];
            self.len += 1;
            i += 1;
        }
    }

    /// Appends a number in decimal, for products of several `u32` or `u64` that pass `u64`.
    pub const fn push_wide(&mut self, n: u128) {
        const TEN_19: u128 = 10_000_000_000_000_000_000;
        if n <= u64::MAX as u128 {
            self.push_num(n as u64);
            return;
        }
        // Above u64: the high part, then the low 19 digits with their leading zeros.
        self.push_wide(n / TEN_19);
        let low = (n % TEN_19) as u64;
        let mut place = low;
        let mut zeros = 18;
        while place >= 10 {
            place /= 10;
            zeros -= 1;
        }
        while zeros > 0 {
            self.push("0");
            zeros -= 1;
        }
        self.push_num(low);
    }

    /// Appends a number in decimal.
    pub const fn push_num(&mut self, n: u64) {
        let mut digits = [0u8; 20];
        let mut k = 0;
        let mut v = n;
        loop {
            digits[k] = b'0' + (v % 10) as u8;
            k += 1;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        while k > 0 && self.len < MESSAGE_CAPACITY {
            k -= 1;
            self.buf[self.len] = digits[k];
            self.len += 1;
        }
    }

    /// Appends a digit's expression in its canonical form: `lane`, `lane % 4`, `lane / 4`,
    /// `lane / 4 % 2` (the `% range` is left out where the digit is the input's top one).
    pub const fn push_digit(&mut self, d: &Digit, extent: u32) {
        self.push(d.source.name());
        if d.divisor != 1 {
            self.push(" / ");
            self.push_num(d.divisor as u64);
        }
        if d.top() != extent as u64 {
            self.push(" % ");
            self.push_num(d.range as u64);
        }
    }

    /// Appends `source / divisor % range` for a sub-digit that no declared digit names.
    pub const fn push_sub_digit(&mut self, source: Source, divisor: u64, range: u64, extent: u32) {
        self.push(source.name());
        if divisor != 1 {
            self.push(" / ");
            self.push_num(divisor);
        }
        let top = match divisor.checked_mul(range) {
            Some(t) => t == extent as u64,
            None => false,
        };
        if !top {
            self.push(" % ");
            self.push_num(range);
        }
    }

    /// The text written so far.
    pub const fn as_str(&self) -> &str {
        let (head, _) = self.buf.split_at(self.len);
        match core::str::from_utf8(head) {
            Ok(s) => s,
            Err(e) => {
                let (valid, _) = head.split_at(e.valid_up_to());
                match core::str::from_utf8(valid) {
                    Ok(s) => s,
                    Err(_) => "",
                }
            }
        }
    }
}

impl Default for Message {
    fn default() -> Self {
        Message::new()
    }
}

/// Formatting into a message, cut as [`push`](Message::push) cuts.
impl core::fmt::Write for Message {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.push(s);
        Ok(())
    }
}

impl core::fmt::Display for Message {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl core::fmt::Debug for Message {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq for Message {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Message {}
