//! One list for every problem a check finds, reported together as one `syn::Error`.

/// The problems found so far, in the order the checks found them.
#[derive(Default)]
pub struct Errors(Vec<syn::Error>);

impl Errors {
    pub fn push(&mut self, e: syn::Error) {
        self.0.push(e);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn extend(&mut self, es: impl IntoIterator<Item = syn::Error>) {
        self.0.extend(es);
    }

    /// `Ok` when no check failed, else every problem combined in order: the compiler shows
    /// each one on its own tokens.
    pub fn finish(self) -> syn::Result<()> {
        match self.0.into_iter().reduce(|mut all, e| {
            all.combine(e);
            all
        }) {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}
