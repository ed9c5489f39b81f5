//! A warp on the host, for tests (feature `std`): [`Warp::run`] runs the code of one lane for
//! the 32 lanes of a warp, each a thread, meeting at every shuffle the way `shfl.sync.idx`
//! does, so that a `#[convert_layout]` conversion (or any per-lane code that shuffles) can be
//! tested before it goes into a kernel.
//!
//! ```
//! use fraglayout::catalog::{SM80_16x8x16_F16_B_COL, SM80_16x8x16_F32_C};
//! use fraglayout::convert::Plan;
//! use fraglayout::testing::Warp;
//! use fraglayout::{convert_layout, Numeral};
//!
//! // The m16n8k16 accumulator as the B operand of the next mma.
//! #[convert_layout(SM80_16x8x16_F32_C => SM80_16x8x16_F16_B_COL)]
//! fn acc_to_b(lane: u32, from: &[u32; 4], shuffle: impl FnMut(u32, u32) -> u32) -> [u32; 4] {}
//!
//! // Each lane starts with the tile offsets of its elements, and must end with those of B.
//! let offsets = |n: &Numeral, lane: u32| -> [u32; 4] {
//!     core::array::from_fn(|e| n.offset(lane, e as u32).unwrap())
//! };
//! let warp = Warp::run(|lane, shuffle| acc_to_b(lane, &offsets(&SM80_16x8x16_F32_C, lane), shuffle));
//! for (lane, got) in (0..32).zip(&warp.lanes) {
//!     assert_eq!(*got, offsets(&SM80_16x8x16_F16_B_COL, lane));
//! }
//! let plan = Plan::new(&SM80_16x8x16_F32_C, &SM80_16x8x16_F16_B_COL).unwrap();
//! assert_eq!(warp.shuffles, u64::from(plan.rounds())); // one shuffle a round
//! ```

use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Duration;
use std::vec::Vec;

/// Lanes in a warp.
pub const LANES: usize = 32;

/// How long a lane waits for the others at a shuffle before the run fails: a tripwire only,
/// never a timing. Lanes that call the shuffle different numbers of times (a deadlock on a GPU)
/// fail at once, when a lane reaches a shuffle that a finished lane can no longer join; correct
/// code never comes near this, however busy the machine.
const STUCK: Duration = Duration::from_secs(120);

/// One run of a warp: each lane's result, and how many shuffles each lane made (the same for
/// every lane, or the run fails).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warp<R> {
    /// The result of lane `l` at index `l`: 32 of them.
    pub lanes: Vec<R>,
    /// The shuffles each lane made.
    pub shuffles: u64,
}

impl<R: Send> Warp<R> {
    /// Runs `lane_code(lane, shuffle)` for the 32 lanes of a warp in lock step, each on a
    /// thread of its own. `shuffle(value, src)` is collective, as `shfl.sync.idx.b32` with
    /// every lane taking part: it returns the value lane `src % 32` offered in the same shuffle.
    ///
    /// # Panics
    ///
    /// When a lane panics (with that lane's panic), and when lanes disagree on the number of
    /// shuffles (naming the lane and the shuffle; on a GPU, a deadlock): never hangs on that.
    pub fn run<T, F>(lane_code: F) -> Warp<R>
    where
        T: Copy + Send,
        F: Fn(u32, &mut dyn FnMut(T, u32) -> T) -> R + Sync,
    {
        let shared = Shared::new();
        let results: Vec<(R, u64)> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..LANES as u32)
                .map(|lane| {
                    let (shared, lane_code) = (&shared, &lane_code);
                    s.spawn(move || {
                        let _finish = Finish { shared, lane };
                        let mut calls = 0u64;
                        let mut shuffle = |value: T, src: u32| {
                            calls += 1;
                            shared.shuffle(lane, value, src, calls)
                        };
                        let r = lane_code(lane, &mut shuffle);
                        (r, calls)
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                .collect()
        });
        let shuffles = results[0].1;
        for (lane, (_, c)) in results.iter().enumerate() {
            assert_eq!(
                *c, shuffles,
                "lane {lane} called the shuffle {c} times and lane 0 {shuffles}: on a GPU this \
                 deadlocks"
            );
        }
        Warp {
            lanes: results.into_iter().map(|(r, _)| r).collect(),
            shuffles,
        }
    }
}

/// The lanes' meeting point: one collective shuffle after another.
struct Shared<T> {
    state: Mutex<State<T>>,
    turn: Condvar,
}

struct State<T> {
    /// What each lane offers in the current shuffle, and the source lane it reads.
    offered: [Option<(T, u32)>; LANES],
    /// The values of the last completed shuffle, as offered, and how many lanes have read them.
    done: Option<[T; LANES]>,
    taken: usize,
    /// Completed shuffles.
    generation: u64,
    /// The first lane whose code has returned (or panicked): no shuffle completes after that.
    finished: Option<u32>,
}

/// Marks its lane finished when the lane's code returns or unwinds, and wakes the lanes waiting
/// at a shuffle, which that lane will never join.
struct Finish<'a, T> {
    shared: &'a Shared<T>,
    lane: u32,
}

impl<T> Drop for Finish<'_, T> {
    fn drop(&mut self) {
        let mut st = self.shared.state.lock().unwrap_or_else(|e| e.into_inner());
        st.finished.get_or_insert(self.lane);
        self.shared.turn.notify_all();
    }
}

impl<T: Copy> Shared<T> {
    fn new() -> Self {
        Shared {
            state: Mutex::new(State {
                offered: [None; LANES],
                done: None,
                taken: 0,
                generation: 0,
                finished: None,
            }),
            turn: Condvar::new(),
        }
    }

    /// Lane `lane`'s part in shuffle number `nth`.
    fn shuffle(&self, lane: u32, value: T, src: u32, nth: u64) -> T {
        let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
        Self::joinable(&st, lane, nth);
        // Wait until the previous shuffle's values have been read by every lane.
        while st.done.is_some() {
            st = self.wait(st, lane, nth);
        }
        assert!(
            st.offered[lane as usize].is_none(),
            "lane {lane} offered twice"
        );
        st.offered[lane as usize] = Some((value, src));
        if st.offered.iter().all(Option::is_some) {
            let values = st.offered.map(|o| o.expect("every lane offered").0);
            st.done = Some(values);
            st.taken = 0;
            st.generation += 1;
            self.turn.notify_all();
        } else {
            let generation = st.generation;
            while st.generation == generation {
                st = self.wait(st, lane, nth);
            }
        }
        let (_, src) = st.offered[lane as usize].take().expect("this lane's offer");
        let got = st.done.as_ref().expect("a completed shuffle")[src as usize % LANES];
        st.taken += 1;
        if st.taken == LANES {
            st.done = None;
            self.turn.notify_all();
        }
        got
    }

    /// Panics when shuffle `nth`, which lane `lane` is in, can never complete: a lane has
    /// finished without joining it.
    fn joinable(st: &State<T>, lane: u32, nth: u64) {
        if let Some(done) = st.finished {
            panic!(
                "lane {lane} is at shuffle {nth}, but lane {done} has finished without it: \
                 on a GPU this deadlocks"
            );
        }
    }

    /// Waits for the next change of the warp's state; lane `lane` is in shuffle `nth`.
    fn wait<'a>(
        &self,
        st: MutexGuard<'a, State<T>>,
        lane: u32,
        nth: u64,
    ) -> MutexGuard<'a, State<T>> {
        Self::joinable(&st, lane, nth);
        let (st, timeout) = self
            .turn
            .wait_timeout(st, STUCK)
            .unwrap_or_else(|e| e.into_inner());
        assert!(
            !timeout.timed_out(),
            "lane {lane} waited {STUCK:?} at shuffle {nth}: some lane never reached it"
        );
        st
    }
}
