//! The tests of the `fraglayout` binary: one test binary (one link, the files' tests run side
//! by side), each file a module, `support` the helpers they share.

mod support;

mod bounded;
mod cli;
mod commands;
mod conventions;
mod convert;
mod expand;
mod forms;
mod help;
mod json_answers;
mod large_tiles;
mod list;
mod option_values;
mod overflow;
mod path;
mod scales;
mod smem;
mod suggestions;
mod tmem;
