//! `fraglayout`: the catalog's fragment layouts from the command line (`fraglayout --help`).
//! The commands are the `fraglayout_cli` library (`src/lib.rs`).

fn main() -> std::process::ExitCode {
    fraglayout_cli::main()
}
