//! A warp simulator: 32 lanes, each a thread running the same per-lane code, meeting at every
//! shuffle the way `shfl.sync.idx` does: every lane offers a value and names a source lane, and
//! only when all 32 have offered does each one receive the value its source offered. Nothing
//! here knows about layouts or plans: it runs whatever per-lane code it is given.

use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// Lanes in a warp.
pub const LANES: usize = 32;

/// How long a lane waits for the others at a shuffle before the simulation fails: a tripwire
/// only, never a timing. Lanes that call the shuffle different numbers of times (a deadlock on
/// a GPU) fail at once, when a lane reaches a shuffle that a finished lane can no longer join;
/// correct code never comes near this, however busy the machine.
const STUCK: Duration = Duration::from_secs(120);

/// One collective shuffle after another, for 32 lanes.
struct Warp<T> {
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

/// Runs `lane_code(lane, shuffle)` for the 32 lanes of a warp in lockstep, and returns each
/// lane's result. `shuffle(value, src)` is collective: it returns the value lane `src % 32`
/// offered in the same shuffle. Panics (never hangs, never waits for it) when lanes disagree
/// on the number of shuffles, naming the lane and the shuffle.
pub fn run<T, R, F>(lane_code: F) -> (Vec<R>, u64)
where
    T: Copy + Send,
    R: Send,
    F: Fn(u32, &mut dyn FnMut(T, u32) -> T) -> R + Sync,
{
    let warp = Warp {
        state: Mutex::new(State {
            offered: [None; LANES],
            done: None,
            taken: 0,
            generation: 0,
            finished: None,
        }),
        turn: Condvar::new(),
    };
    let results: Vec<(R, u64)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..LANES as u32)
            .map(|lane| {
                let (warp, lane_code) = (&warp, &lane_code);
                s.spawn(move || {
                    let _finish = Finish { warp, lane };
                    let mut calls = 0u64;
                    let mut shuffle = |value: T, src: u32| {
                        calls += 1;
                        warp.shuffle(lane, value, src, calls)
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
    let calls = results[0].1;
    for (lane, (_, c)) in results.iter().enumerate() {
        assert_eq!(
            *c, calls,
            "lane {lane} called the shuffle {c} times and lane 0 {calls}: on a GPU this deadlocks"
        );
    }
    (results.into_iter().map(|(r, _)| r).collect(), calls)
}

/// Marks its lane finished when the lane's code returns or unwinds, and wakes the lanes waiting
/// at a shuffle, which that lane will never join.
struct Finish<'a, T> {
    warp: &'a Warp<T>,
    lane: u32,
}

impl<T> Drop for Finish<'_, T> {
    fn drop(&mut self) {
        let mut st = self.warp.state.lock().unwrap_or_else(|e| e.into_inner());
        st.finished.get_or_insert(self.lane);
        self.warp.turn.notify_all();
    }
}

impl<T: Copy> Warp<T> {
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
            let values = st.offered.map(|o| o.unwrap().0);
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
        let (_, src) = st.offered[lane as usize].take().unwrap();
        let got = st.done.as_ref().unwrap()[src as usize % LANES];
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
        st: std::sync::MutexGuard<'a, State<T>>,
        lane: u32,
        nth: u64,
    ) -> std::sync::MutexGuard<'a, State<T>> {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rotation_reads_the_next_lane() {
        let (out, calls) = run(|lane, shuffle| {
            let a = shuffle(lane * 10, lane + 1);
            let b = shuffle(a, lane + 31);
            (a, b)
        });
        assert_eq!(calls, 2);
        for (lane, &(a, b)) in out.iter().enumerate() {
            assert_eq!(a, ((lane as u32 + 1) % 32) * 10);
            assert_eq!(b, lane as u32 * 10); // rotated back
        }
    }

    #[test]
    #[should_panic(expected = "lane 3 is at shuffle 2, but lane ")]
    fn a_lane_that_shuffles_alone_fails_instead_of_hanging() {
        // Every lane shuffles once, lane 3 twice: on a GPU, a deadlock. It fails as soon as
        // another lane has finished, without waiting for anyone.
        let _ = run(|lane, shuffle: &mut dyn FnMut(u32, u32) -> u32| {
            let v = shuffle(lane, lane);
            if lane == 3 {
                return shuffle(v, lane);
            }
            v
        });
    }

    #[test]
    fn lanes_that_stop_early_fail_however_the_threads_interleave() {
        // Lanes 0-15 shuffle three times, the others twice: whichever lane gets where first,
        // the third shuffle fails, naming a lane of the first half.
        for _ in 0..20 {
            let e = std::panic::catch_unwind(|| {
                run(|lane, shuffle: &mut dyn FnMut(u32, u32) -> u32| {
                    let rounds = if lane < 16 { 3 } else { 2 };
                    (0..rounds).fold(lane, |v, _| shuffle(v, lane + 1))
                })
            })
            .expect_err("a deadlock on a GPU");
            let says = e.downcast_ref::<String>().expect("a formatted message");
            let lane: u32 = says
                .strip_prefix("lane ")
                .and_then(|r| r.split(' ').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{says}"));
            assert!(lane < 16 && says.contains("is at shuffle 3"), "{says}");
        }
    }
}
