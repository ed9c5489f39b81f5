//! The host warp (`fraglayout::testing::Warp`): its shuffle is a collective that reads the
//! source lane's value of the same shuffle, and lanes that disagree on the number of shuffles
//! (a deadlock on a GPU) fail at once instead of hanging.

use fraglayout::testing::Warp;

#[test]
fn a_rotation_reads_the_next_lane() {
    let warp = Warp::run(|lane, shuffle| {
        let a = shuffle(lane * 10, lane + 1);
        let b = shuffle(a, lane + 31);
        (a, b)
    });
    assert_eq!(warp.shuffles, 2);
    assert_eq!(warp.lanes.len(), 32);
    for (lane, &(a, b)) in warp.lanes.iter().enumerate() {
        assert_eq!(a, ((lane as u32 + 1) % 32) * 10);
        assert_eq!(b, lane as u32 * 10); // rotated back
    }
}

#[test]
#[should_panic(expected = "lane 3 is at shuffle 2, but lane ")]
fn a_lane_that_shuffles_alone_fails_instead_of_hanging() {
    // Every lane shuffles once, lane 3 twice: on a GPU, a deadlock. It fails as soon as
    // another lane has finished, without waiting for anyone.
    let _ = Warp::run(|lane, shuffle: &mut dyn FnMut(u32, u32) -> u32| {
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
            Warp::run(|lane, shuffle: &mut dyn FnMut(u32, u32) -> u32| {
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
