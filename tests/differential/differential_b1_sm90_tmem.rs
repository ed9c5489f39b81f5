//! The differential test (`main.rs`) of the 1-bit `mma` operands, the `wgmma` register operands
//! and sparse metadata, and the TMEM layouts: a binary of its own (`layouts.rs`).

#[macro_use]
mod harness;
use harness::*;

macro_rules! layouts {
    ($($list:ident { $($layouts:tt)* })*) => {
        $(layouts!(@pick $list { $($layouts)* });)*
    };
    (@pick b1_sm90_tmem { $($layouts:tt)* }) => {
        differential! { $($layouts)* }
    };
    (@pick $other:ident { $($layouts:tt)* }) => {};
}

include!("layouts.rs");
