//! Reading the function under `#[matrix_rows]` into [`Rows`]: one parameter, the thread index
//! of a primitive integer type; a primitive integer return type; an empty body. Each check
//! looks at one part and pushes what is wrong with it, so every problem is reported at once.

use super::ast::{integer_name, Args, Rows};
use crate::fragment::errors::Errors;
use crate::fragment::parse::{ident_of, parameters};
use syn::{ItemFn, ReturnType};

/// The signature a row-address function has, for messages.
const SHAPE: &str = "fn a_row(lane: u32) -> u32 {}";

/// The parts of `item` the expansion reads, or every problem found with them; `raw`
/// is `item`'s tokens as the macro received them.
pub fn rows<'a>(
    args: &'a Args,
    item: &'a ItemFn,
    raw: &proc_macro2::TokenStream,
) -> syn::Result<Rows<'a>> {
    let mut errors = Errors::default();
    let sig = &item.sig;
    let inputs = parameters(
        sig,
        1,
        "a row-address function takes 1 parameter, the lane (or, for a warpgroup fragment, the \
         thread index)",
        SHAPE,
        &mut errors,
    );
    let thread = inputs.first().and_then(|arg| {
        let found = ident_of(arg);
        match found {
            None => errors.push(syn::Error::new_spanned(
                arg,
                format!("the lane must be a plain name with a type: `{SHAPE}`"),
            )),
            Some((_, ty)) if integer_name(ty).is_none() => errors.push(syn::Error::new_spanned(
                ty,
                "the lane is an integer: give it a primitive integer type such as `u32`",
            )),
            Some(_) => {}
        }
        found
    });
    let ret = match &sig.output {
        ReturnType::Type(_, ty) if integer_name(ty).is_some() => Some(&**ty),
        ReturnType::Type(_, ty) => {
            errors.push(syn::Error::new_spanned(
                ty,
                "a row-address function returns the byte offset from the tile's base: a primitive integer type such as `u32`",
            ));
            None
        }
        ReturnType::Default => {
            errors.push(syn::Error::new(
                sig.ident.span(),
                "a row-address function returns the byte offset from the tile's base: add `-> u32`",
            ));
            None
        }
    };
    if !item.block.stmts.is_empty() {
        errors.push(syn::Error::new_spanned(
            &item.block,
            "#[matrix_rows] generates the body: leave it empty, `{}`",
        ));
    }
    errors.extend(crate::reserved::reserved_names(raw, "#[matrix_rows]"));
    errors.finish()?;
    let (Some((thread, thread_ty)), Some(ret)) = (thread, ret) else {
        unreachable!("#[matrix_rows]: a part is missing and no check reported it")
    };
    Ok(Rows {
        args,
        item,
        thread,
        thread_ty,
        ret,
    })
}
