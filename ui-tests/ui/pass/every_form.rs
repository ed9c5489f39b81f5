// Every form the macros accept, built and run as one program: each module under `forms/` is one
// form, with a comment on what it shows and a `main` that runs it and asserts what it computes.
//
// One program rather than a case per form: trybuild builds a pass case, then runs it with other
// compiler flags, which builds it a second time; ten cases were twenty builds and twenty runs of
// `cargo` where one program is two. A failure still names its form: the compiler's messages
// and the panics point at the file under `forms/`.

#[path = "forms/broadcast.rs"]
mod broadcast;

#[path = "forms/convert_generic.rs"]
mod convert_generic;

#[path = "forms/convert_many_warps.rs"]
mod convert_many_warps;

#[path = "forms/fragment_catalog_spellings.rs"]
mod fragment_catalog_spellings;

#[path = "forms/gather_packed.rs"]
mod gather_packed;

#[path = "forms/generic_functions.rs"]
mod generic_functions;

#[path = "forms/generic_thread_count.rs"]
mod generic_thread_count;

#[path = "forms/matrix_rows.rs"]
mod matrix_rows;

#[path = "forms/method_with_receiver.rs"]
mod method_with_receiver;

#[path = "forms/parenthesised_rows.rs"]
mod parenthesised_rows;

#[path = "forms/scatter_all_lanes.rs"]
mod scatter_all_lanes;

#[path = "forms/shared_staging.rs"]
mod shared_staging;

#[path = "forms/suggested.rs"]
mod suggested;

#[path = "forms/thread_typed.rs"]
mod thread_typed;

#[path = "forms/user_inline_attribute.rs"]
mod user_inline_attribute;

fn main() {
    broadcast::main();
    convert_generic::main();
    convert_many_warps::main();
    fragment_catalog_spellings::main();
    gather_packed::main();
    generic_functions::main();
    generic_thread_count::main();
    matrix_rows::main();
    method_with_receiver::main();
    parenthesised_rows::main();
    scatter_all_lanes::main();
    shared_staging::main();
    suggested::main();
    thread_typed::main();
    user_inline_attribute::main();
}
