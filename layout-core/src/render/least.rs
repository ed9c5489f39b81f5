//! The first few claims of a set offered in any order, and how many were offered.

/// A claimant: `(thread, e)`.
pub(crate) type Claim = (u32, u32);

/// Keeps the `K` least claims in `(thread, e)` order of those offered, and counts them all.
///
/// ```text
/// offer (5, 0), (1, 1), (3, 0), (1, 0) into Least<2>  ->  claims [(1, 0), (1, 1)], count 4
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Least<const K: usize> {
    claims: [Claim; K],
    /// How many were offered (saturating).
    pub count: u32,
}

impl<const K: usize> Least<K> {
    /// Nothing offered yet.
    pub const fn new() -> Least<K> {
        Least {
            claims: [(0, 0); K],
            count: 0,
        }
    }

    /// One claim: kept when among the `K` least so far.
    pub fn offer(&mut self, c: Claim) {
        let len = self.len();
        self.count = self.count.saturating_add(1);
        if len == K && (K == 0 || c >= self.claims[K - 1]) {
            return;
        }
        // Insertion into the sorted prefix; the last one drops out when full.
        let mut i = len.min(K - 1);
        while i > 0 && self.claims[i - 1] > c {
            self.claims[i] = self.claims[i - 1];
            i -= 1;
        }
        self.claims[i] = c;
    }

    /// How many are kept: `min(count, K)`.
    pub fn len(&self) -> usize {
        (self.count as usize).min(K)
    }

    /// The kept claims, least first.
    pub fn claims(&self) -> &[Claim] {
        &self.claims[..self.len()]
    }

    /// The first kept claim.
    pub fn first(&self) -> Option<Claim> {
        self.claims().first().copied()
    }

    /// The second kept claim.
    pub fn second(&self) -> Option<Claim> {
        self.claims().get(1).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::Least;

    #[test]
    fn keeps_the_least_in_order_and_counts_all() {
        let mut l = Least::<2>::new();
        for c in [(5, 0), (1, 1), (3, 0), (1, 0)] {
            l.offer(c);
        }
        assert_eq!(l.claims(), &[(1, 0), (1, 1)]);
        assert_eq!(l.count, 4);
        let mut one = Least::<3>::new();
        one.offer((7, 2));
        assert_eq!(
            (one.claims(), one.first(), one.second()),
            (&[(7, 2)][..], Some((7, 2)), None)
        );
    }
}
