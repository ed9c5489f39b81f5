//! The differential test (`main.rs`) of the `wgmma` accumulators `SM90_64xNx16_F32_C` for N
//! from 216 to 256: a binary of its own, one of three (`layouts.rs`).

#[macro_use]
mod harness;
use harness::*;

macro_rules! layouts {
    ($($list:ident { $($layouts:tt)* })*) => {
        $(layouts!(@pick $list { $($layouts)* });)*
    };
    (@pick wgmma_n216_256 { $($layouts:tt)* }) => {
        differential! { $($layouts)* }
    };
    (@pick $other:ident { $($layouts:tt)* }) => {};
}

include!("layouts.rs");
