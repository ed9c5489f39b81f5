//! Reading the function under `#[convert_layout]` into a [`Conversion`]. Each check looks at one
//! part of the signature and pushes what is wrong with it, so every problem is reported at once.

use super::ast::{Args, Conversion};
use crate::fragment::errors::Errors;
use crate::fragment::parse::{array_of, ident_of, parameters, Array};
use layout_core::convert::MAX_PLAN_ELEMENTS;
use quote::ToTokens;
use syn::spanned::Spanned;
use syn::{ItemFn, ReturnType, Type};

/// The signature a conversion has, for messages.
const SHAPE: &str =
    "fn convert(lane: u32, from: &[f32; 8], shuffle: impl FnMut(f32, u32) -> f32) -> [f32; 8] {}";

/// The parts of `item` that the expansion reads, or every problem found with them; `raw`
/// is `item`'s tokens as the macro received them.
pub fn conversion<'a>(
    args: &'a Args,
    item: &'a ItemFn,
    raw: &proc_macro2::TokenStream,
) -> syn::Result<Conversion<'a>> {
    let mut errors = Errors::default();
    let sig = &item.sig;
    let inputs = parameters(
        sig,
        3,
        "a conversion takes 3 parameters, the lane, the source fragment and the shuffle",
        SHAPE,
        &mut errors,
    );
    let named = |k: usize, what: &str, errors: &mut Errors| {
        let arg = inputs.get(k)?;
        let found = ident_of(arg);
        if found.is_none() {
            errors.push(syn::Error::new(
                arg.span(),
                format!("the {what} must be a plain name with a type: `{SHAPE}`"),
            ));
        }
        found
    };
    let lane = named(0, "lane", &mut errors);
    let from = named(1, "source fragment", &mut errors);
    let shuffle = named(2, "shuffle", &mut errors);
    let source = from.and_then(|(_, ty)| source_array(ty, &mut errors));
    let result = result_array(sig, &mut errors);
    if let (Some((s, _)), Some(r)) = (&source, &result) {
        agree(s, r, &mut errors);
    }
    if let Some((s, _)) = &source {
        if s.len == 0 || s.len > MAX_PLAN_ELEMENTS {
            errors.push(syn::Error::new(
                s.len_tokens.span(),
                format!(
                    "a conversion plans fragments of 1 to {MAX_PLAN_ELEMENTS} elements per lane, not {}",
                    s.len
                ),
            ));
        }
    }
    if !item.block.stmts.is_empty() {
        errors.push(syn::Error::new_spanned(
            &item.block,
            "#[convert_layout] generates the body: leave it empty, `{}`",
        ));
    }
    errors.extend(crate::reserved::reserved_names(raw, "#[convert_layout]"));
    errors.finish()?;
    let (Some((lane, lane_ty)), Some((from, _)), Some((shuffle, _)), Some((source, by_ref))) =
        (lane, from, shuffle, source)
    else {
        unreachable!("#[convert_layout]: a part is missing and no check reported it")
    };
    Ok(Conversion {
        args,
        item,
        lane,
        lane_ty,
        from,
        from_by_ref: by_ref,
        shuffle,
        len: source.len,
        len_tokens: source.len_tokens,
        element: source.element,
    })
}

/// The source fragment: `[T; N]` or `&[T; N]`, and whether it is a reference.
fn source_array<'a>(ty: &'a Type, errors: &mut Errors) -> Option<(Array<'a>, bool)> {
    let by_ref = match ty {
        Type::Reference(r) if r.mutability.is_some() => {
            errors.push(syn::Error::new_spanned(
                ty,
                "the source fragment is only read: take it as `&[T; N]` or `[T; N]`, not `&mut`",
            ));
            // Still compared with the result below, so its problems show at the same time.
            true
        }
        Type::Reference(_) => true,
        _ => false,
    };
    match array_of(ty) {
        Some(Ok(a)) => Some((a, by_ref)),
        Some(Err(e)) => {
            errors.push(e);
            None
        }
        None => {
            errors.push(syn::Error::new_spanned(
                ty,
                "the second parameter is the source fragment: an array such as `&[f32; 8]`",
            ));
            None
        }
    }
}

/// The converted fragment the function returns: `[T; N]`.
fn result_array<'a>(sig: &'a syn::Signature, errors: &mut Errors) -> Option<Array<'a>> {
    let ty = match &sig.output {
        ReturnType::Type(_, ty) => ty,
        ReturnType::Default => {
            errors.push(syn::Error::new(
                sig.ident.span(),
                "a conversion returns the converted fragment: add a return type such as `-> [f32; 8]`",
            ));
            return None;
        }
    };
    match (&**ty, array_of(ty)) {
        (Type::Array(_), Some(Ok(a))) => Some(a),
        (_, Some(Err(e))) => {
            errors.push(e);
            None
        }
        _ => {
            errors.push(syn::Error::new_spanned(
                ty,
                "a conversion returns the converted fragment by value: an array such as `[f32; 8]`",
            ));
            None
        }
    }
}

/// The source and the result hold as many elements, of the same type: a conversion moves
/// values, it does not change them.
fn agree(source: &Array, result: &Array, errors: &mut Errors) {
    if source.len != result.len {
        errors.push(syn::Error::new(
            result.len_tokens.span(),
            format!(
                "the result has {} elements and the source {}: a conversion moves each lane's elements, so both have the same count",
                result.len, source.len
            ),
        ));
    }
    let (s, r) = (
        source.element.to_token_stream().to_string(),
        result.element.to_token_stream().to_string(),
    );
    if s != r {
        errors.push(syn::Error::new_spanned(
            result.element,
            format!("the result's elements are `{r}` and the source's `{s}`: a conversion moves values without changing them (convert the type before or after)"),
        ));
    }
}
